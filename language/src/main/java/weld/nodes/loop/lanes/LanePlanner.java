package weld.nodes.loop.lanes;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import jdk.incubator.vector.VectorShape;

import weld.ir.Expr;
import weld.ir.Symbol;
import weld.nodes.loop.IndexedLookupPlanner;
import weld.nodes.loop.Reductions;
import weld.runtime.ScalarOps;
import weld.runtime.StructLayout;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;
import weld.types.WeldType;

/**
 * Recognizes the merger reductions a {@link LaneKernel} runs and builds it: whole vectors or unit-stride
 * {@code iter}s (zipped or not) of {@code f64}, {@code f32}, {@code i64} or {@code i32}, or unit-stride
 * {@code rangeiter}s (their element is {@code start + i}), of vectors of structs stored in columns (a field of
 * those kinds read from its column, {@link Column}), of {@code bool} (masks) or of {@code i8} or {@code u8}
 * (widened to {@code i32} values, which are compared and converted but not computed with: byte arithmetic wraps at
 * 8 bits), and an update function made of the loop index, arithmetic ({@code + - *}, {@code /} on floats,
 * {@code min}/{@code max} on integers, negation), conversions between the four kinds, {@code sqrt}, the other math
 * functions on {@code f64} (the Vector API's SIMD math, within 1 ulp of the scalar functions; {@code erf}:
 * {@link VectorErf}), comparisons, {@code &&}/{@code ||}/{@code !}, {@code select}, {@code let}, loop-invariant
 * variables and literals, merging under {@code if}/{@code select}. Mergers: {@code +} and {@code *} on the four
 * kinds, {@code min} and {@code max} on the integers. A merge guarded by a condition merges
 * {@code select(cond, value, identity)}. Example:
 * {@code |b, i, x| if(x > t, merge(b, x * 2.0), b)}. Integer {@code /} and {@code %} are taken on {@code i32} and
 * {@code i64} by a loop-invariant divisor or an element the loop reads (checked before each chunk: a zero must raise
 * its error where the scalar loop reaches it). Floating-point {@code min}/{@code max} and {@code !=} are left out (their NaN semantics differ
 * from the Vector API's).
 */
public final class LanePlanner {
    private static final Set<ScalarKind> KINDS = EnumSet.of(ScalarKind.F64, ScalarKind.F32, ScalarKind.I64, ScalarKind.I32);
    /**
     * The most nodes a kernel has: its compiled form keeps a step's vectors in arrays of one element per node, which
     * Graal's escape analysis only takes apart up to 128 elements ({@code MaximumEscapeAnalysisArrayLength}); past
     * that every vector of every step is allocated (measured: eight masked sums of TPC-H Q1's columns, 157 nodes,
     * 1.7-2.3 s a call compiled against 52-67 ms for the scalar loop, allocating a gigabyte every 0.3 s). A larger
     * update function runs as the scalar loop.
     */
    static final int MAX_NODES = 128;
    /**
     * Whether {@code i64} lanes have the instructions that the kernels' {@code i64} multiplications, minima and
     * maxima and conversions to and from {@code f64}, {@code f32} and {@code i32} compile to (AVX-512), taken to come
     * with 512-bit vectors (also for {@code LongLanes}' division blocks). With 256-bit vectors (AVX2) Graal compiles
     * those Vector API operations to their Java fallbacks, which make an object of every vector: such kernels ran
     * 16-57x slower than the scalar loop there, so loops with them run as scalar loops. Read from the preferred shape, which does not
     * initialize the vector classes (planning a loop does not need them; see {@code LaneKernel#fused}).
     */
    public static final boolean WIDE_I64 = VectorShape.preferredShape().vectorBitSize() >= 512;
    /**
     * The most mergers a kernel merges into. Graal keeps a compiled kernel's accumulator vectors apart up to some
     * number of them and allocates every vector past it (measured, TPC-H Q1's columns as masked sums, one vector step
     * per iteration: 18 sums 25-29 ms a call, 24 sums 29-73 ms with allocation, 30 sums 1.3 s, the scalar loop 89,
     * 155 and 330-560 ms). A loop with more runs as the scalar loop.
     */
    static final int MAX_COMPONENTS = 20;

    /**
     * The kernel, the loop-invariant expressions whose values it takes, in order, the array class each iterator's
     * store must have, the invariants (by index) that divide integers, and the inputs (iterators, then
     * {@link #inputs}, by index) whose elements divide integers: the kernel runs only while none of those values is
     * 0 or -1 in the iterations it runs (else the scalar loop runs, which reports a division by zero at its position
     * if it reaches it, also where a guard keeps the division from that row, and wraps the minimum / -1 as the scalar
     * division does; the kernel computes every lane).
     */
    public record Plan(LaneKernel kernel, List<Expr> invariants, Class<?>[] arrays, List<Input> inputs,
                       List<Integer> divisors, List<Integer> divisorInputs) {
    }

    /** What the kernel reads like one more iterator, after the loop's iterators (in the order of {@link Plan#inputs}). */
    public sealed interface Input permits Lookup, Column {
        /** The array class the input's store must have. */
        Class<?> array();
    }

