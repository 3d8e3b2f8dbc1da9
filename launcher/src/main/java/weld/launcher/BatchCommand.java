package weld.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * {@code weld batch}: the line protocol of the conformance runner. Each input line is a JSON request
 * {@code {"id", "program", "args"}}; each answer one JSON line {@code {"id", "result"}} or
 * {@code {"id", "error": {"kind", "message"}}}. One context serves all requests; it is replaced if a request
 * leaves it unusable. Ends at the end of input.
 */
final class BatchCommand {
    private final PolyglotOptions options;
    private Context context;

    BatchCommand(PolyglotOptions options) {
        this.options = options;
    }

    int run(InputStream in, PrintStream out, PrintStream err) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        context = options.newContext(); // before the first request: a bad option is a usage error, not an answer
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                out.println(answer(line, err));
                out.flush();
            }
        } catch (IOException e) {
            err.println("weld batch: " + e.getMessage());
            return 1;
        } finally {
            if (context != null) {
                context.close(true);
            }
        }
        return 0;
    }

    private String answer(String line, PrintStream err) {
        Object id = null;
        try {
            Object req = Json.parse(line);
            if (!(req instanceof Map<?, ?> m)) {
                return error(null, "runtime", "a request must be a JSON object");
            }
            id = m.get("id");
            if (!(m.get("program") instanceof String program)) {
                return error(id, "runtime", "the request has no \"program\" string");
            }
            Object[] args = m.containsKey("args") ? Arguments.fromJsonArray(m.get("args"), "args") : new Object[0];
            if (context == null) {
                context = options.newContext();
            }
            // One source name for all requests: the engine then keeps one parsed function per program text, so the
            // calls of a program sent again and again add up to its compilation.
            Value fn = context.eval(Source.newBuilder("weld", program, "batch request").buildLiteral());
            Value result = fn.execute(args);
            StringBuilder sb = new StringBuilder("{\"id\": ");
            ResultEncoder.write(sb, id);
            sb.append(", \"result\": ").append(ResultEncoder.encode(result)).append('}');
            return sb.toString();
        } catch (PolyglotException e) {
            if (e.isInternalError()) {
                e.printStackTrace(err);
            }
            if (e.isCancelled() || e.isExit() || e.isInternalError()) {
                resetContext();
            }
            return error(id, ErrorReport.kind(e), ErrorReport.message(e));
        } catch (Json.SyntaxError | BadInput e) {
            return error(id, "runtime", e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException e) {
            resetContext();
            return error(id, "runtime", e.getMessage());
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            e.printStackTrace(err);
            resetContext();
            return error(id, "runtime", "internal error: " + e);
        }
    }

    private void resetContext() {
        if (context != null) {
            try {
                context.close(true);
            } catch (RuntimeException ignored) {
                // the context is being replaced anyway
            }
            context = null;
        }
    }

    private static String error(Object id, String kind, String message) {
        StringBuilder sb = new StringBuilder("{\"id\": ");
        ResultEncoder.write(sb, id);
        sb.append(", \"error\": {\"kind\": \"").append(kind).append("\", \"message\": ");
        ResultEncoder.write(sb, message);
        return sb.append("}}").toString();
    }
}
