package weld.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * {@code weld repl}: reads a program (one line, or several ended by an empty line when a line ends with an
 * unfinished {@code ;} or {@code (}), evaluates it and prints a zero-parameter program's result as JSON.
 */
final class Repl {
    private final PolyglotOptions options;

    Repl(PolyglotOptions options) {
        this.options = options;
    }

    int run(InputStream in, PrintStream out, PrintStream err) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try (Context context = options.newContext()) {
            out.println(WeldMain.version() + " — enter a program, e.g. || 1 + 2 (Ctrl-D to quit)");
            StringBuilder program = new StringBuilder();
            while (true) {
                out.print(program.isEmpty() ? "weld> " : "  ... ");
                out.flush();
                String line = reader.readLine();
                if (line == null) {
                    return 0;
                }
                program.append(line).append('\n');
                String t = line.strip();
                boolean unfinished = t.endsWith(";") || t.endsWith("(") || t.endsWith(",") || t.endsWith("=");
                if (unfinished && !t.isEmpty() || program.toString().isBlank()) {
                    continue;
                }
                try {
                    Value fn = context.eval("weld", program.toString());
                    out.println(fn.canExecute() && fn.toString().startsWith("weld function ||")
                            ? ResultEncoder.encode(fn.execute()) : fn.toString());
                } catch (PolyglotException e) {
                    err.println(ErrorReport.forTerminal("<repl>", e));
                }
                program.setLength(0);
            }
        } catch (IOException e) {
            err.println("weld: " + e.getMessage());
            return 1;
        }
    }
}
