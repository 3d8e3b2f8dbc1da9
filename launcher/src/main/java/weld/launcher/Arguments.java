package weld.launcher;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.proxy.ProxyArray;

/**
 * Turns program arguments into values for the guest call: JSON integers as {@code Long} or {@code BigInteger},
 * other numbers as {@code Double} (the strings "NaN", "Infinity" and "-Infinity" too), arrays as Java primitive
 * arrays where all their elements are integers or all are other numbers, else as polyglot arrays, and {@code .npy}
 * files as Java primitive arrays. The language converts each by its declared parameter type.
 */
final class Arguments {
    private Arguments() {
    }

    /** A JSON array of arguments (from {@code --args FILE} or a batch request). */
    static Object[] fromJsonArray(Object json, String what) throws BadInput {
        if (!(json instanceof List<?> l)) {
            throw new BadInput(what + ": expected a JSON array of arguments");
        }
        Object[] r = new Object[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = guest(l.get(i));
        }
        return r;
    }

    static Object[] fromArgsFile(Path file) throws BadInput {
        try {
            return fromJsonArray(Json.parse(Files.readString(file)), file.toString());
        } catch (IOException e) {
            throw new BadInput(file + ": cannot read the arguments: " + reason(e));
        } catch (Json.SyntaxError e) {
            throw new BadInput(file + ": " + e.getMessage());
        }
    }

    /** One {@code --arg X}: a {@code .npy} file, or a JSON literal. */
    static Object fromArg(String x) throws BadInput {
        if (x.endsWith(".npy")) {
            Path p = Path.of(x);
            if (!Files.exists(p)) {
                throw new BadInput(x + ": no such .npy file");
            }
            return NpyReader.read(p);
        }
        try {
            return guest(Json.parse(x));
        } catch (Json.SyntaxError e) {
            throw new BadInput("--arg " + x + ": not a .npy file or a JSON value (" + e.getMessage() + ")");
        }
    }

    /**
     * A JSON array's converted elements: all integers, none negative, as a {@code long[]} (a negative one in a Java
     * {@code long[]} would be read as a {@code u64} by its bits, not refused as out of range), all other numbers as a
     * {@code double[]}
     * (which the language reads in place or converts in one pass), arrays of such arrays as a Java array of them
     * (rows the language converts without an interop read per row), else a polyglot array of them.
     */
    private static Object array(List<Object> items) {
        int n = items.size();
        int naturals = 0;
        int doubles = 0;
        int rows = 0;
        for (Object o : items) {
            naturals += o instanceof Long l && l >= 0 ? 1 : 0;
            doubles += o instanceof Double ? 1 : 0;
            rows += o instanceof long[] || o instanceof double[] ? 1 : 0;
        }
        if (n > 0 && naturals == n) {
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = (Long) items.get(i);
            }
            return a;
        }
        if (n > 0 && doubles == n) {
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = (Double) items.get(i);
            }
            return a;
        }
        if (n > 0 && rows == n) {
            return items.toArray(); // rows of numbers, which the language converts without a read per row
        }
        return ProxyArray.fromList(items);
    }

    /** Why a file could not be read, in words (the JDK's message for a missing file is just its name). */
    static String reason(IOException e) {
        return switch (e) {
            case NoSuchFileException x -> "no such file";
            case AccessDeniedException x -> "permission denied";
            default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
    }

    static Object guest(Object json) {
        return switch (json) {
            case List<?> l -> {
                List<Object> items = new ArrayList<>(l.size());
                for (Object o : l) {
                    items.add(guest(o));
                }
                yield array(items);
            }
            case String s when s.equals("NaN") -> Double.NaN;
            case String s when s.equals("Infinity") -> Double.POSITIVE_INFINITY;
            case String s when s.equals("-Infinity") -> Double.NEGATIVE_INFINITY;
            case BigInteger b -> b;
            default -> json;
        };
    }
}
