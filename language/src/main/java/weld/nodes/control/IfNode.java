package weld.nodes.control;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.profiles.CountingConditionProfile;

import weld.nodes.WeldExpressionNode;

/**
 * {@code if(c, a, b)}: evaluates only the chosen branch, profiling the condition unless built unprofiled. Compiled
 * code speculates on a profiled condition: a branch never taken before compilation is left out, and taking it
 * deoptimizes and invalidates the code. The scalar body of a loop that runs as a SIMD kernel is built unprofiled:
 * the interpreter runs its iterations through the kernel and hardly ever through that body, while compiled code runs
 * the kernel's leftover iterations through it (measured: TPC-H Q6's compiled root invalidated on its first call by
 * the filter of its last rows, then compiled again, 1.7 s of compilation in a fresh JVM each time).
 */
public final class IfNode extends WeldExpressionNode {
    @Child private WeldExpressionNode cond;
    @Child private WeldExpressionNode onTrue;
    @Child private WeldExpressionNode onFalse;
    /** Null where the condition is not profiled. */
    private final CountingConditionProfile profile;

    public IfNode(WeldExpressionNode cond, WeldExpressionNode onTrue, WeldExpressionNode onFalse, boolean profiled) {
        // Not CountingConditionProfile.getUncached(): Graal failed on some roots that held it ("A negative
        // probability ... is not allowed", the tasks of a parallel reduction at 2 threads).
        this.profile = profiled ? CountingConditionProfile.create() : null;
        this.cond = cond;
        this.onTrue = onTrue;
        this.onFalse = onFalse;
    }

    private boolean test(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        return profile == null ? c : profile.profile(c);
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
