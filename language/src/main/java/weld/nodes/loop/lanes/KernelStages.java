package weld.nodes.loop.lanes;

import java.util.ArrayList;
import java.util.List;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;

/**
 * How a {@link FusedKernel} whose update function calls math functions ({@code exp}, {@code log}, {@code erf}, ...)
 * runs: a block of iterations at a time, in stages. Stage 0 is a loop of vector operations in registers over the
 * block, which writes the arguments of the first math functions (and the values later stages read) to block
 * buffers; between stages, each math function runs over its whole buffer as C2-compiled Java (the JDK's SIMD math
 * library, which partially evaluated code does not reach); stage {@code s} reads the results of stage-{@code s}
 * functions from their buffers. The last stage merges into the accumulators. Elements and invariants are loaded
 * again wherever a stage needs them, and so is arithmetic on them alone.
 *
 * <p>Example: {@code merge(b, x * exp(x + 1.0))} runs stage 0 ({@code x + 1.0}, stored), then {@code exp} over the
 * block, then stage 1 ({@code x} loaded again, times the {@code exp} results, merged).
 */
final class KernelStages {
    /** The stages: 1 + the longest chain of math functions. */
    final int count;
    /** {@code compute[s][n]}: node {@code n} is computed (an element loaded, an invariant broadcast) in stage {@code s}. */
    @CompilationFinal(dimensions = 2) final boolean[][] compute;
    /** {@code load[s][n]}: node {@code n} is read from its block buffer in stage {@code s}. */
    @CompilationFinal(dimensions = 2) final boolean[][] load;
    /** {@code store[s][n]}: node {@code n} is written to its block buffer in stage {@code s}. */
    @CompilationFinal(dimensions = 2) final boolean[][] store;
    /** {@code math[s]}: the math functions run over the block before stage {@code s} (none before stage 0). */
    @CompilationFinal(dimensions = 2) final LaneNode.Unary[][] math;
    /** Per node: whether it has a block buffer. */
    @CompilationFinal(dimensions = 1) final boolean[] buffered;

    /** Per node: the stage that computes it, or -1 for elements, invariants and arithmetic on them alone. */
    private final int[] stage;
    private final List<List<LaneNode.Unary>> mathLists = new ArrayList<>();

    private KernelStages(LaneNode[] nodes, int[] stage, int count) {
        this.stage = stage;
        this.count = count;
        this.compute = new boolean[count][nodes.length];
        this.load = new boolean[count][nodes.length];
        this.store = new boolean[count][nodes.length];
        this.buffered = new boolean[nodes.length];
        for (int s = 0; s < count; s++) {
            mathLists.add(new ArrayList<>());
        }
        this.math = new LaneNode.Unary[count][];
    }

    /** Whether {@code n} is a math function (a stage boundary) rather than an operation the fused loop runs. */
    static boolean isMath(LaneNode n) {
        return n instanceof LaneNode.Unary u && u.op != UnaryOp.NEG && u.op != UnaryOp.SQRT;
    }

    /**
     * The stages of a kernel with math functions whose merges are {@code merged}; null without math functions, or
     * when a mask would have to cross stages (masks have no block buffers).
     */
    static KernelStages of(LaneNode[] nodes, LaneNode[] merged) {
        int[] stage = new int[nodes.length];
        int last = -1;
        for (LaneNode n : nodes) {
            stage[n.id] = switch (n) {
                case LaneNode.Element e -> -1;
                case LaneNode.Invariant v -> -1;
                case LaneNode.Range r -> -1;
                case LaneNode.Cast c -> stage[c.arg.id];
                case LaneNode.Unary u when isMath(u) -> Math.max(stage[u.arg.id], 0) + 1;
                case LaneNode.Unary u -> stage[u.arg.id];
                case LaneNode.Binary b -> Math.max(stage[b.left.id], stage[b.right.id]);
                case LaneNode.Select x -> Math.max(stage[x.cond.id], Math.max(stage[x.onTrue.id], stage[x.onFalse.id]));
                default -> throw new IllegalStateException(n.getClass().getName());
            };
            last = Math.max(last, stage[n.id]);
        }
        if (last <= 0) {
            return null;
        }
        KernelStages k = new KernelStages(nodes, stage, last + 1);
        for (LaneNode m : merged) {
            k.require(last, m);
        }
        for (LaneNode n : nodes) {
            if (k.buffered[n.id] && n.kind == ScalarKind.BOOL) {
                return null;
            }
        }
        for (int s = 0; s <= last; s++) {
            k.math[s] = k.mathLists.get(s).toArray(LaneNode.Unary[]::new);
        }
        return k;
    }

    /** Makes node {@code n}'s value available in stage {@code s}. */
    private void require(int s, LaneNode n) {
        if (n instanceof LaneNode.Element || n instanceof LaneNode.Invariant || n instanceof LaneNode.Range) {
            compute[s][n.id] = true;
        } else if (isMath(n)) {
            load[s][n.id] = true;
            runMath((LaneNode.Unary) n);
        } else if (stage[n.id] == -1 || stage[n.id] == s) {
            if (!compute[s][n.id]) {
                compute[s][n.id] = true;
                switch (n) {
                    case LaneNode.Unary u -> require(s, u.arg);
                    case LaneNode.Cast c -> require(s, c.arg);
                    case LaneNode.Binary b -> {
                        require(s, b.left);
                        require(s, b.right);
                    }
                    case LaneNode.Select x -> {
                        require(s, x.cond);
                        require(s, x.onTrue);
                        require(s, x.onFalse);
                    }
                    default -> throw new IllegalStateException(n.getClass().getName());
                }
            }
        } else {
            load[s][n.id] = true;
            storeIn(stage[n.id], n);
        }
    }

    /** Node {@code n} computed in stage {@code s} and written to its buffer. */
    private void storeIn(int s, LaneNode n) {
        require(s, n);
        store[s][n.id] = true;
        buffered[n.id] = true;
    }

    /** Math function {@code m} runs before its stage, over its argument's buffer (or element array). */
    private void runMath(LaneNode.Unary m) {
        if (buffered[m.id]) {
            return;
        }
        buffered[m.id] = true;
        LaneNode a = m.arg;
        if (isMath(a)) {
            runMath((LaneNode.Unary) a);
        } else if (!(a instanceof LaneNode.Element)) {
            storeIn(stage[a.id] == -1 ? stage[m.id] - 1 : stage[a.id], a);
        }
        mathLists.get(stage[m.id]).add(m);
    }
}
