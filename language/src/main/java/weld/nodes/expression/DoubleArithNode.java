package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.syntax.BinOp;
import weld.syntax.Pos;

/** Arithmetic on f64 with C semantics: {@code %} is fmod, min/max select with an ordered compare, pow is C pow. */
public final class DoubleArithNode extends BinaryNode {
    public DoubleArithNode(BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        super(op, pos, left, right);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeDouble(frame);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        double a = left.executeDouble(frame);
        double b = right.executeDouble(frame);
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case MOD -> a % b;
            case MIN -> a <= b ? a : b;
            case MAX -> a >= b ? a : b;
            case POW -> Math.pow(a, b);
            default -> throw badOp();
        };
    }
}
