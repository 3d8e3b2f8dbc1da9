package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;

import weld.builders.VecMerger;
import weld.nodes.builder.VecMergeNode;
import weld.nodes.control.IterateNode;

/**
 * Counting in {@code int}s: a loop whose builder is a {@code vecmerger[i64,+]} of at least
 * {@value VecMerger#NARROW_MIN_LENGTH} elements and whose update function merges
 * small constants into it (key counting, {@code merge(b, {i64(k), 1L})}) starts the vecmerger's {@code int} counters
 * for a run ({@link VecMerger#countNarrow}) and adds them to the elements when the run ends. The bound: an update
 * function without loops of its own runs each of its merges at most once per iteration, so a run of {@code n}
 * iterations adds at most {@code n} times the sum of its merges' constants to an element; a run whose bound is past
 * {@code int} range keeps the {@code long} elements. Runs shorter than the vector keep them too (adding the
 * counters costs a pass over both arrays).
 */
final class NarrowCounting {
    /** What one iteration adds to an element at most: the sum of the update function's constant merges (0: none). */
    private final long perIteration;
    private final int builderSlot;
    /** Whether a run has started counters: until then compiled code does not try (it would make the builder escape). */
    @CompilationFinal private boolean used;

    private NarrowCounting(long perIteration, int builderSlot) {
        this.perIteration = perIteration;
        this.builderSlot = builderSlot;
    }

    /** The counting of an update function {@code body} with its builder in {@code builderSlot}, or null. */
    static NarrowCounting of(Node body, int builderSlot) {
        long[] sum = {0};
        boolean[] loops = {false};
        body.accept(n -> {
            if (n instanceof VecMergeNode m) {
                sum[0] += m.narrowIncrement();
            } else if (n instanceof ForNode || n instanceof IterateNode) {
                loops[0] = true;
            }
            return true;
        });
        return sum[0] > 0 && !loops[0] ? new NarrowCounting(sum[0], builderSlot) : null;
    }

    /** Before a run of {@code iterations}: starts the counters if that pays; returns whether it did. */
    boolean begin(VirtualFrame frame, long iterations) {
        if (!(frame.getObject(builderSlot) instanceof VecMerger v) || v.length() < VecMerger.NARROW_MIN_LENGTH
                || iterations < v.length()) {
            return false;
        }
        if (!used) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            used = true;
        }
        return iterations <= Integer.MAX_VALUE / perIteration && v.countNarrow(iterations * perIteration);
    }

    /** After a run that {@link #begin} started counters for: adds them to the elements. */
    void end(VirtualFrame frame) {
        ((VecMerger) frame.getObject(builderSlot)).flushNarrow();
    }
}
