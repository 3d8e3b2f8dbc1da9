package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.ScalarOps;
import weld.syntax.ScalarKind;

/**
 * {@code T(e)} between scalar types, with C conversion semantics: integers truncate or extend by the source's
 * signedness, unsigned values convert to floats by value, floats convert to integers by truncation toward zero,
 * and {@code bool} converts as 0/1 (any non-zero number converts to {@code true}).
 */
public final class CastNode extends WeldExpressionNode {
    private final ScalarKind from;
    private final ScalarKind to;
    @Child private WeldExpressionNode operand;

    public CastNode(ScalarKind from, ScalarKind to, WeldExpressionNode operand) {
        this.from = from;
        this.to = to;
        this.operand = operand;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return switch (Carrier.of(to)) {
            case BOOLEAN -> executeBoolean(frame);
            case INT -> executeInt(frame);
            case LONG -> executeLong(frame);
            case FLOAT -> executeFloat(frame);
            default -> executeDouble(frame);
        };
    }

    /** The source value as a long (exact for every integer type, truncated for floats, 0/1 for bool). */
    private long asLong(VirtualFrame frame) {
        return switch (Carrier.of(from)) {
            case BOOLEAN -> operand.executeBoolean(frame) ? 1 : 0;
            case INT -> from == ScalarKind.U32 ? Integer.toUnsignedLong(operand.executeInt(frame)) : operand.executeInt(frame);
            case LONG -> operand.executeLong(frame);
            case FLOAT -> floatToLong(operand.executeFloat(frame));
            default -> floatToLong(operand.executeDouble(frame));
        };
    }

    private long floatToLong(double d) {
        if (to == ScalarKind.U64 && d >= 0x1p63) {
            return (long) (d - 0x1p63) + Long.MIN_VALUE;
        }
        return (long) d;
    }

    private double asDouble(VirtualFrame frame) {
        return switch (Carrier.of(from)) {
            case FLOAT -> operand.executeFloat(frame);
            case DOUBLE -> operand.executeDouble(frame);
            case LONG -> {
                long v = operand.executeLong(frame);
                yield from == ScalarKind.U64 && v < 0 ? unsignedToDouble(v) : (double) v;
            }
            default -> (double) asLong(frame);
        };
    }

    private static double unsignedToDouble(long v) {
        double d = (double) (v >>> 1 | (v & 1));
        return d * 2.0;
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return switch (Carrier.of(from)) {
            case FLOAT -> operand.executeFloat(frame) != 0;
            case DOUBLE -> operand.executeDouble(frame) != 0;
            default -> asLong(frame) != 0;
        };
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        return ScalarOps.normalize(to, (int) asLong(frame));
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return asLong(frame);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        if (from == ScalarKind.F64) {
            return (float) operand.executeDouble(frame);
        }
        if (from == ScalarKind.U64) {
            long v = operand.executeLong(frame);
            return v < 0 ? (float) unsignedToDouble(v) : (float) v;
        }
        if (Carrier.of(from) == Carrier.LONG) {
            return (float) operand.executeLong(frame);
        }
        return (float) asDouble(frame);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        return asDouble(frame);
    }
}
