package weld.nodes.local;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;

/** Reads a variable (a let binding or an inlined lambda parameter) from its frame slot. */
public final class ReadLocalNode extends WeldExpressionNode {
    private final int slot;
    private final Carrier carrier;

    public ReadLocalNode(int slot, Carrier carrier) {
        this.slot = slot;
        this.carrier = carrier;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return carrier.read(frame, slot);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return frame.getBoolean(slot);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        return frame.getInt(slot);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return frame.getLong(slot);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        return frame.getFloat(slot);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        return frame.getDouble(slot);
    }
}
