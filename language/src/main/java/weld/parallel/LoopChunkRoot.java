package weld.parallel;

import java.util.concurrent.atomic.AtomicBoolean;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.MaterializedFrame;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.RootNode;

import weld.nodes.loop.LoopBody;
import weld.runtime.Carrier;

/**
 * The root of one task of a parallel loop: runs iterations {@code [from, to)} of the loop's body on its own frame,
 * starting from a copy of the program's frame (the loop's iterators are set up there) and from a fresh builder
 * partial, and returns the partial. Arguments: the program's frame (a snapshot of the slots a task reads, each of
 * one kind), {@code from}, {@code to}, the partial, and a stop flag that another task sets when it fails (a task
 * that finds it set does not start). Its body is a copy of the loop's, compiled on its own (with on-stack
 * replacement for long tasks).
 *
 * <p>The range runs as one run of the loop, as a sequential loop does. It ran in chunks of 2^16 iterations, checking
 * the flag between them, but the Graal compiler (25.0) fails on a task root whose loop over chunks holds a counted
 * reduction loop, the task's own or a nested one ({@code LoopPartialUnrollPhase}: "Loop begin does not match"), which
 * left every parallel reduction's tasks in the interpreter (a sum of 7·10^6 bytes at 2 threads: 50 ms, against
 * 1.5 ms at 1 thread). A failure in one task now stops the others at their end; a loop has at most four tasks per
 * thread.
 */
public final class LoopChunkRoot extends RootNode {
    /** The slots the task reads from the program's frame, and their kinds. */
    @CompilationFinal(dimensions = 1) private final int[] slots;
    @CompilationFinal(dimensions = 1) private final Carrier[] slotCarriers;
    private final Carrier carrier;
    private final int builderSlot;
    @Child private LoopNode loop;

    public LoopChunkRoot(TruffleLanguage<?> language, FrameDescriptor descriptor, int[] slots, Carrier[] slotCarriers,
                         Carrier carrier, int builderSlot, LoopBody body) {
        super(language, descriptor);
        this.slots = slots;
        this.slotCarriers = slotCarriers;
        this.carrier = carrier;
        this.builderSlot = builderSlot;
        this.loop = Truffle.getRuntime().createLoopNode(body);
    }

    @Override
    public Object execute(VirtualFrame frame) {
        Object[] args = frame.getArguments();
        copySlots((MaterializedFrame) args[0], frame);
        carrier.write(frame, builderSlot, Partials.forTask(args[3]));
        long to = (Long) args[2];
        AtomicBoolean stop = (AtomicBoolean) args[4];
        LoopBody body = (LoopBody) loop.getRepeatingNode();
        long from = (Long) args[1];
        boolean begun = body.beginRun(frame, to - from);
        if (!stop.get()) {
            body.setRange(frame, from, to);
            body.prepare(frame);
            loop.execute(frame);
            body.afterLoop(frame);
        }
        if (begun) {
            body.endRun(frame);
        }
        return carrier.read(frame, builderSlot);
    }

    /**
     * Copies the slots the task reads, each as its kind, so that compiled code knows every slot's kind: copying the
     * whole frame ({@code Frame.copyTo}) left the tags of all slots unknown to Graal, whose frame-access checks then
     * speculated on them and deoptimized the task's first compiled run (the crime index at 2 threads: each task root
     * compiled twice, 0.4 s in a warm JVM, 2.3-3.2 s in a fresh one).
     */
    @ExplodeLoop
    private void copySlots(MaterializedFrame program, VirtualFrame frame) {
        for (int k = 0; k < slots.length; k++) {
            slotCarriers[k].copy(program, frame, slots[k]);
        }
    }

    @Override
    public String getName() {
        return "weld parallel loop task";
    }
}
