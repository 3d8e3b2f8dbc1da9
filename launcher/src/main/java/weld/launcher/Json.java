package weld.launcher;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader: objects become {@code Map}, arrays {@code List}, integers {@code Long} (or
 * {@code BigInteger} when they do not fit), other numbers {@code Double}. Integers keep all their digits, so
 * {@code u64} values are never routed through a double. Errors carry the 1-based line and column.
 */
final class Json {
    /** Deeper nesting is rejected rather than risking a stack overflow. */
    static final int MAX_DEPTH = 10_000;
    private final String text;
    private int at;
    private int depth;

    /** Malformed JSON, with its position. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;

        SyntaxError(String message) {
            super(message);
        }
    }

    private Json(String text) {
        this.text = text;
    }

    static Object parse(String text) throws SyntaxError {
        Json j = new Json(text);
        j.space();
        Object v = j.value();
        j.space();
        if (j.at < text.length()) {
            throw j.error("unexpected text after the JSON value");
        }
        return v;
    }

    private SyntaxError error(String message) {
        int line = 1;
        int col = 1;
        for (int i = 0; i < Math.min(at, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return new SyntaxError("invalid JSON at " + line + ":" + col + ": " + message);
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private Object value() throws SyntaxError {
        if (at >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(at);
        if ((c == '{' || c == '[') && ++depth > MAX_DEPTH) {
            throw error("nested more than " + MAX_DEPTH + " levels deep");
        }
        switch (c) {
            case '{' -> {
                Object o = object();
                depth--;
                return o;
            }
            case '[' -> {
                Object a = array();
                depth--;
                return a;
            }
            case '"' -> {
                return string();
            }
            default -> {
            }
        }
        if (c == '-' || c >= '0' && c <= '9') {
            return number();
        }
        if (text.startsWith("true", at)) {
            at += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("false", at)) {
            at += 5;
            return Boolean.FALSE;
        }
        if (text.startsWith("null", at)) {
            at += 4;
            return null;
        }
        throw error("unexpected character '" + c + "'");
    }

    private Map<String, Object> object() throws SyntaxError {
        Map<String, Object> m = new LinkedHashMap<>();
        at++;
        space();
        if (peek() == '}') {
            at++;
            return m;
        }
        while (true) {
            space();
            if (peek() != '"') {
                throw error("expected a member name");
            }
            String k = string();
            space();
            expect(':');
            space();
            m.put(k, value());
            space();
            if (peek() == ',') {
                at++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array() throws SyntaxError {
        List<Object> l = new ArrayList<>();
        at++;
        space();
        if (peek() == ']') {
            at++;
            return l;
        }
        while (true) {
            space();
            l.add(value());
            space();
            if (peek() == ',') {
                at++;
                continue;
            }
            expect(']');
            return l;
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private void expect(char c) throws SyntaxError {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private String string() throws SyntaxError {
        StringBuilder sb = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = peek();
            at++;
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    String hex = text.substring(at, Math.min(at + 4, text.length()));
                    if (!hex.matches("[0-9a-fA-F]{4}")) {
                        throw error("bad \\u escape");
                    }
                    sb.append((char) Integer.parseInt(hex, 16));
                    at += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object number() throws SyntaxError {
        int start = at;
        boolean negative = peek() == '-';
        if (negative) {
            at++;
        }
        long magnitude = 0;
        int digits = 0;
        for (char d = peek(); d >= '0' && d <= '9'; d = peek()) {
            magnitude = magnitude * 10 + (d - '0');
            digits++;
            at++;
        }
        char next = peek();
        if (digits > 0 && digits <= 18 && next != '.' && next != 'e' && next != 'E' && !Character.isDigit(next)) {
            // At most 18 digits fit a long exactly: no BigInteger for the common integer.
            return negative ? -magnitude : magnitude;
        }
        while (Character.isDigit(peek())) {
            at++;
        }
        boolean integral = true;
        if (peek() == '.') {
            integral = false;
            at++;
            while (Character.isDigit(peek())) {
                at++;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            at++;
            if (peek() == '+' || peek() == '-') {
                at++;
            }
            while (Character.isDigit(peek())) {
                at++;
            }
        }
        String s = text.substring(start, at);
        try {
            if (integral) {
                BigInteger b = new BigInteger(s);
                return b.bitLength() < 64 ? (Object) b.longValue() : b;
            }
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw error("bad number '" + s + "'");
        }
    }
}
