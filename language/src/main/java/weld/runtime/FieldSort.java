package weld.runtime;

import java.util.Arrays;
import java.util.Comparator;

import weld.syntax.ScalarKind;

/**
 * Sorted copies of vectors of structs, ordered by one scalar field with Weld's {@code <} and {@code >} on it
 * (unsigned integers compared unsigned, floats with IEEE comparisons, so NaN is neither smaller nor larger).
 */
public final class FieldSort {
    private FieldSort() {
    }

    /**
     * The elements of {@code v} (structs) sorted by field {@code field} of kind {@code kind}; throws
     * {@link IllegalArgumentException} where the order is inconsistent (NaN), as {@link Arrays#sort} does.
     */
    public static WeldVector sorted(WeldVector v, int field, ScalarKind kind, boolean descending) {
        Object[] elems = (Object[]) Storage.newArray(null, v.length);
        System.arraycopy(v.store, v.offset, elems, 0, v.length);
        Comparator<Object> byField = comparator(kind);
        Comparator<Object> order = (a, b) -> byField.compare(((WeldStruct) a).fields[field],
                ((WeldStruct) b).fields[field]);
        Arrays.sort(elems, descending ? order.reversed() : order);
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
