package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;

import weld.builders.Appender;
import weld.builders.ColumnGroupMerger;
import weld.builders.ScalarDictMerger;
import weld.builders.VecMerger;
import weld.nodes.loop.lanes.LaneKernel;
import weld.runtime.WeldStruct;

/**
 * An {@link UpdateBody} that merges into the loop's own builder, or into each field of its struct of builders, one
 * value computed from the elements, possibly under conditions: into a {@code vecmerger} at a computed index (key
 * counting: {@code merge(b, {i64(k), 1L})}; TPC-H Q1: {@code if(ship <= d, {merge(b.$0, {g, qty}), ...}, b)}), into
 * a {@code dictmerger} or {@code groupmerger} with {@code i32} or {@code i64} keys at a computed key (group-by sums,
 * grouping), into an {@code appender} (filters: {@code if(x > t, merge(b, x), b)}), or, beside these in a struct,
 * into a {@code merger} (horizontally fused loops: {@code {merge(b.$0, x), if(x > t, merge(b.$1, x), b.$1)}}; the
 * blocks put a new struct with the mergers' new values in the builder's slot). The interpreter runs its
 * iterations as {@link weld.nodes.loop.lanes.ScalarLaneKernel#runScatter scatter blocks}: the kernel's values,
 * indices or keys and mask for a block of iterations as plain loops over arrays, then one loop of merges per field. Compiled code runs
 * the update body (its loop compiles to about Java's speed); the interpreter runs the update function's nodes per
 * iteration (25-30 ns an element of key counting, about 250 a row of Q1, in a fresh JVM) for as many calls as the
 * loop's compilation takes. Where the kernel cannot run (its inputs not ready, a vecmerger shared by parallel tasks
 * or of another array class, one builder in two fields, fewer than {@value KernelBody#MIN_ITERATIONS} iterations
 * left), and for an iteration whose index is out of bounds (which it reports at its row), the update body runs.
 */
public final class ScatterMergeBody extends LoopBody {
    @Child private KernelInputs inputs;
    @Child private UpdateBody scalar;
    private final LaneKernel kernel;
    /**
     * The array class of each vecmerger, {@code ScalarDictMerger.class} for each dictmerger, {@code Appender.class}
     * for each appender, {@code ColumnGroupMerger.class} for each groupmerger, the boxed class of each merger's value
     * (one, or one per field of the struct).
     */
    private final Class<?>[] targetClasses;
    private final boolean struct;
    private final int builderSlot;
    /**
     * Whether the update body has run a repetition in the interpreter with the vecmerger counting in {@code int}s
     * ([0]) and without ([1]): it runs one in each mode before the scatter blocks take over, so that its nodes are
     * specialized for the compiled loop as they would have been (measured: with the merge node never run while the
     * counters were on, the compiled loop kept to the {@code long} elements, key counting with 10^4 keys 26-28 ->
     * 33-35 ms).
     */
    private final boolean[] ranInMode = new boolean[2];
    /**
     * Whether the update body has run an iteration that its conditions keep from merging into field {@code j}
     * ({@code [2j]}) and one that merges into it ({@code [2j + 1]}): the scatter blocks leave the first of each kind to
     * it ({@code ScalarLaneKernel.runScatter}), so that a condition's branches are profiled for the compiled loop (a
     * branch never taken in the interpreter would deoptimize the compiled loop where it is first taken). One
     * iteration each, not more: in a fresh JVM each iteration of the update body costs microseconds.
     */
    private final boolean[] maskSeen;
    /** Whether a field is a merger, whose value the blocks replace in a new struct. */
    private final boolean mergers;

