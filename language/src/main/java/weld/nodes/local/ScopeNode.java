package weld.nodes.local;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;

/**
 * A node that binds variables into frame slots ({@link #bind}) and then evaluates its body, through the body's
 * execute method of the same type: {@code let} and its forms.
 */
abstract class ScopeNode extends WeldExpressionNode {
    @Child private WeldExpressionNode body;

    ScopeNode(WeldExpressionNode body) {
        this.body = body;
    }

    /** Writes the bound variables' slots. */
    abstract void bind(VirtualFrame frame);

    @Override
    public final Object executeGeneric(VirtualFrame frame) {
        bind(frame);
        return body.executeGeneric(frame);
    }

    @Override
    public final boolean executeBoolean(VirtualFrame frame) {
        bind(frame);
        return body.executeBoolean(frame);
    }

    @Override
    public final int executeInt(VirtualFrame frame) {
        bind(frame);
        return body.executeInt(frame);
    }

    @Override
    public final long executeLong(VirtualFrame frame) {
        bind(frame);
        return body.executeLong(frame);
    }

    @Override
    public final float executeFloat(VirtualFrame frame) {
        bind(frame);
        return body.executeFloat(frame);
    }

    @Override
    public final double executeDouble(VirtualFrame frame) {
        bind(frame);
        return body.executeDouble(frame);
    }
}
