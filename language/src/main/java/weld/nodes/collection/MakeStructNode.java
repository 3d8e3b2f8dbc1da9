package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/** A struct literal {@code {e1, ..., en}}. */
public final class MakeStructNode extends WeldExpressionNode {
    private final WeldType.Struct type;
    @Children private final WeldExpressionNode[] elems;

    public MakeStructNode(WeldType.Struct type, WeldExpressionNode[] elems) {
        this.type = type;
        this.elems = elems;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object[] f = new Object[elems.length];
        for (int i = 0; i < elems.length; i++) {
            f[i] = elems[i].executeGeneric(frame);
        }
        return new WeldStruct(type, f);
    }

    /** Whether one of the fields is a vector literal (text written just before the struct, when it is text). */
    boolean hasVectorLiteral() {
        for (WeldExpressionNode e : elems) {
            if (e instanceof MakeVectorNode) {
                return true;
            }
        }
        return false;
    }
}
