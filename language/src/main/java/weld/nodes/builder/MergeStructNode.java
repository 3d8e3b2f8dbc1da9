package weld.nodes.builder;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.types.WeldType;

/** {@code merge(b, v)} on a merger over a struct of scalars: a new struct combined field by field. */
public final class MergeStructNode extends WeldExpressionNode {
    private final WeldType type;
    private final BinOp op;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode value;

    public MergeStructNode(WeldType type, BinOp op, WeldExpressionNode builder, WeldExpressionNode value) {
        this.type = type;
        this.op = op;
        this.builder = builder;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object b = builder.executeGeneric(frame);
        return ScalarOps.combine(type, op, b, value.executeGeneric(frame));
    }
}
