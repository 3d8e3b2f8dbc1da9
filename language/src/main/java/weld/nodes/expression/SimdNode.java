package weld.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.SimdOps;
import weld.syntax.BinOp;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;

/**
 * Operations on {@code simd[S]} values, lane by lane ({@link SimdOps}): a binary operator, a unary operator,
 * {@code broadcast}, or {@code select} with a {@code simd[bool]} condition.
 */
public final class SimdNode extends WeldExpressionNode {
    /** Which operation the node performs. */
    public enum Kind { BINARY, UNARY, BROADCAST, SELECT }

    private final Kind kind;
    private final ScalarKind scalar;
    private final BinOp binOp;
    private final UnaryOp unaryOp;
    private final Pos pos;
    @Children private final WeldExpressionNode[] operands;

    private SimdNode(Kind kind, ScalarKind scalar, BinOp binOp, UnaryOp unaryOp, Pos pos, WeldExpressionNode... operands) {
        this.kind = kind;
        this.scalar = scalar;
        this.binOp = binOp;
        this.unaryOp = unaryOp;
        this.pos = pos;
        this.operands = operands;
    }

    public static SimdNode binary(ScalarKind s, BinOp op, Pos pos, WeldExpressionNode l, WeldExpressionNode r) {
        return new SimdNode(Kind.BINARY, s, op, null, pos, l, r);
    }

    public static SimdNode unary(ScalarKind s, UnaryOp op, WeldExpressionNode e) {
        return new SimdNode(Kind.UNARY, s, null, op, null, e);
    }

    public static SimdNode broadcast(ScalarKind s, WeldExpressionNode e) {
        return new SimdNode(Kind.BROADCAST, s, null, null, null, e);
    }

    public static SimdNode select(ScalarKind s, WeldExpressionNode c, WeldExpressionNode a, WeldExpressionNode b) {
        return new SimdNode(Kind.SELECT, s, null, null, null, c, a, b);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object a = operands[0].executeGeneric(frame);
        return switch (kind) {
            case BROADCAST -> SimdOps.broadcast(scalar, a);
            case UNARY -> SimdOps.map(scalar, this::unary, a);
            case SELECT -> {
                Object t = operands[1].executeGeneric(frame);
                yield SimdOps.select(a, t, operands[2].executeGeneric(frame));
            }
            case BINARY -> {
                Object b = operands[1].executeGeneric(frame);
                try {
                    yield SimdOps.binary(scalar, binOp, a, b);
                } catch (ArithmeticException e) {
                    CompilerDirectives.transferToInterpreter();
                    throw WeldException.runtime(pos, "integer division by zero", this);
                }
            }
        };
    }

    private Object unary(Object x) {
        if (unaryOp == UnaryOp.NOT) {
            return !(Boolean) x;
        }
        return switch (scalar) {
            case F64 -> unaryOp == UnaryOp.NEG ? -(Double) x : MathFunctions.apply(unaryOp, (Double) x);
            case F32 -> unaryOp == UnaryOp.NEG ? -(Float) x : (float) MathFunctions.apply(unaryOp, (Float) x);
            case I64, U64 -> -(Long) x;
            default -> weld.runtime.ScalarOps.normalize(scalar, -(Integer) x);
        };
    }
}
