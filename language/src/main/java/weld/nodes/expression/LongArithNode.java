package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;

/** Arithmetic and bitwise operators on i64 and u64 (two's complement wrap-around; u64 division unsigned). */
public final class LongArithNode extends BinaryNode {
    private final boolean unsigned;

    public LongArithNode(ScalarKind kind, BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        super(op, pos, left, right);
        this.unsigned = kind == ScalarKind.U64;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeLong(frame);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        long a = left.executeLong(frame);
        long b = right.executeLong(frame);
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> {
                if (b == 0) {
                    throw divisionByZero();
                }
                yield unsigned ? Long.divideUnsigned(a, b) : a / b;
            }
            case MOD -> {
                if (b == 0) {
                    throw divisionByZero();
                }
                yield unsigned ? Long.remainderUnsigned(a, b) : a % b;
            }
            case BAND -> a & b;
            case BOR -> a | b;
            case XOR -> a ^ b;
            case MIN -> (unsigned ? Long.compareUnsigned(a, b) <= 0 : a <= b) ? a : b;
            case MAX -> (unsigned ? Long.compareUnsigned(a, b) >= 0 : a >= b) ? a : b;
            case POW -> ScalarOps.ipow(a, b);
            default -> throw badOp();
        };
    }
}
