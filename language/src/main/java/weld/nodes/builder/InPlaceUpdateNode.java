package weld.nodes.builder;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;

/**
 * {@code {merge(b.$0, x), ..., merge(b.$n, y)}} where every field of the struct of builders {@code b} is a builder
 * updated in place (appender, vecmerger, dictmerger, groupmerger): each field's merges return the same builder
 * object, so the new struct equals {@code b}. Runs the merges and returns {@code b} instead of allocating a struct
 * per iteration.
 */
public final class InPlaceUpdateNode extends WeldExpressionNode {
    @Children private final WeldExpressionNode[] updates;
    @Child private WeldExpressionNode builders;

    public InPlaceUpdateNode(WeldExpressionNode[] updates, WeldExpressionNode builders) {
        this.updates = updates;
        this.builders = builders;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        for (WeldExpressionNode u : updates) {
            u.executeGeneric(frame);
        }
        return builders.executeGeneric(frame);
    }
}
