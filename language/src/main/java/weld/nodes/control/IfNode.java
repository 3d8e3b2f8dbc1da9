package weld.nodes.control;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.profiles.CountingConditionProfile;

import weld.nodes.WeldExpressionNode;

/** {@code if(c, a, b)}: evaluates only the chosen branch, profiling the condition. */
public final class IfNode extends WeldExpressionNode {
    @Child private WeldExpressionNode cond;
    @Child private WeldExpressionNode onTrue;
    @Child private WeldExpressionNode onFalse;
    private final CountingConditionProfile profile = CountingConditionProfile.create();

    public IfNode(WeldExpressionNode cond, WeldExpressionNode onTrue, WeldExpressionNode onFalse) {
        this.cond = cond;
        this.onTrue = onTrue;
        this.onFalse = onFalse;
    }

    private boolean test(VirtualFrame frame) {
        return profile.profile(cond.executeBoolean(frame));
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return test(frame) ? onTrue.executeGeneric(frame) : onFalse.executeGeneric(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return test(frame) ? onTrue.executeBoolean(frame) : onFalse.executeBoolean(frame);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        return test(frame) ? onTrue.executeInt(frame) : onFalse.executeInt(frame);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return test(frame) ? onTrue.executeLong(frame) : onFalse.executeLong(frame);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        return test(frame) ? onTrue.executeFloat(frame) : onFalse.executeFloat(frame);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        return test(frame) ? onTrue.executeDouble(frame) : onFalse.executeDouble(frame);
    }
}
