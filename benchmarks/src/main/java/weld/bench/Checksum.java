package weld.bench;

import org.graalvm.polyglot.Value;

/**
 * One number summarizing a result, computed the same way for Weld, Java and C results: a number is itself, a
 * vector or struct is sum((i + 1) * checksum(element i)), a dictionary is sum((key + 1) * value).
 */
public final class Checksum {
    private Checksum() {
    }

    public static double of(Object r) {
        return switch (r) {
            case Value v -> ofValue(v);
            case Number n -> n.doubleValue();
            case double[] a -> {
                double s = 0;
                for (int i = 0; i < a.length; i++) {
                    s += (i + 1) * a[i];
                }
                yield s;
            }
            case long[] a -> {
                double s = 0;
                for (int i = 0; i < a.length; i++) {
                    s += (i + 1) * (double) a[i];
                }
                yield s;
            }
            case Object[] a -> {
                double s = 0;
                for (int i = 0; i < a.length; i++) {
                    s += (i + 1) * of(a[i]);
                }
                yield s;
            }
            case IntDoubleTable t -> t.checksum();
            default -> throw new IllegalArgumentException(r.getClass().getName());
        };
    }

    private static double ofValue(Value v) {
        if (v.isNumber()) {
            return v.asDouble();
        }
        double s = 0;
        if (v.hasHashEntries()) {
            for (Value it = v.getHashEntriesIterator(); it.hasIteratorNextElement();) {
                Value e = it.getIteratorNextElement();
                s += (e.getArrayElement(0).asDouble() + 1) * e.getArrayElement(1).asDouble();
            }
            return s;
        }
        for (long i = 0; i < v.getArraySize(); i++) {
            s += (i + 1) * ofValue(v.getArrayElement(i));
        }
        return s;
    }

    /** Whether two checksums agree to a relative 1e-6 (summation order differs between implementations). */
    public static boolean close(double a, double b) {
        return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }
}
