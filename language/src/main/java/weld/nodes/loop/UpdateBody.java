package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.NodeUtil;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.nodes.builder.AppendNode;
import weld.nodes.builder.MergeDictNode;
import weld.nodes.builder.MergeKeyedNode;
import weld.nodes.builder.MergeLanesNode;
import weld.nodes.builder.VecMergeGroupNode;
import weld.nodes.builder.VecMergeNode;
import weld.runtime.Carrier;

/**
 * The general loop body: loads the index and the elements, runs the update function, stores the builder. When the
 * update function returns the builder it was given, updated in place ({@code inPlace}), the builder slot is not
 * written: the builder is then loop-invariant, so the compiled loop checks its class and loads its fields once.
 *
 * <p>A small in-place body without loops of its own runs {@value #UNROLL} iterations per repetition ({@link
 * #afterLoop} runs the tail), which spreads the loop's own instructions over 4 iterations: group-by with 10^3 keys (a
 * dictmerger merge per row) 28.9-29.6 -> 23.4-26.3 ms, with 10^6 keys 168 -> 151; key counting unchanged. Larger
 * bodies ({@link #MAX_BLOCKED_NODES}) and bodies with inner loops (the logistic step: 1-3% slower blocked) run one
 * iteration per repetition.
 */
public final class UpdateBody extends LoopBody {
    static final int UNROLL = 4;
    /**
     * Iterations per repetition of a blocked body whose merges all go to vecmergers (by index): key counting with 100 /
     * 10^4 / 10^6 keys 49.5-51.7 / 36.3-36.5 / 187 ms with blocks of 4, 43.9-46.8 / 34.9-35.0 / 174 with blocks of 8
     * (Java 45-51 / 36 / 179-180; a Truffle and a HotSpot safepoint poll per block); group-by's dictmerger merge
     * keeps blocks of 4 (15.3 -> 16.5 ms with 8 at 1 thread).
     */
    static final int VECMERGER_UNROLL = 8;
    /**
     * The largest update function (in nodes) run in blocks: group-by's merge is 4 nodes, key counting's 5. TPC-H Q1
     * (a 54-node body, six merges under an {@code if}, and a 10-node one) ran at 2 threads in 26-27 ms instead of 13
     * with both blocked, and in 13-26 with the 10-node one blocked (one JVM each, alternating); on one thread it
     * gained 2%.
     */
    static final int MAX_BLOCKED_NODES = 8;
    private final Carrier carrier;
    private final int builderSlot;
    private final int indexSlot;
    @Children private final ElementLoader[] loaders;
    private final boolean inPlace;
    /** Whether iterations run in blocks: a small in-place body without loops of its own. */
    private final boolean unrolled;
    /** Iterations per block: {@link #VECMERGER_UNROLL} if every merge goes to a vecmerger, else {@link #UNROLL}. */
    private final int blockSize;
    @CompilationFinal(dimensions = 1) private final int[] iterationSlots;
    @Child private WeldExpressionNode body;
    /** The update function's counting into {@code int}s, or null. */
    private final NarrowCounting narrow;

    public UpdateBody(Carrier carrier, int builderSlot, int indexSlot, int countSlot, int counterSlot,
                      ElementLoader[] loaders, WeldExpressionNode body, boolean inPlace, int[] iterationSlots) {
        super(countSlot, counterSlot);
        this.inPlace = inPlace;
        this.iterationSlots = iterationSlots;
        this.carrier = carrier;
        this.builderSlot = builderSlot;
        this.indexSlot = indexSlot;
        this.loaders = loaders;
        this.body = body;
        this.unrolled = inPlace && NodeUtil.findFirstNodeInstance(body, ForNode.class) == null
                && NodeUtil.countNodes(body) <= MAX_BLOCKED_NODES;
        this.blockSize = onlyVecMergerMerges(body) ? VECMERGER_UNROLL : UNROLL;
        this.narrow = inPlace && carrier == Carrier.OBJECT ? NarrowCounting.of(body, builderSlot) : null;
    }

    private static boolean onlyVecMergerMerges(Node body) {
        boolean[] vec = {false};
        boolean[] other = {false};
        body.accept(n -> {
            if (n instanceof VecMergeNode || n instanceof VecMergeGroupNode) {
                vec[0] = true;
            } else if (n instanceof AppendNode || n instanceof MergeDictNode || n instanceof MergeKeyedNode
                    || n instanceof MergeLanesNode) {
                other[0] = true;
            }
            return true;
        });
        return vec[0] && !other[0];
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        long i = counter(frame);
        long n = count(frame);
        if (unrolled) {
            // Blocks of blockSize iterations; the last repetition runs the tail. One stride per repetition, so the
            // compiled loop stays a counted loop (its element loads' bounds checks move before it).
            if (hasNext(i, n, blockSize)) {
                block(frame, i);
                advance(frame, i, blockSize);
                IterationSlots.clear(frame, iterationSlots);
                return true;
            }
            return false;
        }
        if (i >= n) {
            return false;
        }
        if (inPlace) {
            updateInPlace(frame, i);
        } else {
            loadIteration(frame, i, indexSlot, loaders);
            Slots.store(frame, builderSlot, carrier, body);
        }
        advance(frame, i, 1);
        IterationSlots.clear(frame, iterationSlots);
        return true;
    }

    /** The tail of a blocked body: the iterations after the last full block, one at a time. */
    @Override
    public void afterLoop(VirtualFrame frame) {
        if (unrolled) {
            long n = count(frame);
            for (long j = counter(frame); j < n; j++) {
                updateInPlace(frame, j);
                advance(frame, j, 1);
            }
            IterationSlots.clear(frame, iterationSlots);
        }
    }

    @ExplodeLoop
    private void block(VirtualFrame frame, long i) {
        for (int k = 0; k < blockSize; k++) {
            updateInPlace(frame, plus(i, k));
        }
    }

    /** Iteration {@code i} of an in-place body: its elements, then the update function, whose result is the builder. */
    private void updateInPlace(VirtualFrame frame, long i) {
        loadIteration(frame, i, indexSlot, loaders);
        body.executeGeneric(frame);
    }

    @Override
    public boolean beginRun(VirtualFrame frame, long iterations) {
        return narrow != null && narrow.begin(frame, iterations);
    }

    @Override
    public void endRun(VirtualFrame frame) {
        narrow.end(frame);
    }

    @Override
    public void prepare(VirtualFrame frame) {
        IterationSlots.clear(frame, iterationSlots);
    }
}
