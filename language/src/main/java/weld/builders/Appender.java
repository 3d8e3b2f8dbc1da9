package weld.builders;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.SimdOps;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.runtime.WeldVector;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code appender[T]}: a growing primitive array, {@link StructColumns} for structs of scalars, or an
 * {@code Object[]} for other elements. {@code result} returns a vector view of the filled prefix without copying.
 */
public final class Appender {
    private static final int DEFAULT_CAPACITY = 16;
    /** Size hints above this are trusted only as far as this; the rest grows on demand as elements arrive. */
    private static final int MAX_PREALLOCATION = 1 << 24;

    public final WeldType elemType;
    public final ScalarKind kind;
    private Object store;
    private int capacity;
    private int size;

    public Appender(WeldType elemType, long capacityHint) {
        this.elemType = elemType;
        this.kind = Storage.kindOf(elemType);
        int cap = (int) Math.max(DEFAULT_CAPACITY, Math.min(capacityHint, MAX_PREALLOCATION));
        this.store = Storage.newStore(elemType, cap);
        this.capacity = cap;
    }

    /**
     * The slot after the last element, taken. {@code arrayClass}: the store's exact class where it is a primitive
     * array the caller knows (a constant in compiled code), else null (see {@link #spare}).
     */
    private int slot(Class<?> arrayClass) {
        int s = spare(arrayClass);
        size = s + 1;
        return s;
    }

