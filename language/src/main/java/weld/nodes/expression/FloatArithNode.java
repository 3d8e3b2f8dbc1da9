package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.syntax.BinOp;
import weld.syntax.Pos;

/** Arithmetic on f32 (single precision; pow computed in double and rounded, as C powf is correctly rounded here). */
public final class FloatArithNode extends BinaryNode {
    public FloatArithNode(BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        super(op, pos, left, right);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeFloat(frame);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        float a = left.executeFloat(frame);
        float b = right.executeFloat(frame);
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case MOD -> a % b;
            case MIN -> a <= b ? a : b;
            case MAX -> a >= b ? a : b;
            case POW -> (float) Math.pow(a, b);
            default -> throw badOp();
        };
    }
}
