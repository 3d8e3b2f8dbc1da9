package weld.builders;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.Carrier;
import weld.runtime.MemoryBudget;
import weld.runtime.ScalarOps;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.runtime.WeldVector;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code vecmerger[T, op]}: a copy of an initial vector whose elements are combined with merged
 * {@code {index, value}}s. In a parallel loop, small vecmergers get one identity-initialized copy per task
 * ({@link #emptyCopy}); large ones are shared by all tasks ({@link #share}) and then combine each element with a
 * compare-and-set loop ({@link AtomicMerges} for numbers; see docs/performance.md for where the switch lies).
 * Structs of numbers are kept in {@link StructColumns} ({@link #numberColumns}) and combined field by field; shared,
 * each field of an element is updated atomically (the operator applies to each field on its own).
 *
 * <p>While a loop counts into a {@code vecmerger[i64,+]} of at least {@value #NARROW_MIN_LENGTH} elements
 * ({@link #countNarrow}), its merges of small constants go to {@code int} counters beside the elements, half the
 * memory the loop's random updates touch, and are added to the elements when the loop ends ({@link #flushNarrow}).
 */
public final class VecMerger {
    /**
     * The shortest vecmerger that counts in {@code int}s: 16 KB of {@code long} elements. Key counting (5 x 10^7
     * random keys, Weld, 1 thread, AMD EPYC with a 32 KB L1 data cache), {@code long} elements against {@code int}
     * counters: 1,000 keys 15.1 -> 15.9 ms, 2,000 keys 15.8-16.1 -> 14.6-14.7, 4,000 keys 18.3 -> 14.5-14.7, 8,000
     * keys 29.6-30.4 -> 17.7-18.3, 10^4 keys 28.5-29.0 -> 21.2-21.8; in plain Java 10^6 keys 170 -> 133-138 ms.
     * Below that the elements stay in the L1 cache either way and the counters only add the pass that adds them.
     */
    public static final int NARROW_MIN_LENGTH = 1 << 11;
    private final WeldType elemType;
    private final BinOp op;
    private final Object store;
    private final int length;
    private MethodHandle getVolatile;
    private MethodHandle compareAndSet;
    /** The {@code int} counters of a loop counting into this vecmerger ({@link #countNarrow}), else null. */
    private int[] narrowCounts;
    /**
     * Whether the tasks of a parallel loop share this vecmerger ({@link #share}): one field, so that a compiled merge
     * tests it with one load and no branch of its own (a {@code ||} of two fields was a branch per merge in a task's
     * loop, where the vecmerger is a heap object).
     */
    private boolean shared;

    /** A vecmerger starting from a copy of {@code init}. */
    public VecMerger(WeldType elemType, BinOp op, WeldVector init) {
        this(elemType, op, copyOf(elemType, init), init.length);
    }

    /**
     * The column layout of {@code elem} where it is a struct of numbers, whose vecmergers keep their elements in
     * {@link StructColumns} and combine merged values field by field; null otherwise (the elements are then structs
     * in an {@code Object[]}, combined boxed).
     */
    public static StructLayout numberColumns(WeldType elem) {
        StructLayout layout = StructLayout.of(elem);
        if (layout == null) {
            return null;
        }
        for (int j = 0; j < layout.columnCount(); j++) {
            if (layout.kind(j) == ScalarKind.BOOL) {
                return null;
            }
        }
        return layout;
    }

    /**
     * The elements of {@code init} in a new array, copied out of line: inlined, the copy of every kind of array and
     * external buffer made compiled code 4x larger (TPC-H Q1's six vecmergers: 94 KB of machine code, 22 KB without).
     */
    @TruffleBoundary
    private static Object copyOf(WeldType elemType, WeldVector init) {
        StructLayout columns = numberColumns(elemType);
        if (columns != null && init.store instanceof Object[] structs) {
            return columns.columnsOf(Arrays.copyOfRange(structs, init.offset, init.offset + init.length));
        }
        if (columns == null && init.store instanceof StructColumns c) {
            return c.toObjects(init.offset, init.offset + init.length);
        }
        return Storage.copyOfRange(init.store, init.offset, init.offset + init.length);
    }

    /**
     * A vecmerger that takes over {@code fresh}'s array instead of copying it: only for a vector nothing else
     * references (the result of a loop into a new appender, computed for this vecmerger alone). An array with
     * other elements than the vector's (an appender's spare capacity) is copied: merges are bounds-checked by it.
     */
    @TruffleBoundary
    public static VecMerger adopting(WeldType elemType, BinOp op, WeldVector fresh) {
        return fresh.offset == 0 && !(fresh.store instanceof StructColumns)
                && java.lang.reflect.Array.getLength(fresh.store) == fresh.length
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
        if (store instanceof StructColumns c) {
            StructColumns e = c.layout.allocate(length);
            WeldStruct identity = (WeldStruct) ScalarOps.identity(elemType, op);
            if (!newArrayElements(identity)) {
                for (int i = 0; i < length; i++) {
                    e.set(i, identity);
                }
            }
            return new VecMerger(elemType, op, e, length);
        }
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

    /** Whether every field of {@code s} (nested too) is what a new array holds. */
    private static boolean newArrayElements(WeldStruct s) {
        for (Object f : s.fields) {
            if (f instanceof WeldStruct inner ? !newArrayElements(inner) : !Storage.isNewArrayElement(f)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Starts {@code int} counters beside the elements for a loop that adds at most {@code maxAdded} to any element
     * before it ends, if that pays: a {@code long} sum vecmerger of at least {@value #NARROW_MIN_LENGTH} elements,
     * not shared by tasks, {@code maxAdded} within {@code int} range (no counter can overflow), and the counters
     * within the evaluation's memory budget with half of it to spare ({@link MemoryBudget#affords}: an optimization
     * must not make an evaluation fail that fits without it). Returns whether it did; the loop then calls
     * {@link #flushNarrow} when it ends.
     */
    @TruffleBoundary
    public boolean countNarrow(long maxAdded) {
        if (narrowCounts != null || compareAndSet != null || !(store instanceof long[]) || op != BinOp.ADD
                || length < NARROW_MIN_LENGTH || maxAdded > Integer.MAX_VALUE
                || !MemoryBudget.affords((long) Integer.BYTES * length)) {
            return false;
        }
        MemoryBudget.charge((long) Integer.BYTES * length);
        narrowCounts = new int[length];
        return true;
    }

    /** The {@code int} counters a loop adds small constants to (they hold non-negative counts), or null. */
    public int[] narrowCounts() {
        return narrowCounts;
    }

    /** Adds the {@code int} counters to the elements and drops them. */
    @TruffleBoundary
    public void flushNarrow() {
        int[] c = narrowCounts;
        if (c == null) {
            return;
        }
        narrowCounts = null;
        long[] a = (long[]) store;
        for (int i = 0; i < length; i++) {
            a[i] += c[i];
        }
    }

    /** Combines every element of {@code other} (a partial of a parallel loop) into this one. */
    @TruffleBoundary
    public void mergeAll(VecMerger other) {
        flushNarrow();
        other.flushNarrow();
        if (store instanceof StructColumns c) {
            mergeColumns(c, (StructColumns) other.store);
            return;
        }
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

    /** Combines the elements of {@code other}'s columns into {@code c}'s, column by column. */
    private void mergeColumns(StructColumns c, StructColumns other) {
        for (int j = 0; j < c.layout.columnCount(); j++) {
            ScalarKind k = c.layout.kind(j);
            Object a = c.column(j);
            Object b = other.column(j);
            for (int i = 0; i < length; i++) {
                switch (Carrier.of(k)) {
                    case INT -> EntryColumns.mergeInt(k, op, a, i, Storage.readInt(k, b, i), false);
                    case LONG -> EntryColumns.mergeLong(k, op, a, i, ((long[]) b)[i], false);
                    case FLOAT -> EntryColumns.mergeFloat(op, a, i, ((float[]) b)[i], false);
                    default -> EntryColumns.mergeDouble(op, a, i, ((double[]) b)[i], false);
                }
            }
        }
    }

    /** Whether tasks can share this vecmerger: elements stored in words a compare-and-set can update. */
    public boolean canShare() {
        if (store instanceof StructColumns c) {
            for (int j = 0; j < c.layout.columnCount(); j++) {
                Object a = c.column(j);
                if (!(a instanceof int[] || a instanceof long[] || a instanceof float[] || a instanceof double[])) {
                    return false;
                }
            }
            return true;
        }
        return store instanceof int[] || store instanceof long[] || store instanceof float[] || store instanceof double[]
                || store instanceof Object[];
    }

    /** Switches to atomic element updates and returns this vecmerger, to be shared by the tasks of a parallel loop. */
    @TruffleBoundary
    public VecMerger share() {
        shared = true;
        if (store instanceof StructColumns) {
            return this;
        }
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
        return shared;
    }

    /**
     * The backing primitive array of an unshared vecmerger (the {@link StructColumns} of a struct of numbers), updated
     * in place by compiled merges.
     */
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
        if (store instanceof StructColumns c) {
            if (shared) {
                mergeFieldsAtomically(c, index, (WeldStruct) value);
            } else {
                c.set(index, (WeldStruct) ScalarOps.combine(elemType, op, c.get(index), value));
            }
            return;
        }
        var kind = Storage.kindOf(elemType);
        Object old = Storage.readBoxed(kind, store, index);
        Storage.writeBoxed(kind, store, index, ScalarOps.combine(elemType, op, old, value));
    }

    /** Combines each field of {@code v} (a flat struct, one field per column) into its column atomically. */
    private void mergeFieldsAtomically(StructColumns c, int index, WeldStruct v) {
        for (int j = 0; j < c.layout.columnCount(); j++) {
            ScalarKind k = c.layout.kind(j);
            switch (c.column(j)) {
                case int[] a -> AtomicMerges.mergeInt(k, op, a, index, (Integer) v.fields[j]);
                case long[] a -> AtomicMerges.mergeLong(k, op, a, index, (Long) v.fields[j]);
                case float[] a -> AtomicMerges.mergeFloat(op, a, index, (Float) v.fields[j]);
                default -> AtomicMerges.mergeDouble(op, (double[]) c.column(j), index, (Double) v.fields[j]);
            }
        }
    }

    public WeldVector result() {
        if (narrowCounts != null) {
            flushNarrow();
        }
        Object elements = store instanceof Object[] structs ? columnsIfScalar(structs) : store;
        return new WeldVector(elemType, elements, 0, length);
    }

    /** Elements that are structs of scalars in the columns such vectors have ({@link StructLayout}). */
    @TruffleBoundary
    private Object columnsIfScalar(Object[] structs) {
        StructLayout layout = StructLayout.of(elemType);
        return layout == null ? structs : layout.columnsOf(structs);
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