    /**
     * The slot after the last element, made room for but not taken: a predicated append writes its value there on
     * every iteration and takes the slot only where it keeps the value. With the store's class known
     * ({@code arrayClass} not null), the array grows without a call, so compiled loops keep the size in a register
     * from one append to the next (a call on the slow path would make every append reload it: a filter keeping 1% of
     * 10^7 rows, 13.5 -> 8.8 ms at best).
     */
    private int spare(Class<?> arrayClass) {
        int s = size;
        if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, s == capacity)) {
            if (arrayClass == null) {
                grow();
            } else {
                growArray(arrayClass);
            }
        }
        return s;
    }

    @TruffleBoundary
    private void grow() {
        int n = doubledCapacity();
        store = Storage.copyOf(store, n);
        capacity = n;
    }

    /** {@link #grow} of a store of exact class {@code c}: {@code double[]}, {@code long[]}, {@code float[]} or {@code int[]}. */
    private void growArray(Class<?> c) {
        int n = doubledCapacity();
        if (c == double[].class) {
            double[] a = new double[n];
            System.arraycopy(CompilerDirectives.castExact(store, double[].class), 0, a, 0, capacity);
            store = a;
        } else if (c == long[].class) {
            long[] a = new long[n];
            System.arraycopy(CompilerDirectives.castExact(store, long[].class), 0, a, 0, capacity);
            store = a;
        } else if (c == float[].class) {
            float[] a = new float[n];
            System.arraycopy(CompilerDirectives.castExact(store, float[].class), 0, a, 0, capacity);
            store = a;
        } else {
            int[] a = new int[n];
            System.arraycopy(CompilerDirectives.castExact(store, int[].class), 0, a, 0, capacity);
            store = a;
        }
        capacity = n;
    }

    private int doubledCapacity() {
        int n = (int) Math.min((long) capacity * 2, Integer.MAX_VALUE - 8);
        if (n <= capacity) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            throw new OutOfMemoryError("appender exceeds the maximum vector length");
        }
        return n;
    }

    public void appendInt(int v) {
        int i = slot(null);
        Storage.writeInt(kind, store, i, v);
    }

    /** {@link #appendInt} for an appender of {@code i32}, whose store is an {@code int[]}. */
    public void appendI32(int v) {
        int i = slot(int[].class);
        CompilerDirectives.castExact(store, int[].class)[i] = v;
    }

    public void appendLong(long v) {
        int i = slot(long[].class);
        CompilerDirectives.castExact(store, long[].class)[i] = v;
    }

    public void appendFloat(float v) {
        int i = slot(float[].class);
        CompilerDirectives.castExact(store, float[].class)[i] = v;
    }

    public void appendDouble(double v) {
        int i = slot(double[].class);
        CompilerDirectives.castExact(store, double[].class)[i] = v;
    }

    /** Appends {@code v} (an {@code i32}, in an {@code int[]}) if {@code keep}, without a branch on {@code keep}. */
    public void appendIntIf(boolean keep, int v) {
        int i = spare(int[].class);
        CompilerDirectives.castExact(store, int[].class)[i] = v;
        size = i + (keep ? 1 : 0);
    }

    /** Appends {@code v} if {@code keep}, without a branch on {@code keep}. */
    public void appendLongIf(boolean keep, long v) {
        int i = spare(long[].class);
        CompilerDirectives.castExact(store, long[].class)[i] = v;
        size = i + (keep ? 1 : 0);
    }

    /** Appends {@code v} if {@code keep}, without a branch on {@code keep}. */
    public void appendFloatIf(boolean keep, float v) {
        int i = spare(float[].class);
        CompilerDirectives.castExact(store, float[].class)[i] = v;
        size = i + (keep ? 1 : 0);
    }

    /** Appends {@code v} if {@code keep}, without a branch on {@code keep}. */
    public void appendDoubleIf(boolean keep, double v) {
        int i = spare(double[].class);
        CompilerDirectives.castExact(store, double[].class)[i] = v;
        size = i + (keep ? 1 : 0);
    }

    /** Appends struct {@code v} to the columns of {@code layout} if {@code keep}, without a branch on {@code keep}. */
    public void appendStructIf(StructLayout layout, boolean keep, WeldStruct v) {
        int i = spare(null);
        layout.write(CompilerDirectives.castExact(store, StructColumns.class), i, v);
        size = i + (keep ? 1 : 0);
    }

    public void appendBoolean(boolean v) {
        int i = slot(null);
        CompilerDirectives.castExact(store, boolean[].class)[i] = v;
    }

    public void appendObject(Object v) {
        int i = slot(null);
        if (store instanceof StructColumns c) {
            c.set(i, (WeldStruct) v);
        } else {
            CompilerDirectives.castExact(store, Object[].class)[i] = v;
        }
    }

    /** Appends a boxed element of any type (the generic path). */
    @TruffleBoundary
    public void appendBoxed(Object v) {
        if (kind == null) {
            appendObject(v);
            return;
        }
        int i = slot(null);
        Storage.writeBoxed(kind, store, i, v);
    }

    /** Appends a struct to columns of {@code layout}, a constant of the calling node: its fields, unboxed. */
    public void appendStruct(StructLayout layout, WeldStruct v) {
        int i = slot(null);
        layout.write(CompilerDirectives.castExact(store, StructColumns.class), i, v);
    }

    /**
     * Makes room for {@code n} more elements (the values of a map, written in place by index) and returns the
     * current size, the index of the first of them; {@link #setSize} then takes them in.
     */
    @TruffleBoundary
    public long reserve(long n) {
        return reserve(n, false);
    }

    /**
     * {@link #reserve} for callers that reserve a block of elements at a time (the scatter blocks' kept rows): where
     * the array grows, it at least doubles, so that the copies stay linear in the elements appended.
     */
    @TruffleBoundary
    public long reserveAmortized(long n) {
        return reserve(n, true);
    }

    private long reserve(long n, boolean amortized) {
        long need = size + n;
        if (need > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("appender exceeds the maximum vector length");
        }
        if (need > capacity) {
            int grown = (int) (amortized ? Math.max(need, Math.min((long) capacity * 2, Integer.MAX_VALUE - 8)) : need);
            store = Storage.copyOf(store, grown);
            capacity = grown;
        }
        return size;
    }

    /** The number of elements appended. */
    public int size() {
        return size;
    }

    /**
     * The backing array, written in place by a map between {@link #reserve} and {@link #setSize}. Its elements
     * past the size are as a new array has them (all bits zero), but for the one at the size, which a predicated
     * append ({@code append*If}) may have written without keeping it: elements are written only at the size, and
     * the array grows by zero-extending copies.
     */
    public Object store() {
        return store;
    }

    /** Takes in the elements a map wrote after {@link #reserve}: the size becomes {@code newSize}. */
    public void setSize(long newSize) {
        size = (int) newSize;
    }

    /** Appends every lane of a SIMD value (a primitive array of this appender's element width). */
    @TruffleBoundary
    public void appendLanes(Object lanes) {
        for (int i = 0; i < SimdOps.length(lanes); i++) {
            int at = slot(null);
            Storage.writeBoxed(kind, store, at, Storage.readBoxed(kind, lanes, i));
        }
    }

    /** Appends all elements of {@code other} (a partial of a parallel loop) after this appender's. */
    @TruffleBoundary
    public void appendAll(Appender other) {
        if (size + other.size > capacity) {
            capacity = (int) Math.min((long) size + other.size, Integer.MAX_VALUE - 8);
            store = Storage.copyOf(store, capacity);
        }
        if (store instanceof StructColumns c) {
            c.copyFrom((StructColumns) other.store, other.size, size);
        } else {
            System.arraycopy(other.store, 0, store, size, other.size);
        }
        size += other.size;
    }

    public WeldVector result() {
        return new WeldVector(elemType, store, 0, size);
    }
}
