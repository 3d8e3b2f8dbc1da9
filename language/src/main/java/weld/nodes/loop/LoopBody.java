package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
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
    private final int countSlot;
    private final int counterSlot;
    /**
     * Whether the counter and the count are {@code long} slots: only once a loop has run past {@code int} range
     * (a long {@code rangeiter}, a long external buffer). Until then they are {@code int} slots, so the compiled
     * loop has an {@code int} induction variable: Graal then treats it as a counted loop and moves the array
     * bounds checks of the element loads out of it (measured on TPC-H Q1: seven checks per row before).
     */
    @CompilationFinal private boolean longCounts;

    protected LoopBody(int countSlot, int counterSlot) {
        this.countSlot = countSlot;
        this.counterSlot = counterSlot;
    }

    /** Sets the iterations the next run of the loop covers: {@code from} (inclusive) to {@code to} (exclusive). */
    public void setRange(VirtualFrame frame, long from, long to) {
        if (!longCounts && to > Integer.MAX_VALUE) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            longCounts = true;
        }
        if (longCounts) {
            frame.setLong(counterSlot, from);
            frame.setLong(countSlot, to);
        } else {
            frame.setInt(counterSlot, (int) from);
            frame.setInt(countSlot, (int) to);
        }
    }

    /** The index of the next iteration. */
    protected final long counter(VirtualFrame frame) {
        return longCounts ? frame.getLong(counterSlot) : frame.getInt(counterSlot);
    }

    /** The end of the iterations to run (exclusive). */
    protected final long count(VirtualFrame frame) {
        return longCounts ? frame.getLong(countSlot) : frame.getInt(countSlot);
    }

    /**
     * Whether {@code size} more iterations from {@code i} are below {@code n}: on {@code int} counts an {@code int}
     * comparison of the counter with a loop-invariant limit, the shape of a counted loop's exit test.
     */
    protected final boolean hasNext(long i, long n, int size) {
        return longCounts ? n - i >= size : (int) i <= (int) n - size;
    }

    /**
     * Iteration {@code i + k} of a block that {@link #hasNext} found below the count: an {@code int} addition on
     * {@code int} counts, which the compiler recognizes as derived from the induction variable.
     */
    protected final long plus(long i, int k) {
        return longCounts ? i + k : (int) i + k;
    }

    /**
     * Moves the counter from {@code i} (its value) on by {@code steps}: an {@code int} addition on an {@code int}
     * counter, so the compiler sees the induction variable.
     */
    protected final void advance(VirtualFrame frame, long i, long steps) {
        if (longCounts) {
            frame.setLong(counterSlot, i + steps);
        } else {
            frame.setInt(counterSlot, (int) i + (int) steps);
        }
    }

    /**
     * Runs once the loop's repetitions have ended, in the same run: what is left after the last full block (the
     * tail) and the builder's write-back. Kept out of {@link #executeRepeating}, so that the compiled loop is one
     * counted loop followed by its tail loop rather than a loop holding the tail loop on its exit path: Graal (25.0)
     * fails to compile a root where such a loop is nested in another loop ({@code LoopPartialUnrollPhase}: "Loop
     * begin does not match"), which left a loop nest with an unrolled inner reduction to on-stack replacement.
     */
    public void afterLoop(VirtualFrame frame) {
    }

    /** Sets up the body's own slots before the loop (or a task's range of iterations) starts. */
    public void prepare(VirtualFrame frame) {
    }

    /**
     * Called before one run of the loop over {@code iterations} iterations (the sequential loop, or a task's range),
     * with the builder slot holding the run's builder; returns whether {@link #endRun} must be called after it.
     */
    public boolean beginRun(VirtualFrame frame, long iterations) {
        return false;
    }

    /** Called after a run for which {@link #beginRun} returned true, with the builder slot holding its builder. */
    public void endRun(VirtualFrame frame) {
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
