package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.ColumnGroupMerger;
import weld.nodes.WeldExpressionNode;
import weld.nodes.collection.MakeVectorNode;
import weld.runtime.Carrier;
import weld.runtime.KeyCodec;
import weld.runtime.ScalarTable;
import weld.runtime.StructLayout;
import weld.types.WeldType;

/**
 * {@code merge(b, {k, v})} of a struct literal on a {@link ColumnGroupMerger}: the value appended in its carrier
 * (a struct of scalars to columns), then the key in its {@code long} form (a struct key packed by its
 * {@link weld.nodes.collection.PackKeyNode}), or an object key's entry in the merger's index of them; no value is
 * boxed.
 */
public final class MergeGroupNode extends WeldExpressionNode {
    private final Carrier keyCarrier;
    /** How the merger's index keeps object keys as bytes, or null. */
    private final KeyCodec codec;
    private final Carrier valueCarrier;
    /** The column layout of struct values, or null. */
    private final StructLayout layout;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode key;
    @Child private WeldExpressionNode value;

    public MergeGroupNode(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode key,
                          WeldExpressionNode value) {
        this.keyCarrier = ScalarTable.keyCarrier(type.params().get(0));
        this.codec = keyCarrier == null ? MakeVectorNode.keyCodec(type.params().get(0), key) : null;
        this.valueCarrier = Carrier.of(type.params().get(1));
        this.layout = StructLayout.of(type.params().get(1));
        this.builder = builder;
        this.key = key;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        ColumnGroupMerger g = CompilerDirectives.castExact(builder.executeGeneric(frame), ColumnGroupMerger.class);
        long k = keyCarrier == null ? g.objects().entryFor(key.executeGeneric(frame), codec)
                : keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame);
        AppendNode.append(frame, g.values(), valueCarrier, layout, value);
        g.appendKey(k);
        return g;
    }
}
