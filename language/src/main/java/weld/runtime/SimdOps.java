package weld.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * {@code simd[S]} values and their lane-wise operations. A SIMD value is a primitive array of the scalar's width
 * (as in {@link Storage}) holding {@link #lanes} lanes: 256 bits' worth, the AVX2 width of the machines we target
 * (4 lanes of f64/i64/u64, 8 of f32/i32/u32, 16 of i16/u16, 32 of i8/u8). A {@code simd[bool]}, the result of a
 * comparison, has the lane count of its operands.
 */
public final class SimdOps {
    private SimdOps() {
    }

    /** The number of lanes of a {@code simd[k]} value. */
    public static int lanes(ScalarKind k) {
        return k == ScalarKind.BOOL ? 32 : 256 / k.bits;
    }

    public static int length(Object simd) {
        return java.lang.reflect.Array.getLength(simd);
    }

    /** A {@code simd[k]} value with {@code value} (boxed in its carrier) in every lane. */
    @TruffleBoundary
    public static Object broadcast(ScalarKind k, Object value) {
        int n = lanes(k);
        Object r = Storage.newArray(k, n);
        switch (r) {
            case double[] a -> Arrays.fill(a, (Double) value);
            case long[] a -> Arrays.fill(a, (Long) value);
            case float[] a -> Arrays.fill(a, (Float) value);
            case int[] a -> Arrays.fill(a, (Integer) value);
            case short[] a -> Arrays.fill(a, (short) (int) (Integer) value);
            case byte[] a -> Arrays.fill(a, (byte) (int) (Integer) value);
            case boolean[] a -> Arrays.fill(a, (Boolean) value);
            default -> throw new IllegalArgumentException("not a SIMD kind: " + k);
        }
        return r;
    }

    /** Lanes {@code [from, from + n)} of a backing array, as a new SIMD value (copied out of line). */
    @TruffleBoundary
    public static Object load(Object store, int from, int n) {
        return Storage.copyOfRange(store, from, from + n);
    }

    /** A lane-wise arithmetic, bitwise or comparison operator; comparisons give a {@code simd[bool]}. */
    @TruffleBoundary
    public static Object binary(ScalarKind k, BinOp op, Object a, Object b) {
        int n = length(a);
        if (a instanceof double[] x && b instanceof double[] y) {
            return doubles(op, x, y, n);
        }
        if (a instanceof long[] x && b instanceof long[] y) {
            return longs(k, op, x, y, n);
        }
        ScalarKind rk = op.isComparison() ? ScalarKind.BOOL : k;
        Object r = Storage.newArray(rk, n);
        for (int i = 0; i < n; i++) {
            Object x = Storage.readBoxed(k, a, i);
            Object y = Storage.readBoxed(k, b, i);
            Storage.writeBoxed(rk, r, i, ScalarOps.apply(k, op, x, y));
        }
        return r;
    }

    /** {@link #binary} on {@code f64} lanes, without boxing. */
    private static Object doubles(BinOp op, double[] x, double[] y, int n) {
        if (op.isComparison()) {
            boolean[] r = (boolean[]) Storage.newArray(ScalarKind.BOOL, n);
            for (int i = 0; i < n; i++) {
                r[i] = ScalarOps.compareDouble(op, x[i], y[i]);
            }
            return r;
        }
        double[] r = (double[]) Storage.newArray(ScalarKind.F64, n);
        for (int i = 0; i < n; i++) {
            r[i] = ScalarOps.applyDouble(op, x[i], y[i]);
        }
        return r;
    }

    /** {@link #binary} on {@code i64} or {@code u64} lanes, without boxing. */
    private static Object longs(ScalarKind k, BinOp op, long[] x, long[] y, int n) {
        if (op.isComparison()) {
            boolean u = k == ScalarKind.U64;
            boolean[] r = (boolean[]) Storage.newArray(ScalarKind.BOOL, n);
            for (int i = 0; i < n; i++) {
                r[i] = ScalarOps.holds(op, u ? Long.compareUnsigned(x[i], y[i]) : Long.compare(x[i], y[i]));
            }
            return r;
        }
        long[] r = (long[]) Storage.newArray(k, n);
        for (int i = 0; i < n; i++) {
            r[i] = ScalarOps.applyLong(k, op, x[i], y[i]);
        }
        return r;
    }

    /** Lane {@code i} of {@code a} where lane {@code i} of {@code cond} is true, else of {@code b}. */
    @TruffleBoundary
    public static Object select(Object cond, Object a, Object b) {
        boolean[] c = (boolean[]) cond;
        int n = length(a);
        Object r = Storage.copyOf(b, n);
        for (int i = 0; i < n; i++) {
            if (c[i]) {
                System.arraycopy(a, i, r, i, 1);
            }
        }
        return r;
    }

    /** Folds the lanes of {@code simd} into {@code acc} with a merge operator. */
    @TruffleBoundary
    public static Object reduce(ScalarKind k, BinOp op, Object acc, Object simd) {
        if (simd instanceof double[] x && acc instanceof Double d) {
            double r = d;
            for (double v : x) {
                r = ScalarOps.applyDouble(op, r, v);
            }
            return r;
        }
        if (simd instanceof long[] x && acc instanceof Long l) {
            long r = l;
            for (long v : x) {
                r = ScalarOps.applyLong(k, op, r, v);
            }
            return r;
        }
        Object r = acc;
        for (int i = 0; i < length(simd); i++) {
            r = ScalarOps.apply(k, op, r, Storage.readBoxed(k, simd, i));
        }
        return r;
    }

    @TruffleBoundary
    public static Object map(ScalarKind k, java.util.function.UnaryOperator<Object> f, Object a) {
        int n = length(a);
        Object r = Storage.newArray(k, n);
        for (int i = 0; i < n; i++) {
            Storage.writeBoxed(k, r, i, f.apply(Storage.readBoxed(k, a, i)));
        }
        return r;
    }
}
