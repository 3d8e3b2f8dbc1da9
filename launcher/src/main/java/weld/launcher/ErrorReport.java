package weld.launcher;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/**
 * How a Weld error is reported: its kind ({@code parse}, {@code type} or {@code runtime}) and a one-line message
 * with position, followed by the source line and a caret where the location is known. Internal errors of the
 * implementation are the only ones that show a Java stack trace.
 */
final class ErrorReport {
    private ErrorReport() {
    }

    static String kind(PolyglotException e) {
        if (e.isSyntaxError()) {
            return "parse";
        }
        String m = String.valueOf(e.getMessage());
        return m.startsWith("type error") ? "type" : m.startsWith("parse error") ? "parse" : "runtime";
    }

    static String message(PolyglotException e) {
        if (e.isInternalError()) {
            return "internal error: " + e.getMessage();
        }
        if (e.isCancelled()) {
            return "cancelled";
        }
        return String.valueOf(e.getMessage());
    }

    /** The message, then the offending source line and a caret under the column, for a terminal. */
    static String forTerminal(String file, PolyglotException e) {
        StringBuilder sb = new StringBuilder(file).append(": ").append(message(e));
        SourceSection s = e.getSourceLocation();
        if (s != null && s.isAvailable() && s.hasLines()) {
            sb.append('\n').append(s.getSource().getCharacters(s.getStartLine()));
            sb.append('\n').append(" ".repeat(Math.max(0, s.getStartColumn() - 1))).append('^');
        }
        return sb.toString();
    }
}
