package weld.nodes.loop.lanes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

import weld.runtime.ScalarOps;
import weld.runtime.UnsafeAccess;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * A {@link LaneKernel}'s update function run as one loop of vector operations inside partially evaluated code:
 * the kernel's nodes are constants there, so the compiler inlines the whole update function into the loop and
 * keeps every value, mask and accumulator in a vector register (no temporary blocks in memory, which is what the
 * block-at-a-time {@link LaneKernel} does). All vectors have the same number of lanes {@code L}: the preferred
 * vector size divided by the widest element kind of the kernel, so masks of comparisons on one kind select values
 * of another. Each loop iteration runs {@code U} vector steps, step {@code u} merging into its own set
 * {@code u} of accumulator vectors, so iteration {@code from + k} merges into set {@code (k / L) % U}, lane
 * {@code k % L}; at the end the sets are combined lane-wise ({@link #finish}), and the lanes of the result left to
 * right.
 *
 * <p>A kernel with math functions other than negation and {@code sqrt} ({@code exp}, {@code log}, {@code erf} and
 * the others) runs as a {@link StagedKernel}: a block of {@link LaneKernel#BLOCK} iterations at a time, its math
 * functions between the stages as C2-compiled Java over block buffers, as the JDK's vector math library is what C2
 * compiles them to and partially evaluated code does not reach it (measured: {@code exp(x) + log(x)} summed over
 * 10^7 {@code f64}, 18 ms compiled by C2, 140 ms in partially evaluated code compiled by Graal).
 */
public final class FusedKernel {
    /** The bytes {@link #alignment} aligns the vector loads to. */
    private static final int CACHE_LINE = 64;
    /** The fewest iterations a run must have for {@link #alignment} to align it. */
    static final int ALIGNED_MIN_ITERATIONS = 4096;
    /** The most vector steps per loop iteration, each with its own accumulators (independent chains of adds). */
    static final int MAX_UNROLL = 4;
    /**
     * The vector registers the compiler allocates (16: it leaves AVX-512's upper 16 alone). Accumulators, broadcast
     * invariants and a step's temporaries beyond these are spilled to the stack inside the loop.
     */
    private static final int REGISTERS = 16;
    /**
     * A step's temporaries, counted for {@link #REGISTERS}: at least this many, and at least one per vector the step
     * loads (the compiler issues a step's loads first, and each stays live until its last use).
     */
    private static final int TEMPORARIES = 3;
    /** The probability that the kernel's loop goes on (a chunk is thousands of steps). */
    static final double CONTINUE = 0.999;

    @CompilationFinal(dimensions = 1) final LaneNode[] nodes;
    @CompilationFinal(dimensions = 1) final LaneKernel.Component[] components;
    /** Per node, the species of its values (null for masks). */
    @CompilationFinal(dimensions = 1) final VectorSpecies<?>[] species;
    /** Per element kind (by ordinal), the species of {@link #lanes} lanes. */
    @CompilationFinal(dimensions = 1) final VectorSpecies<?>[] kindSpecies;
    /** The species of every mask: that of the widest kind. */
    private final VectorSpecies<?> maskSpecies;
    /** Per node, the exact class of its values: its species' vector class, or the mask class for masks. */
    @CompilationFinal(dimensions = 1) private final Class<?>[] exactClasses;
    /** Per element kind (by ordinal), the exact class of its vectors of {@link #lanes} lanes (null if unused). */
    @CompilationFinal(dimensions = 1) private final Class<?>[] kindClasses;
    final int lanes;
    /**
     * Vector steps per loop iteration ({@code U}: 4, 2 or 1), the most whose accumulators fit in registers with the
     * kernel's invariants and a step's temporaries (measured: the crime index, 9 invariants, 5 loads and 2 mergers,
     * 21 ms with 4 sets, 17-20 with 2, 14 with 1).
     */
    final int unroll;
    /** How a kernel with math functions runs, else null. */
    private final StagedKernel staged;
    /** The input whose vector loads {@link #alignment} aligns (the one of the widest elements), or -1 for none. */
    private final int alignedInput;
    /** The bytes of one of its elements, and where its array's elements start in the array object. */
    private final int alignedSize;
    private final int alignedBase;

    private FusedKernel(LaneNode[] nodes, LaneKernel.Component[] components, int lanes, KernelStages stages) {
        this.nodes = nodes;
        this.components = components;
        this.lanes = lanes;
        // Only the species of kinds the kernel uses: each vector class's initialization is slow in a cold JVM.
        this.kindSpecies = new VectorSpecies<?>[ScalarKind.values().length];
        this.species = new VectorSpecies<?>[nodes.length];
        for (LaneNode n : nodes) {
            species[n.id] = n.kind == ScalarKind.BOOL ? null : kindSpecies(n.kind);
        }
        for (LaneKernel.Component c : components) {
            kindSpecies(c.type().kind());
        }
        for (LaneNode n : nodes) {
            if (n instanceof LaneNode.Element e && e.bytes) {
                kindSpecies(ScalarKind.I8);
            }
        }
        ScalarKind widest = widest(nodes, components);
        this.maskSpecies = kindSpecies(widest);
        Class<?> maskClass = maskSpecies.maskAll(false).getClass();
        this.exactClasses = new Class<?>[nodes.length];
        for (LaneNode n : nodes) {
            exactClasses[n.id] = species[n.id] == null ? maskClass : species[n.id].vectorType();
        }
        this.kindClasses = new Class<?>[kindSpecies.length];
        for (int k = 0; k < kindSpecies.length; k++) {
            kindClasses[k] = kindSpecies[k] == null ? null : kindSpecies[k].vectorType();
        }
        this.unroll = unroll(nodes, components.length);
        this.staged = stages == null ? null : new StagedKernel(this, stages);
        LaneNode.Element input = null;
        for (LaneNode n : nodes) {
            if (n instanceof LaneNode.Element e && (input == null || elementBytes(e) > elementBytes(input))) {
                input = e;
            }
        }
        this.alignedInput = input == null ? -1 : input.iterator;
        this.alignedSize = input == null ? 1 : elementBytes(input);
        this.alignedBase = input == null ? 0 : UnsafeAccess.UNSAFE.arrayBaseOffset(switch (alignedSize) {
            case 8 -> double[].class;
            case 4 -> int[].class;
            default -> byte[].class;
        });
    }

    private VectorSpecies<?> kindSpecies(ScalarKind k) {
        if (kindSpecies[k.ordinal()] == null) {
            kindSpecies[k.ordinal()] = species(k, lanes);
        }
        return kindSpecies[k.ordinal()];
    }

    private static int unroll(LaneNode[] nodes, int components) {
        int invariants = 0;
        int loads = 0;
        for (LaneNode n : nodes) {
            if (n instanceof LaneNode.Invariant) {
                invariants++;
            } else if (n instanceof LaneNode.Element) {
                loads++;
            }
        }
        int temporaries = Math.max(TEMPORARIES, loads);
        int u = MAX_UNROLL;
        while (u > 1 && invariants + components * u + temporaries > REGISTERS) {
            u /= 2;
        }
        return u;
    }

    /**
     * Whether a kernel's nodes have a fused form ({@link #of}); decided without initializing any vector class.
     */
    static boolean fusible(LaneNode[] nodes, LaneKernel.Component[] components) {
        return lanes(nodes, components) > 0;
    }

    /** The fused form of a kernel's nodes, or null when they use an operation it does not run. */
    static FusedKernel of(LaneNode[] nodes, LaneKernel.Component[] components) {
        int lanes = lanes(nodes, components);
        return lanes == 0 ? null : new FusedKernel(nodes, components, lanes, stages(nodes, components));
    }

    /** The lanes of the fused form of a kernel's nodes, or 0 when they use an operation it does not run. */
    private static int lanes(LaneNode[] nodes, LaneKernel.Component[] components) {
        for (LaneNode n : nodes) {
            if (!compiles(n)) {
                return 0;
            }
        }
        if (staged(nodes) && stages(nodes, components) == null) {
            return 0;
        }
        ScalarKind widest = widest(nodes, components);
        int bits = VectorShape.preferredShape().vectorBitSize();
        int lanes = bits / bits(widest);
        if (lanes < 2 || hasBytes(nodes) && lanes * 8 < 64) {
            // i8 elements load as byte vectors of the kernel's lanes, at least 64 bits.
            return 0;
        }
        return lanes;
    }

    /** Whether a kernel with these nodes has math functions, and so runs in stages ({@link StagedKernel}). */
    static boolean staged(LaneNode[] nodes) {
        for (LaneNode n : nodes) {
            if (KernelStages.isMath(n)) {
                return true;
            }
        }
        return false;
    }

    /** The stages of a kernel with math functions (null if it cannot run in stages), or null for one without. */
    private static KernelStages stages(LaneNode[] nodes, LaneKernel.Component[] components) {
        return staged(nodes) ? KernelStages.of(nodes, merged(components)) : null;
    }

    private static LaneNode[] merged(LaneKernel.Component[] components) {
        return java.util.Arrays.stream(components).flatMap(c -> java.util.Arrays.stream(c.values()))
                .toArray(LaneNode[]::new);
    }

    /** Whether the kernel runs in stages (has math functions): only {@link #run} runs such kernels. */
    public boolean staged() {
        return staged != null;
    }

    /**
     * The widest kind among the nodes and the accumulators, which set the lanes per step: a sum of {@code f64} may
     * have only {@code i32} nodes (a constant merge folded away over an {@code i32} vector), and its accumulators
     * still hold half as many lanes as an {@code i32} vector.
     */
    private static ScalarKind widest(LaneNode[] nodes, LaneKernel.Component[] components) {
        ScalarKind w = ScalarKind.I32;
        for (LaneNode n : nodes) {
            w = wider(w, n.kind);
        }
        for (LaneKernel.Component c : components) {
            w = wider(w, c.type().kind());
        }
        return w;
    }

    /**
     * Whether Graal compiles the fused form of {@code n} to SIMD instructions. It compiles no vector conversion from
     * a float kind to an integer kind (it calls the JDK's Java fallbacks; measured, 1 thread, 10^7 {@code i32}:
     * {@code i64(f64(x) / 7.0)} summed 103 ms against 12 for the scalar loop and 7 for the vector blocks), and
     * neither an {@code i32} division written without one (through {@code f64} lanes, the quotient rounded by adding
     * 1.5 * 2^52 and corrected by its remainder's sign): {@code x % 7} summed in 4 ms, but 600 ms once the remainder
     * was compared and the comparison selected {@code f64} values. Kernels with these, or with an {@code i64} division
     * (through {@code f64} lanes and back), run as the vector blocks.
     */
    private static boolean compiles(LaneNode n) {
        // instanceof rather than a pattern switch, whose first run spins a class (slow in a cold JVM).
        if (n instanceof LaneNode.Cast c) {
            return !c.arg.kind.isFloat() || c.kind.isFloat();
        }
        return !(n instanceof LaneNode.Binary b && b.kind.isInteger() && (b.op == BinOp.DIV || b.op == BinOp.MOD));
    }

    private static ScalarKind wider(ScalarKind w, ScalarKind k) {
        if (w == ScalarKind.F64 || w == ScalarKind.I64) {
            return w;
        }
        return k == ScalarKind.F64 || k == ScalarKind.I64 || k == ScalarKind.F32 ? k : w;
    }

    private static int bits(ScalarKind k) {
        return k == ScalarKind.F64 || k == ScalarKind.I64 ? 64 : k == ScalarKind.I8 ? 8 : 32;
    }

    private static boolean hasBytes(LaneNode[] nodes) {
        for (LaneNode n : nodes) {
            if (n instanceof LaneNode.Element e && e.bytes) {
                return true;
            }
        }
        return false;
    }

    private static VectorSpecies<?> species(ScalarKind k, int lanes) {
        VectorShape shape = VectorShape.forBitSize(lanes * bits(k));
        return switch (k) {
            case F64 -> DoubleVector.SPECIES_64.withShape(shape);
            case F32 -> FloatVector.SPECIES_64.withShape(shape);
            case I64 -> LongVector.SPECIES_64.withShape(shape);
            case I8 -> ByteVector.SPECIES_64.withShape(shape);
            default -> IntVector.SPECIES_64.withShape(shape);
        };
    }

    private static int elementBytes(LaneNode.Element e) {
        return e.bytes || e.kind == ScalarKind.BOOL ? 1 : bits(e.kind) / 8;
    }

    /**
     * How many iterations from {@code from} to leave to the scalar blocks so that the vector loads of the kernel's
     * widest input start on a cache line (64 bytes) and none spans two: 0 to 63 / its element size. It takes the
     * array to start on a cache line, as G1 places an array of half a region or more (2 MB with an 8 GB heap) at
     * the start of a region of its own, where a loop over it streams from memory and the alignment pays; a smaller
     * array may start anywhere, and its peeled iterations (at most 7 of {@code f64}, once a loop) gain nothing and
     * cost little. Measured on AMD EPYC (AVX-512, 1 thread, plain Java loops over 10^7 {@code f64}): a 4-vector
     * sum 2.5 -> 1.7 ms, a dot product 4.9 -> 3.7 ms. A run of fewer than {@value #ALIGNED_MIN_ITERATIONS}
     * {@code iterations} is not aligned: its data is likely in cache, and a short inner loop (the logistic-regression
     * step's rows of 64) would trade its whole vector steps for a call to the scalar blocks and a scalar tail.
     */
    public int alignment(long[] bases, long from, long iterations) {
        if (alignedInput < 0 || iterations < ALIGNED_MIN_ITERATIONS) {
            return 0;
        }
        int misaligned = (int) ((alignedBase + (bases[alignedInput] + from) * alignedSize) & (CACHE_LINE - 1));
        return misaligned == 0 ? 0 : (CACHE_LINE - misaligned) / alignedSize;
    }

    /** Lanes per vector step: {@link #run} does whole steps only. */
    public int lanes() {
        return lanes;
    }

    /**
     * Runs iterations {@code [from, from + steps * lanes())} (iterator {@code j}'s element of iteration {@code i} is
     * {@code stores[j][bases[j] + i]}) and merges them into the accumulators {@code acc}, which it updates.
     */
    public void run(Object[] stores, long[] bases, long from, int steps, Object[] invariants, Object[] acc) {
        if (staged != null) {
            staged.run(stores, bases, from, steps, invariants, acc);
            return;
        }
        Object[] broadcast = broadcasts(invariants);
        Object[] sums = identities();
        int groups = steps / unroll;
        // Compiled code has no branch profile here: without the hint the loop looks cold, and the register
        // allocator spills the accumulators inside it.
        for (int g = 0; CompilerDirectives.injectBranchProbability(CONTINUE, g < groups); g++) {
            group(sums, stores, bases, from, g * unroll * lanes, broadcast, unroll);
        }
        group(sums, stores, bases, from, groups * unroll * lanes, broadcast, steps - groups * unroll);
        finish(sums, acc);
    }

    /**
     * Runs iterations {@code [from, from + steps * lanes())} of a kernel with one component whose merges go to
     * element {@code i} of {@code target} (an unshared vecmerger's array, long enough) in iteration {@code i}: each
     * element is combined once with its value, as the scalar loop does it. A kernel with math functions runs in
     * stages ({@link StagedKernel}).
     */
    public void runIndexedMerge(Object[] stores, long[] bases, long from, int steps, Object[] invariants,
                                Object target) {
        if (staged != null) {
            staged.runIndexedMerge(stores, bases, from, steps, invariants, target);
            return;
        }
        Object[] broadcast = broadcasts(invariants);
        for (int step = 0; CompilerDirectives.injectBranchProbability(CONTINUE, step < steps); step++) {
            int offset = step * lanes;
            mergeIndexed(step(stores, bases, from, offset, broadcast), target, (int) from + offset);
        }
    }

    /** {@code target[i..i+lanes] op= value}, the value of this indexed merge's component among a step's values. */
    void mergeIndexed(Object[] values, Object target, int i) {
        LaneKernel.Component c = components[0];
        ScalarKind k = c.type().kind();
        Object v = values[c.values()[0].id];
        VectorOps.store(k, VectorOps.binary(c.op(), k, exact(k, VectorOps.load(k, kindSpecies[k.ordinal()], target, i)),
                v), target, i);
    }

    /**
     * Runs {@code count <= unroll} steps from iteration {@code from + offset}, step {@code u} into accumulator set
     * {@code u}.
     */
    @ExplodeLoop
    private void group(Object[] sums, Object[] stores, long[] bases, long from, int offset, Object[] broadcast,
                       int count) {
        for (int u = 0; u < unroll; u++) {
            if (u < count) {
                accumulate(sums, u, step(stores, bases, from, offset + u * lanes, broadcast));
            }
        }
    }

    @ExplodeLoop
    Object[] broadcasts(Object[] invariants) {
        Object[] broadcast = new Object[nodes.length];
        for (LaneNode n : nodes) {
            if (n instanceof LaneNode.Invariant v) {
                broadcast[n.id] = broadcast(n, invariants[v.invariant]);
            }
        }
        return broadcast;
    }

    /** Accumulator set {@code u} of component {@code j} is {@code sums[j * unroll + u]}. */
    @ExplodeLoop
    Object[] identities() {
        Object[] sums = new Object[components.length * unroll];
        for (int j = 0; j < components.length; j++) {
            LaneKernel.Component c = components[j];
            for (int u = 0; u < unroll; u++) {
                sums[j * unroll + u] = broadcast(c.type().kind(), ScalarOps.identity(c.type(), c.op()));
            }
        }
        return sums;
    }

    @ExplodeLoop
    void accumulate(Object[] sums, int u, Object[] v) {
        for (int j = 0; j < components.length; j++) {
            LaneKernel.Component c = components[j];
            ScalarKind k = c.type().kind();
            for (LaneNode value : c.values()) {
                sums[j * unroll + u] = VectorOps.binary(c.op(), k, exact(k, sums[j * unroll + u]), v[value.id]);
            }
        }
    }

    /**
     * Combines each component's accumulator sets lane-wise, {@code (s0 op s1) op (s2 op s3)} (or {@code s0 op s1},
     * or {@code s0}), then that vector's lanes left to right, and merges the result into {@code acc}.
     */
    @ExplodeLoop
    void finish(Object[] sums, Object[] acc) {
        for (int j = 0; j < components.length; j++) {
            LaneKernel.Component c = components[j];
            ScalarKind k = c.type().kind();
            int at = j * unroll;
            Object sets = exact(k, sums[at]);
            if (unroll >= 2) {
                sets = VectorOps.binary(c.op(), k, sets, exact(k, sums[at + 1]));
            }
            if (unroll == 4) {
                sets = VectorOps.binary(c.op(), k, sets, VectorOps.binary(c.op(), k, exact(k, sums[at + 2]),
                        exact(k, sums[at + 3])));
            }
            Object r = VectorOps.fold(c.op(), k, sets, lanes);
            acc[j] = ScalarOps.combine(c.type(), c.op(), acc[j], r);
        }
    }

    /**
     * The values of every node for iterations {@code [from + offset, from + offset + lanes)}. An element's array
     * index is the loop-invariant {@code (int) (base + from)} plus the {@code int} offset, a multiple of the kernel
     * loop's induction variable: index arithmetic on {@code long} narrowed to {@code int} per load hides that from
     * the compiler, which then computes and range-checks each vector's index from scratch.
     */
    @ExplodeLoop
    private Object[] step(Object[] stores, long[] bases, long from, int offset, Object[] broadcast) {
        Object[] v = new Object[nodes.length];
        for (LaneNode n : nodes) {
            v[n.id] = exact(n, value(n, v, stores, bases, from, offset, broadcast));
        }
        return v;
    }

    /**
     * {@code x}, a value of node {@code n}, typed by its exact class. The Vector API's operations are virtual calls
     * on the abstract vector classes; partial evaluation inlines one only where it knows the receiver's class, and a
     * value read back from an array of values (a step's, the broadcast invariants, the accumulators) has none of its
     * own. Where partial evaluation left such a call in place, the Vector API nodes around it could not be expanded to
     * SIMD instructions and ran as boxed Java fallbacks (Black-Scholes' loop in 1 of 3-4 fresh JVMs, depending on
     * HotSpot's type profiles of the Vector API's own code: 77-80 KB of code and 67-1,159 ms for a call of 11-48).
     */
    Object exact(LaneNode n, Object x) {
        return CompilerDirectives.castExact(x, exactClasses[n.id]);
    }

    /** {@code x}, a vector of kind {@code k}, typed by its exact class (see {@link #exact(LaneNode, Object)}). */
    private Object exact(ScalarKind k, Object x) {
        return CompilerDirectives.castExact(x, kindClasses[k.ordinal()]);
    }

    /**
     * Node {@code n}'s vector for iterations {@code [from + offset, from + offset + lanes)}, its operands in
     * {@code v}. Exploded: a pattern switch with guards is a loop in the bytecode (it restarts after a guard fails),
     * which has to unroll for the switch to fold on the constant node.
     */
    @ExplodeLoop
    Object value(LaneNode n, Object[] v, Object[] stores, long[] bases, long from, int offset,
                         Object[] broadcast) {
        return switch (n) {
            case LaneNode.Element e when n.kind == ScalarKind.BOOL -> VectorMask.fromArray(maskSpecies,
                    (boolean[]) stores[e.iterator], (int) (bases[e.iterator] + from) + offset);
            case LaneNode.Element e when e.bytes -> VectorOps.loadBytes(kindSpecies[ScalarKind.I8.ordinal()],
                    species[n.id], stores[e.iterator], (int) (bases[e.iterator] + from) + offset, e.unsigned);
            case LaneNode.Element e -> VectorOps.load(n.kind, species[n.id], stores[e.iterator],
                    (int) (bases[e.iterator] + from) + offset);
            case LaneNode.Invariant x -> broadcast[n.id];
            case LaneNode.Range r -> VectorOps.iota(species[n.id], r.at(bases, from) + offset);
            case LaneNode.Cast c -> VectorOps.convert(c.arg.kind, c.kind, v[c.arg.id], species[n.id]);
            case LaneNode.Binary b when b.op.isComparison() ->
                    VectorOps.compare(b.op, b.left.kind, v[b.left.id], v[b.right.id]).cast(maskSpecies);
            case LaneNode.Binary b when b.kind == ScalarKind.BOOL -> VectorOps.logic(b.op, v[b.left.id], v[b.right.id]);
            case LaneNode.Binary b -> VectorOps.binary(b.op, b.kind, v[b.left.id], v[b.right.id]);
            case LaneNode.Unary u -> VectorOps.unary(u.op, u.kind, v[u.arg.id]);
            case LaneNode.Select x -> VectorOps.select(x.kind, (VectorMask<?>) v[x.cond.id], v[x.onTrue.id],
                    v[x.onFalse.id], species[n.id]);
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    private Object broadcast(LaneNode n, Object value) {
        if (n.kind == ScalarKind.BOOL) {
            return maskSpecies.maskAll((Boolean) value);
        }
        return broadcast(n.kind, value);
    }

    private Object broadcast(ScalarKind k, Object value) {
        VectorSpecies<?> s = kindSpecies[k.ordinal()];
        return switch (k) {
            case F64 -> DoubleVector.broadcast(cast(s, Double.class), (Double) value);
            case F32 -> FloatVector.broadcast(cast(s, Float.class), (Float) value);
            case I64 -> LongVector.broadcast(cast(s, Long.class), (Long) value);
            default -> IntVector.broadcast(cast(s, Integer.class), (Integer) value);
        };
    }

    @SuppressWarnings("unchecked")
    static <E> VectorSpecies<E> cast(VectorSpecies<?> s, Class<E> type) {
        return (VectorSpecies<E>) s;
    }
}
