package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.ScalarDictMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.PackedKey;
import weld.runtime.ScalarTable;
import weld.runtime.WeldStruct;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code merge(b, {k, v})} on a {@link ScalarDictMerger}: probes and combines in compiled code, with the key and
 * value types and the operator fixed when the node is built. When the merged value is a struct literal the key
 * and value are evaluated by their typed execute methods, so nothing is boxed; otherwise the struct is unpacked.
 */
public final class MergeDictNode extends WeldExpressionNode {
    private final Carrier keyCarrier;
    /** How a struct key is packed, or null. */
    private final PackedKey packing;
    private final Carrier valueCarrier;
    private final ScalarKind valueKind;
    private final BinOp op;
    @Child private WeldExpressionNode builder;
    /** The key and value expressions, or null when {@link #pair} gives both. */
    @Child private WeldExpressionNode key;
    @Child private WeldExpressionNode value;
    @Child private WeldExpressionNode pair;
    /**
     * Whether every merge of this node in compiled code went to a direct table ({@link ScalarTable#isDirect}): the
     * compiled merge then calls nothing out of line. Cleared (and the code invalidated) by a hash table, or by a key
     * outside a direct table's range in compiled code (the interpreter widens the table without clearing it).
     */
    @CompilationFinal private boolean directOnly = true;

    private MergeDictNode(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode key,
                          WeldExpressionNode value, WeldExpressionNode pair) {
        this.keyCarrier = ScalarTable.keyCarrier(type.params().get(0));
        this.packing = PackedKey.of(type.params().get(0));
        this.valueKind = ((WeldType.Scalar) type.params().get(1).resolve()).kind();
        this.valueCarrier = Carrier.of(valueKind);
        this.op = type.op();
        this.builder = builder;
        this.key = key;
        this.value = value;
        this.pair = pair;
    }

    /** A merge of the key and value expressions of a struct literal. */
    public static MergeDictNode of(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode key,
                                   WeldExpressionNode value) {
        return new MergeDictNode(type, builder, key, value, null);
    }

    /** A merge of a {@code {K, V}} struct value. */
    public static MergeDictNode ofPair(WeldType.Builder type, WeldExpressionNode builder, WeldExpressionNode pair) {
        return new MergeDictNode(type, builder, null, null, pair);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        ScalarDictMerger d = (ScalarDictMerger) builder.executeGeneric(frame);
        if (pair != null) {
            WeldStruct kv = (WeldStruct) pair.executeGeneric(frame);
            long k = ScalarTable.unboxKey(packing, kv.fields[0]);
            switch (valueCarrier) {
                case INT -> d.table().mergeLong(k, (Integer) kv.fields[1], valueKind, op);
                case LONG -> d.table().mergeLong(k, (Long) kv.fields[1], valueKind, op);
                case FLOAT -> d.table().mergeDouble(k, (Float) kv.fields[1], valueKind, op);
                default -> d.table().mergeDouble(k, (Double) kv.fields[1], valueKind, op);
            }
            return d;
        }
        long k = keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame);
        switch (valueCarrier) {
            case INT -> mergeLong(d.table(), k, value.executeInt(frame));
            case LONG -> mergeLong(d.table(), k, value.executeLong(frame));
            case FLOAT -> mergeDouble(d.table(), k, value.executeFloat(frame));
            default -> mergeDouble(d.table(), k, value.executeDouble(frame));
        }
        return d;
    }

    private void mergeLong(ScalarTable t, long k, long v) {
        if (directOnly) {
            if (t.mergeLongDirect(k, v, valueKind, op)) {
                return;
            }
            leaveDirectOnly(t);
        }
        t.mergeLong(k, v, valueKind, op);
    }

    private void mergeDouble(ScalarTable t, long k, double v) {
        if (directOnly) {
            if (t.mergeDoubleDirect(k, v, valueKind, op)) {
                return;
            }
            leaveDirectOnly(t);
        }
        t.mergeDouble(k, v, valueKind, op);
    }

    /** After a merge {@code t}'s direct path did not take: compiled code gives up the direct-only merge for good. */
    private void leaveDirectOnly(ScalarTable t) {
        if (CompilerDirectives.inCompiledCode() || !t.isDirect()) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            directOnly = false;
        }
    }
}
