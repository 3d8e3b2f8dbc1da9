package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

/**
 * The body of a loop whose builder is a scalar merger or a struct of them, updated only by merges: each merger
 * component is carried in its own slots, and a component whose operator may be reassociated has {@code unroll}
 * accumulators. One repetition runs {@code unroll} iterations in order, iteration {@code k} of the block merging
 * into accumulator {@code k}; this breaks the dependency chain of the merge operator (a floating-point add has a
 * latency of several cycles) and lets the compiler keep every accumulator in a register. After the last full block,
 * {@link #afterLoop} runs the tail one iteration at a time into accumulator 0 (blocks of one have no tail: a second
 * copy of the update function there doubled the code of every loop nested in one, per level). When the loop ends,
 * each component's accumulators are combined pairwise ({@code (a0 + a1) + (a2 + a3)}) and written back
 * to the builder slot.
 *
 * <p>Slots and nodes: {@code start} sets accumulator 0 of each component from the builder and the others to the
 * merge identity; {@code steps[k * s .. (k + 1) * s)} are iteration {@code k}'s steps, in order: the {@code let}s
 * around a struct's fields, each written to its slot once (its fields share them), then each component's update;
 * {@code finish} folds the accumulators and stores the builder; {@code iterationSlots} (elements, index,
 * the update function's own slots) are cleared after every repetition ({@link IterationSlots}).
 */
public final class ReductionBody extends LoopBody {
    private final int unroll;
    private final int stepsPerIteration;
    private final int indexSlot;
    @Children private final ElementLoader[] loaders;
    @Children private final SlotWrite[] start;
    @Children private final SlotWrite[] steps;
    @Children private final SlotWrite[] finish;
    @CompilationFinal(dimensions = 1) private final int[] iterationSlots;

    public ReductionBody(int unroll, int indexSlot, int countSlot, int counterSlot, ElementLoader[] loaders,
                         SlotWrite[] start, SlotWrite[] steps, SlotWrite[] finish, int[] iterationSlots) {
        super(countSlot, counterSlot);
        this.iterationSlots = iterationSlots;
        this.unroll = unroll;
        this.stepsPerIteration = steps.length / unroll;
        this.indexSlot = indexSlot;
        this.loaders = loaders;
        this.start = start;
        this.steps = steps;
        this.finish = finish;
    }

    @Override
    @ExplodeLoop
    public void prepare(VirtualFrame frame) {
        for (SlotWrite w : start) {
            w.run(frame);
        }
        IterationSlots.clear(frame, iterationSlots);
    }

    @Override
    @ExplodeLoop
    public boolean executeRepeating(VirtualFrame frame) {
        long i = counter(frame);
        long n = count(frame);
        // A full block is the only way the loop goes on, so the counter has one step per repetition and the compiled
        // loop is a counted loop (its element loads' bounds checks move before it).
        if (hasNext(i, n, unroll)) {
            for (int k = 0; k < unroll; k++) {
                iteration(frame, plus(i, k), k);
            }
            advance(frame, i, unroll);
            IterationSlots.clear(frame, iterationSlots);
            return true;
        }
        return false;
    }

    @Override
    @ExplodeLoop
    public void afterLoop(VirtualFrame frame) {
        if (unroll > 1) {
            tail(frame, counter(frame), count(frame));
        }
        for (SlotWrite w : finish) {
            w.run(frame);
        }
    }

    /** The last iterations, fewer than a block, one at a time into accumulator 0. */
    private void tail(VirtualFrame frame, long from, long n) {
        for (long i = from; i < n; i++) {
            iteration(frame, i, 0);
            IterationSlots.clear(frame, iterationSlots);
        }
        advance(frame, from, n - from);
    }

    @ExplodeLoop
    private void iteration(VirtualFrame frame, long i, int k) {
        loadIteration(frame, i, indexSlot, loaders);
        for (int j = 0; j < stepsPerIteration; j++) {
            steps[k * stepsPerIteration + j].run(frame);
        }
    }
}
