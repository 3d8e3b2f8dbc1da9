package weld.builders;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.ScalarTable;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldDict;
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
public final class StructDictMerger extends EntryColumns {
    private final WeldType.Dict type;
    /** Key -> entry index. */
    private final ScalarTable index;

    /** Whether {@code dictmerger[K, V, op]} of type {@code b} can be a {@code StructDictMerger}. */
    public static boolean supports(WeldType.Builder b) {
        StructLayout layout = StructLayout.of(b.params().get(1));
        if (layout == null || !ScalarTable.supports(b.params().get(0), WeldType.Scalar.I64)) {
            return false;
        }
        return EntryColumns.numeric(layout);
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
        this(type, op, feedback, expected, feedback.newTable(type.key(), ScalarKind.I64, expected));
    }

    private StructDictMerger(WeldType.Dict type, BinOp op, SizeFeedback feedback, long expected, ScalarTable index) {
        super(StructLayout.of(type.value()), op, feedback, initialCapacity(index, expected));
        this.type = type;
        this.index = index;
    }

    /**
     * Room for the expected entries, and for every slot of a direct table (up to 2^16 each), so that a compiled
     * merge into a direct table never grows the columns.
     */
    private static int initialCapacity(ScalarTable index, long expected) {
        int direct = index.isDirect() ? Math.min(index.capacity(), 1 << 16) : 0;
        return (int) Math.max(Math.max(16, direct), Math.min(expected, 1 << 16));
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

    /** Merges a boxed {@code key} (its carrier, or a struct key the table packs) and struct value (the generic path). */
    @TruffleBoundary
    public void merge(Object key, Object value) {
        mergeRow(entry(index.unboxKey(key)), boxedRow(value), 0);
    }

    /** Merges the entries of {@code other}, a partial of a parallel loop. */
    @TruffleBoundary
    public void mergeAll(StructDictMerger other) {
        feedback.recordPartial(other.filled);
        for (int j = 0; j < other.filled; j++) {
            mergeRow(entry(other.index.keyOf(j)), other.values, j);
        }
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
