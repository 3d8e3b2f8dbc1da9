package weld.nodes.collection;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.MaterializedFrame;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.FieldSort;
import weld.runtime.PrimitiveSort;
import weld.runtime.Storage;
import weld.runtime.WeldVector;
import weld.syntax.Pos;

/**
 * {@code sort(v, |a, b| cmp)}: sorts a copy of the vector; the comparator's body runs with its two parameters in
 * their frame slots and returns a negative, zero or positive i32. The order of equal elements is unspecified. A
 * comparator that orders numbers or structs by a field's value ({@link SortOrder}) is not called: the copy of the
 * primitive array is sorted directly (10^6 {@code f64}: 570-920 ms with the comparator, 18-60 ms without, the first
 * call 170-220), structs with a Java comparator on the field.
 */
public final class SortNode extends WeldExpressionNode {
    private final Pos pos;
    private final int leftSlot;
    private final int rightSlot;
    private final Carrier carrier;
    /** The order of a recognized comparator, which then does not run; null if it must. */
    private final SortOrder order;
    @Child private WeldExpressionNode vector;
    @Child private WeldExpressionNode comparator;

    public SortNode(Pos pos, int leftSlot, int rightSlot, Carrier carrier, SortOrder order, WeldExpressionNode vector,
                    WeldExpressionNode comparator) {
        this.pos = pos;
        this.order = order;
        this.leftSlot = leftSlot;
        this.rightSlot = rightSlot;
        this.carrier = carrier;
        this.vector = vector;
        this.comparator = comparator;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldVector v = (WeldVector) vector.executeGeneric(frame);
        if (order != null) {
            return sortValues(v);
        }
        return sort(v, frame.materialize());
    }

    /** A sorted copy of {@code v} in {@link #order}: of its numbers, or of its structs by a field. */
    @TruffleBoundary
    private WeldVector sortValues(WeldVector v) {
        if (order.field() >= 0) {
            try {
                return FieldSort.sorted(v, order.field(), order.kind(), order.descending());
            } catch (IllegalArgumentException e) {
                throw WeldException.runtime(pos, "the sort comparator is inconsistent", this);
            }
        }
        Object store = PrimitiveSort.sorted(v.kind, v.store, v.offset, v.length, order.descending());
        return new WeldVector(v.elemType, store, 0, v.length);
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
