package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldStruct;

/** {@code s.$i}; the typed execute methods unbox the field in its carrier. */
public final class GetFieldNode extends WeldExpressionNode {
    private final int index;
    @Child private WeldExpressionNode struct;

    public GetFieldNode(int index, WeldExpressionNode struct) {
        this.index = index;
        this.struct = struct;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return ((WeldStruct) struct.executeGeneric(frame)).fields[index];
    }
}
