package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;

/**
 * Arithmetic and bitwise operators on int-carried integers (i8, i16, i32, u8, u16, u32): computed in 32 bits and
 * wrapped to the type's width; u32 division, remainder and min/max are unsigned.
 */
public final class IntArithNode extends BinaryNode {
    private final ScalarKind kind;

    public IntArithNode(ScalarKind kind, BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        super(op, pos, left, right);
        this.kind = kind;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeInt(frame);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        int a = left.executeInt(frame);
        int b = right.executeInt(frame);
        boolean u32 = kind == ScalarKind.U32;
        int r = switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> {
                if (b == 0) {
                    throw divisionByZero();
                }
                yield u32 ? Integer.divideUnsigned(a, b) : a / b;
            }
            case MOD -> {
                if (b == 0) {
                    throw divisionByZero();
                }
                yield u32 ? Integer.remainderUnsigned(a, b) : a % b;
            }
            case BAND -> a & b;
            case BOR -> a | b;
            case XOR -> a ^ b;
            case MIN -> (u32 ? Integer.compareUnsigned(a, b) <= 0 : a <= b) ? a : b;
            case MAX -> (u32 ? Integer.compareUnsigned(a, b) >= 0 : a >= b) ? a : b;
            case POW -> (int) ScalarOps.ipow(a, b);
            default -> throw badOp();
        };
        return ScalarOps.normalize(kind, r);
    }
}
