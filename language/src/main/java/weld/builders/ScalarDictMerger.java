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
    private ScalarTable table;
    private boolean shared;

    /** Whether {@code dictmerger[K, V, op]} of type {@code b} can be a {@code ScalarDictMerger}. */
    public static boolean supports(WeldType.Builder b) {
        return ScalarTable.supports(b.params().get(0), b.params().get(1));
    }

    public ScalarDictMerger(WeldType.Dict type, BinOp op, long expected) {
        this.type = type;
        this.op = op;
        this.table = new ScalarTable(((WeldType.Scalar) type.key().resolve()).kind(),
                ((WeldType.Scalar) type.value().resolve()).kind(), Math.min(Math.max(expected, 0), 1 << 16));
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
        table().mergeAll(other.table, op);
    }

    @TruffleBoundary
    public WeldDict result() {
        shared = true;
        return new WeldDict(type, table);
    }
}