    /**
     * A {@code lookup(v, e + i)} over the loop index that the kernel reads like one more iterator, and the array
     * class its vector's store must have; the loop reads it as an {@link weld.nodes.loop.IndexedLookup}.
     */
    public record Lookup(Expr.Lookup lookup, Class<?> array) implements Input {
    }

    /**
     * Column {@code column} of iterator {@code iterator}, a vector of structs of scalars stored in columns
     * ({@link weld.runtime.StructColumns}): a field of its elements, read at the iterator's offsets.
     */
    public record Column(int iterator, int column, Class<?> array) implements Input {
    }

    private final Predicate<Expr.Lookup> allowLookup;
    private final List<Input> inputs = new ArrayList<>();
    private final List<LaneNode.Element> inputElements = new ArrayList<>();
    /** The element node of each column read, by iterator and column. */
    private final Map<List<Integer>, LaneNode.Element> columnElements = new HashMap<>();

    private final List<LaneNode> nodes = new ArrayList<>();
    private final List<Expr> invariants = new ArrayList<>();
    /** The invariants (by index) that divide integers. */
    private final List<Integer> divisors = new ArrayList<>();
    /** The inputs (by index) whose elements divide integers. */
    private final List<Integer> divisorInputs = new ArrayList<>();
    /** The invariant node of each literal value (by kind and value) and variable already taken. */
    private final Map<Object, LaneNode> invariantNodes = new HashMap<>();
    private final Map<Symbol, LaneNode> env = new HashMap<>();
    /** Per iterator, its element's node once used: an {@link LaneNode.Element}, or a {@link LaneNode.Range}. */
    private final LaneNode[] elements;
    private final List<Expr.Iter> iters;
    private final Symbol builder;
    private final Symbol index;
    private LaneNode indexNode;
    private final Symbol element;
    private final boolean zip;

    private LanePlanner(Expr.For f, Symbol builder, Predicate<Expr.Lookup> allowLookup) {
        this.allowLookup = allowLookup;
        this.elements = new LaneNode[f.iters().size()];
        this.iters = f.iters();
        this.builder = builder;
        this.index = f.update().params().get(1).symbol();
        this.element = f.update().params().get(2).symbol();
        this.zip = f.iters().size() > 1;
    }

    /**
     * The plan for a loop whose builder {@code builder} is {@code mergers} (a struct of them if {@code struct}) and
     * whose update of merger j is {@code parts[j]}, reading {@link Lookup}s where {@code lookups} allows them; or null.
     */
    public static Plan plan(Expr.For f, Symbol builder, boolean struct, List<WeldType.Builder> mergers,
                            List<Expr> parts, Predicate<Expr.Lookup> lookups) {
        if (!unitStrideVectors(f)) {
            return null;
        }
        LanePlanner p = new LanePlanner(f, builder, lookups);
        LaneKernel.Component[] components = new LaneKernel.Component[parts.size()];
        try {
            for (int j = 0; j < parts.size(); j++) {
                WeldType.Builder m = mergers.get(j);
                if (!supported(m.elem()) || !mergeable(((WeldType.Scalar) m.elem().resolve()).kind(), m.op())) {
                    return null;
                }
                int field = struct ? j : -1;
                List<LaneNode> values = new ArrayList<>();
                p.contributions(parts.get(j), field, null, (WeldType.Scalar) m.elem().resolve(), m.op(), values);
                components[j] = new LaneKernel.Component((WeldType.Scalar) m.elem().resolve(), m.op(),
                        values.toArray(LaneNode[]::new));
            }
        } catch (Unsupported e) {
            return null;
        }
        return p.plan(f, components, MAX_COMPONENTS);
    }

    /**
     * The plan for a loop whose update function is {@code merge(b, {i, value})} into its own {@code vecmerger} (or
     * that under {@code let}s), with {@code i} the loop index: the kernel's one component is that vecmerger's type
     * and operator, merging {@code value}; null if that is not the update function's shape or {@code value} is not
     * vectorizable. Example: {@code |b, j, w| merge(b, {j, lookup(x, base + j) * err})}.
     */
    public static Plan planIndexedMerge(Expr.For f, Predicate<Expr.Lookup> lookups) {
        if (!(f.builder().type().resolve() instanceof WeldType.Builder m) || m.kind() != BuilderKind.VECMERGER
                || !supported(m.elem()) || !mergeable(((WeldType.Scalar) m.elem().resolve()).kind(), m.op())) {
            return null;
        }
        if (!unitStrideVectors(f)) {
            return null;
        }
        LanePlanner p = new LanePlanner(f, f.update().params().get(0).symbol(), lookups);
        try {
            Expr.MakeStruct pair = p.mergedPair(f.update().body());
            if (pair == null || !(pair.elems().get(0) instanceof Expr.Ident i) || !i.symbol().equals(p.index)) {
                return null;
            }
            WeldType.Scalar type = (WeldType.Scalar) m.elem().resolve();
            LaneNode value = p.value(pair.elems().get(1));
            if (value.kind != type.kind()) {
                return null;
            }
            return p.plan(f, new LaneKernel.Component[] {new LaneKernel.Component(type, m.op(), new LaneNode[] {value})},
                    MAX_COMPONENTS);
        } catch (Unsupported e) {
            return null;
        }
    }

