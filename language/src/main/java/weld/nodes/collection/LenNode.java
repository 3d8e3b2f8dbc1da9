package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldDict;
import weld.runtime.WeldVector;

/** {@code len(v)} of a vector, or the number of entries of a dictionary, as an i64. */
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
        Object v = vector.executeGeneric(frame);
        return v instanceof WeldVector vec ? vec.length : ((WeldDict) v).size();
    }
}
