package weld.builders;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.Carrier;
import weld.runtime.MemoryBudget;
import weld.runtime.ScalarTable;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * The values of a dictmerger kept in columns by entry index, one primitive array per field, the entries numbered in
 * the order of their keys' first merge by the subclass's index ({@link StructDictMerger}, {@link
 * ObjectKeyDictMerger}): compiled code finds a row's entry, then sets (a new entry) or combines each field of its
 * row with the operator fixed. A subclass's fields are its own in compiled code, so sharing this costs no load.
 */
public abstract class EntryColumns {
    protected final BinOp op;
    public final StructLayout layout;
    protected final SizeFeedback feedback;
    /** The values by entry index; the first {@link #filled} are set. */
    protected StructColumns values;
    private int capacity;
    protected int filled;
    /** One row of columns for a value merged through the boxed path. */
    private StructColumns scratch;

    protected EntryColumns(StructLayout layout, BinOp op, SizeFeedback feedback, int capacity) {
        this.layout = layout;
        this.op = op;
        this.feedback = feedback;
        this.capacity = capacity;
        this.values = layout.allocate(capacity);
    }

    /** Whether {@code layout} has no {@code bool} column (the columns a merge combines are numbers). */
    public static boolean numeric(StructLayout layout) {
        for (int j = 0; j < layout.columnCount(); j++) {
            if (layout.kind(j) == ScalarKind.BOOL) {
                return false;
            }
        }
        return true;
    }

    /** Whether the value columns have room for entry {@code e}. */
    public final boolean hasRoom(int e) {
        return e < capacity;
    }

    /** The value columns, to be used only for an entry they have room for. */
    public final StructColumns values() {
        return values;
    }

    /** The columns of the values, with room for entry {@code e}. */
    public final StructColumns columnsFor(int e) {
        if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, e >= capacity)) {
            grow(e);
        }
        return values;
    }

    /**
     * Whether entry {@code e}, with room in the columns, is new: its values are then to be set, not combined, and it
     * counts as filled from here on.
     */
    public final boolean fill(int e) {
        if (e == filled) {
            filled = e + 1;
            return true;
        }
        return false;
    }

    @TruffleBoundary
    private void grow(int e) {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * capacity, e + 1L));
        MemoryBudget.charge(8L * (n - capacity) * layout.columnCount());
        StructColumns wider = layout.allocate(n);
        wider.copyFrom(values, filled, 0);
        values = wider;
        capacity = n;
    }

    /** {@code value}, a struct of this layout (or a scalar for a layout of one field), as a row of columns. */
    protected final StructColumns boxedRow(Object value) {
        if (scratch == null) {
            scratch = layout.allocate(1);
        }
        if (value instanceof WeldStruct s) {
            scratch.set(0, s);
        } else {
            Storage.writeBoxed(layout.kind(0), scratch.column(0), 0, value);
        }
        return scratch;
    }

    /** Sets or combines entry {@code e} with row {@code i} of {@code from}, column by column. */
    protected final void mergeRow(int e, StructColumns from, int i) {
        StructColumns to = columnsFor(e);
        boolean first = fill(e);
        for (int j = 0; j < layout.columnCount(); j++) {
            ScalarKind k = layout.kind(j);
            Object column = to.column(j);
            Object src = from.column(j);
            switch (Carrier.of(k)) {
                case INT -> mergeInt(k, op, column, e, Storage.readInt(k, src, i), first);
                case LONG -> mergeLong(k, op, column, e, Storage.readLong(src, i), first);
                case FLOAT -> mergeFloat(op, column, e, Storage.readFloat(src, i), first);
                case DOUBLE -> mergeDouble(op, column, e, Storage.readDouble(src, i), first);
                default -> throw CompilerDirectives.shouldNotReachHere("a boolean column");
            }
        }
    }

    /** Sets (a new entry) or combines with {@code op} element {@code e} of {@code column}, of int-carried kind k. */
    public static void mergeInt(ScalarKind k, BinOp op, Object column, int e, int v, boolean first) {
        int r = first ? v : (int) ScalarTable.combineLong(k, op, Storage.readInt(k, column, e), v);
        Storage.writeInt(k, column, e, r);
    }

    /** {@link #mergeInt} for a {@code long}-carried kind. */
    public static void mergeLong(ScalarKind k, BinOp op, Object column, int e, long v, boolean first) {
        long[] a = CompilerDirectives.castExact(column, long[].class);
        a[e] = first ? v : ScalarTable.combineLong(k, op, a[e], v);
    }

    /** {@link #mergeInt} for {@code f32}. */
    public static void mergeFloat(BinOp op, Object column, int e, float v, boolean first) {
        float[] a = CompilerDirectives.castExact(column, float[].class);
        a[e] = first ? v : (float) ScalarTable.combineDouble(ScalarKind.F32, op, a[e], v);
    }

    /** {@link #mergeInt} for {@code f64}. */
    public static void mergeDouble(BinOp op, Object column, int e, double v, boolean first) {
        double[] a = CompilerDirectives.castExact(column, double[].class);
        a[e] = first ? v : ScalarTable.combineDouble(ScalarKind.F64, op, a[e], v);
    }
}
