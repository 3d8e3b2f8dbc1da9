package weld.nodes.loop;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;

import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldVector;

/**
 * {@code lookup(v, e + i)} over a loop's index {@code i}, with {@code v} and {@code e} the same in every iteration,
 * read like one more iterator: before the loop runs, {@link #setup} checks once that the {@code n} elements from
 * {@code e} on are inside {@code v}, and leaves the backing array and first index in frame slots for an
 * {@link ElementLoader}; the lookup then reads its element slot ({@link IndexedLookupRead}). The loads get the
 * compiled loop's treatment of iterators: an int index of the counter, bounds checked once before the loop, instead
 * of two range checks per read (the inner loops of the logistic-regression step read a matrix row this way).
 *
 * <p>A loop whose elements are not all inside the vector (a lookup guarded by an {@code if}, say) invalidates the
 * assumption: from then on every copy of the loop checks each lookup where it happens, so an out-of-range lookup
 * fails at its own iteration and position, as it did.
 */
public final class IndexedLookup extends Node {
    private final LoopSlots slots;
    /** Shared by the tasks' copies of the loop body, whose code depends on it too. */
    private final Assumption inRange = Truffle.getRuntime().createAssumption("indexed lookups in range");
    @Child private WeldExpressionNode vector;
    @Child private WeldExpressionNode offset;

    /** {@code offset} null: the index itself. */
    public IndexedLookup(LoopSlots slots, WeldExpressionNode vector, WeldExpressionNode offset) {
        this.slots = slots;
        this.vector = vector;
        this.offset = offset;
    }

    /** The slots of the lookup's backing array, first index and element. */
    public LoopSlots slots() {
        return slots;
    }

    /** Whether the element slot holds the lookup's value (else it must be looked up where it is). */
    public boolean inRange() {
        return inRange.isValid();
    }

    /** Prepares the lookup's element loads for a loop of {@code n} iterations. */
    public void setup(VirtualFrame frame, long n) {
        if (!inRange.isValid() || n == 0) {
            return;
        }
        WeldVector v = (WeldVector) vector.executeGeneric(frame);
        long e = offset == null ? 0 : offset.executeLong(frame);
        if (e < 0 || e > v.length - n) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            inRange.invalidate();
            return;
        }
        frame.setObject(slots.store(), v.store);
        frame.setLong(slots.base(), v.offset + e);
    }
}
