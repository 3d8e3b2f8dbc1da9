package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.ScalarOps;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;

/**
 * Negation, logical not and the math functions ({@code exp log sqrt sin cos tan asin acos atan sinh cosh tanh erf},
 * C semantics; f32 results are computed in double and rounded).
 */
public final class UnaryNode extends WeldExpressionNode {
    private final UnaryOp op;
    private final ScalarKind kind;
    private final Carrier carrier;
    @Child private WeldExpressionNode operand;

    public UnaryNode(UnaryOp op, ScalarKind kind, WeldExpressionNode operand) {
        this.op = op;
        this.kind = kind;
        this.carrier = Carrier.of(kind);
        this.operand = operand;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return switch (carrier) {
            case BOOLEAN -> executeBoolean(frame);
            case INT -> executeInt(frame);
            case LONG -> executeLong(frame);
            case FLOAT -> executeFloat(frame);
            default -> executeDouble(frame);
        };
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return !operand.executeBoolean(frame);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        return ScalarOps.normalize(kind, -operand.executeInt(frame));
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return -operand.executeLong(frame);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        float x = operand.executeFloat(frame);
        return op == UnaryOp.NEG ? -x : (float) MathFunctions.apply(op, x);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        double x = operand.executeDouble(frame);
        return op == UnaryOp.NEG ? -x : MathFunctions.apply(op, x);
    }
}
