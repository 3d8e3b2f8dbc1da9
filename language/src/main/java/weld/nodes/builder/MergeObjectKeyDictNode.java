package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.ObjectKeyDictMerger;
import weld.nodes.WeldExpressionNode;
import weld.nodes.collection.MakeVectorNode;
import weld.runtime.KeyCodec;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/**
 * {@code merge(b, {k, v})} on an {@link ObjectKeyDictMerger}: the key (an object) found in the index (text, or a
 * struct of scalars and text, in compiled code, see {@link weld.runtime.KeyIndex#entryFor}; other keys, and new
 * ones, out of line), then each field of the value (a scalar value is one field) combined into its column in
 * compiled code, with the value's layout and the operator fixed when the node is built. When the merged pair is a
 * struct literal and its value a scalar or a struct literal (nested value structs too), the fields are evaluated by
 * their typed execute methods, so no value is boxed; otherwise the pair goes through the boxed path.
 */
public final class MergeObjectKeyDictNode extends WeldExpressionNode {
    /** How the index keeps the keys as bytes, or null. */
    private final KeyCodec codec;
    @Child private WeldExpressionNode builder;
    /** The key, or null when {@link #pair} gives the whole pair. */
    @Child private WeldExpressionNode key;
    /** The value's fields, or null. */
    @Child private StructValueFields fields;
    @Child private WeldExpressionNode pair;

    private MergeObjectKeyDictNode(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode key,
                                   WeldExpressionNode[] fields, WeldExpressionNode pair) {
        this.codec = MakeVectorNode.keyCodec(type.params().get(0), key);
        this.builder = builder;
        this.key = key;
        this.fields = fields == null ? null
                : new StructValueFields(ObjectKeyDictMerger.valueLayout(type.params().get(1)), type.op(), fields);
        this.pair = pair;
    }

    /** A merge of the key and of the value's fields, one expression per column. */
    public static MergeObjectKeyDictNode of(WeldType.Builder type, WeldExpressionNode builder,
                                            WeldExpressionNode key, WeldExpressionNode[] fields) {
        return new MergeObjectKeyDictNode(type, builder, key, fields, null);
    }

    /** A merge of a {@code {K, V}} struct value. */
    public static MergeObjectKeyDictNode ofPair(WeldType.Builder type, WeldExpressionNode builder,
                                                WeldExpressionNode pair) {
        return new MergeObjectKeyDictNode(type, builder, null, null, pair);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        ObjectKeyDictMerger d = CompilerDirectives.castExact(builder.executeGeneric(frame),
                ObjectKeyDictMerger.class);
        if (pair != null) {
            WeldStruct kv = (WeldStruct) pair.executeGeneric(frame);
            d.merge(kv.fields[0], kv.fields[1]);
            return d;
        }
        Object k = key.executeGeneric(frame);
        long[] bits = fields.evaluate(frame);
        int e = d.index().entryFor(k, codec);
        fields.store(d.columnsFor(e), e, bits, d.fill(e));
        return d;
    }
}
