package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.loop.lanes.FusedKernel;
import weld.nodes.loop.lanes.LaneKernel;
import weld.runtime.Carrier;

/**
 * A {@link ReductionBody} whose iterations can also run as SIMD code: while every iterator's store is a primitive
 * array of its element type, the loop's {@link IndexedLookup}s that the kernel reads are in range and at least
 * {@value KernelBody#MIN_ITERATIONS} iterations are left, one repetition runs up to {@value KernelBody#CHUNK} iterations through the
 * {@link LaneKernel} and merges their result into accumulator 0 of each merger (as one fused loop of vector
 * operations in compiled code when the kernel has a {@link FusedKernel}, which leaves fewer than a vector's lanes of
 * iterations to the next repetition; the interpreter runs the lane kernel's blocks, C2-compiled Java, and only after
 * its {@link KernelBody#kernelRuns warm-up}); otherwise (an external buffer, a short loop or its last few iterations) it runs
 * the reduction body's iterations.
 */
public final class VectorReductionBody extends KernelBody {
    /** Vector steps of the fused kernel's priming run: its unrolled groups and a tail (at most 4 vectors a group). */
    private static final int PRIME_STEPS = 9;
    private final LaneKernel kernel;
    @CompilationFinal(dimensions = 1) private final int[] accumulators;
    @CompilationFinal(dimensions = 1) private final Carrier[] carriers;

    /** {@code accumulators[j]}: the slot of accumulator 0 of merger {@code j} in {@code scalar}. */
    public VectorReductionBody(LaneKernel kernel, KernelInputs inputs, int[] accumulators, Carrier[] carriers,
                               int countSlot, int counterSlot, int warmup, ReductionBody scalar) {
        super(countSlot, counterSlot, inputs, kernel, warmup, scalar);
        this.kernel = kernel;
        this.accumulators = accumulators;
        this.carriers = carriers;
    }

    @Override
    protected boolean execute(VirtualFrame frame, long i, long n) {
        if (!kernelCanRun(frame, i, n)) {
            return scalar.executeRepeating(frame);
        }
        long to = kernelEnd(frame, i, n);
        if (stopsShort(i, to)) {
            return scalar.executeRepeating(frame);
        }
        Object[] stores = inputs.stores(frame);
        long[] bases = inputs.bases(frame);
        if (kernel.fusible() && primeDue()) {
            FusedKernel fused = kernel.fused();
            // A few vector steps through the compiled-only fused kernel, so that its code has run before a compiler
            // parses it (see primeDue); the rest of the repetition runs as before.
            int steps = (int) Math.min((to - i) / fused.lanes(), PRIME_STEPS);
            Object[] acc = accumulators(frame);
            fused.run(stores, bases, i, steps, inputs.invariants(frame), acc);
            writeAccumulators(frame, acc);
            advance(frame, i, (long) steps * fused.lanes());
            interpretedKernelRan((long) steps * fused.lanes());
            return true;
        }
        if (!kernelRuns(n - i)) {
            Object[] acc = kernel.scalarBlocks().run(stores, bases, i, to, inputs.invariants(frame), accumulators(frame));
            writeAccumulators(frame, acc);
            advance(frame, i, to - i);
            scalarBlocksRan(to - i);
            return true;
        }
        // The fused kernel only in last-tier code: Graal's first tier leaves its Vector API operations as calls to
        // their generic Java fallbacks (measured: Black-Scholes' 1 thread calls of 1.4-3.8 s in first-tier code,
        // against 0.2 s in the interpreter's vector blocks), so first-tier code runs the blocks as the interpreter
        // does.
        if (kernel.fusible() && !CompilerDirectives.inInterpreter() && !CompilerDirectives.hasNextTier()) {
            FusedKernel fused = kernel.fused();
            Object[] invariants = inputs.invariants(frame);
            // The first iterations on the scalar blocks, so that the vector loads start on a cache line; a chunk
            // ends on whole vector steps, so the next one starts aligned too.
            long start = i + fused.alignment(bases, i, to - i);
            if (start > i && to - start >= fused.lanes()) {
                writeAccumulators(frame, kernel.scalarBlocks().run(stores, bases, i, start, invariants,
                        accumulators(frame)));
            } else {
                start = i;
            }
            int steps = (int) ((to - start) / fused.lanes());
            Object[] acc = accumulators(frame);
            fused.run(stores, bases, start, steps, invariants, acc);
            writeAccumulators(frame, acc);
            advance(frame, i, start - i + (long) steps * fused.lanes());
            return true;
        }
        Object[] acc = kernel.run(stores, bases, i, to, inputs.invariants(frame), accumulators(frame));
        writeAccumulators(frame, acc);
        advance(frame, i, to - i);
        interpretedKernelRan(to - i);
        return true;
    }

    @ExplodeLoop
    private Object[] accumulators(VirtualFrame frame) {
        Object[] r = new Object[accumulators.length];
        for (int j = 0; j < accumulators.length; j++) {
            r[j] = carriers[j].read(frame, accumulators[j]);
        }
        return r;
    }

    @ExplodeLoop
    private void writeAccumulators(VirtualFrame frame, Object[] acc) {
        for (int j = 0; j < accumulators.length; j++) {
            carriers[j].write(frame, accumulators[j], acc[j]);
        }
    }
}