    /**
     * The plan of a loop that merges one value a field into its own builder, or into every field of its struct of
     * builders, for the interpreter's {@link ScalarLaneKernel#runScatter scatter blocks}: a {@code vecmerger} at an
     * index it computes from its elements (key counting, {@code merge(b, {i64(k), 1L})}; TPC-H Q1's grouped sums,
     * {@code if(ship <= d, let g = ...; {merge(b.$0, {g, qty}), ..., merge(b.$5, {g, 1L})}, b)}), a
     * {@code dictmerger} or {@code groupmerger} at a key it computes (group-by sums, grouping), an {@code appender}
     * (filters, {@code if(x > t, merge(b, x), b)}), and, beside them in a struct, a {@code merger} (what horizontal
     * fusion makes of a sum and a filter over one vector: {@code {merge(b.$0, x), if(x > t, merge(b.$1, x), b.$1)}}).
     * Components {@code 2j} and {@code 2j + 1} are field {@code j}'s value (of the builder's value type, with its
     * operator; {@code +}, unused, for an appender or a groupmerger) and its index ({@code i64}) or key (of the
     * builder's key type), a component without values for an appender or a merger. Where conditions guard the merges
     * ({@code if}s whose other branch is the builder itself, or, for a field, the field itself), components
     * {@code 2n + j} (of {@code n} fields) are 1 for the iterations that merge into field {@code j} and 0 for the
     * others ({@code i64}; without values for a field whose merges no condition guards). Null if the update function
     * has another shape or the planner refuses a part.
     */
    public static Plan planScatterMerge(Expr.For f, Predicate<Expr.Lookup> lookups) {
        WeldType type = f.builder().type().resolve();
        boolean struct = type instanceof WeldType.Struct;
        List<WeldType> fields = type instanceof WeldType.Struct s ? s.fields() : List.of(type);
        for (WeldType t : fields) {
            if (!scatterTarget(t, struct)) {
                return null;
            }
        }
        if (!unitStrideVectors(f)) {
            return null;
        }
        LanePlanner p = new LanePlanner(f, f.update().params().get(0).symbol(), lookups);
        try {
            Expr[] merged = new Expr[fields.size()];
            LaneNode[] masks = new LaneNode[fields.size()];
            p.scatterMerges(f.update().body(), null, struct, merged, masks);
            List<LaneKernel.Component> components = new ArrayList<>();
            for (int j = 0; j < merged.length; j++) {
                WeldType.Builder m = (WeldType.Builder) fields.get(j).resolve();
                if (m.kind() == BuilderKind.APPENDER && m.elem().resolve() instanceof WeldType.Struct row) {
                    components.add(p.rowComponent(row, merged[j]));
                    components.add(new LaneKernel.Component(WeldType.Scalar.I64, BinOp.ADD, new LaneNode[0]));
                    continue;
                }
                if (m.kind() == BuilderKind.APPENDER || m.kind() == BuilderKind.MERGER) {
                    WeldType.Scalar elem = (WeldType.Scalar) m.elem().resolve();
                    LaneNode value = p.value(merged[j]);
                    if (value.kind != elem.kind()) {
                        return null;
                    }
                    BinOp op = m.kind() == BuilderKind.MERGER ? m.op() : BinOp.ADD;
                    components.add(new LaneKernel.Component(elem, op, new LaneNode[] {value}));
                    components.add(new LaneKernel.Component(WeldType.Scalar.I64, BinOp.ADD, new LaneNode[0]));
                    continue;
                }
                if (!(merged[j] instanceof Expr.MakeStruct pair) || pair.elems().size() != 2) {
                    return null;
                }
                boolean keyed = m.kind() == BuilderKind.DICTMERGER || m.kind() == BuilderKind.GROUPMERGER;
                WeldType.Scalar elem = (WeldType.Scalar) (keyed ? m.params().get(1) : m.elem()).resolve();
                WeldType.Scalar at = keyed ? (WeldType.Scalar) m.params().get(0).resolve() : WeldType.Scalar.I64;
                LaneNode index = p.value(pair.elems().get(0));
                LaneNode value = p.value(pair.elems().get(1));
                if (index.kind != at.kind() || value.kind != elem.kind()) {
                    return null;
                }
                components.add(new LaneKernel.Component(elem, m.kind() == BuilderKind.GROUPMERGER ? BinOp.ADD : m.op(),
                        new LaneNode[] {value}));
                components.add(new LaneKernel.Component(at, BinOp.ADD, new LaneNode[] {index}));
            }
            boolean masked = false;
            for (LaneNode mask : masks) {
                masked |= mask != null;
            }
            if (masked) {
                LaneNode one = p.invariant(new Expr.Literal(null, WeldType.Scalar.I64, ScalarKind.I64, 1L));
                LaneNode zero = p.invariant(new Expr.Literal(null, WeldType.Scalar.I64, ScalarKind.I64, 0L));
                Map<LaneNode, LaneNode> selects = new IdentityHashMap<>();
                for (LaneNode mask : masks) {
                    LaneNode select = mask == null ? null : selects.get(mask);
                    if (mask != null && select == null) {
                        select = p.add(new LaneNode.Select(p.nodes.size(), mask, one, zero));
                        selects.put(mask, select);
                    }
                    components.add(new LaneKernel.Component(WeldType.Scalar.I64, BinOp.ADD,
                            select == null ? new LaneNode[0] : new LaneNode[] {select}));
                }
            }
            // Any number of components: the scatter blocks keep no accumulator vectors (see MAX_COMPONENTS).
            return p.plan(f, components.toArray(LaneKernel.Component[]::new), Integer.MAX_VALUE);
        } catch (Unsupported e) {
            return null;
        }
    }

