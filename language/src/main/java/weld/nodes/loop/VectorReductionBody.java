package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;
import weld.nodes.loop.lanes.FusedKernel;
import weld.nodes.loop.lanes.LaneKernel;
import weld.runtime.Carrier;

/**
 * A {@link ReductionBody} whose iterations can also run as SIMD code: while every iterator's store is a primitive
 * array of its element type and at least {@value #MIN_ITERATIONS} iterations are left ({@value #MIN_LOOKUP_ITERATIONS}
 * when the kernel reads the loop's {@link IndexedLookup}s, which must be in range), one repetition runs up to {@value #CHUNK} iterations through the {@link LaneKernel} and merges their
 * result into accumulator 0 of each merger (as one fused loop of vector operations in compiled code when the kernel
 * has a {@link FusedKernel}, which leaves fewer than a vector's lanes of iterations to the next repetition);
 * otherwise (an external buffer, a short loop or its last few iterations) it runs the reduction body's iterations.
 * The chunks keep long loops interruptible and let parallel tasks run any sub-range.
 */
public final class VectorReductionBody extends LoopBody {
    static final int MIN_ITERATIONS = 64;
    /**
     * The same for kernels that read lookups: measured, the 64-iteration dot product of the logistic-regression step
     * ran slower as a kernel (the step 125 → 176 ms), a loop of 10^7 three times faster (25.4 → 8.0 ms).
     */
    static final int MIN_LOOKUP_ITERATIONS = 1024;
    static final int CHUNK = 1 << 16;

    private final LaneKernel kernel;
    private final LoopSlots[] iterators;
    private final Class<?>[] arrayClasses;
    private final int[] accumulators;
    private final Carrier[] carriers;
    @Children private final WeldExpressionNode[] invariants;
    /** The loop's lookups the kernel reads (after the iterators in {@code iterators}); not children. */
    private final IndexedLookup[] lookups;
    @CompilationFinal private boolean vectorized;
    @Child private ReductionBody scalar;

    /**
     * {@code accumulators[j]}: the slot of accumulator 0 of merger {@code j} in {@code scalar}. {@code iterators} and
     * {@code arrayClasses} end with the slots and array classes of {@code lookups}, which the kernel reads like
     * iterators while they are in range.
     */
    public VectorReductionBody(LaneKernel kernel, LoopSlots[] iterators, Class<?>[] arrayClasses, int[] accumulators,
                               Carrier[] carriers, int countSlot, int counterSlot, WeldExpressionNode[] invariants,
                               IndexedLookup[] lookups, ReductionBody scalar) {
        super(countSlot, counterSlot);
        this.lookups = lookups;
        this.kernel = kernel;
        this.iterators = iterators;
        this.arrayClasses = arrayClasses;
        this.accumulators = accumulators;
        this.carriers = carriers;
        this.invariants = invariants;
        this.scalar = scalar;
    }

    @Override
    public void prepare(VirtualFrame frame) {
        scalar.prepare(frame);
    }

    @Override
    public void setRange(VirtualFrame frame, long from, long to) {
        // The scalar body runs the same counter slots: both use the same slot kinds.
        super.setRange(frame, from, to);
        scalar.setRange(frame, from, to);
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        long i = counter(frame);
        long n = count(frame);
        if (n - i < (lookups.length == 0 ? MIN_ITERATIONS : MIN_LOOKUP_ITERATIONS) || !lookupsInRange()
                || !primitive(frame)) {
            // Also a lookup whose loop is not all inside its vector: the scalar loop runs into it iteration by
            // iteration and reports it at its own position.
            return scalar.executeRepeating(frame);
        }
        if (!vectorized) {
            // Compiled code only holds the kernel once it has run: a loop that is always short (an inner loop of a
            // few dozen iterations) compiles to the scalar body alone (measured: the logistic-regression step with
            // its inner loops wrapped ran 125 -> 270 ms while the kernel path was compiled in).
            CompilerDirectives.transferToInterpreterAndInvalidate();
            vectorized = true;
        }
        long to = Math.min(n, i + CHUNK);
        Object[] stores = new Object[iterators.length];
        long[] bases = new long[iterators.length];
        iteratorsInto(frame, stores, bases);
        FusedKernel fused = kernel.fused();
        if (fused != null) {
            int steps = (int) ((to - i) / fused.lanes());
            Object[] acc = accumulators(frame);
            fused.run(stores, bases, i, steps, invariantValues(frame), acc);
            writeAccumulators(frame, acc);
            advance(frame, i, (long) steps * fused.lanes());
            return true;
        }
        Object[] acc = kernel.run(stores, bases, i, to, invariantValues(frame), accumulators(frame));
        writeAccumulators(frame, acc);
        advance(frame, i, to - i);
        return true;
    }

    @ExplodeLoop
    private boolean lookupsInRange() {
        for (IndexedLookup l : lookups) {
            if (!l.inRange()) {
                return false;
            }
        }
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

    /** The iterators' (and lookups') stores and element offsets into {@code stores} and {@code bases}. */
    @ExplodeLoop
    private void iteratorsInto(VirtualFrame frame, Object[] stores, long[] bases) {
        for (int j = 0; j < iterators.length; j++) {
            stores[j] = frame.getObject(iterators[j].store());
            bases[j] = frame.getLong(iterators[j].base());
        }
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
