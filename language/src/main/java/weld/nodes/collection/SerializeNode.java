package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Serializer;
import weld.runtime.WeldVector;
import weld.syntax.Pos;
import weld.types.WeldType;

/** {@code serialize(x)} into a {@code vec[u8]}, or {@code deserialize[T](bytes)} (corrupt bytes: a runtime error). */
public final class SerializeNode extends WeldExpressionNode {
    private final Pos pos;
    private final WeldType type;
    private final boolean deserialize;
    @Child private WeldExpressionNode operand;

    /** {@code type} is the operand's type for serialize, the result type for deserialize. */
    public SerializeNode(Pos pos, WeldType type, boolean deserialize, WeldExpressionNode operand) {
        this.pos = pos;
        this.type = type;
        this.deserialize = deserialize;
        this.operand = operand;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object v = operand.executeGeneric(frame);
        if (!deserialize) {
            return Serializer.serialize(type, v);
        }
        try {
            return Serializer.deserialize(type, (WeldVector) v);
        } catch (Serializer.CorruptInput e) {
            CompilerDirectives.transferToInterpreter();
            throw WeldException.runtime(pos, "deserialize[" + type + "]: " + e.getMessage(), this);
        }
    }
}
