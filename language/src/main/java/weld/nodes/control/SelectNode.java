package weld.nodes.control;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;

/** {@code select(c, a, b)}: evaluates all three operands, then picks one (compiles to a conditional move). */
public final class SelectNode extends WeldExpressionNode {
    @Child private WeldExpressionNode cond;
    @Child private WeldExpressionNode onTrue;
    @Child private WeldExpressionNode onFalse;

    public SelectNode(WeldExpressionNode cond, WeldExpressionNode onTrue, WeldExpressionNode onFalse) {
        this.cond = cond;
        this.onTrue = onTrue;
        this.onFalse = onFalse;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        Object a = onTrue.executeGeneric(frame);
        Object b = onFalse.executeGeneric(frame);
        return c ? a : b;
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        boolean a = onTrue.executeBoolean(frame);
        boolean b = onFalse.executeBoolean(frame);
        return c ? a : b;
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        int a = onTrue.executeInt(frame);
        int b = onFalse.executeInt(frame);
        return c ? a : b;
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        long a = onTrue.executeLong(frame);
        long b = onFalse.executeLong(frame);
        return c ? a : b;
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        float a = onTrue.executeFloat(frame);
        float b = onFalse.executeFloat(frame);
        return c ? a : b;
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        boolean c = cond.executeBoolean(frame);
        double a = onTrue.executeDouble(frame);
        double b = onFalse.executeDouble(frame);
        return c ? a : b;
    }
}
