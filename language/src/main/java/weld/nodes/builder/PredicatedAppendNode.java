package weld.nodes.builder;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/**
 * {@code if(c, merge(b, v), b)} on an appender of numbers or of structs of them (kept in columns), predicated: evaluates {@code v} on every iteration,
 * writes it after the appender's last element and takes that slot only where {@code c} holds (where {@code negated},
 * the {@code if(c, b, merge(b, v))} form, where it does not), so compiled code has no branch on {@code c}. A filter
 * that keeps half of its random rows mispredicts about every other branch; a store and an add per row cost less.
 * Built for the values {@code weld.ir.passes.AppendPredication} accepts (cheap, and unable to fail).
 */
public final class PredicatedAppendNode extends WeldExpressionNode {
    private final Carrier carrier;
    /** The column layout of struct elements, or null. */
    private final StructLayout layout;
    private final boolean negated;
    @Child private WeldExpressionNode cond;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode value;

    public PredicatedAppendNode(WeldType elem, boolean negated, WeldExpressionNode cond, WeldExpressionNode builder,
                                WeldExpressionNode value) {
        this.carrier = Carrier.of(elem);
        this.layout = StructLayout.of(elem);
        this.negated = negated;
        this.cond = cond;
        this.builder = builder;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        boolean keep = cond.executeBoolean(frame) != negated;
        Appender a = (Appender) builder.executeGeneric(frame);
        switch (carrier) {
            case INT -> a.appendIntIf(keep, value.executeInt(frame));
            case LONG -> a.appendLongIf(keep, value.executeLong(frame));
            case FLOAT -> a.appendFloatIf(keep, value.executeFloat(frame));
            case DOUBLE -> a.appendDoubleIf(keep, value.executeDouble(frame));
            case OBJECT -> a.appendStructIf(layout, keep, (WeldStruct) value.executeGeneric(frame));
            default -> throw new IllegalStateException("predicated append of " + carrier);
        }
        return a;
    }
}
