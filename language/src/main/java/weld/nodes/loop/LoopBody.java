package weld.nodes.loop;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RepeatingNode;

/**
 * The repeating body of a {@code for}, run while the counter slot is below the count slot: {@link UpdateBody} runs
 * the update function once per iteration, {@link ReductionBody} runs merger reductions with several accumulators.
 * Used by the sequential loop and by each task of a parallel one.
 */
public abstract class LoopBody extends Node implements RepeatingNode {
    /** Sets up the body's own slots before the loop (or a task's range of iterations) starts. */
    public void prepare(VirtualFrame frame) {
    }

    /** Runs once before a loop of {@code n} iterations, sequential or parallel (not per task). */
    public void start(VirtualFrame frame, long n) {
    }

    /** Runs once after a loop of {@code n} iterations, with the builder slot holding the loop's builder. */
    public void end(VirtualFrame frame, long n) {
    }

    /** Whether the tasks of a parallel loop all update the loop's own builder (else each gets a partial). */
    public boolean sharesBuilder() {
        return false;
    }

    /** Writes iteration {@code i}'s index (if the body uses it) and loads its elements into their slots. */
    @ExplodeLoop
    protected static void loadIteration(VirtualFrame frame, long i, int indexSlot, ElementLoader[] loaders) {
        if (indexSlot >= 0) {
            frame.setLong(indexSlot, i);
        }
        for (ElementLoader l : loaders) {
            l.load(frame, i);
        }
    }

    /** A copy whose inner loops run sequentially, for a parallel loop's tasks. */
    public final LoopBody taskCopy() {
        LoopBody copy = (LoopBody) deepCopy();
        copy.accept(node -> {
            if (node instanceof ForNode f) {
                f.runSequentially();
            }
            return true;
        });
        return copy;
    }
}