    /**
     * {@code kernel}: a scatter plan's ({@code LanePlanner.planScatterMerge}) for a builder that is one of those
     * builders or a {@code struct} of them, whose classes (arrays for vecmergers) are {@code targetClasses}.
     */
    public ScatterMergeBody(LaneKernel kernel, Class<?>[] targetClasses, boolean struct, int builderSlot,
                            KernelInputs inputs, int countSlot, int counterSlot, UpdateBody scalar) {
        super(countSlot, counterSlot);
        this.kernel = kernel;
        this.targetClasses = targetClasses;
        this.maskSeen = new boolean[2 * targetClasses.length];
        boolean anyMerger = false;
        for (Class<?> c : targetClasses) {
            anyMerger |= isMerger(c);
        }
        this.mergers = anyMerger;
        this.struct = struct;
        this.builderSlot = builderSlot;
        this.inputs = inputs;
        this.scalar = scalar;
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        if (CompilerDirectives.inInterpreter()) {
            long i = counter(frame);
            long n = count(frame);
            Object[] v;
            if (n - i >= KernelBody.MIN_ITERATIONS && inputs.ready(frame) && (v = builders(frame)) != null) {
                int[] counts = v[0] instanceof VecMerger c ? c.narrowCounts() : null;
                int mode = counts != null ? 0 : 1;
                if (!ranInMode[mode]) {
                    ranInMode[mode] = true;
                    return scalar.executeRepeating(frame);
                }
                long to = inputs.divisorsClearUntil(frame, i, Math.min(n, i + KernelBody.CHUNK));
                if (to - i >= KernelBody.MIN_ITERATIONS) {
                    Object[] targets = new Object[v.length];
                    long[] lengths = new long[v.length];
                    for (int j = 0; j < v.length; j++) {
                        if (v[j] instanceof VecMerger m) {
                            targets[j] = m.store();
                            lengths[j] = m.length();
                        } else if (v[j] instanceof Appender || v[j] instanceof ColumnGroupMerger
                                || v[j] instanceof Number) {
                            targets[j] = v[j];
                            lengths[j] = -1;
                        } else {
                            targets[j] = ((ScalarDictMerger) v[j]).table();
                            lengths[j] = -1;
                        }
                    }
                    long end = kernel.scalarBlocks().runScatter(inputs.stores(frame), inputs.bases(frame), i, to,
                            inputs.invariants(frame), targets, lengths, counts, maskSeen);
                    if (end > i) {
                        if (mergers) {
                            frame.setObject(builderSlot, new WeldStruct(((WeldStruct) frame.getObject(builderSlot)).type,
                                    merged(v, targets)));
                        }
                        advance(frame, i, end - i);
                        reportLoopCount(end - i);
                        return true;
                    }
                }
            }
        }
        return scalar.executeRepeating(frame);
    }

    /**
     * The builder or its fields, or null where the scatter blocks cannot merge into them: a vecmerger shared by
     * parallel tasks or of another array class, a dictmerger or groupmerger of another class than the blocks merge
     * into, or one builder in two fields (merged field by field, it would see its values in another order than the
     * scalar loop's); only a lone vecmerger counts in {@code int}s. A merger's value is its field's.
     */
    private Object[] builders(VirtualFrame frame) {
        Object b = frame.getObject(builderSlot);
        Object[] fields = struct && b instanceof WeldStruct s ? s.fields : new Object[] {b};
        if (fields.length != targetClasses.length) {
            return null;
        }
        for (int j = 0; j < fields.length; j++) {
            if (isMerger(targetClasses[j])) {
                if (fields[j] == null || fields[j].getClass() != targetClasses[j]) {
                    return null;
                }
                continue;
            }
            boolean ok = targetClasses[j] == ScalarDictMerger.class ? fields[j] instanceof ScalarDictMerger
                    : targetClasses[j] == Appender.class ? fields[j] instanceof Appender
                    : targetClasses[j] == ColumnGroupMerger.class ? fields[j] instanceof ColumnGroupMerger
                    : fields[j] instanceof VecMerger m && !m.isShared() && m.store().getClass() == targetClasses[j]
                            && !(struct && m.narrowCounts() != null);
            if (!ok) {
                return null;
            }
            for (int k = 0; k < j; k++) {
                if (fields[k] == fields[j]) {
                    return null;
                }
            }
        }
        return fields;
    }

    /** Whether {@code c}, a target class, is a merger's boxed value class. */
    private static boolean isMerger(Class<?> c) {
        return c == Double.class || c == Float.class || c == Long.class || c == Integer.class;
    }

    /** The struct's fields {@code fields} with each merger's value replaced by its new one in {@code targets}. */
    private Object[] merged(Object[] fields, Object[] targets) {
        Object[] f = fields.clone();
        for (int j = 0; j < f.length; j++) {
            if (isMerger(targetClasses[j])) {
                f[j] = targets[j];
            }
        }
        return f;
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
