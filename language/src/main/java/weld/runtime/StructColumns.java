package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * The backing store of a vector of structs of scalars (see {@link StructLayout}): one primitive array per scalar
 * field, nested structs' fields flattened, all of the same length. Used where other vectors have a backing array:
 * {@link Storage}'s boxed reads, writes and copies accept it.
 */
public final class StructColumns {
    public final StructLayout layout;
    final Object[] columns;

    StructColumns(StructLayout layout, Object[] columns) {
        this.layout = layout;
        this.columns = columns;
    }

    /** The primitive array of column {@code j}. */
    public Object column(int j) {
        return columns[j];
    }

    /** Element {@code i} as a struct, for callers without the layout as a constant. */
    @TruffleBoundary
    public WeldStruct get(int i) {
        return layout.read(this, i);
    }

    /** Writes the fields of {@code s} into element {@code i}, for callers without the layout as a constant. */
    @TruffleBoundary
    public void set(int i, WeldStruct s) {
        layout.write(this, i, s);
    }

    /** The number of elements the columns hold. */
    public int capacity() {
        return java.lang.reflect.Array.getLength(columns[0]);
    }

    /** New columns holding elements {@code [from, to)}; {@code to} may pass the capacity (zero-extended). */
    StructColumns copyOfRange(int from, int to) {
        Object[] r = new Object[columns.length];
        for (int j = 0; j < r.length; j++) {
            int have = Math.max(0, Math.min(to, capacity()) - from);
            Object a = Storage.newArray(layout.kind(j), to - from);
            System.arraycopy(columns[j], from, a, 0, have);
            r[j] = a;
        }
        return new StructColumns(layout, r);
    }

    /** New columns holding element {@code offset + p[i]} at {@code i}. */
    StructColumns gather(int offset, int[] p) {
        Object[] r = new Object[columns.length];
        for (int j = 0; j < r.length; j++) {
            r[j] = Storage.gather(layout.kind(j), columns[j], offset, p);
        }
        return new StructColumns(layout, r);
    }

    /** Elements {@code [from, to)} as structs in an array. */
    public Object[] toObjects(int from, int to) {
        MemoryBudget.charge(Storage.bytes(null, to - from));
        Object[] r = new Object[to - from];
        for (int i = from; i < to; i++) {
            r[i - from] = get(i);
        }
        return r;
    }

    /** Copies elements {@code [0, n)} of {@code from} to {@code [at, at + n)} of these columns. */
    public void copyFrom(StructColumns from, int n, int at) {
        for (int j = 0; j < columns.length; j++) {
            System.arraycopy(from.columns[j], 0, columns[j], at, n);
        }
    }
}
