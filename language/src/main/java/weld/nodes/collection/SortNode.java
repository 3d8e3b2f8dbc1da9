package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;

import weld.nodes.WeldExpressionNode;
import weld.runtime.FieldSort;
import weld.runtime.PrimitiveSort;
import weld.runtime.Storage;
import weld.runtime.ValueOrder;
import weld.runtime.WeldVector;
import weld.runtime.external.ExternalBuffer;

/**
 * {@code sort(v, |a, b| cmp)}: a sorted copy of the vector. A comparator that orders numbers or structs by a field's
 * value ({@link SortOrder}) is not called: the copy of the primitive array is sorted directly (10^6 {@code f64}:
 * 18-60 ms, the first call 170-220), structs by their key fields ({@link FieldSort}), text and other vectors of
 * integers as objects ({@link ValueOrder#sortedVectors}). Any other comparator runs in a
 * stable merge sort ({@link MergeSortLoop}) compiled with the comparator inlined; its body runs with its two
 * parameters in frame slots (a struct of scalars field by field: {@link SortOperands}) and returns a negative, zero
 * or positive i32. Equal elements keep their order there; a comparator that is not a consistent order gives some
 * permutation of the elements.
 */
public final class SortNode extends WeldExpressionNode {
    private final int stateSlot;
    /** The order of a recognized comparator, which then does not run; null if it must. */
    private final SortOrder order;
    @Child private WeldExpressionNode vector;
    /** The merge sort that runs the comparator, in its parameters' slots. */
    @Child private LoopNode loop;

    /**
     * A sort of {@code vector}'s elements in {@code order}, or by running {@code comparator} on elements loaded as
     * {@code operands}; {@code stateSlot} holds a sort in progress.
     */
    public SortNode(int stateSlot, SortOperands operands, SortOrder order, WeldExpressionNode vector,
                    WeldExpressionNode comparator) {
        this.order = order;
        this.stateSlot = stateSlot;
        this.vector = vector;
        this.loop = Truffle.getRuntime().createLoopNode(new MergeSortLoop(stateSlot, operands, comparator));
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldVector v = inArray((WeldVector) vector.executeGeneric(frame));
        if (order != null) {
            WeldVector sorted = sortValues(v);
            if (sorted != null) {
                return sorted;
            }
        }
        if (v.length < 2) {
            return v;
        }
        frame.setObject(stateSlot, start(v));
        loop.execute(frame);
        MergeSortState s = CompilerDirectives.castExact(frame.getObject(stateSlot), MergeSortState.class);
        frame.setObject(stateSlot, null);
        return finish(v, s);
    }

    /**
     * A sorted copy of {@code v} in {@link #order}: of its numbers, or of its structs by a field; null where the
     * field's values are not in a consistent order (NaN), which the comparator then sorts.
     */
    @TruffleBoundary
    private WeldVector sortValues(WeldVector v) {
        if (order.field() >= 0) {
            try {
                return FieldSort.sorted(v, order.fields(), order.kinds(), order.vectorKeys(), order.descendingKeys());
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        if (order.vectors()) {
            return ValueOrder.sortedVectors(v, order.descending());
        }
        Object store = PrimitiveSort.sorted(v.kind, v.store, v.offset, v.length, order.descending());
        return new WeldVector(v.elemType, store, 0, v.length);
    }

    /** {@code v}, or a copy of it in an array where it is read from an external buffer. */
    private static WeldVector inArray(WeldVector v) {
        return v.store instanceof ExternalBuffer ? copy(v) : v;
    }

    @TruffleBoundary
    private static WeldVector copy(WeldVector v) {
        return new WeldVector(v.elemType, Storage.copyOfRange(v.store, v.offset, v.offset + v.length), 0, v.length);
    }

    /** The state of a sort of {@code v}'s elements by the comparator: the identity permutation. */
    @TruffleBoundary
    private static MergeSortState start(WeldVector v) {
        return new MergeSortState(v.store, v.offset, v.length);
    }

    /** A new vector of the elements of {@code s} in the order of its sorted permutation. */
    @TruffleBoundary
    private static WeldVector finish(WeldVector v, MergeSortState s) {
        return new WeldVector(v.elemType, Storage.gather(v.kind, s.store, s.offset, s.source), 0, s.length);
    }
}
