package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.Node;

import weld.nodes.WeldExpressionNode;
import weld.nodes.loop.lanes.DivisorScan;
import weld.runtime.StructColumns;

/**
 * What a SIMD kernel of a loop reads: the iterators' stores and element offsets, then those of the loop's
 * {@link IndexedLookup}s the kernel reads like iterators, and the values of its loop-invariant expressions. The
 * arrays are compilation-final: a frame slot read at an index the compiler cannot fold makes it keep the whole
 * frame in memory (measured: the logistic-regression step without its update loop, 68 → 32 ms).
 */
public final class KernelInputs extends Node {
    @CompilationFinal(dimensions = 1) private final LoopSlots[] iterators;
    @CompilationFinal(dimensions = 1) private final Class<?>[] arrayClasses;
    /** Per input: the column of its {@link StructColumns} store it reads, or -1 for the whole store. */
    @CompilationFinal(dimensions = 1) private final int[] columns;
    /** The loop's lookups the kernel reads (after the iterators in {@code iterators}); not children. */
    @CompilationFinal(dimensions = 1) private final IndexedLookup[] lookups;
    @Children private final WeldExpressionNode[] invariants;
    /** The invariants (by index) that divide {@code i32} or {@code i64} values in the kernel. */
    @CompilationFinal(dimensions = 1) private final int[] divisors;
    /** The inputs (by index) whose elements divide {@code i32} or {@code i64} values in the kernel. */
    @CompilationFinal(dimensions = 1) private final int[] divisorInputs;

    /**
     * {@code iterators} and {@code arrayClasses} end with the slots and array classes of the kernel's other inputs:
     * {@code lookups}, which it reads like iterators while they are in range, and struct columns ({@code columns[j]}
     * the column, -1 for any other input; a column's slots are its iterator's). A {@code rangeiter}'s array class is
     * null (it has no store, its base is its start), and so is that of an iterator over structs. {@code divisors}:
     * the invariants (by index) that divide {@code i32} or {@code i64} values; {@code divisorInputs}: the inputs
     * whose elements do.
     */
    public KernelInputs(LoopSlots[] iterators, Class<?>[] arrayClasses, int[] columns, IndexedLookup[] lookups,
                        WeldExpressionNode[] invariants, int[] divisors, int[] divisorInputs) {
        this.iterators = iterators;
        this.arrayClasses = arrayClasses;
        this.columns = columns;
        this.lookups = lookups;
        this.invariants = invariants;
        this.divisors = divisors;
        this.divisorInputs = divisorInputs;
    }

    /** Whether elements of the kernel's inputs divide integers ({@link #divisorsClearUntil} scans them). */
    boolean dividesByElements() {
        return divisorInputs.length > 0;
    }

    /**
     * Where the kernel must stop, at the latest {@code to}, when it starts at iteration {@code from}: at the first
     * iteration whose element of an input that divides integers is 0 or -1 (see {@link #ready}); {@code to} when
     * there is none. The inputs must be {@link #ready}.
     */
    @ExplodeLoop
    long divisorsClearUntil(VirtualFrame frame, long from, long to) {
        if (divisorInputs.length == 0) {
            return to;
        }
        Object[] stores = stores(frame);
        long[] bases = bases(frame);
        long end = to;
        for (int j : divisorInputs) {
            end = DivisorScan.clearUntil(stores[j], bases[j] + from, bases[j] + end) - bases[j];
        }
        return end;
    }

    /**
     * Whether the kernel can run now: every store a primitive array of its class, every lookup in range (else the
     * scalar loop runs into the lookup iteration by iteration and reports it at its own position), and no divisor
     * 0 or -1 (else the scalar loop reports a division by zero where it reaches one, and wraps the minimum divided
     * by -1; the kernel divides through {@code f64}, see {@code LaneNode.Binary}).
     */
    @ExplodeLoop
    boolean ready(VirtualFrame frame) {
        for (IndexedLookup l : lookups) {
            if (!l.inRange()) {
                return false;
            }
        }
        for (int j : divisors) {
            Object v = invariants[j].executeGeneric(frame);
            long d = v instanceof Integer i ? i : (Long) v;
            if (d == 0 || d == -1) {
                return false;
            }
        }
        for (int j = 0; j < iterators.length; j++) {
            if (arrayClasses[j] == null) {
                continue;
            }
            Object s = frame.getObject(iterators[j].store());
            if (columns[j] >= 0) {
                if (!(s instanceof StructColumns c)) {
                    return false;
                }
                s = c.column(columns[j]);
            }
            if (s == null || s.getClass() != arrayClasses[j]) {
                return false;
            }
        }
        return true;
    }

    @ExplodeLoop
    Object[] stores(VirtualFrame frame) {
        Object[] stores = new Object[iterators.length];
        for (int j = 0; j < iterators.length; j++) {
            Object s = arrayClasses[j] == null ? null : frame.getObject(iterators[j].store());
            stores[j] = columns[j] < 0 ? s : ((StructColumns) s).column(columns[j]);
        }
        return stores;
    }

    @ExplodeLoop
    long[] bases(VirtualFrame frame) {
        long[] bases = new long[iterators.length];
        for (int j = 0; j < iterators.length; j++) {
            bases[j] = frame.getLong(iterators[j].base());
        }
        return bases;
    }

    @ExplodeLoop
    Object[] invariants(VirtualFrame frame) {
        Object[] r = new Object[invariants.length];
        for (int j = 0; j < invariants.length; j++) {
            r[j] = invariants[j].executeGeneric(frame);
        }
        return r;
    }
}
