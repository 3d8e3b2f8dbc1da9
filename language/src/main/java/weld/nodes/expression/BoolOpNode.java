package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.syntax.BinOp;
import weld.syntax.Pos;

/** Logical operators on bools: {@code &&} and {@code ||} short-circuit; {@code & | ^} evaluate both operands. */
public final class BoolOpNode extends BinaryNode {
    public BoolOpNode(BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        super(op, pos, left, right);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeBoolean(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return switch (op) {
            case LAND -> left.executeBoolean(frame) && right.executeBoolean(frame);
            case LOR -> left.executeBoolean(frame) || right.executeBoolean(frame);
            case BAND -> left.executeBoolean(frame) & right.executeBoolean(frame);
            case BOR -> left.executeBoolean(frame) | right.executeBoolean(frame);
            case XOR -> left.executeBoolean(frame) ^ right.executeBoolean(frame);
            default -> throw badOp();
        };
    }
}
