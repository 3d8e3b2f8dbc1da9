package weld.runtime;

import java.util.Arrays;
import java.util.Comparator;

import weld.syntax.ScalarKind;

/**
 * Sorted copies of vectors of structs, ordered by scalar (or text) fields in turn with Weld's {@code <} and
 * {@code >} on them (unsigned integers compared unsigned, floats with IEEE comparisons, so NaN is neither smaller nor larger). Structs
 * in columns ({@link StructColumns}) are sorted as a permutation ordered on the key columns, then gathered; others as
 * objects with a chain of Java comparators, after an order by a first key of text where there is one
 * ({@link TextSort}).
 */
public final class FieldSort {
    private FieldSort() {
    }

    /**
     * The elements of {@code v} (structs) sorted by field {@code fields[0]} of kind {@code kinds[0]} (a vector of
     * them where {@code vectors[0]}, compared lexicographically), elements equal there by {@code fields[1]}, and so
     * on, each descending where {@code descending} says so; throws
     * {@link IllegalArgumentException} where a float key holds NaN, which no order ranks (the comparator then sorts).
     */
    public static WeldVector sorted(WeldVector v, int[] fields, ScalarKind[] kinds, boolean[] vectors,
                                    boolean[] descending) {
        if (v.store instanceof StructColumns c) {
            return sortedColumns(v, c, fields, kinds, descending);
        }
        Object[] elems = (Object[]) Storage.newArray(null, v.length);
        System.arraycopy(v.store, v.offset, elems, 0, v.length);
        WeldVector[] texts = vectors[0] ? TextSort.texts(elems, fields[0]) : null;
        if (texts != null) {
            byText(elems, texts, descending[0]);
        }
        Comparator<Object> order = null;
        for (int k = texts == null ? 0 : 1; k < fields.length; k++) {
            int field = fields[k];
            if (kinds[k] == ScalarKind.F64 || kinds[k] == ScalarKind.F32) {
                for (Object e : elems) {
                    if (Double.isNaN(((Number) ((WeldStruct) e).fields[field]).doubleValue())) {
                        throw new IllegalArgumentException("NaN");
                    }
                }
            }
            Comparator<Object> byValue = vectors[k]
                    ? (a, b) -> ValueOrder.compareVectors((WeldVector) a, (WeldVector) b) : comparator(kinds[k]);
            Comparator<Object> byField = (a, b) -> byValue.compare(((WeldStruct) a).fields[field],
                    ((WeldStruct) b).fields[field]);
            byField = descending[k] ? byField.reversed() : byField;
            order = order == null ? byField : order.thenComparing(byField);
        }
        if (texts == null) {
            Arrays.sort(elems, order);
        } else if (order != null) {
            // Runs of equal text, in the order of their first rows, each sorted by the other keys.
            for (int i = 0, j; i < elems.length; i = j) {
                WeldVector t = (WeldVector) ((WeldStruct) elems[i]).fields[fields[0]];
                j = i + 1;
                while (j < elems.length && ScalarVectorOrder.compare(t.kind, t,
                        (WeldVector) ((WeldStruct) elems[j]).fields[fields[0]]) == 0) {
                    j++;
                }
                Arrays.sort(elems, i, j, order);
            }
        }
        return new WeldVector(v.elemType, elems, 0, elems.length);
    }

    /** Puts {@code elems} in the order of their text {@code texts} ({@link TextSort}), stably. */
    private static void byText(Object[] elems, WeldVector[] texts, boolean descending) {
        int[] p = TextSort.sorted(texts, descending);
        Object[] from = elems.clone();
        for (int i = 0; i < p.length; i++) {
            elems[i] = from[p[i]];
        }
    }

    /** {@link #sorted} of a vector stored in columns: a permutation sorted by the key columns, then gathered. */
    private static WeldVector sortedColumns(WeldVector v, StructColumns c, int[] fields, ScalarKind[] kinds,
                                            boolean[] descending) {
        int offset = v.offset;
        IndexSort.Order order = null;
        for (int k = fields.length - 1; k >= 0; k--) {
            IndexSort.Order byField = columnOrder(kinds[k], c.column(c.layout.columnOf(fields[k])), offset, v.length);
            IndexSort.Order key = descending[k] ? (a, b) -> byField.compare(b, a) : byField;
            IndexSort.Order rest = order;
            order = rest == null ? key : (a, b) -> {
                int r = key.compare(a, b);
                return r != 0 ? r : rest.compare(a, b);
            };
        }
        int[] p = IndexSort.sorted(v.length, order);
        return new WeldVector(v.elemType, Storage.gather(null, c, offset, p), 0, v.length);
    }

    /**
     * The order of elements {@code offset + a} and {@code offset + b} of a column by its values; throws
     * {@link IllegalArgumentException} where a float column holds NaN in {@code [offset, offset + n)}.
     */
    private static IndexSort.Order columnOrder(ScalarKind kind, Object column, int offset, int n) {
        return switch (kind) {
            case F64 -> {
                double[] x = (double[]) column;
                for (int i = offset; i < offset + n; i++) {
                    if (Double.isNaN(x[i])) {
                        throw new IllegalArgumentException("NaN");
                    }
                }
                yield (a, b) -> Double.compare(x[offset + a] + 0.0, x[offset + b] + 0.0);
            }
            case F32 -> {
                float[] x = (float[]) column;
                for (int i = offset; i < offset + n; i++) {
                    if (Float.isNaN(x[i])) {
                        throw new IllegalArgumentException("NaN");
                    }
                }
                yield (a, b) -> Float.compare(x[offset + a] + 0.0f, x[offset + b] + 0.0f);
            }
            case I64 -> {
                long[] x = (long[]) column;
                yield (a, b) -> Long.compare(x[offset + a], x[offset + b]);
            }
            case U64 -> {
                long[] x = (long[]) column;
                yield (a, b) -> Long.compareUnsigned(x[offset + a], x[offset + b]);
            }
            case I32 -> {
                int[] x = (int[]) column;
                yield (a, b) -> Integer.compare(x[offset + a], x[offset + b]);
            }
            case U32 -> {
                int[] x = (int[]) column;
                yield (a, b) -> Integer.compareUnsigned(x[offset + a], x[offset + b]);
            }
            case I16, U16, I8, U8, BOOL -> (a, b) -> Long.compare(read(kind, column, offset + a),
                    read(kind, column, offset + b));
        };
    }

    private static long read(ScalarKind kind, Object column, int i) {
        return switch (kind) {
            case BOOL -> ((boolean[]) column)[i] ? 1 : 0;
            case I8 -> ((byte[]) column)[i];
            case U8 -> ((byte[]) column)[i] & 0xFF;
            case I16 -> ((short[]) column)[i];
            default -> ((short[]) column)[i] & 0xFFFF;
        };
    }

    private static Comparator<Object> comparator(ScalarKind kind) {
        return switch (kind) {
            case F32, F64 -> (a, b) -> {
                double x = ((Number) a).doubleValue();
                double y = ((Number) b).doubleValue();
                return x < y ? -1 : x > y ? 1 : 0;
            };
            case U32 -> (a, b) -> Integer.compareUnsigned((Integer) a, (Integer) b);
            case U64 -> (a, b) -> Long.compareUnsigned((Long) a, (Long) b);
            default -> (a, b) -> Long.compare(((Number) a).longValue(), ((Number) b).longValue());
        };
    }
}
