package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.PackedKey;
import weld.runtime.WeldStruct;

/**
 * The struct or float key of a lookup or merge whose tables pack it ({@link PackedKey}): {@link #executeLong} is the
 * packed key, from a struct literal's fields evaluated in their carriers (no struct is made: a group-by on
 * {@code {e.$1, e.$2}} merges with a few bit operations), from a struct value, or from a float's bits;
 * {@link #executeGeneric} is the key boxed, for dictionaries that are not tables.
 */
public final class PackKeyNode extends WeldExpressionNode {
    private final PackedKey packing;
    /** The fields of a struct literal, or null when {@link #struct} gives the key. */
    @Children private final WeldExpressionNode[] fields;
    @Child private WeldExpressionNode struct;

    private PackKeyNode(PackedKey packing, WeldExpressionNode[] fields, WeldExpressionNode struct) {
        this.packing = packing;
        this.fields = fields;
        this.struct = struct;
    }

    /** The key of struct literal {@code {fields...}}, or the one field of a float key ({@link PackedKey#isScalar}). */
    public static PackKeyNode ofFields(PackedKey packing, WeldExpressionNode[] fields) {
        return new PackKeyNode(packing, fields, null);
    }

    /** The key given by {@code struct}, an expression of the key's struct type. */
    public static PackKeyNode ofStruct(PackedKey packing, WeldExpressionNode struct) {
        return new PackKeyNode(packing, null, struct);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return fields != null ? packFields(frame) : packStruct((WeldStruct) struct.executeGeneric(frame));
    }

    @ExplodeLoop
    private long packStruct(WeldStruct s) {
        long k = 0;
        for (int j = 0; j < packing.fieldCount(); j++) {
            k |= packing.field(j, PackedKey.carried(s.fields[j]));
        }
        return k;
    }

    @ExplodeLoop
    private long packFields(VirtualFrame frame) {
        long k = 0;
        for (int j = 0; j < fields.length; j++) {
            long v = switch (Carrier.of(packing.kind(j))) {
                case BOOLEAN -> fields[j].executeBoolean(frame) ? 1 : 0;
                case INT -> fields[j].executeInt(frame);
                case FLOAT -> PackedKey.floatBits(fields[j].executeFloat(frame));
                case DOUBLE -> PackedKey.floatBits(fields[j].executeDouble(frame));
                default -> fields[j].executeLong(frame);
            };
            k |= packing.field(j, v);
        }
        return k;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return fields != null ? packing.unpack(packFields(frame)) : struct.executeGeneric(frame);
    }
}
