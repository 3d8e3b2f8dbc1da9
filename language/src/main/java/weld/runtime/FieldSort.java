package weld.runtime;

import java.util.Arrays;
import java.util.Comparator;

import weld.syntax.ScalarKind;

/**
 * Sorted copies of vectors of structs, ordered by scalar fields in turn with Weld's {@code <} and {@code >} on them
 * (unsigned integers compared unsigned, floats with IEEE comparisons, so NaN is neither smaller nor larger).
 */
public final class FieldSort {
    private FieldSort() {
    }

    /**
     * The elements of {@code v} (structs) sorted by field {@code fields[0]} of kind {@code kinds[0]}, elements equal
     * there by {@code fields[1]}, and so on, each descending where {@code descending} says so; throws
     * {@link IllegalArgumentException} where the order is inconsistent (NaN), as {@link Arrays#sort} does.
     */
    public static WeldVector sorted(WeldVector v, int[] fields, ScalarKind[] kinds, boolean[] descending) {
        Object[] elems = (Object[]) Storage.newArray(null, v.length);
        System.arraycopy(v.store, v.offset, elems, 0, v.length);
        Comparator<Object> order = null;
        for (int k = 0; k < fields.length; k++) {
            int field = fields[k];
            Comparator<Object> byValue = comparator(kinds[k]);
            Comparator<Object> byField = (a, b) -> byValue.compare(((WeldStruct) a).fields[field],
                    ((WeldStruct) b).fields[field]);
            byField = descending[k] ? byField.reversed() : byField;
            order = order == null ? byField : order.thenComparing(byField);
        }
        Arrays.sort(elems, order);
        return new WeldVector(v.elemType, elems, 0, elems.length);
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
