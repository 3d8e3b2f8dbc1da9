package weld.nodes.loop.lanes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.syntax.ScalarKind;

/**
 * How a {@link FusedKernel} with math functions runs in compiled code, by its {@link KernelStages}: a block of
 * {@link LaneKernel#BLOCK} iterations at a time, each stage a loop of vector operations in registers over the
 * block, the math functions between stages as C2-compiled Java over block buffers, the last stage merging into the
 * kernel's accumulator sets (as {@link FusedKernel#run} does for a kernel without them). Example, Black-Scholes:
 * stage 0 computes {@code s / k}, {@code v * sqrt(t)} and {@code -r t}; {@code log} and {@code exp} run over the
 * block; stage 1 computes {@code d1}, {@code d2} and the {@code erf} arguments; both {@code erf}s run; stage 2
 * combines and merges.
 */
final class StagedKernel {
    private final FusedKernel kernel;
    private final KernelStages stages;

    StagedKernel(FusedKernel kernel, KernelStages stages) {
        this.kernel = kernel;
        this.stages = stages;
    }

    /**
     * Runs iterations {@code [from, from + steps * lanes)} a block at a time (see {@link FusedKernel#run}) and merges
     * them into {@code acc}.
     */
    void run(Object[] stores, long[] bases, long from, int steps, Object[] invariants, Object[] acc) {
        Object[] sums = accumulatorArrays();
        blocks(sums, null, stores, bases, from, steps, invariants);
        kernel.finish(loadAccumulators(sums), acc);
    }

    /**
     * Runs iterations {@code [from, from + steps * lanes)} a block at a time and combines each one's value into
     * element {@code from + k} of {@code target}, an indexed merge (see {@link FusedKernel#runIndexedMerge}).
     */
    void runIndexedMerge(Object[] stores, long[] bases, long from, int steps, Object[] invariants, Object target) {
        blocks(null, target, stores, bases, from, steps, invariants);
    }

    /** The blocks of {@code steps} vector steps from {@code from}, merging into {@code sums} or else {@code target}. */
    private void blocks(Object[] sums, Object target, Object[] stores, long[] bases, long from, int steps,
                        Object[] invariants) {
        Object[] buffers = buffers();
        Object[] arrays = new Object[kernel.nodes.length];
        int[] offsets = new int[kernel.nodes.length];
        int blockSteps = LaneKernel.BLOCK / kernel.lanes;
        for (int b = 0; CompilerDirectives.injectBranchProbability(FusedKernel.CONTINUE, b < steps); b += blockSteps) {
            block(sums, target, stores, bases, from, b * kernel.lanes, Math.min(blockSteps, steps - b), invariants,
                    buffers, arrays, offsets);
        }
    }

    /**
     * Runs the stages of a staged kernel over {@code count} steps from iteration {@code from + offset}: stage
     * {@code s}'s math functions over the block's buffers (the argument of one that reads an element straight from
     * its array), then stage {@code s}'s loop; the last stage merges into the accumulators, kept in arrays between
     * blocks ({@code sums}), or, without them, into {@code target} at the iterations' indices. No vector is live
     * across the math functions' calls: the compiler turns Vector API operations into SIMD instructions only for
     * vectors that never need to exist as objects, and a call's state would keep them (measured: every operation
     * left as a call, 8x slower than the lane kernel).
     */
    @ExplodeLoop
    private void block(Object[] sums, Object target, Object[] stores, long[] bases, long from, int offset, int count,
                       Object[] invariants, Object[] buffers, Object[] arrays, int[] offsets) {
        for (int s = 0; s < stages.count; s++) {
            for (LaneNode.Unary m : stages.math[s]) {
                arrays[m.id] = buffers[m.id];
                if (m.arg instanceof LaneNode.Element e) {
                    arrays[e.id] = stores[e.iterator];
                    offsets[e.id] = (int) (bases[e.iterator] + from) + offset;
                } else {
                    arrays[m.arg.id] = buffers[m.arg.id];
                }
                math(m, arrays, offsets, count * kernel.lanes);
            }
            if (s < stages.count - 1) {
                stageLoop(s, stores, bases, from, offset, count, invariants, buffers);
            } else if (sums != null) {
                lastStageLoop(sums, stores, bases, from, offset, count, invariants, buffers);
            } else {
                lastStageIndexedMerge(target, stores, bases, from, offset, count, invariants, buffers);
            }
        }
    }

    /** Stage {@code s} (not the last) over the block's {@code count} steps (a loop not exploded). */
    private void stageLoop(int s, Object[] stores, long[] bases, long from, int offset, int count,
                           Object[] invariants, Object[] buffers) {
        Object[] broadcast = kernel.broadcasts(invariants);
        for (int i = 0; CompilerDirectives.injectBranchProbability(FusedKernel.CONTINUE, i < count); i++) {
            stagedStep(s, stores, bases, from, offset + i * kernel.lanes, i * kernel.lanes, broadcast, buffers);
        }
    }

