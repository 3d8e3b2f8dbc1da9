package weld.nodes.builder;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.nodes.WeldExpressionNode;
import weld.runtime.SimdOps;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * {@code merge(b, x)} of a {@code simd[S]} value into a builder of S: a merger folds the lanes into its
 * accumulator, an appender appends them in lane order.
 */
public final class MergeLanesNode extends WeldExpressionNode {
    private final ScalarKind scalar;
    private final BinOp mergerOp;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode value;

    /** {@code mergerOp} is the merger's operator, or null for an appender. */
    public MergeLanesNode(ScalarKind scalar, BinOp mergerOp, WeldExpressionNode builder, WeldExpressionNode value) {
        this.scalar = scalar;
        this.mergerOp = mergerOp;
        this.builder = builder;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object b = builder.executeGeneric(frame);
        Object lanes = value.executeGeneric(frame);
        if (mergerOp != null) {
            return SimdOps.reduce(scalar, mergerOp, b, lanes);
        }
        ((Appender) b).appendLanes(lanes);
        return b;
    }
}
