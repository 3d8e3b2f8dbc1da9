package weld.nodes.loop;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;

/** Evaluates an expression into a frame slot in its carrier. */
public final class SlotWrite extends Node {
    private final int slot;
    private final Carrier carrier;
    @Child private WeldExpressionNode value;

    public SlotWrite(int slot, Carrier carrier, WeldExpressionNode value) {
        this.slot = slot;
        this.carrier = carrier;
        this.value = value;
    }

    public void run(VirtualFrame frame) {
        Slots.store(frame, slot, carrier, value);
    }
}