    /**
     * The value component of an appender of structs {@code row} merged with {@code value}: one value per field, the
     * fields of a {@code {...}} literal or of a struct-valued expression (the zipped element, say). Its type, the
     * first field's, is unused.
     */
    private LaneKernel.Component rowComponent(WeldType.Struct row, Expr value) {
        List<WeldType> types = row.fields();
        LaneNode[] values = new LaneNode[types.size()];
        for (int k = 0; k < values.length; k++) {
            Expr field = value instanceof Expr.MakeStruct s ? s.elems().get(k)
                    : new Expr.GetField(value.pos(), types.get(k), value, k);
            values[k] = value(field);
            if (values[k].kind != ((WeldType.Scalar) types.get(k).resolve()).kind()) {
                throw new Unsupported();
            }
        }
        return new LaneKernel.Component((WeldType.Scalar) types.get(0).resolve(), BinOp.ADD, values);
    }

    /**
     * Whether the scatter blocks merge into a builder of type {@code t}: an {@code appender} of a kernel kind or of a
     * struct of them (kept in columns), a
     * {@code groupmerger} with {@code i32} or {@code i64} keys and values of a kernel kind (a
     * {@code weld.builders.ColumnGroupMerger}), a {@code vecmerger} of a kernel kind or a {@code dictmerger} with
     * such keys and values (a {@code weld.builders.ScalarDictMerger}) whose operator kernels combine, or, as a field
     * of a struct ({@code inStruct}), a {@code merger} of a kernel kind (its value is the struct's field, which the
     * blocks replace).
     */
    private static boolean scatterTarget(WeldType t, boolean inStruct) {
        if (!(t.resolve() instanceof WeldType.Builder m)) {
            return false;
        }
        if (m.kind() == BuilderKind.APPENDER) {
            return supported(m.elem()) || row(m.elem());
        }
        if (m.kind() == BuilderKind.MERGER) {
            return inStruct && supported(m.elem());
        }
        if (m.kind() == BuilderKind.GROUPMERGER) {
            return integerKey(m.params().get(0)) && supported(m.params().get(1));
        }
        WeldType value = m.kind() == BuilderKind.DICTMERGER ? m.params().get(1) : m.elem();
        boolean target = m.kind() == BuilderKind.VECMERGER
                || m.kind() == BuilderKind.DICTMERGER && integerKey(m.params().get(0));
        return target && supported(value) && mergeable(((WeldType.Scalar) value.resolve()).kind(), m.op());
    }

