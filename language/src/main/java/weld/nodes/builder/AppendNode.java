package weld.nodes.builder;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.Storage;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/** {@code merge(b, v)} on an appender: appends {@code v} in its carrier (no boxing of scalars) and returns b. */
public final class AppendNode extends WeldExpressionNode {
    private final Carrier carrier;
    /** Whether the elements are {@code i32}, kept in an {@code int[]}. */
    private final boolean i32;
    /** The column layout of struct elements, or null. */
    private final StructLayout layout;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode value;

    public AppendNode(WeldType elem, WeldExpressionNode builder, WeldExpressionNode value) {
        this.carrier = Carrier.of(elem);
        this.i32 = Storage.kindOf(elem) == ScalarKind.I32;
        this.layout = StructLayout.of(elem);
        this.builder = builder;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Appender a = (Appender) builder.executeGeneric(frame);
        if (i32) {
            a.appendI32(value.executeInt(frame));
        } else {
            append(frame, a, carrier, layout, value);
        }
        return a;
    }

    /**
     * Appends {@code value}'s value to {@code a} in {@code carrier} (a struct of scalars to the columns of
     * {@code layout}, constants of the calling node).
     */
    static void append(VirtualFrame frame, Appender a, Carrier carrier, StructLayout layout,
                       WeldExpressionNode value) {
        switch (carrier) {
            case BOOLEAN -> a.appendBoolean(value.executeBoolean(frame));
            case INT -> a.appendInt(value.executeInt(frame));
            case LONG -> a.appendLong(value.executeLong(frame));
            case FLOAT -> a.appendFloat(value.executeFloat(frame));
            case DOUBLE -> a.appendDouble(value.executeDouble(frame));
            case OBJECT -> {
                if (layout != null) {
                    a.appendStruct(layout, (WeldStruct) value.executeGeneric(frame));
                } else {
                    a.appendObject(value.executeGeneric(frame));
                }
            }
        }
    }
}
