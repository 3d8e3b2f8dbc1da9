package weld.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;

/**
 * Base of all Weld expression nodes. Weld is statically typed, so the node builder picks nodes by type and callers
 * use the typed execute method of the child's {@link weld.runtime.Carrier}; {@link #executeGeneric} returns the
 * boxed carrier. Nodes of a fixed carrier override its typed method and box in {@code executeGeneric}.
 */
public abstract class WeldExpressionNode extends Node {
    public abstract Object executeGeneric(VirtualFrame frame);

    public boolean executeBoolean(VirtualFrame frame) {
        return (Boolean) executeGeneric(frame);
    }

    public int executeInt(VirtualFrame frame) {
        return (Integer) executeGeneric(frame);
    }

    public long executeLong(VirtualFrame frame) {
        return (Long) executeGeneric(frame);
    }

    public float executeFloat(VirtualFrame frame) {
        return (Float) executeGeneric(frame);
    }

    public double executeDouble(VirtualFrame frame) {
        return (Double) executeGeneric(frame);
    }
}
