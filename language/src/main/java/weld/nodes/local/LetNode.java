package weld.nodes.local;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;

/** {@code let x = value; body}: stores the value in x's slot, then evaluates the body. */
public final class LetNode extends ScopeNode {
    private final int slot;
    private final Carrier carrier;
    @Child private WeldExpressionNode value;

    public LetNode(int slot, Carrier carrier, WeldExpressionNode value, WeldExpressionNode body) {
        super(body);
        this.slot = slot;
        this.carrier = carrier;
        this.value = value;
    }

    @Override
    void bind(VirtualFrame frame) {
        Slots.store(frame, slot, carrier, value);
    }
}
