package weld.builders;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.Carrier;
import weld.runtime.ScalarTable;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldDict;
import weld.runtime.WeldStruct;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code dictmerger[K, V, op]} with scalar keys carried as {@code int} or {@code long} and values that are structs
 * of numbers (nested structs flattened, see {@link StructLayout}): a group-by computing several aggregates, such
 * as {@code dictmerger[i64, {f64, i64}, +]} for sums and counts. A {@link ScalarTable} maps each key to the index
 * of its entry (the order of its first merge) and the values live in columns by entry, one primitive array per
 * field, so compiled code merges a row without boxing ({@code weld.nodes.builder.MergeStructDictNode}): a probe,
 * then one combine per field with the operator fixed. The result is a dictionary over copies of the table and of
 * the filled rows of the columns ({@link WeldDict#ofEntries}).
 */
public final class StructDictMerger {
    private final WeldType.Dict type;
    private final BinOp op;
    public final StructLayout layout;
    private final SizeFeedback feedback;
    /** Key -> entry index. */
    private final ScalarTable index;
    /** The values by entry index; the first {@link #filled} are set. */
    private StructColumns values;
    private int capacity;
    private int filled;
    /** One row of columns for a value merged through the boxed path. */
    private StructColumns scratch;

    /** Whether {@code dictmerger[K, V, op]} of type {@code b} can be a {@code StructDictMerger}. */
    public static boolean supports(WeldType.Builder b) {
        StructLayout layout = StructLayout.of(b.params().get(1));
        if (layout == null || !ScalarTable.supports(b.params().get(0), WeldType.Scalar.I64)) {
            return false;
        }
        for (int j = 0; j < layout.columnCount(); j++) {
            if (layout.kind(j) == ScalarKind.BOOL) {
                return false;
            }
        }
        return true;
    }

    /**
     * An empty dictmerger presized as {@link SizeFeedback#expectedResult} says for {@code hint}; out of line, as the
     * layout's lookup is recursive.
     */
    @TruffleBoundary
    public StructDictMerger(WeldType.Dict type, BinOp op, long hint, SizeFeedback feedback) {
        this(type, op, feedback, feedback.expectedResult(hint));
    }

    private StructDictMerger(WeldType.Dict type, BinOp op, SizeFeedback feedback, long expected) {
        this.type = type;
        this.op = op;
        this.layout = StructLayout.of(type.value());
        this.feedback = feedback;
        this.index = feedback.newTable(type.key(), ScalarKind.I64, expected);
        // Room for every slot of a direct table (up to 2^16), so that a compiled merge into one never grows them.
        int direct = index.isDirect() ? Math.min(index.capacity(), 1 << 16) : 0;
        this.capacity = (int) Math.max(Math.max(16, direct), Math.min(expected, 1 << 16));
        this.values = layout.allocate(capacity);
    }

    /** An empty partial of this dictmerger for a task of a parallel loop, sized as the last partials were. */
    @TruffleBoundary
    public StructDictMerger emptyPartial() {
        return new StructDictMerger(type, op, feedback, feedback.expectedPartial());
    }

    /** The entry index of {@code key}, added as the next entry if absent (then not yet {@link #filled}). */
    public int entry(long key) {
        return index.entryIndex(key);
    }

    /** The table of keys to entry indexes ({@link ScalarTable#entryIndexDirect}, then {@link #entry}). */
    public ScalarTable index() {
        return index;
    }

    /** Whether the value columns have room for entry {@code e}. */
    public boolean hasRoom(int e) {
        return e < capacity;
    }

    /** The value columns, to be used only for an entry they have room for. */
    public StructColumns values() {
        return values;
    }

    /** The columns of the values, with room for entry {@code e}. */
    public StructColumns columnsFor(int e) {
        if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, e >= capacity)) {
            grow(e);
        }
        return values;
    }

    /**
     * Whether entry {@code e}, with room in the columns, is new: its values are then to be set, not combined, and it
     * counts as filled from here on.
     */
    public boolean fill(int e) {
        if (e == filled) {
            filled = e + 1;
            return true;
        }
        return false;
    }

    @TruffleBoundary
    private void grow(int e) {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * capacity, e + 1L));
        StructColumns wider = layout.allocate(n);
        wider.copyFrom(values, filled, 0);
        values = wider;
        capacity = n;
    }

    /** Merges a boxed {@code key} (its carrier, or a struct key the table packs) and struct value (the generic path). */
    @TruffleBoundary
    public void merge(Object key, Object value) {
        if (scratch == null) {
            scratch = layout.allocate(1);
        }
        scratch.set(0, (WeldStruct) value);
        mergeRow(index.unboxKey(key), scratch, 0);
    }

    /** Merges the entries of {@code other}, a partial of a parallel loop. */
    @TruffleBoundary
    public void mergeAll(StructDictMerger other) {
        feedback.recordPartial(other.filled);
        for (int j = 0; j < other.filled; j++) {
            mergeRow(other.index.keyOf(j), other.values, j);
        }
    }

    /** Merges {@code key} with row {@code i} of {@code from}, column by column. */
    private void mergeRow(long key, StructColumns from, int i) {
        int e = entry(key);
        StructColumns c = columnsFor(e);
        boolean first = fill(e);
        for (int j = 0; j < layout.columnCount(); j++) {
            ScalarKind k = layout.kind(j);
            Object to = c.column(j);
            Object src = from.column(j);
            switch (Carrier.of(k)) {
                case INT -> mergeInt(k, op, to, e, Storage.readInt(k, src, i), first);
                case LONG -> mergeLong(k, op, to, e, Storage.readLong(src, i), first);
                case FLOAT -> mergeFloat(op, to, e, Storage.readFloat(src, i), first);
                case DOUBLE -> mergeDouble(op, to, e, Storage.readDouble(src, i), first);
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

    /**
     * The dictionary of the entries merged so far, over copies of the table and of the filled rows of the columns
     * (a merge after a result, which linear builders never do, must not change it; handing them over and copying
     * them on such a merge instead put a test of a flag and a call site into every compiled merge, which measured
     * up to 2x slower on a group-by into 10^5 keys).
     */
    @TruffleBoundary
    public WeldDict result() {
        feedback.recordResult(filled, index.directSlotsNeeded());
        return WeldDict.ofEntries(type, index.copy(), (StructColumns) Storage.copyOfRange(values, 0, filled));
    }
}
