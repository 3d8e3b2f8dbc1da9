package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.StructDictMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.ScalarTable;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/**
 * {@code merge(b, {k, v})} on a {@link StructDictMerger}: the key probed and each field of the struct value
 * combined into its column in compiled code, with the key kind, the value's layout and the operator fixed when the
 * node is built. When the merged pair and its value are struct literals (nested value structs too), the key and
 * each field are evaluated by their typed execute methods, so nothing is boxed; otherwise the pair goes through the
 * boxed path.
 */
public final class MergeStructDictNode extends WeldExpressionNode {
    private final Carrier keyCarrier;
    @Child private WeldExpressionNode builder;
    /** The key, or null when {@link #pair} gives the whole pair. */
    @Child private WeldExpressionNode key;
    /** The value's fields, or null. */
    @Child private StructValueFields fields;
    @Child private WeldExpressionNode pair;
    /**
     * Whether every merge of this node in compiled code found its key's entry in a direct table and room for it in
     * the value columns: the compiled merge then calls nothing out of line (as {@link MergeDictNode}'s), so the
     * loop keeps the tables and columns in registers. Cleared (and the code invalidated) otherwise.
     */
    @CompilationFinal private boolean directOnly = true;

    private MergeStructDictNode(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode key,
                                WeldExpressionNode[] fields, WeldExpressionNode pair) {
        this.keyCarrier = ScalarTable.keyCarrier(type.params().get(0));
        this.builder = builder;
        this.key = key;
        this.fields = fields == null ? null
                : new StructValueFields(StructLayout.of(type.params().get(1)), type.op(), fields);
        this.pair = pair;
    }

    /** A merge of the key and of the value's fields, one expression per column. */
    public static MergeStructDictNode of(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode key,
                                         WeldExpressionNode[] fields) {
        return new MergeStructDictNode(type, builder, key, fields, null);
    }

    /** A merge of a {@code {K, V}} struct value. */
    public static MergeStructDictNode ofPair(WeldType.Builder type, WeldExpressionNode builder,
                                             WeldExpressionNode pair) {
        return new MergeStructDictNode(type, builder, null, null, pair);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        StructDictMerger d = CompilerDirectives.castExact(builder.executeGeneric(frame), StructDictMerger.class);
        if (pair != null) {
            WeldStruct kv = (WeldStruct) pair.executeGeneric(frame);
            d.merge(kv.fields[0], kv.fields[1]);
            return d;
        }
        long k = keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame);
        long[] bits = fields.evaluate(frame);
        int e = -1;
        if (directOnly) {
            e = d.index().entryIndexDirect(k);
            if (e >= 0 && d.hasRoom(e)) {
                fields.store(d.values(), e, bits, d.fill(e));
                return d;
            }
            if (CompilerDirectives.inCompiledCode() || !d.index().isDirect()) {
                CompilerDirectives.transferToInterpreterAndInvalidate();
                directOnly = false;
            }
        }
        if (e < 0) {
            e = d.entry(k);
        }
        fields.store(d.columnsFor(e), e, bits, d.fill(e));
        return d;
    }
}
