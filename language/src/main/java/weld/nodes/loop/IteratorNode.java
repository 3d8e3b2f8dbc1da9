package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.syntax.IterKind;
import weld.runtime.WeldVector;
import weld.syntax.Pos;

/**
 * Prepares one iterator of a {@code for} before the loop starts: evaluates the vector and the bounds, checks them,
 * and leaves the backing array, the first array index and the stride in frame slots for the {@link ElementLoader}.
 * Returns the trip count. Handles a whole vector, {@code iter(v, start, end, stride)},
 * {@code rangeiter(start, end, stride)} (then {@code data} is null and the elements are the indices themselves),
 * {@code simditer(v)} (whole chunks of {@code lanes} elements) and {@code fringeiter(v)} (the elements after them).
 */
public final class IteratorNode extends Node {
    private final Pos pos;
    private final LoopSlots slots;
    private final IterKind kind;
    private final int lanes;
    @Child private WeldExpressionNode data;
    @Child private WeldExpressionNode start;
    @Child private WeldExpressionNode end;
    @Child private WeldExpressionNode stride;

    public IteratorNode(Pos pos, LoopSlots slots, IterKind kind, int lanes, WeldExpressionNode data,
                        WeldExpressionNode start, WeldExpressionNode end, WeldExpressionNode stride) {
        this.pos = pos;
        this.slots = slots;
        this.kind = kind;
        this.lanes = lanes;
        this.data = data;
        this.start = start;
        this.end = end;
        this.stride = stride;
    }

    /** Sets up the iterator's slots and returns its number of iterations. */
    public long setup(VirtualFrame frame) {
        WeldVector v = data == null ? null : (WeldVector) data.executeGeneric(frame);
        long s = start == null ? 0 : start.executeLong(frame);
        long e = end == null ? v.length : end.executeLong(frame);
        long st = stride == null ? 1 : stride.executeLong(frame);
        if (kind == IterKind.SIMD) {
            e = v.length / lanes * lanes;
            st = lanes;
        } else if (kind == IterKind.FRINGE) {
            s = v.length / lanes * lanes;
        }
        if (st <= 0) {
            throw error("the stride of an iterator must be positive, not " + st);
        }
        if (v != null && (s < 0 || e > v.length || s > e)) {
            throw error("iterator bounds [" + s + ", " + e + ") are outside a vector of length " + v.length);
        }
        if (v != null) {
            frame.setObject(slots.store(), v.store);
            frame.setLong(slots.base(), v.offset + s);
        } else {
            frame.setLong(slots.base(), s);
        }
        frame.setLong(slots.stride(), st);
        return e <= s ? 0 : (e - s - 1) / st + 1;
    }

    private WeldException error(String message) {
        CompilerDirectives.transferToInterpreter();
        return WeldException.runtime(pos, message, this);
    }
}
