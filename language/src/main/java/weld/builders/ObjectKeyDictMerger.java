package weld.builders;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.KeyIndex;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldDict;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * {@code dictmerger[K, V, op]} with keys that do not pack into a {@code long} (text and other vectors, structs
 * holding one, booleans) and values that are numbers or structs of numbers: a group-by by a name, such as
 * {@code dictmerger[vec[i8], {f64, i64}, +]}. A {@link KeyIndex} maps each key, compared by value, to the index of
 * its entry (the order of its first merge), and the values live in columns by entry ({@link EntryColumns}; a scalar
 * value is a struct of one field here), so compiled code merges a row with one probe (text in an array in compiled
 * code, other keys and new ones out of line) and a combine per field with the operator fixed
 * ({@code weld.nodes.builder.MergeObjectKeyDictNode}), where a boxed map made a box per row for the value and
 * another for each combine. The result is a dictionary over copies of the index and of the filled rows of the
 * columns ({@link WeldDict#ofKeyIndex}).
 */
public final class ObjectKeyDictMerger extends EntryColumns {
    private final WeldType.Dict type;
    private final KeyIndex index;

    /**
     * Whether {@code dictmerger[K, V, op]} of type {@code b} is an {@code ObjectKeyDictMerger}: true for every
     * dictmerger the type checker accepts (values are numbers or structs of them) that is neither a
     * {@link ScalarDictMerger} nor a {@link StructDictMerger}.
     */
    public static boolean supports(WeldType.Builder b) {
        if (ScalarDictMerger.supports(b) || StructDictMerger.supports(b)) {
            return false;
        }
        StructLayout layout = valueLayout(b.params().get(1));
        if (layout == null) {
            return false;
        }
        return EntryColumns.numeric(layout);
    }

    /** The layout of the value columns for values of type {@code value}, or null if they cannot be columns. */
    public static StructLayout valueLayout(WeldType value) {
        WeldType v = value.resolve();
        return StructLayout.of(v instanceof WeldType.Scalar ? WeldType.Struct.of(v) : v);
    }

    /** An empty dictmerger presized as {@link SizeFeedback#expectedResult} says for {@code hint}. */
    @TruffleBoundary
    public ObjectKeyDictMerger(WeldType.Dict type, BinOp op, long hint, SizeFeedback feedback) {
        this(type, op, feedback, feedback.expectedResult(hint));
    }

    private ObjectKeyDictMerger(WeldType.Dict type, BinOp op, SizeFeedback feedback, long expected) {
        super(valueLayout(type.value()), op, feedback, (int) Math.max(16, Math.min(expected, 1 << 16)));
        this.type = type;
        this.index = KeyIndex.forKey(type.key(), expected);
    }

    /** An empty partial of this dictmerger for a task of a parallel loop, sized as the last partials were. */
    @TruffleBoundary
    public ObjectKeyDictMerger emptyPartial() {
        return new ObjectKeyDictMerger(type, op, feedback, feedback.expectedPartial());
    }

    /** The index of keys to entry indexes. */
    public KeyIndex index() {
        return index;
    }

    /** Merges a boxed key and value (the generic path). */
    @TruffleBoundary
    public void merge(Object key, Object value) {
        mergeRow(index.entry(key), boxedRow(value), 0);
    }

    /** Merges the entries of {@code other}, a partial of a parallel loop. */
    @TruffleBoundary
    public void mergeAll(ObjectKeyDictMerger other) {
        feedback.recordPartial(other.filled);
        for (int j = 0; j < other.filled; j++) {
            mergeRow(index.entryOfEntry(other.index, j), other.values, j);
        }
    }

    /**
     * The dictionary of the entries merged so far, over copies of the index and of the filled rows of the columns
     * (a merge after a result, which linear builders never do, must not change it).
     */
    @TruffleBoundary
    public WeldDict result() {
        feedback.recordResult(filled, 0);
        return WeldDict.ofKeyIndex(type, index.copy(), (StructColumns) Storage.copyOfRange(values, 0, filled));
    }
}
