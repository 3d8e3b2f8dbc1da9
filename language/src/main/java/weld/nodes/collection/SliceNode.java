package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldVector;

/**
 * {@code slice(v, i, n)}: a view of {@code n} elements from {@code i}, clipped to the end of the vector (reference
 * implementation behaviour); no copy.
 */
public final class SliceNode extends WeldExpressionNode {
    @Child private WeldExpressionNode vector;
    @Child private WeldExpressionNode index;
    @Child private WeldExpressionNode size;

    public SliceNode(WeldExpressionNode vector, WeldExpressionNode index, WeldExpressionNode size) {
        this.vector = vector;
        this.index = index;
        this.size = size;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldVector v = (WeldVector) vector.executeGeneric(frame);
        long i = Math.max(0, Math.min(index.executeLong(frame), v.length));
        long n = Math.max(0, Math.min(size.executeLong(frame), v.length - i));
        return v.slice((int) i, (int) n);
    }
}
