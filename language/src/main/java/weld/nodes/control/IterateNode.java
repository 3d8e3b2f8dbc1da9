package weld.nodes.control;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RepeatingNode;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.WeldStruct;

/**
 * {@code iterate(init, |x| {next, continue})}: a sequential loop whose state lives in the update function's
 * parameter slot; runs through a {@link LoopNode} so that long iterations are compiled (OSR).
 */
public final class IterateNode extends WeldExpressionNode {
    private final int stateSlot;
    private final Carrier carrier;
    @Child private WeldExpressionNode initial;
    @Child private LoopNode loop;

    public IterateNode(int stateSlot, Carrier carrier, WeldExpressionNode initial, WeldExpressionNode update) {
        this.stateSlot = stateSlot;
        this.carrier = carrier;
        this.initial = initial;
        this.loop = Truffle.getRuntime().createLoopNode(new Step(stateSlot, carrier, update));
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Slots.store(frame, stateSlot, carrier, initial);
        loop.execute(frame);
        return carrier.read(frame, stateSlot);
    }

    /** One step: evaluates the update function and stores the new state. */
    static final class Step extends Node implements RepeatingNode {
        private final int stateSlot;
        private final Carrier carrier;
        @Child private WeldExpressionNode update;

        Step(int stateSlot, Carrier carrier, WeldExpressionNode update) {
            this.stateSlot = stateSlot;
            this.carrier = carrier;
            this.update = update;
        }

        @Override
        public boolean executeRepeating(VirtualFrame frame) {
            WeldStruct r = (WeldStruct) update.executeGeneric(frame);
            carrier.write(frame, stateSlot, r.fields[0]);
            return (Boolean) r.fields[1];
        }
    }
}
