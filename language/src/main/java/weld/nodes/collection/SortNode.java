package weld.nodes.collection;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.MaterializedFrame;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.Storage;
import weld.runtime.WeldVector;
import weld.syntax.Pos;

/**
 * {@code sort(v, |a, b| cmp)}: sorts a copy of the vector; the comparator's body runs with its two parameters in
 * their frame slots and returns a negative, zero or positive i32. The order of equal elements is unspecified.
 */
public final class SortNode extends WeldExpressionNode {
    private final Pos pos;
    private final int leftSlot;
    private final int rightSlot;
    private final Carrier carrier;
    @Child private WeldExpressionNode vector;
    @Child private WeldExpressionNode comparator;

    public SortNode(Pos pos, int leftSlot, int rightSlot, Carrier carrier, WeldExpressionNode vector,
                    WeldExpressionNode comparator) {
        this.pos = pos;
        this.leftSlot = leftSlot;
        this.rightSlot = rightSlot;
        this.carrier = carrier;
        this.vector = vector;
        this.comparator = comparator;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return sort((WeldVector) vector.executeGeneric(frame), frame.materialize());
    }

    @TruffleBoundary
    private WeldVector sort(WeldVector v, MaterializedFrame frame) {
        Object[] elems = new Object[v.length];
        for (int i = 0; i < elems.length; i++) {
            elems[i] = v.get(i);
        }
        try {
            Arrays.sort(elems, (a, b) -> {
                carrier.write(frame, leftSlot, a);
                carrier.write(frame, rightSlot, b);
                return comparator.executeInt(frame);
            });
        } catch (IllegalArgumentException e) {
            throw WeldException.runtime(pos, "the sort comparator is inconsistent", this);
        }
        Object store = Storage.newArray(v.kind, elems.length);
        for (int i = 0; i < elems.length; i++) {
            Storage.writeBoxed(v.kind, store, i, elems[i]);
        }
        return new WeldVector(v.elemType, store, 0, elems.length);
    }
}
