package weld.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;

/**
 * The {@code weld} command. Launcher options may come before or after the subcommand:
 * <pre>
 * weld [options] run FILE [--args ARGS.json | --arg X ...] [--repeat N] [--stats]
 * weld [options] batch          one JSON request per line on stdin, one JSON response per line on stdout
 * weld [options] [repl]         read-eval-print loop
 * weld --version | --help
 * options: --threads N, --grain N, --udf-lib PATH, and polyglot options --engine.Name=value, --weld.Name=value
 * </pre>
 */
public final class WeldMain {
    static final String USAGE = """
            usage: weld [options] run FILE [--args ARGS.json | --arg X ...] [--repeat N] [--stats]
                   weld [options] batch
                   weld [options] [repl]
                   weld --version | --help
            options:
              --threads N        worker threads for parallel loops
              --grain N          minimum iterations per parallel task
              --udf-lib PATH     a shared library whose C functions cudf[...] may call (repeatable)
              --engine.Name=V, --weld.Name=V   polyglot engine and language options
            run:
              --args FILE        a JSON array with one element per program parameter
              --arg X            one parameter: a 1-D NumPy .npy file, or a JSON literal (repeatable)
              --repeat N         run the program N times on the same inputs
              --stats            print {"compile_ms": ..., "runs_ms": [...]} on stderr
            """;

    private WeldMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Usage errors: exit status 2. */
    static final class UsageError extends Exception {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }

    static int run(String[] argv, PrintStream out, PrintStream err) {
        Map<String, String> options = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        List<String> udfLibs = new ArrayList<>();
        String command = null;
        try {
            for (int i = 0; i < argv.length; i++) {
                String a = argv[i];
                switch (a) {
                    case "--version" -> {
                        out.println(version());
                        return 0;
                    }
                    case "--help", "-h" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    case "--threads" -> options.put("weld.Threads", value(argv, ++i, a));
                    case "--grain" -> options.put("weld.Grain", value(argv, ++i, a));
                    case "--udf-lib" -> udfLibs.add(value(argv, ++i, a));
                    default -> {
                        if (a.startsWith("--") && a.contains("=") && a.substring(2, a.indexOf('=')).contains(".")) {
                            options.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
                        } else if (command == null && !a.startsWith("-")) {
                            command = a;
                        } else {
                            rest.add(a);
                            if (a.equals("--args") || a.equals("--arg") || a.equals("--repeat")) {
                                rest.add(value(argv, ++i, a));
                            }
                        }
                    }
                }
            }
            if (!udfLibs.isEmpty()) {
                options.put("weld.UdfLibraries", String.join(java.io.File.pathSeparator, udfLibs));
            }
            if (command == null) {
                command = "repl";
            }
            return switch (command) {
                case "run" -> new RunCommand(rest, out, err).run(options);
                case "batch" -> {
                    if (!rest.isEmpty()) {
                        throw new UsageError("batch takes no arguments: " + rest);
                    }
                    yield new BatchCommand(options).run(System.in, out, err);
                }
                case "repl" -> new Repl(options).run(System.in, out, err);
                default -> throw new UsageError("unknown command '" + command + "'");
            };
        } catch (UsageError e) {
            err.println("weld: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
    }

    private static String value(String[] argv, int i, String option) throws UsageError {
        if (i >= argv.length) {
            throw new UsageError(option + " needs a value");
        }
        return argv[i];
    }

    static String version() {
        try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            return "Weld " + engine.getLanguages().get("weld").getVersion() + " (Truffle runtime: "
                    + engine.getImplementationName() + ", Java " + System.getProperty("java.version") + ")";
        }
    }

    private static Engine engine;

    /**
     * A context for Weld programs. All contexts of the process share one engine (and so its compiled code), which
     * takes the {@code engine.*} options of the first call; the other options go to the context. Language options
     * the language does not declare yet (for example {@code weld.Threads} before parallel execution exists) are
     * accepted and ignored, so scripts can pass them already.
     */
    static synchronized Context newContext(Map<String, String> options) {
        Map<String, String> contextOptions = new LinkedHashMap<>();
        Engine.Builder eb = Engine.newBuilder().allowExperimentalOptions(true);
        for (Map.Entry<String, String> o : options.entrySet()) {
            if (o.getKey().startsWith("engine.") || o.getKey().startsWith("compiler.")) {
                eb.option(o.getKey(), o.getValue());
            } else {
                contextOptions.put(o.getKey(), o.getValue());
            }
        }
        if (engine == null) {
            engine = eb.build();
        }
        var declared = engine.getLanguages().get("weld").getOptions();
        Context.Builder b = Context.newBuilder("weld").engine(engine).allowHostAccess(HostAccess.ALL)
                .allowCreateThread(true).allowExperimentalOptions(true).allowNativeAccess(true);
        for (Map.Entry<String, String> o : contextOptions.entrySet()) {
            if (!o.getKey().startsWith("weld.") || declared.get(o.getKey()) != null) {
                b.option(o.getKey(), o.getValue());
            }
        }
        return b.build();
    }
}
