package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.VecMerger;
import weld.nodes.loop.lanes.FusedKernel;
import weld.nodes.loop.lanes.LaneKernel;

/**
 * An {@link UpdateBody} of the shape {@code merge(b, {i, value})}, into the loop's own {@code vecmerger} at the loop
 * index {@code i}, whose iterations can also run as SIMD code: while the kernel's inputs are ready
 * ({@link KernelInputs#ready}), the vecmerger is not shared by parallel tasks, its array is of the kernel's class
 * and holds every index of the loop, and at least {@value KernelBody#MIN_ITERATIONS} iterations are left,
 * one repetition runs whole vectors of up to {@value KernelBody#CHUNK} iterations through the
 * {@link FusedKernel} ({@code g[i..i+L] op= value[i..i+L]}: every element combined once with its value, as the
 * scalar body does); otherwise the update body runs, which reports an index out of bounds at its own iteration.
 * Example: the gradient update of the logistic-regression step, {@code for(w, b, |bb, j, wj| merge(bb, {j,
 * lookup(x, base + j) * err}))}.
 */
public final class VectorIndexedMergeBody extends KernelBody {
    private final LaneKernel kernel;
    private final Class<?> targetClass;
    private final int builderSlot;

    /**
     * {@code kernel}: one with a fused form; {@code builderSlot}: where the loop's vecmerger is, whose array must be a
     * {@code targetClass}.
     */
    public VectorIndexedMergeBody(LaneKernel kernel, Class<?> targetClass, int builderSlot, KernelInputs inputs,
                                  int countSlot, int counterSlot, int warmup, UpdateBody scalar) {
        super(countSlot, counterSlot, inputs, kernel, warmup, scalar);
        this.kernel = kernel;
        this.targetClass = targetClass;
        this.builderSlot = builderSlot;
    }

    @Override
    protected boolean execute(VirtualFrame frame, long i, long n) {
        if (!kernelCanRun(frame, i, n) || !(frame.getObject(builderSlot) instanceof VecMerger v) || v.isShared()
                || v.store().getClass() != targetClass || n > v.length()) {
            return scalar.executeRepeating(frame);
        }
        long to = kernelEnd(frame, i, n);
        if (stopsShort(i, to)) {
            return scalar.executeRepeating(frame);
        }
        // A staged kernel (one with math functions) runs in compiled code only: the interpreter would box every
        // vector of its stages (measured: 2 * 10^6 iterations with erf and exp, 1.4 s against 0.36 for the scalar
        // body), so it keeps the scalar blocks until then. So does first-tier code (see VectorReductionBody).
        if (!kernelRuns(n - i) || kernel.staged() && CompilerDirectives.inInterpreter()
                || CompilerDirectives.inCompiledCode() && CompilerDirectives.hasNextTier()) {
            if (primeDue()) {
                // The fused form exists before the loop compiles (see LaneKernel.fused).
                kernel.fused();
            }
            kernel.scalarBlocks().runIndexedMerge(inputs.stores(frame), inputs.bases(frame), i, to,
                    inputs.invariants(frame), v.store());
            advance(frame, i, to - i);
            scalarBlocksRan(to - i);
            return true;
        }
        FusedKernel fused = kernel.fused();
        int steps = (int) ((to - i) / fused.lanes());
        fused.runIndexedMerge(inputs.stores(frame), inputs.bases(frame), i, steps, inputs.invariants(frame), v.store());
        advance(frame, i, (long) steps * fused.lanes());
        interpretedKernelRan((long) steps * fused.lanes());
        return true;
    }
}
