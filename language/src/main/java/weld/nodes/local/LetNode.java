package weld.nodes.local;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;

/** {@code let x = value; body}: stores the value in x's slot, then evaluates the body. */
public final class LetNode extends WeldExpressionNode {
    private final int slot;
    private final Carrier carrier;
    @Child private WeldExpressionNode value;
    @Child private WeldExpressionNode body;

    public LetNode(int slot, Carrier carrier, WeldExpressionNode value, WeldExpressionNode body) {
        this.slot = slot;
        this.carrier = carrier;
        this.value = value;
        this.body = body;
    }

    private void bind(VirtualFrame frame) {
        Slots.store(frame, slot, carrier, value);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        bind(frame);
        return body.executeGeneric(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        bind(frame);
        return body.executeBoolean(frame);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        bind(frame);
        return body.executeInt(frame);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        bind(frame);
        return body.executeLong(frame);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        bind(frame);
        return body.executeFloat(frame);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        bind(frame);
        return body.executeDouble(frame);
    }
}
