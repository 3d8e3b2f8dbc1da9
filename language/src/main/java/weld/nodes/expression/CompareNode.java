package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.ScalarOps;
import weld.runtime.ValueOrder;
import weld.syntax.BinOp;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * The six comparisons. Scalars compare through their carrier's typed execute method (u32 and u64 unsigned; on
 * floats {@code !=} is "ordered and not equal", so {@code NaN != x} is false); vectors and structs compare with the
 * default order of {@link ValueOrder}.
 */
public final class CompareNode extends BinaryNode {
    private final Carrier carrier;
    private final boolean unsigned;
    private final WeldType operandType;

    public CompareNode(WeldType operandType, BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        super(op, pos, left, right);
        this.operandType = operandType;
        this.carrier = Carrier.of(operandType);
        ScalarKind k = WeldType.scalarKind(operandType);
        this.unsigned = k == ScalarKind.U32 || k == ScalarKind.U64;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeBoolean(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        switch (carrier) {
            case INT -> {
                int a = left.executeInt(frame);
                int b = right.executeInt(frame);
                return decide(unsigned ? Integer.compareUnsigned(a, b) : Integer.compare(a, b));
            }
            case LONG -> {
                long a = left.executeLong(frame);
                long b = right.executeLong(frame);
                return decide(unsigned ? Long.compareUnsigned(a, b) : Long.compare(a, b));
            }
            case DOUBLE -> {
                return floats(left.executeDouble(frame), right.executeDouble(frame));
            }
            case FLOAT -> {
                return floats(left.executeFloat(frame), right.executeFloat(frame));
            }
            case BOOLEAN -> {
                return decide(Boolean.compare(left.executeBoolean(frame), right.executeBoolean(frame)));
            }
            default -> {
                return decide(ValueOrder.compare(operandType, left.executeGeneric(frame), right.executeGeneric(frame)));
            }
        }
    }

    private boolean floats(double a, double b) {
        if (!op.isComparison()) {
            throw badOp();
        }
        return ScalarOps.compareDouble(op, a, b);
    }

    private boolean decide(int c) {
        if (!op.isComparison()) {
            throw badOp();
        }
        return ScalarOps.holds(op, c);
    }
}
