package weld.tck.lazy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/** The scripts of the lazy API tests and benchmark: resources under {@code lazy/}. */
final class Scripts {
    private Scripts() {
    }

    static String text(String name) {
        try (InputStream in = Scripts.class.getResourceAsStream("/lazy/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource lazy/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Source source(String language, String name) {
        return Source.newBuilder(language, text(name), name).buildLiteral();
    }

    /** Makes {@code text} importable in the Python of {@code context} as the module {@code name}. */
    static void definePythonModule(Context context, String name, String text) {
        Value define = context.eval("python", """
                def define(name, text):
                    import sys, types
                    module = types.ModuleType(name)
                    exec(compile(text, name + ".py", "exec"), module.__dict__)
                    sys.modules[name] = module
                define""");
        define.execute(name, text);
    }
}
