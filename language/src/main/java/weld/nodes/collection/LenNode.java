package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldVector;

/** {@code len(v)} as an i64. */
public final class LenNode extends WeldExpressionNode {
    @Child private WeldExpressionNode vector;

    public LenNode(WeldExpressionNode vector) {
        this.vector = vector;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeLong(frame);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return ((WeldVector) vector.executeGeneric(frame)).length;
    }
}
