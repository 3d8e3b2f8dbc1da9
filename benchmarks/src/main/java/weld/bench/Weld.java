package weld.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/** Opens Weld contexts for the benchmarks and refuses to run on the fallback (interpreter-only) Truffle runtime. */
public final class Weld {
    /** The name the optimizing Truffle runtime reports; the fallback reports "Interpreted". */
    static final String OPTIMIZING = "GraalVM CE";

    private Weld() {
    }

    /** A context with {@code weld.Threads} set (0: all processors) plus {@code options}. */
    public static Context context(int threads, Map<String, String> options) {
        Context ctx = Context.newBuilder("weld").allowAllAccess(true)
                .option("weld.Threads", Integer.toString(threads)).options(options).build();
        String runtime = ctx.getEngine().getImplementationName();
        if (!OPTIMIZING.equals(runtime)) {
            ctx.close();
            throw new IllegalStateException("Truffle runtime is '" + runtime + "', not the optimizing '" + OPTIMIZING
                    + "': run with the JVMCI flags of bench/run-all.sh");
        }
        return ctx;
    }

    /** The source of a program under the programs directory ({@code -Dweld.bench.programs}, default benchmarks/programs). */
    public static String source(String file) {
        try {
            return Files.readString(Path.of(System.getProperty("weld.bench.programs", "benchmarks/programs"), file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
