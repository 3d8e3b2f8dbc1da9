package weld.nodes.loop;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.MaterializedFrame;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.LoopNode;

import weld.WeldContext;
import weld.WeldException;
import weld.WeldLanguage;
import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.parallel.LoopChunkRoot;
import weld.parallel.ParallelLoop;
import weld.runtime.Carrier;
import weld.syntax.Pos;
import weld.types.WeldType;

/**
 * {@code for(iterators, builder, |b, i, x| body)}: the update function is inlined into the enclosing frame, its
 * builder parameter is the loop-carried slot and its index and element parameters are slots written each iteration
 * (the index slot is -1 when the body does not use the index). A scalar merger is carried as a primitive, so
 * {@code merge} in the body is a plain arithmetic operation on a register once compiled. Runs its {@link LoopBody}
 * through a {@link LoopNode}, so long loops are compiled on stack replacement.
 *
 * <p>A loop with enough iterations runs as parallel tasks instead ({@link ParallelLoop}): each task runs a copy of
 * the body on its own frame with a fresh builder partial. Loops inside a task's copy run sequentially, so the
 * outermost loop that has enough work is the one split (the paper's policy); a short outer loop leaves the
 * splitting to its inner loops.
 */
public final class ForNode extends WeldExpressionNode {
    private final Pos pos;
    private final Carrier carrier;
    private final int builderSlot;
    private final WeldType builderType;
    @CompilationFinal private boolean parallel;
    /**
     * Whether this loop has run as parallel tasks: until it has, compiled code has no parallel path (a loop nested
     * in another one seldom has one, and the path copies the frame's slots for the tasks).
     */
    @CompilationFinal private boolean ranParallel;
    /**
     * Whether the update function returns its builder unchanged ({@code |b, i, x| b}, what constant folding leaves of
     * {@code if(false, merge(b, x), b)}): then no iteration runs, once the iterators are checked.
     */
    private final boolean idle;
    /** The slots a task reads from the program's frame, and their carriers. */
    @CompilationFinal(dimensions = 1) private final int[] taskSlots;
    @CompilationFinal(dimensions = 1) private final Carrier[] taskCarriers;
    @Children private final IteratorNode[] iterators;
    @Children private final IndexedLookup[] lookups;
    @Child private WeldExpressionNode builder;
    @Child private LoopNode loop;

    public ForNode(Pos pos, WeldType builderType, boolean parallel, boolean idle, int[] taskSlots,
                   Carrier[] taskCarriers, int builderSlot, IteratorNode[] iterators, IndexedLookup[] lookups,
                   WeldExpressionNode builder, LoopBody body) {
        this.pos = pos;
        this.idle = idle;
        this.taskSlots = taskSlots;
        this.taskCarriers = taskCarriers;
        this.builderType = builderType;
        this.carrier = Carrier.of(builderType);
        this.parallel = parallel;
        this.builderSlot = builderSlot;
        this.iterators = iterators;
        this.lookups = lookups;
        this.builder = builder;
        this.loop = Truffle.getRuntime().createLoopNode(body);
    }

    @ExplodeLoop
    private void run(VirtualFrame frame) {
        // The initial builder first: when it is computed by a loop of its own (inlining puts
        // vecmerger[i64,+](result(for(..., appender, ...))) there), running that loop between the iterators' set-up
        // and this loop made this loop's compiled code slower with the same instructions in its body (key counting,
        // 5 x 10^7 keys: 42.8 -> 37.5 ms with 10^4 keys, 230 -> 188 ms with 10^6).
        Slots.store(frame, builderSlot, carrier, builder);
        long n = -1;
        for (IteratorNode it : iterators) {
            long c = it.setup(frame);
            if (n < 0) {
                n = c;
            } else if (c != n) {
                CompilerDirectives.transferToInterpreter();
                throw WeldException.runtime(pos, "zipped iterators have different lengths (" + n + " and " + c + ")", this);
            }
        }
        for (IndexedLookup l : lookups) {
            l.setup(frame, n);
        }
        if (idle) {
            return;
        }
        body().setRange(frame, 0, n);
        body().start(frame, n);
        long tasks = parallel ? ParallelLoop.tasks(WeldContext.get(this), n) : 1;
        if (tasks > 1) {
            if (!ranParallel) {
                CompilerDirectives.transferToInterpreterAndInvalidate();
                ranParallel = true;
            }
            // No way back to the sequential path from here: the builder escapes into the tasks on this path only, so
            // the sequential loop below keeps it virtual (its fields in registers) in compiled code.
            carrier.write(frame, builderSlot, runParallel(snapshot(frame), n, tasks));
        } else {
            body().prepare(frame);
            boolean begun = body().beginRun(frame, n);
            loop.execute(frame);
            body().afterLoop(frame);
            if (begun) {
                body().endRun(frame);
            }
        }
        body().end(frame, n);
    }

    private LoopBody body() {
        return (LoopBody) loop.getRepeatingNode();
    }

    /** Makes this loop sequential: it runs inside a task of an enclosing parallel loop. */
    void runSequentially() {
        parallel = false;
    }

    /**
     * A heap copy of the frame's slots for the tasks. The frame itself must not escape: materializing it on the
     * parallel path would make it a heap object on the sequential path after the branch as well (the two paths
     * merge), and every slot access of the loops there a memory access (measured: a sequential vecmerger loop in a
     * 2-thread context ran 5x slower than in a 1-thread one).
     *
     * <p>Only the slots a task can read are copied, each as the one kind its carrier gives it (a slot that does not
     * hold it, a cleared one or a loop counter widened to {@code long}, is not read by the task, and is copied as the
     * kind's zero). Copying every slot with a switch over its tag made each loop nested in another a few thousand
     * compiled nodes when the enclosing loop was compiled on stack replacement, where the tags are not constants (a
     * loop nest five deep: 21,766 nodes, 130 KB of machine code).
     */
    @ExplodeLoop
    private MaterializedFrame snapshot(VirtualFrame frame) {
        MaterializedFrame copy = Truffle.getRuntime().createMaterializedFrame(frame.getArguments(),
                getRootNode().getFrameDescriptor());
        for (int k = 0; k < taskSlots.length; k++) {
            taskCarriers[k].copy(frame, copy, taskSlots[k]);
        }
        return copy;
    }

    /** Runs the loop as {@code tasks} parallel tasks and returns the builder. */
    @TruffleBoundary
    private Object runParallel(MaterializedFrame frame, long n, long tasks) {
        Object initial = carrier.read(frame, builderSlot);
        return ParallelLoop.run(this, WeldContext.get(this), this::newTask, frame, n, tasks, builderType, initial,
                body().sharesBuilder());
    }

    /** The root of this loop's tasks for a language instance: a copy of the body, compiled on its own. */
    private CallTarget newTask(WeldLanguage language) {
        return new LoopChunkRoot(language, getRootNode().getFrameDescriptor(), taskSlots, taskCarriers, carrier,
                builderSlot, body().taskCopy()).getCallTarget();
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        run(frame);
        return carrier.read(frame, builderSlot);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        run(frame);
        return frame.getInt(builderSlot);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        run(frame);
        return frame.getLong(builderSlot);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        run(frame);
        return frame.getFloat(builderSlot);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        run(frame);
        return frame.getDouble(builderSlot);
    }
}
