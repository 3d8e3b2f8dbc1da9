package weld.nodes.loop.lanes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A vectorized merger reduction: runs iterations {@code [from, to)} of a loop over primitive arrays a block of
 * {@link #BLOCK} iterations at a time, each {@link LaneNode} computing its values for the whole block with Vector
 * API operations (a comparison gives a mask, {@code select} a blend), then merges every contribution of the block
 * into per-lane accumulators: the value of iteration {@code from + k} goes to lane {@code k % L}, where {@code L} is
 * the number of lanes of the preferred vector shape. At the end, the lanes are combined in lane order,
 * {@code ((l0 op l1) op l2) ...}, and the result merged into the accumulator passed in. Runs as compiled Java code
 * (C2 turns the Vector API into SIMD instructions); immutable, so parallel tasks share it.
 */
public final class LaneKernel {
    /** Iterations per block: a multiple of every lane count, small enough for the temporaries to stay in cache. */
    static final int BLOCK = 512;
    /** A multiple of every lane count: temporaries of a run shorter than a block are rounded up to it. */
    private static final int LANES_MULTIPLE = 64;

    /** One merger: its element type and operator, and the nodes whose values are merged into it each iteration. */
    record Component(WeldType.Scalar type, BinOp op, @CompilationFinal(dimensions = 1) LaneNode[] values) {
    }

    private final LaneNode[] nodes;
    private final LaneNode.Element[] elements;
    private final Component[] components;
    /** Whether the kernel has a fused form, which {@link #fused} creates on first use. */
    private final boolean fusible;
    private final boolean staged;
    @CompilationFinal private FusedKernel fused;
    private final ScalarLaneKernel scalarBlocks;

    LaneKernel(LaneNode[] nodes, LaneNode.Element[] elements, Component[] components) {
        this.nodes = nodes;
        this.elements = elements;
        this.components = components;
        this.fusible = FusedKernel.fusible(nodes, components);
        this.staged = FusedKernel.staged(nodes);
        this.scalarBlocks = new ScalarLaneKernel(nodes, components);
    }

    /** The same update function as plain scalar blocks, which the interpreter runs while the kernel warms up. */
    public ScalarLaneKernel scalarBlocks() {
        return scalarBlocks;
    }

    /** Whether the kernel has a {@link #fused} form. */
    public boolean fusible() {
        return fusible;
    }

    /** Whether the kernel has math functions, so that its fused form runs in stages ({@link FusedKernel#staged}). */
    public boolean staged() {
        return staged;
    }

    /**
     * The same update function as one loop of vector operations in compiled code, or null if it cannot be. Created on
     * first use, not with the kernel: it initializes the Vector API's classes of its kinds (10-25 ms each in a cold
     * JVM), which a program compiled but never run on long loops does not need (a first call on short inputs runs the
     * scalar blocks). The bodies create it in the interpreter before their loop compiles ({@code KernelBody.primeDue});
     * compiled code that finds none creates it and then invalidates itself. Parallel tasks may create it at once; they
     * get equal kernels.
     */
    public FusedKernel fused() {
        FusedKernel f = fused;
        if (f == null && fusible) {
            // Created before the transfer: compiled code resumes in the interpreter at its last side effect, which
            // may be before this call, and the interpreter may then take a path without the fused kernel.
            f = createFused();
            CompilerDirectives.transferToInterpreterAndInvalidate();
        }
        return f;
    }

    @TruffleBoundary
    private FusedKernel createFused() {
        FusedKernel f = FusedKernel.of(nodes, components);
        fused = f;
        return f;
    }

    /**
     * Runs iterations {@code [from, to)}: iterator {@code j}'s element of iteration {@code i} is
     * {@code stores[j][bases[j] + i]} ({@code bases[j] + i} for a {@code rangeiter}). Returns the accumulators
     * {@code acc} with the iterations merged in.
     */
    @TruffleBoundary
    public Object[] run(Object[] stores, long[] bases, long from, long to, Object[] invariants, Object[] acc) {
        // Temporaries as long as the run, up to a block: a short loop (a row of a matrix) allocates little per run.
        int size = (int) Math.min(BLOCK, (to - from + LANES_MULTIPLE - 1) / LANES_MULTIPLE * LANES_MULTIPLE);
        Object[] arrays = new Object[nodes.length];
        int[] offsets = new int[nodes.length];
        for (LaneNode node : nodes) {
            arrays[node.id] = switch (node) {
                // A vector of bool is copied into a temporary per block: the mask operations read whole vectors of
                // their masks, past the end of the run (temporaries are rounded up to a multiple of every lane count).
                case LaneNode.Element e when node.kind == ScalarKind.BOOL -> new boolean[size];
                // An i8 or u8 element is widened into an i32 temporary per block.
                case LaneNode.Element e when e.bytes -> new int[size];
                case LaneNode.Element e -> stores[e.iterator];
                case LaneNode.Invariant v -> fill(node.kind, invariants[v.invariant], size);
                default -> fill(node.kind, null, size);
            };
        }
        Object[] lanes = new Object[components.length];
        for (int j = 0; j < components.length; j++) {
            lanes[j] = fill(components[j].type.kind(), ScalarOps.identity(components[j].type, components[j].op),
                    LANES_MULTIPLE);
        }
        for (long s = from; s < to; s += BLOCK) {
            int n = (int) Math.min(BLOCK, to - s);
            for (LaneNode.Element e : elements) {
                if (e.kind == ScalarKind.BOOL) {
                    System.arraycopy(stores[e.iterator], (int) (bases[e.iterator] + s), arrays[e.id], 0, n);
                    continue;
                }
                if (e.bytes) {
                    widen((byte[]) stores[e.iterator], (int) (bases[e.iterator] + s), (int[]) arrays[e.id], n,
                            e.unsigned ? 0xFF : -1);
                    continue;
                }
                offsets[e.id] = (int) (bases[e.iterator] + s);
            }
            for (LaneNode node : nodes) {
                if (node instanceof LaneNode.Range r) {
                    LaneNode.Range.fill(r.at(bases, s), (long[]) arrays[r.id], n);
                } else {
                    node.eval(arrays, offsets, n);
                }
            }
            for (int j = 0; j < components.length; j++) {
                for (LaneNode v : components[j].values) {
                    reduce(components[j], arrays[v.id], offsets[v.id], n, lanes[j]);
                }
            }
        }
        Object[] result = new Object[components.length];
        for (int j = 0; j < components.length; j++) {
            Component c = components[j];
            Object[] l = boxed(c.type.kind(), lanes[j]);
            Object r = l[0];
            for (int k = 1; k < l.length; k++) {
                r = ScalarOps.combine(c.type, c.op, r, l[k]);
            }
            result[j] = ScalarOps.combine(c.type, c.op, acc[j], r);
        }
        return result;
    }

    /** {@code out[k] = b[at + k] & mask}: sign-extended, or zero-extended with the mask {@code 0xFF}. */
    private static void widen(byte[] b, int at, int[] out, int n, int mask) {
        for (int k = 0; k < n; k++) {
            out[k] = b[at + k] & mask;
        }
    }

    private static void reduce(Component c, Object a, int ao, int n, Object lanes) {
        switch (c.type.kind()) {
            case F64 -> DoubleLanes.reduce(c.op, (double[]) a, ao, n, (double[]) lanes);
            case F32 -> FloatLanes.reduce(c.op, (float[]) a, ao, n, (float[]) lanes);
            case I64 -> LongLanes.reduce(c.op, (long[]) a, ao, n, (long[]) lanes);
            default -> IntLanes.reduce(c.op, (int[]) a, ao, n, (int[]) lanes);
        }
    }

    /** {@code size} copies of {@code v} (null: zeros or false). */
    private static Object fill(ScalarKind k, Object v, int size) {
        return switch (k) {
            case F64 -> v == null ? new double[size] : DoubleLanes.fill((Double) v, size);
            case F32 -> v == null ? new float[size] : FloatLanes.fill((Float) v, size);
            case I64 -> v == null ? new long[size] : LongLanes.fill((Long) v, size);
            case I32 -> v == null ? new int[size] : IntLanes.fill((Integer) v, size);
            default -> {
                boolean[] b = new boolean[size];
                java.util.Arrays.fill(b, v != null && (Boolean) v);
                yield b;
            }
        };
    }

    /** The first lane-count values of an accumulator array, boxed. */
    private static Object[] boxed(ScalarKind k, Object lanes) {
        Object[] r;
        switch (k) {
            case F64 -> {
                r = new Object[DoubleLanes.S.length()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = ((double[]) lanes)[i];
                }
            }
            case F32 -> {
                r = new Object[FloatLanes.S.length()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = ((float[]) lanes)[i];
                }
            }
            case I64 -> {
                r = new Object[LongLanes.S.length()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = ((long[]) lanes)[i];
                }
            }
            default -> {
                r = new Object[IntLanes.S.length()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = ((int[]) lanes)[i];
                }
            }
        }
        return r;
    }
}
