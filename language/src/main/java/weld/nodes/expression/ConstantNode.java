package weld.nodes.expression;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;

/** A constant: a literal, or a builder identity; {@code value} is the boxed carrier. */
public final class ConstantNode extends WeldExpressionNode {
    private final Object value;

    public ConstantNode(Object value) {
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return value;
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return (Boolean) value;
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        return (Integer) value;
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return (Long) value;
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        return (Float) value;
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        return (Double) value;
    }
}
