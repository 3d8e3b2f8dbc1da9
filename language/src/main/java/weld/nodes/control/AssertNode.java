package weld.nodes.control;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.syntax.Pos;

/** {@code assert(c)}: true, or a runtime error at the assertion's position. */
public final class AssertNode extends WeldExpressionNode {
    private final Pos pos;
    @Child private WeldExpressionNode cond;

    public AssertNode(Pos pos, WeldExpressionNode cond) {
        this.pos = pos;
        this.cond = cond;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeBoolean(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        if (!cond.executeBoolean(frame)) {
            CompilerDirectives.transferToInterpreter();
            throw WeldException.runtime(pos, "assertion failed", this);
        }
        return true;
    }
}
