package weld.builders;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * Atomic element updates of a vecmerger shared by the tasks of a parallel loop, one method per element carrier, with
 * the value unboxed: {@code +} on integers is one atomic add, every other operator (and {@code +} on floating point)
 * a compare-and-set loop on the element (compared bit for bit, so a NaN element cannot loop forever).
 */
public final class AtomicMerges {
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

    private AtomicMerges() {
    }

    /** Combines {@code v} into {@code a[i]} (an {@code i32} or {@code u32} element). */
    @TruffleBoundary(allowInlining = true)
    public static void mergeInt(ScalarKind kind, BinOp op, int[] a, int i, int v) {
        if (op == BinOp.ADD) {
            INTS.getAndAdd(a, i, v);
            return;
        }
        int old;
        do {
            old = (int) INTS.getVolatile(a, i);
        } while (!INTS.compareAndSet(a, i, old, ScalarOps.combineInt(kind, op, old, v)));
    }

    /** Combines {@code v} into {@code a[i]} (an {@code i64} or {@code u64} element). */
    @TruffleBoundary(allowInlining = true)
    public static void mergeLong(ScalarKind kind, BinOp op, long[] a, int i, long v) {
        if (op == BinOp.ADD) {
            LONGS.getAndAdd(a, i, v);
            return;
        }
        long old;
        do {
            old = (long) LONGS.getVolatile(a, i);
        } while (!LONGS.compareAndSet(a, i, old, ScalarOps.combineLong(kind, op, old, v)));
    }

    /** Combines {@code v} into {@code a[i]} (an {@code f32} element). */
    @TruffleBoundary(allowInlining = true)
    public static void mergeFloat(BinOp op, float[] a, int i, float v) {
        float old;
        do {
            old = (float) FLOATS.getVolatile(a, i);
        } while (!FLOATS.compareAndSet(a, i, old, (float) ScalarOps.combineDouble(op, old, v)));
    }

    /** Combines {@code v} into {@code a[i]} (an {@code f64} element). */
    @TruffleBoundary(allowInlining = true)
    public static void mergeDouble(BinOp op, double[] a, int i, double v) {
        double old;
        do {
            old = (double) DOUBLES.getVolatile(a, i);
        } while (!DOUBLES.compareAndSet(a, i, old, ScalarOps.combineDouble(op, old, v)));
    }
}
