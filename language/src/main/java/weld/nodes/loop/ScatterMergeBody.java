package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;

import weld.builders.VecMerger;
import weld.nodes.loop.lanes.LaneKernel;

/**
 * An {@link UpdateBody} of the shape {@code merge(b, {index, value})} into the loop's own {@code vecmerger} at an
 * index computed from the elements (key counting: {@code merge(b, {i64(k), 1L})}), whose iterations the interpreter
 * runs as {@link weld.nodes.loop.lanes.ScalarLaneKernel#runScatter scatter blocks}: the kernel's index and value for a
 * block of iterations as plain loops over arrays, then one loop of merges. Compiled code runs the update body (its
 * loop compiles to about Java's speed); the interpreter runs the update function's nodes per iteration, 25-30 ns an
 * element of key counting in a fresh JVM, for as many calls as the loop's compilation takes. Where the kernel cannot
 * run (its inputs not ready, a vecmerger shared by parallel tasks or of another array class, fewer than
 * {@value KernelBody#MIN_ITERATIONS} iterations left), and for an iteration whose index is out of bounds (which it
 * reports at its row), the update body runs.
 */
public final class ScatterMergeBody extends LoopBody {
    @Child private KernelInputs inputs;
    @Child private UpdateBody scalar;
    private final LaneKernel kernel;
    private final Class<?> targetClass;
    private final int builderSlot;
    /**
     * Whether the update body has run a repetition in the interpreter with the vecmerger counting in {@code int}s,
     * and without: it runs one in each mode before the scatter blocks take over, so that its nodes are specialized
     * for the compiled loop as they would have been (measured: with the merge node never run while the counters were
     * on, the compiled loop kept to the {@code long} elements, key counting with 10^4 keys 26-28 -> 33-35 ms).
     */
    private boolean ranWithCounters;
    private boolean ranWithElements;

    /**
     * {@code kernel}: a scatter plan's ({@code LanePlanner.planScatterMerge}); the vecmerger's array a
     * {@code targetClass}.
     */
    public ScatterMergeBody(LaneKernel kernel, Class<?> targetClass, int builderSlot, KernelInputs inputs,
                            int countSlot, int counterSlot, UpdateBody scalar) {
        super(countSlot, counterSlot);
        this.kernel = kernel;
        this.targetClass = targetClass;
        this.builderSlot = builderSlot;
        this.inputs = inputs;
        this.scalar = scalar;
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        if (CompilerDirectives.inInterpreter()) {
            long i = counter(frame);
            long n = count(frame);
            if (n - i >= KernelBody.MIN_ITERATIONS && inputs.ready(frame)
                    && frame.getObject(builderSlot) instanceof VecMerger v && !v.isShared()
                    && v.store().getClass() == targetClass && ranInMode(v.narrowCounts() != null)) {
                long to = inputs.divisorsClearUntil(frame, i, Math.min(n, i + KernelBody.CHUNK));
                if (to - i >= KernelBody.MIN_ITERATIONS) {
                    long end = kernel.scalarBlocks().runScatter(inputs.stores(frame), inputs.bases(frame), i, to,
                            inputs.invariants(frame), v.store(), v.length(), v.narrowCounts());
                    if (end > i) {
                        advance(frame, i, end - i);
                        reportLoopCount(end - i);
                        return true;
                    }
                }
            }
        }
        return scalar.executeRepeating(frame);
    }

    /** Whether the update body has run in this mode; if not, notes that it runs now. */
    private boolean ranInMode(boolean counters) {
        boolean ran = counters ? ranWithCounters : ranWithElements;
        if (counters) {
            ranWithCounters = true;
        } else {
            ranWithElements = true;
        }
        return ran;
    }

    /** The iterations count towards compiling the enclosing function as if the loop had run them one by one. */
    private void reportLoopCount(long iterations) {
        LoopNode.reportLoopCount(this, (int) Math.min(iterations, Integer.MAX_VALUE));
    }

    @Override
    public void setRange(VirtualFrame frame, long from, long to) {
        super.setRange(frame, from, to);
        scalar.setRange(frame, from, to);
    }

    @Override
    public void prepare(VirtualFrame frame) {
        scalar.prepare(frame);
    }

    @Override
    public void afterLoop(VirtualFrame frame) {
        scalar.afterLoop(frame);
    }

    @Override
    public boolean beginRun(VirtualFrame frame, long iterations) {
        return scalar.beginRun(frame, iterations);
    }

    @Override
    public void endRun(VirtualFrame frame) {
        scalar.endRun(frame);
    }
}
