package weld.builders;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.ScalarOps;
import weld.runtime.Storage;
import weld.runtime.WeldVector;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * {@code vecmerger[T, op]}: a copy of an initial vector whose elements are combined with merged
 * {@code {index, value}}s. In a parallel loop, small vecmergers get one identity-initialized copy per task
 * ({@link #emptyCopy}); large ones are shared by all tasks ({@link #share}) and then combine each element with a
 * compare-and-set loop ({@link AtomicMerges} for numbers; see docs/performance.md for where the switch lies).
 */
public final class VecMerger {
    private final WeldType elemType;
    private final BinOp op;
    private final Object store;
    private final int length;
    private MethodHandle getVolatile;
    private MethodHandle compareAndSet;

    public VecMerger(WeldType elemType, BinOp op, WeldVector init) {
        this(elemType, op, Storage.copyOfRange(init.store, init.offset, init.offset + init.length), init.length);
    }

    /**
     * A vecmerger that takes over {@code fresh}'s array instead of copying it: only for a vector nothing else
     * references (the result of a loop into a new appender, computed for this vecmerger alone). An array with
     * other elements than the vector's (an appender's spare capacity) is copied: merges are bounds-checked by it.
     */
    @TruffleBoundary
    public static VecMerger adopting(WeldType elemType, BinOp op, WeldVector fresh) {
        return fresh.offset == 0 && java.lang.reflect.Array.getLength(fresh.store) == fresh.length
                ? new VecMerger(elemType, op, fresh.store, fresh.length)
                : new VecMerger(elemType, op, fresh);
    }

    private VecMerger(WeldType elemType, BinOp op, Object store, int length) {
        this.elemType = elemType;
        this.op = op;
        this.store = store;
        this.length = length;
    }

    /** A vecmerger of the same length whose elements are the operator's identity (a parallel loop's partial). */
    @TruffleBoundary
    public VecMerger emptyCopy() {
        var kind = Storage.kindOf(elemType);
        Object s = Storage.newArray(kind, length);
        Object identity = ScalarOps.identity(elemType, op);
        if (kind != null && Storage.isNewArrayElement(identity)) {
            return new VecMerger(elemType, op, s, length);
        }
        switch (s) {
            case long[] a -> Arrays.fill(a, (Long) identity);
            case double[] a -> Arrays.fill(a, (Double) identity);
            case float[] a -> Arrays.fill(a, (Float) identity);
            case int[] a -> Arrays.fill(a, (Integer) identity);
            default -> {
                for (int i = 0; i < length; i++) {
                    Storage.writeBoxed(kind, s, i, identity);
                }
            }
        }
        return new VecMerger(elemType, op, s, length);
    }

    /** Combines every element of {@code other} (a partial of a parallel loop) into this one. */
    @TruffleBoundary
    public void mergeAll(VecMerger other) {
        var kind = Storage.kindOf(elemType);
        if (compareAndSet == null) {
            switch (store) {
                case long[] a -> {
                    long[] b = (long[]) other.store;
                    for (int i = 0; i < length; i++) {
                        a[i] = ScalarOps.combineLong(kind, op, a[i], b[i]);
                    }
                    return;
                }
                case double[] a -> {
                    double[] b = (double[]) other.store;
                    for (int i = 0; i < length; i++) {
                        a[i] = ScalarOps.combineDouble(op, a[i], b[i]);
                    }
                    return;
                }
                default -> {
                }
            }
        }
        for (int i = 0; i < length; i++) {
            mergeBoxed(i, Storage.readBoxed(kind, other.store, i));
        }
    }

    /** Whether tasks can share this vecmerger: elements stored in words a compare-and-set can update. */
    public boolean canShare() {
        return store instanceof int[] || store instanceof long[] || store instanceof float[] || store instanceof double[]
                || store instanceof Object[];
    }

    /** Switches to atomic element updates and returns this vecmerger, to be shared by the tasks of a parallel loop. */
    @TruffleBoundary
    public VecMerger share() {
        VarHandle h = MethodHandles.arrayElementVarHandle(store.getClass());
        getVolatile = h.toMethodHandle(VarHandle.AccessMode.GET_VOLATILE);
        compareAndSet = h.toMethodHandle(VarHandle.AccessMode.COMPARE_AND_SET);
        return this;
    }

    public int length() {
        return length;
    }

    /**
     * Whether tasks share this vecmerger: elements are then updated atomically, numbers through {@link AtomicMerges},
     * others through {@link #mergeBoxed}.
     */
    public boolean isShared() {
        return compareAndSet != null;
    }

    /** The backing primitive array of an unshared vecmerger, updated in place by compiled merges. */
    public Object store() {
        return store;
    }

    /** Combines {@code value} (boxed in its carrier) into element {@code index}; the caller has checked the bounds. */
    @TruffleBoundary
    public void mergeBoxed(int index, Object value) {
        if (compareAndSet != null) {
            mergeAtomically(index, value);
            return;
        }
        var kind = Storage.kindOf(elemType);
        Object old = Storage.readBoxed(kind, store, index);
        Storage.writeBoxed(kind, store, index, ScalarOps.combine(elemType, op, old, value));
    }

    public WeldVector result() {
        return new WeldVector(elemType, store, 0, length);
    }

    private void mergeAtomically(int index, Object value) {
        try {
            while (true) {
                Object old = getVolatile.invoke(store, index);
                if ((boolean) compareAndSet.invoke(store, index, old, ScalarOps.combine(elemType, op, old, value))) {
                    return;
                }
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
