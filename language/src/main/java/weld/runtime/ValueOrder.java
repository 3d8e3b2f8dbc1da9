package weld.runtime;

import java.util.Arrays;
import java.util.Comparator;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Equality, hashing and the default order of Weld values in their boxed carriers: numbers by value (unsigned types
 * unsigned), {@code false < true}, vectors lexicographically (a proper prefix first), structs field by field.
 */
public final class ValueOrder {
    private ValueOrder() {
    }

    @TruffleBoundary
    public static int compare(WeldType t, Object a, Object b) {
        t = t.resolve();
        if (t instanceof WeldType.Scalar s) {
            return switch (s.kind()) {
                case BOOL -> Boolean.compare((Boolean) a, (Boolean) b);
                case U32 -> Integer.compareUnsigned((Integer) a, (Integer) b);
                case U64 -> Long.compareUnsigned((Long) a, (Long) b);
                case I64 -> Long.compare((Long) a, (Long) b);
                case F32 -> cmp((Float) a, (Float) b);
                case F64 -> cmp((Double) a, (Double) b);
                default -> Integer.compare((Integer) a, (Integer) b);
            };
        }
        if (t instanceof WeldType.Vec) {
            return compareVectors((WeldVector) a, (WeldVector) b);
        }
        if (t instanceof WeldType.Struct st) {
            WeldStruct x = (WeldStruct) a;
            WeldStruct y = (WeldStruct) b;
            for (int i = 0; i < st.fields().size(); i++) {
                int c = compare(st.fields().get(i), x.fields[i], y.fields[i]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
        throw new IllegalArgumentException("no order on " + t);
    }

    /** The lexicographic order of two vectors of one element type (a proper prefix first). */
    @TruffleBoundary
    public static int compareVectors(WeldVector x, WeldVector y) {
        ScalarKind k = x.kind;
        if (k != null && y.kind == k && ScalarVectorOrder.typed(x) && ScalarVectorOrder.typed(y)) {
            return ScalarVectorOrder.compare(k, x, y);
        }
        int n = Math.min(x.length, y.length);
        for (int i = 0; i < n; i++) {
            int c = compare(x.elemType, x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static int cmp(double a, double b) {
        return a < b ? -1 : a > b ? 1 : 0;
    }

    /**
     * A sorted copy of {@code v}, a vector of vectors of scalars (text), in their order (a stable sort; equal
     * vectors are interchangeable).
     */
    @TruffleBoundary
    public static WeldVector sortedVectors(WeldVector v, boolean descending) {
        WeldType elem = v.elemType.resolve();
        Object[] r = (Object[]) Storage.newArray(null, v.length);
        System.arraycopy((Object[]) v.store, v.offset, r, 0, v.length);
        ScalarKind k = Storage.kindOf(((WeldType.Vec) elem).elem());
        WeldVector[] texts = TextSort.texts(r, -1);
        if (texts != null) {
            int[] p = TextSort.sorted(texts, descending);
            for (int i = 0; i < p.length; i++) {
                r[i] = texts[p[i]];
            }
            return new WeldVector(v.elemType, r, 0, v.length);
        }
        boolean typed = k != null;
        for (int i = 0; i < r.length && typed; i++) {
            typed = ScalarVectorOrder.typed((WeldVector) r[i]);
        }
        Comparator<Object> order = typed
                ? (a, b) -> ScalarVectorOrder.compare(k, (WeldVector) a, (WeldVector) b)
                : (a, b) -> compareVectors((WeldVector) a, (WeldVector) b);
        Arrays.sort(r, descending ? order.reversed() : order);
        return new WeldVector(v.elemType, r, 0, v.length);
    }

    @TruffleBoundary
    public static boolean equal(WeldVector a, WeldVector b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!a.get(i).equals(b.get(i))) {
                return false;
            }
        }
        return true;
    }

    @TruffleBoundary
    public static int hash(WeldVector v) {
        int h = 1;
        for (int i = 0; i < v.length; i++) {
            h = 31 * h + v.get(i).hashCode();
        }
        return h;
    }
}