    /** Whether {@code t} is a struct of kernel kinds, which an appender keeps in one column per field. */
    private static boolean row(WeldType t) {
        if (!(t.resolve() instanceof WeldType.Struct s) || s.fields().isEmpty() || StructLayout.of(s) == null) {
            return false;
        }
        for (WeldType f : s.fields()) {
            if (!supported(f)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a dictmerger's or groupmerger's key type is {@code i32} or {@code i64}. */
    private static boolean integerKey(WeldType key) {
        return key.resolve() instanceof WeldType.Scalar k && (k.kind() == ScalarKind.I32 || k.kind() == ScalarKind.I64);
    }

    /**
     * Finds the value each field of the builder is merged with in update function body {@code e} (one merge into the
     * builder, or a struct of one merge into each field in order, after {@code let}s and annotations, under
     * {@code if}s whose other branch is the builder, each field's merge under {@code if}s whose other branch is that
     * field) and, in {@code masks}, the mask of the iterations that merge into each field: {@code mask} and the
     * conditions met on the way (null: all of them).
     */
    private void scatterMerges(Expr e, LaneNode mask, boolean struct, Expr[] merged, LaneNode[] masks) {
        switch (e) {
            case Expr.Let l -> {
                bind(l);
                scatterMerges(l.body(), mask, struct, merged, masks);
            }
            case Expr.Annotated a -> scatterMerges(a.expr(), mask, struct, merged, masks);
            case Expr.If i when isBuilder(i.onFalse()) ->
                    scatterMerges(i.onTrue(), and(mask, value(i.cond())), struct, merged, masks);
            case Expr.If i when isBuilder(i.onTrue()) ->
                    scatterMerges(i.onFalse(), and(mask, not(value(i.cond()))), struct, merged, masks);
            case Expr.Merge m when !struct && isBuilder(m.builder()) -> {
                merged[0] = m.value();
                masks[0] = mask;
            }
            case Expr.MakeStruct s when struct && s.elems().size() == merged.length -> {
                for (int j = 0; j < merged.length; j++) {
                    masks[j] = fieldMerge(s.elems().get(j), j, mask, merged);
                }
            }
            default -> throw new Unsupported();
        }
    }

    /**
     * Finds the value field {@code j} is merged with in {@code e}, an element of the update function's struct (one
     * merge into the field, after {@code let}s and annotations, under {@code if}s whose other branch is the field),
     * and returns the mask of the iterations that merge into it: {@code mask} and the conditions met on the way.
     */
    private LaneNode fieldMerge(Expr e, int j, LaneNode mask, Expr[] merged) {
        switch (e) {
            case Expr.Let l -> {
                bind(l);
                return fieldMerge(l.body(), j, mask, merged);
            }
            case Expr.Annotated a -> {
                return fieldMerge(a.expr(), j, mask, merged);
            }
            case Expr.If i when isField(i.onFalse(), j) -> {
                return fieldMerge(i.onTrue(), j, and(mask, value(i.cond())), merged);
            }
            case Expr.If i when isField(i.onTrue(), j) -> {
                return fieldMerge(i.onFalse(), j, and(mask, not(value(i.cond()))), merged);
            }
            case Expr.Merge m when isField(m.builder(), j) -> {
                merged[j] = m.value();
                return mask;
            }
            default -> throw new Unsupported();
        }
    }

    /** {@code mask && c}, or {@code c} where {@code mask} is null (all iterations). */
    private LaneNode and(LaneNode mask, LaneNode c) {
        return mask == null ? c : add(new LaneNode.Binary(nodes.size(), BinOp.LAND, mask, c));
    }

    /** {@code !c}. */
    private LaneNode not(LaneNode c) {
        LaneNode no = bool(false);
        LaneNode yes = bool(true);
        return add(new LaneNode.Select(nodes.size(), c, no, yes));
    }

    /** Whether {@code e} is field {@code j} of the update function's builder parameter (after annotations). */
    private boolean isField(Expr e, int j) {
        while (e instanceof Expr.Annotated a) {
            e = a.expr();
        }
        return e instanceof Expr.GetField g && g.index() == j && isBuilder(g.struct());
    }

    /** Whether {@code e} is the update function's builder parameter itself (after annotations). */
    private boolean isBuilder(Expr e) {
        while (e instanceof Expr.Annotated a) {
            e = a.expr();
        }
        return e instanceof Expr.Ident id && id.symbol().equals(builder);
    }

    /**
     * The {@code {index, value}} pair of an update function {@code body} that is one merge into the builder
     * parameter, after {@code let}s (bound) and annotations; null for any other shape.
     */
    private Expr.MakeStruct mergedPair(Expr body) {
        while (body instanceof Expr.Let || body instanceof Expr.Annotated) {
            if (body instanceof Expr.Let l) {
                bind(l);
                body = l.body();
            } else {
                body = ((Expr.Annotated) body).expr();
            }
        }
        return body instanceof Expr.Merge merge && isBuilder(merge.builder())
                && merge.value() instanceof Expr.MakeStruct pair ? pair : null;
    }

    private Plan plan(Expr.For f, LaneKernel.Component[] components, int maxComponents) {
        if (nodes.size() > MAX_NODES || components.length > maxComponents) {
            return null;
        }
        List<LaneNode.Element> used = new ArrayList<>();
        for (LaneNode e : elements) {
            if (e instanceof LaneNode.Element element) {
                used.add(element);
            }
        }
        used.addAll(inputElements);
        if (!WIDE_I64 && bytesWithWideKinds(used, components)) {
            return null;
        }
        return new Plan(new LaneKernel(nodes.toArray(LaneNode[]::new), used.toArray(LaneNode.Element[]::new),
                components), invariants, f.iters().stream().map(it -> it.kind() == IterKind.RANGE
                || !(it.type().resolve() instanceof WeldType.Scalar) ? null : arrayClass(it.type()))
                .toArray(Class<?>[]::new), inputs, divisors, divisorInputs);
    }

    /**
     * Whether byte elements meet 64-bit values in one kernel: its lanes are then the vector size over 64 bits, 4 with
     * 256-bit vectors, too few for a byte vector of 64 bits, so it would run as the vector blocks (2.3x slower than the
     * scalar loop measured for a byte sum into an {@code i64} merger with AVX2).
     */
    private boolean bytesWithWideKinds(List<LaneNode.Element> used, LaneKernel.Component[] components) {
        boolean bytes = false;
        for (LaneNode.Element e : used) {
            bytes |= e.bytes;
        }
        if (!bytes) {
            return false;
        }
        for (LaneNode n : nodes) {
            if (n.kind == ScalarKind.I64 || n.kind == ScalarKind.F64) {
                return true;
            }
        }
        for (LaneKernel.Component c : components) {
            ScalarKind k = c.type().kind();
            if (k == ScalarKind.I64 || k == ScalarKind.F64) {
                return true;
            }
        }
        return false;
    }

    private static Class<?> arrayClass(WeldType elem) {
        return switch (((WeldType.Scalar) elem.resolve()).kind()) {
            case F64 -> double[].class;
            case F32 -> float[].class;
            case I64 -> long[].class;
            case BOOL -> boolean[].class;
            case I8, U8 -> byte[].class;
            default -> int[].class;
        };
    }

    /**
     * Whether every iterator of {@code f} is a whole vector or a unit-stride {@code iter} of a supported kind or of
     * structs of scalars (the kernel reads the fields it uses from their columns), or a unit-stride {@code rangeiter}.
     */
    private static boolean unitStrideVectors(Expr.For f) {
        for (Expr.Iter it : f.iters()) {
            boolean kind = it.kind() == null || it.kind() == IterKind.SCALAR || it.kind() == IterKind.RANGE;
            if (!kind || !it.unitStride() || !supported(it.type()) && !isBool(it.type()) && !isByte(it.type())
                    && !columns(it.type())) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code t} is a struct of scalars, whose vectors may be stored in columns. */
    private static boolean columns(WeldType t) {
        return StructLayout.of(t) != null;
    }

    private static boolean supported(WeldType t) {
        return t.resolve() instanceof WeldType.Scalar s && KINDS.contains(s.kind());
    }

    private static boolean mergeable(ScalarKind k, BinOp op) {
        if (k == ScalarKind.I64 && op != BinOp.ADD && !WIDE_I64) {
            return false;
        }
        return op == BinOp.ADD || op == BinOp.MUL || !k.isFloat() && (op == BinOp.MIN || op == BinOp.MAX);
    }

    /** Not vectorizable. */
    private static final class Unsupported extends RuntimeException {
        Unsupported() {
            super(null, null, false, false);
        }
    }

    /**
     * Adds the values {@code e} merges into the builder (under {@code mask} if not null); {@code field} is the
     * component's field of a struct of mergers, -1 for a single merger.
     */
    private void contributions(Expr e, int field, LaneNode mask, WeldType.Scalar type, BinOp op, List<LaneNode> out) {
        switch (e) {
            case Expr.Ident id when field < 0 && id.symbol().equals(builder) -> {
            }
            case Expr.GetField g when field >= 0 && g.index() == field
                    && g.struct() instanceof Expr.Ident id && id.symbol().equals(builder) -> {
            }
            case Expr.Merge m -> {
                contributions(m.builder(), field, mask, type, op, out);
                LaneNode v = value(m.value());
                if (mask != null) {
                    LaneNode identity = invariant(new Expr.Literal(null, type, type.kind(), ScalarOps.identity(type, op)));
                    v = add(new LaneNode.Select(nodes.size(), mask, v, identity));
                }
                out.add(v);
            }
            case Expr.If i -> guarded(i.cond(), i.onTrue(), i.onFalse(), field, mask, type, op, out);
            case Expr.Select s -> guarded(s.cond(), s.onTrue(), s.onFalse(), field, mask, type, op, out);
            case Expr.Let l -> {
                bind(l);
                contributions(l.body(), field, mask, type, op, out);
            }
            case Expr.Annotated a -> contributions(a.expr(), field, mask, type, op, out);
            default -> throw new Unsupported();
        }
    }

    private void guarded(Expr cond, Expr onTrue, Expr onFalse, int field, LaneNode mask, WeldType.Scalar type,
                         BinOp op, List<LaneNode> out) {
        LaneNode c = value(cond);
        LaneNode no = bool(false);
        LaneNode yes = bool(true);
        LaneNode not = add(new LaneNode.Select(nodes.size(), c, no, yes));
        contributions(onTrue, field, mask == null ? c : add(new LaneNode.Binary(nodes.size(), BinOp.LAND, mask, c)),
                type, op, out);
        contributions(onFalse, field, mask == null ? not : add(new LaneNode.Binary(nodes.size(), BinOp.LAND, mask, not)),
                type, op, out);
    }

    private LaneNode bool(boolean v) {
        return invariant(new Expr.Literal(null, new WeldType.Scalar(ScalarKind.BOOL), ScalarKind.BOOL, v));
    }

    /**
     * Binds a {@code let}'s variable to the node of its value, once: each component of a struct of mergers is planned
     * from the whole update function, so the lets before its merge are met again for every component (TPC-H Q1
     * written as 36 masked sums planned 1,129 nodes without this). Every binder of the IR has its own symbol (see
     * {@code weld.ir.passes.Symbols}), so a symbol met again is the same {@code let}, with the same value.
     */
    private void bind(Expr.Let l) {
        if (!env.containsKey(l.symbol())) {
            env.put(l.symbol(), value(l.value()));
        }
    }

    /** The node computing {@code e} for each iteration. */
    private LaneNode value(Expr e) {
        return switch (e) {
            case Expr.Literal l when l.kind() == ScalarKind.BOOL || KINDS.contains(l.kind()) -> invariant(l);
            // An i8 or u8 literal is an i32 value, as byte elements are (compared and converted, never computed with).
            case Expr.Literal l when l.kind() == ScalarKind.I8 || l.kind() == ScalarKind.U8 -> invariant(
                    new Expr.Literal(l.pos(), new WeldType.Scalar(ScalarKind.I32), ScalarKind.I32,
                            ScalarOps.normalize(l.kind(), ((Number) l.value()).intValue())));
            case Expr.Ident id when env.containsKey(id.symbol()) -> env.get(id.symbol());
            case Expr.Ident id when id.symbol().equals(element) && !zip -> element(0, id.type());
            case Expr.GetField g when !zip && g.struct() instanceof Expr.Ident id && id.symbol().equals(element) ->
                    column(0, g.index());
            case Expr.GetField g when zip && g.struct() instanceof Expr.GetField m
                    && m.struct() instanceof Expr.Ident id && id.symbol().equals(element) -> column(m.index(), g.index());
            case Expr.Ident id when id.symbol().equals(index) -> index();
            case Expr.Ident id when id.symbol().equals(builder) || id.symbol().equals(element) -> throw new Unsupported();
            case Expr.Ident id when supported(id.type()) || isBool(id.type()) -> invariant(id);
            case Expr.GetField g when zip && g.struct() instanceof Expr.Ident id && id.symbol().equals(element) ->
                    element(g.index(), g.type());
            case Expr.Lookup l when allowLookup.test(l) && lookupOffset(l) != null -> lookup(l);
            case Expr.Binary b -> binary(b);
            case Expr.Unary u -> unary(u);
            case Expr.Cast c -> cast(c);
            case Expr.Select s -> select(s.cond(), s.onTrue(), s.onFalse());
            case Expr.If i -> select(i.cond(), i.onTrue(), i.onFalse());
            case Expr.Let l -> {
                bind(l);
                yield value(l.body());
            }
            case Expr.Annotated a -> value(a.expr());
            default -> throw new Unsupported();
        };
    }

    private LaneNode binary(Expr.Binary b) {
        if (isByte(b.left().type()) && !b.op().isComparison()) {
            throw new Unsupported();
        }
        LaneNode l = value(b.left());
        LaneNode r = value(b.right());
        ScalarKind k = l.kind;
        boolean ok = k == r.kind && switch (b.op()) {
            case ADD, SUB -> k != ScalarKind.BOOL;
            case MUL -> k != ScalarKind.BOOL && (k != ScalarKind.I64 || WIDE_I64);
            case DIV -> k.isFloat() || integerDivision(k, r);
            case MOD -> integerDivision(k, r);
            case MIN, MAX -> k == ScalarKind.I64 && WIDE_I64 || k == ScalarKind.I32;
            case EQ, LT, LE, GT, GE -> k != ScalarKind.BOOL;
            case NE -> k == ScalarKind.I64 || k == ScalarKind.I32;
            case LAND, LOR, BAND, BOR -> k == ScalarKind.BOOL;
            default -> false;
        };
        if (!ok) {
            throw new Unsupported();
        }
        if (!k.isFloat() && (b.op() == BinOp.DIV || b.op() == BinOp.MOD)) {
            if (r instanceof LaneNode.Invariant v && !divisors.contains(v.invariant)) {
                divisors.add(v.invariant);
            } else if (r instanceof LaneNode.Element e && !divisorInputs.contains(e.iterator)) {
                divisorInputs.add(e.iterator);
            }
        }
        return add(new LaneNode.Binary(nodes.size(), b.op(), l, r));
    }

    /**
     * Whether an integer {@code /} or {@code %} of kind {@code k} by {@code divisor} can run in the kernel: an
     * {@code i32} or {@code i64} by a loop-invariant value or by an element the loop reads (of an iterator, a struct
     * column or a lookup over the index), computed through {@code f64} lanes where that is exact (see
     * {@link LaneNode.Binary}) while no divisor is 0 or -1 ({@link Plan#divisors}, {@link Plan#divisorInputs}). A
     * divisor computed per iteration is not taken: the kernel cannot tell before it runs whether it is 0. An {@code i64}
     * one only with {@link #WIDE_I64}: without it the blocks divide a value at a time, 3x slower than the scalar loop.
     */
    private static boolean integerDivision(ScalarKind k, LaneNode divisor) {
        return (k == ScalarKind.I32 || k == ScalarKind.I64 && WIDE_I64) && (divisor instanceof LaneNode.Invariant
                || divisor instanceof LaneNode.Element e && !e.bytes);
    }

    private LaneNode unary(Expr.Unary u) {
        if (isByte(u.operand().type())) {
            throw new Unsupported();
        }
        LaneNode a = value(u.operand());
        if (u.op() == UnaryOp.NOT && a.kind == ScalarKind.BOOL) {
            // A mask's negation, as a blend of two constant masks (as a guard's else branch is).
            LaneNode no = bool(false);
            LaneNode yes = bool(true);
            return add(new LaneNode.Select(nodes.size(), a, no, yes));
        }
        boolean ok = switch (u.op()) {
            case NOT -> false;
            case NEG -> a.kind != ScalarKind.BOOL;
            case SQRT -> a.kind.isFloat();
            default -> a.kind == ScalarKind.F64;
        };
        if (!ok) {
            throw new Unsupported();
        }
        return add(new LaneNode.Unary(nodes.size(), u.op(), a));
    }

    private LaneNode cast(Expr.Cast c) {
        if ((c.target() == ScalarKind.I8 || c.target() == ScalarKind.U8) && c.operand() instanceof Expr.Literal l
                && !l.kind().isFloat() && l.kind() != ScalarKind.BOOL) {
            // A byte constant written as a cast (u8 has no literal suffix), compared with byte elements.
            return value(new Expr.Literal(l.pos(), new WeldType.Scalar(c.target()), c.target(),
                    ScalarOps.normalize(c.target(), (int) ((Number) l.value()).longValue())));
        }
        LaneNode a = value(c.operand());
        if (!KINDS.contains(c.target()) || a.kind == ScalarKind.BOOL
                || !WIDE_I64 && (a.kind == ScalarKind.I64 && c.target() != ScalarKind.I64
                        || a.kind.isFloat() && c.target() == ScalarKind.I64)) {
            throw new Unsupported();
        }
        return a.kind == c.target() ? a : add(new LaneNode.Cast(nodes.size(), c.target(), a));
    }

    private LaneNode select(Expr cond, Expr onTrue, Expr onFalse) {
        LaneNode c = value(cond);
        LaneNode t = value(onTrue);
        LaneNode f = value(onFalse);
        if (c.kind != ScalarKind.BOOL || t.kind != f.kind) {
            throw new Unsupported();
        }
        return add(new LaneNode.Select(nodes.size(), c, t, f));
    }

    /** The offset of a lookup over the index ({@link IndexedLookupPlanner#offset}) into a vector of a supported kind. */
    private Expr lookupOffset(Expr.Lookup l) {
        if (!(l.collection().type().resolve() instanceof WeldType.Vec v) || !supported(v.elem())) {
            return null;
        }
        return IndexedLookupPlanner.offset(l, index, this::loopInvariant);
    }

    /** Whether {@code e} has the same value in every iteration (it names nothing the loop binds). */
    private boolean loopInvariant(Expr e) {
        if (Reductions.uses(e, builder) || Reductions.uses(e, index) || Reductions.uses(e, element)) {
            return false;
        }
        for (Symbol s : env.keySet()) {
            if (Reductions.uses(e, s)) {
                return false;
            }
        }
        return true;
    }

    private LaneNode lookup(Expr.Lookup l) {
        WeldType elem = ((WeldType.Vec) l.collection().type().resolve()).elem();
        return input(new Lookup(l, arrayClass(elem)), ((WeldType.Scalar) elem.resolve()).kind(), false);
    }

    /** The node of field {@code field} of iterator {@code iterator}'s struct elements, read from its column. */
    private LaneNode column(int iterator, int field) {
        StructLayout layout = StructLayout.of(iters.get(iterator).type());
        if (layout == null || !(((WeldType.Struct) iters.get(iterator).type().resolve()).fields().get(field)
                instanceof WeldType.Scalar s) || !KINDS.contains(s.kind()) && s.kind() != ScalarKind.BOOL
                && !isByte(s)) {
            throw new Unsupported();
        }
        int column = layout.columnOf(field);
        LaneNode.Element known = columnElements.get(List.of(iterator, column));
        if (known != null) {
            return known;
        }
        LaneNode.Element e = input(new Column(iterator, column, arrayClass(s)), s.kind(), isByte(s));
        columnElements.put(List.of(iterator, column), e);
        return e;
    }

    /**
     * An element node reading {@code input}, the kernel's next input after the iterators, of kind {@code kind} (or,
     * {@code bytes}, an {@code i8} or {@code u8} widened to an {@code i32}).
     */
    private LaneNode.Element input(Input input, ScalarKind kind, boolean bytes) {
        inputs.add(input);
        int at = elements.length + inputs.size() - 1;
        LaneNode.Element e = add(bytes ? new LaneNode.Element(nodes.size(), ScalarKind.I32, at, true,
                kind == ScalarKind.U8) : new LaneNode.Element(nodes.size(), kind, at));
        inputElements.add(e);
        return e;
    }

    /** The loop index's node, once used. */
    private LaneNode index() {
        if (indexNode == null) {
            indexNode = add(new LaneNode.Range(nodes.size(), -1));
        }
        return indexNode;
    }

    private LaneNode element(int iterator, WeldType type) {
        if (!(type.resolve() instanceof WeldType.Scalar)) {
            throw new Unsupported();
        }
        if (elements[iterator] == null) {
            elements[iterator] = iters.get(iterator).kind() == IterKind.RANGE
                    ? add(new LaneNode.Range(nodes.size(), iterator))
                    : isByte(type) ? add(new LaneNode.Element(nodes.size(), ScalarKind.I32, iterator, true,
                            ((WeldType.Scalar) type.resolve()).kind() == ScalarKind.U8))
                    : add(new LaneNode.Element(nodes.size(), ((WeldType.Scalar) type.resolve()).kind(), iterator));
        }
        return elements[iterator];
    }

    /**
     * The node of a loop-invariant value, one per literal value and per variable: a literal written in several
     * merges ({@code 0.0} in each {@code select}) is broadcast once.
     */
    private LaneNode invariant(Expr e) {
        ScalarKind kind = ((WeldType.Scalar) e.type().resolve()).kind();
        Object key = switch (e) {
            case Expr.Literal l -> List.of(kind, l.value());
            case Expr.Ident id -> id.symbol();
            default -> null;
        };
        LaneNode known = key == null ? null : invariantNodes.get(key);
        if (known != null) {
            return known;
        }
        invariants.add(e);
        LaneNode n = add(new LaneNode.Invariant(nodes.size(), kind, invariants.size() - 1));
        if (key != null) {
            invariantNodes.put(key, n);
        }
        return n;
    }

    /** Whether {@code t} is {@code i8} or {@code u8}. */
    private static boolean isByte(WeldType t) {
        return t.resolve() instanceof WeldType.Scalar s && (s.kind() == ScalarKind.I8 || s.kind() == ScalarKind.U8);
    }

    private static boolean isBool(WeldType t) {
        return t.resolve() instanceof WeldType.Scalar s && s.kind() == ScalarKind.BOOL;
    }

    /** Appends a node whose id is the current size, so its inputs must be built before {@code nodes.size()} is read. */
    private <T extends LaneNode> T add(T node) {
        if (node.id != nodes.size()) {
            throw new IllegalStateException("node id " + node.id + " at position " + nodes.size());
        }
        nodes.add(node);
        return node;
    }
}
