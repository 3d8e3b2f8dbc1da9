package weld.nodes.loop;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;
import weld.nodes.loop.lanes.FusedKernel;
import weld.nodes.loop.lanes.LaneKernel;
import weld.runtime.Carrier;

/**
 * A {@link ReductionBody} whose iterations can also run as SIMD code: while every iterator's store is a primitive
 * array of its element type and at least {@value #MIN_ITERATIONS} iterations are left, one repetition runs up to
 * {@value #CHUNK} iterations through the {@link LaneKernel} and merges their result into accumulator 0 of each
 * merger (as one fused loop of vector operations in compiled code when the kernel has a {@link FusedKernel}, which
 * leaves fewer than a vector's lanes of iterations to the next repetition); otherwise (an external buffer, a short
 * loop or its last few iterations) it runs the reduction body's iterations. The chunks keep long loops interruptible and let parallel tasks run any sub-range.
 */
public final class VectorReductionBody extends LoopBody {
    static final int MIN_ITERATIONS = 64;
    static final int CHUNK = 1 << 16;

    private final LaneKernel kernel;
    private final LoopSlots[] iterators;
    private final Class<?>[] arrayClasses;
    private final int[] accumulators;
    private final Carrier[] carriers;
    private final int countSlot;
    private final int counterSlot;
    @Children private final WeldExpressionNode[] invariants;
    @Child private ReductionBody scalar;

    /** {@code accumulators[j]}: the slot of accumulator 0 of merger {@code j} in {@code scalar}. */
    public VectorReductionBody(LaneKernel kernel, LoopSlots[] iterators, Class<?>[] arrayClasses, int[] accumulators,
                               Carrier[] carriers, int countSlot, int counterSlot, WeldExpressionNode[] invariants,
                               ReductionBody scalar) {
        this.kernel = kernel;
        this.iterators = iterators;
        this.arrayClasses = arrayClasses;
        this.accumulators = accumulators;
        this.carriers = carriers;
        this.countSlot = countSlot;
        this.counterSlot = counterSlot;
        this.invariants = invariants;
        this.scalar = scalar;
    }

    @Override
    public void prepare(VirtualFrame frame) {
        scalar.prepare(frame);
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        long i = frame.getLong(counterSlot);
        long n = frame.getLong(countSlot);
        if (n - i < MIN_ITERATIONS || !primitive(frame)) {
            return scalar.executeRepeating(frame);
        }
        long to = Math.min(n, i + CHUNK);
        FusedKernel fused = kernel.fused();
        if (fused != null) {
            int steps = (int) ((to - i) / fused.lanes());
            Object[] acc = accumulators(frame);
            fused.run(stores(frame), bases(frame), i, steps, invariantValues(frame), acc);
            writeAccumulators(frame, acc);
            frame.setLong(counterSlot, i + (long) steps * fused.lanes());
            return true;
        }
        Object[] acc = kernel.run(stores(frame), bases(frame), i, to, invariantValues(frame), accumulators(frame));
        writeAccumulators(frame, acc);
        frame.setLong(counterSlot, to);
        return true;
    }

    @ExplodeLoop
    private boolean primitive(VirtualFrame frame) {
        for (int j = 0; j < iterators.length; j++) {
            Object s = frame.getObject(iterators[j].store());
            if (s == null || s.getClass() != arrayClasses[j]) {
                return false;
            }
        }
        return true;
    }

    @ExplodeLoop
    private Object[] stores(VirtualFrame frame) {
        Object[] r = new Object[iterators.length];
        for (int j = 0; j < iterators.length; j++) {
            r[j] = frame.getObject(iterators[j].store());
        }
        return r;
    }

    @ExplodeLoop
    private long[] bases(VirtualFrame frame) {
        long[] r = new long[iterators.length];
        for (int j = 0; j < iterators.length; j++) {
            r[j] = frame.getLong(iterators[j].base());
        }
        return r;
    }

    @ExplodeLoop
    private Object[] invariantValues(VirtualFrame frame) {
        Object[] r = new Object[invariants.length];
        for (int j = 0; j < invariants.length; j++) {
            r[j] = invariants[j].executeGeneric(frame);
        }
        return r;
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
