package weld.builders;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.ScalarTable;
import weld.runtime.WeldDict;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * {@code dictmerger[K, V, op]} with scalar keys carried as {@code int} or {@code long} and scalar values: a
 * {@link ScalarTable} over primitive arrays, merged into from compiled code without boxing (see
 * {@code weld.nodes.builder.MergeDictNode}). Other dictmergers are {@link DictMerger}s.
 *
 * <p>{@link #result} hands the table itself to the dictionary, so producing a result copies nothing; a merge after
 * a result (which linear builders never do, but nothing stops a program from trying) first copies the table.
 */
public final class ScalarDictMerger {
    private final WeldType.Dict type;
    private final BinOp op;
    private final SizeFeedback feedback;
    private ScalarTable table;
    private boolean shared;

    /** Whether {@code dictmerger[K, V, op]} of type {@code b} can be a {@code ScalarDictMerger}. */
    public static boolean supports(WeldType.Builder b) {
        return ScalarTable.supports(b.params().get(0), b.params().get(1));
    }

    /**
     * An empty dictmerger for about {@code hint} entries (the program's size argument, at most 2^16) or as many
     * as {@code feedback} says the last result held (where the memory limit affords it), whichever is more. Its
     * table starts direct (see {@link ScalarTable}) over the range of keys the last result needed, or over twice
     * the expected entries before any result, and as a hash table where the last result's keys did not suit a
     * direct table.
     */
    public ScalarDictMerger(WeldType.Dict type, BinOp op, long hint, SizeFeedback feedback) {
        this(type, op, feedback, feedback.expectedResult(hint));
    }

    private ScalarDictMerger(WeldType.Dict type, BinOp op, SizeFeedback feedback, long expected) {
        this.type = type;
        this.op = op;
        this.feedback = feedback;
        this.table = feedback.newTable(type.key(), ((WeldType.Scalar) type.value().resolve()).kind(), expected);
    }

    private ScalarDictMerger(ScalarDictMerger d) {
        this.type = d.type;
        this.op = d.op;
        this.feedback = d.feedback;
        this.table = d.shared ? d.table.copy() : d.table;
        this.shared = false;
    }

    /**
     * A copy of this dictmerger sharing its table (or with a copy of it, if a result shares it), for a parallel task
     * to merge into instead of this one: allocated in the task's compiled code, never shared, the copy is a virtual
     * object there, so the merge loop knows its fields (the table, not shared) instead of reloading them after
     * every call out of the loop. This dictmerger must not be used afterwards.
     */
    public ScalarDictMerger taskCopy() {
        return new ScalarDictMerger(this);
    }

    /** An empty partial of this dictmerger for a task of a parallel loop, sized as the last partials were. */
    @TruffleBoundary
    public ScalarDictMerger emptyPartial() {
        return new ScalarDictMerger(type, op, feedback, feedback.expectedPartial());
    }

    /** The table to merge into. */
    public ScalarTable table() {
        if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, shared)) {
            unshare();
        }
        return table;
    }

    @TruffleBoundary
    private void unshare() {
        table = table.copy();
        shared = false;
    }

    /** Merges a boxed {@code {key, value}} (the generic path; compiled loops use {@link #table()}). */
    @TruffleBoundary
    public void merge(Object key, Object value) {
        table().mergeBoxed(key, value, op);
    }

    /** Merges the entries of {@code other}, a partial of a parallel loop. */
    @TruffleBoundary
    public void mergeAll(ScalarDictMerger other) {
        feedback.recordPartial(other.table.size());
        table().mergeAll(other.table, op);
    }

    @TruffleBoundary
    public WeldDict result() {
        shared = true;
        feedback.recordResult(table.size(), table.directSlotsNeeded());
        return new WeldDict(type, table);
    }
}
