package weld.launcher;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.graalvm.polyglot.Value;

/**
 * Writes a Weld result as JSON in the encoding of the conformance protocol: integers exact (u64 included), floats
 * in their shortest round-trip form with {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"} for non-finite
 * values, vectors and structs as arrays, dictionaries as arrays of {@code [key, value]} pairs sorted by key.
 */
final class ResultEncoder {
    private static final int DRAIN_AT = 1 << 20;

    private ResultEncoder() {
    }

    static String encode(Value v) {
        StringBuilder sb = new StringBuilder();
        write(sb, toJava(v));
        return sb.toString();
    }

    /** The result as plain Java values: Boolean, Long, BigInteger, Float, Double, List (arrays and dict pairs). */
    static Object toJava(Value v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isNumber()) {
            // Weld hands out f32/f64 values as boxed Float/Double: only those are printed as floats (2.0 stays 2.0,
            // 0.1f prints as 0.1). Every other number is an integer, printed exactly (u64 above 2^63 as BigInteger).
            Object o = v.as(Object.class);
            if (o instanceof Float || o instanceof Double) {
                return o;
            }
            if (v.fitsInLong()) {
                return v.asLong();
            }
            if (v.fitsInBigInteger()) {
                return v.asBigInteger();
            }
            return v.asDouble();
        }
        if (v.hasHashEntries()) {
            List<Object> pairs = new ArrayList<>();
            Value it = v.getHashEntriesIterator();
            while (it.hasIteratorNextElement()) {
                Value e = it.getIteratorNextElement();
                pairs.add(List.of(nullable(toJava(e.getArrayElement(0))), nullable(toJava(e.getArrayElement(1)))));
            }
            pairs.sort((a, b) -> JsonOrder.compare(((List<?>) a).get(0), ((List<?>) b).get(0)));
            return pairs;
        }
        if (v.hasArrayElements()) {
            List<Object> packed = PackedElements.of(v);
            if (packed != null) {
                return packed;
            }
            long n = v.getArraySize();
            List<Object> l = new ArrayList<>((int) n);
            for (long i = 0; i < n; i++) {
                l.add(toJava(v.getArrayElement(i)));
            }
            return l;
        }
        return v.toString();
    }

    private static Object nullable(Object o) {
        return o == null ? "null" : o;
    }

    /**
     * Prints {@code v} as JSON and a line separator, a megabyte at a time: a large result is never held as one
     * string, nor converted to characters and back by {@code println} (6 million {@code f64}: 120 MB of JSON).
     */
    static void print(Value v, PrintStream out) {
        StringBuilder sb = new StringBuilder();
        Consumer<StringBuilder> drain = b -> {
            out.writeBytes(b.toString().getBytes(out.charset()));
            b.setLength(0);
        };
        write(sb, toJava(v), drain);
        drain.accept(sb.append(System.lineSeparator()));
    }

    static void write(StringBuilder sb, Object o) {
        write(sb, o, null);
    }

    /** Writes {@code o}; a non-null {@code drain} takes the text written so far whenever it passes a megabyte. */
    private static void write(StringBuilder sb, Object o, Consumer<StringBuilder> drain) {
        switch (o) {
            case null -> sb.append("null");
            case Boolean b -> sb.append(b);
            case Long l -> sb.append(l);
            case BigInteger b -> sb.append(b);
            case Float f -> {
                if (Float.isFinite(f)) {
                    sb.append((float) f); // the shortest round-trip form, as Float.toString, without a String
                } else {
                    writeNonFinite(sb, f);
                }
            }
            case Double d -> {
                if (Double.isFinite(d)) {
                    sb.append((double) d);
                } else {
                    writeNonFinite(sb, d);
                }
            }
            case List<?> l -> {
                sb.append('[');
                for (int i = 0; i < l.size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    write(sb, l.get(i), drain);
                    if (drain != null && sb.length() >= DRAIN_AT) {
                        drain.accept(sb);
                    }
                }
                sb.append(']');
            }
            default -> {
                sb.append('"');
                for (char c : o.toString().toCharArray()) {
                    if (c == '"' || c == '\\') {
                        sb.append('\\').append(c);
                    } else if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
                sb.append('"');
            }
        }
    }

    private static void writeNonFinite(StringBuilder sb, double d) {
        sb.append(Double.isNaN(d) ? "\"NaN\"" : d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    }
}