    /** The last stage over the block's {@code count} steps, merging: groups of {@code unroll} steps, then the rest. */
    private void lastStageLoop(Object[] accumulators, Object[] stores, long[] bases, long from, int offset, int count,
                               Object[] invariants, Object[] buffers) {
        Object[] broadcast = kernel.broadcasts(invariants);
        Object[] sums = loadAccumulators(accumulators);
        int groups = count / kernel.unroll;
        for (int g = 0; CompilerDirectives.injectBranchProbability(FusedKernel.CONTINUE, g < groups); g++) {
            stagedGroup(sums, stores, bases, from, offset, g * kernel.unroll, broadcast, buffers, kernel.unroll);
        }
        stagedGroup(sums, stores, bases, from, offset, groups * kernel.unroll, broadcast, buffers,
                count - groups * kernel.unroll);
        storeAccumulators(sums, accumulators);
    }

    /** The last stage over the block's {@code count} steps, each step's value combined into {@code target}. */
    private void lastStageIndexedMerge(Object target, Object[] stores, long[] bases, long from, int offset, int count,
                                       Object[] invariants, Object[] buffers) {
        Object[] broadcast = kernel.broadcasts(invariants);
        for (int i = 0; CompilerDirectives.injectBranchProbability(FusedKernel.CONTINUE, i < count); i++) {
            int at = i * kernel.lanes;
            kernel.mergeIndexed(stagedStep(stages.count - 1, stores, bases, from, offset + at, at, broadcast, buffers),
                    target, (int) from + offset + at);
        }
    }

    /** The accumulator sets of {@link FusedKernel#identities()}, each stored in an array of one vector's lanes. */
    @ExplodeLoop
    private Object[] accumulatorArrays() {
        Object[] sums = kernel.identities();
        Object[] arrays = new Object[sums.length];
        for (int j = 0; j < kernel.components.length; j++) {
            ScalarKind k = kernel.components[j].type().kind();
            for (int u = 0; u < kernel.unroll; u++) {
                arrays[j * kernel.unroll + u] = switch (k) {
                    case F64 -> new double[kernel.lanes];
                    case F32 -> new float[kernel.lanes];
                    case I64 -> new long[kernel.lanes];
                    default -> new int[kernel.lanes];
                };
            }
        }
        storeAccumulators(sums, arrays);
        return arrays;
    }

    @ExplodeLoop
    private Object[] loadAccumulators(Object[] arrays) {
        Object[] sums = new Object[arrays.length];
        for (int j = 0; j < kernel.components.length; j++) {
            ScalarKind k = kernel.components[j].type().kind();
            for (int u = 0; u < kernel.unroll; u++) {
                sums[j * kernel.unroll + u] = VectorOps.load(k, kernel.kindSpecies[k.ordinal()],
                        arrays[j * kernel.unroll + u], 0);
            }
        }
        return sums;
    }

    @ExplodeLoop
    private void storeAccumulators(Object[] sums, Object[] arrays) {
        for (int j = 0; j < kernel.components.length; j++) {
            ScalarKind k = kernel.components[j].type().kind();
            for (int u = 0; u < kernel.unroll; u++) {
                VectorOps.store(k, sums[j * kernel.unroll + u], arrays[j * kernel.unroll + u], 0);
            }
        }
    }

    /** A math function over {@code n} values: C2-compiled Java (see {@link LaneNode.Unary#eval}). */
    @TruffleBoundary
    private static void math(LaneNode.Unary m, Object[] arrays, int[] offsets, int n) {
        m.eval(arrays, offsets, n);
    }

    /** The last stage's steps {@code first} to {@code first + count - 1} of a block, step {@code u} into set u. */
    @ExplodeLoop
    private void stagedGroup(Object[] sums, Object[] stores, long[] bases, long from, int offset, int first,
                             Object[] broadcast, Object[] buffers, int count) {
        for (int u = 0; u < kernel.unroll; u++) {
            if (u < count) {
                int at = (first + u) * kernel.lanes;
                kernel.accumulate(sums, u, stagedStep(stages.count - 1, stores, bases, from, offset + at, at, broadcast,
                        buffers));
            }
        }
    }

    /**
     * Stage {@code s}'s values for iterations {@code [from + offset, from + offset + lanes)}, whose place in the
     * block buffers is {@code at}: each node computed, read from its buffer, or left out, as the stages say.
     */
    @ExplodeLoop
    private Object[] stagedStep(int s, Object[] stores, long[] bases, long from, int offset, int at,
                                Object[] broadcast, Object[] buffers) {
        Object[] v = new Object[kernel.nodes.length];
        for (LaneNode n : kernel.nodes) {
            if (stages.load[s][n.id]) {
                v[n.id] = kernel.exact(n, VectorOps.load(n.kind, kernel.species[n.id], buffers[n.id], at));
            } else if (stages.compute[s][n.id]) {
                v[n.id] = kernel.exact(n, kernel.value(n, v, stores, bases, from, offset, broadcast));
            }
            if (stages.store[s][n.id]) {
                VectorOps.store(n.kind, v[n.id], buffers[n.id], at);
            }
        }
        return v;
    }

    /** A block buffer for each buffered node of a staged kernel. */
    private Object[] buffers() {
        Object[] b = new Object[kernel.nodes.length];
        for (LaneNode n : kernel.nodes) {
            if (stages.buffered[n.id]) {
                b[n.id] = switch (n.kind) {
                    case F64 -> new double[LaneKernel.BLOCK];
                    case F32 -> new float[LaneKernel.BLOCK];
                    case I64 -> new long[LaneKernel.BLOCK];
                    default -> new int[LaneKernel.BLOCK];
                };
            }
        }
        return b;
    }
}
