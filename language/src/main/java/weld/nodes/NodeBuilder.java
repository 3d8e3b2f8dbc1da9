package weld.nodes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import com.oracle.truffle.api.frame.FrameDescriptor;

import weld.WeldException;
import weld.WeldLanguage;
import weld.builders.Appender;
import weld.builders.ColumnGroupMerger;
import weld.builders.ObjectKeyDictMerger;
import weld.builders.ScalarDictMerger;
import weld.builders.StructDictMerger;
import weld.builders.VecMerger;
import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.FreeVariables;
import weld.ir.Program;
import weld.ir.Symbol;
import weld.ir.passes.AppendPredication;
import weld.ir.passes.MapUpdate;
import weld.nodes.builder.AppendNode;
import weld.nodes.builder.PredicatedAppendNode;
import weld.nodes.builder.MergeDictNode;
import weld.nodes.builder.MergeGroupNode;
import weld.nodes.builder.MergeKeyedNode;
import weld.nodes.builder.MergeLanesNode;
import weld.nodes.builder.InPlaceUpdateNode;
import weld.nodes.builder.MergeObjectKeyDictNode;
import weld.nodes.builder.MergeStructDictNode;
import weld.nodes.builder.MergeStructNode;
import weld.nodes.builder.VecMergeGroupNode;
import weld.nodes.builder.StructValueFields;
import weld.nodes.builder.VecMergeNode;
import weld.nodes.builder.VecMergeStructNode;
import weld.nodes.builder.NewBuilderNode;
import weld.nodes.builder.ResultNode;
import weld.nodes.collection.DictQueryNode;
import weld.nodes.collection.GetFieldNode;
import weld.nodes.collection.LenNode;
import weld.nodes.collection.LookupDictNode;
import weld.nodes.collection.LookupVectorNode;
import weld.nodes.collection.MakeStructNode;
import weld.nodes.collection.MakeVectorNode;
import weld.nodes.collection.PackKeyNode;
import weld.nodes.collection.SerializeNode;
import weld.nodes.collection.SliceNode;
import weld.nodes.collection.SortNode;
import weld.nodes.collection.SortOperands;
import weld.nodes.collection.SortOrder;
import weld.nodes.collection.ToVecNode;
import weld.nodes.control.AssertNode;
import weld.nodes.control.IfNode;
import weld.nodes.control.IterateNode;
import weld.nodes.control.SelectNode;
import weld.nodes.expression.BoolOpNode;
import weld.nodes.expression.CastNode;
import weld.nodes.expression.CompareNode;
import weld.nodes.expression.ConstantNode;
import weld.nodes.expression.DoubleArithNode;
import weld.nodes.expression.FloatArithNode;
import weld.nodes.expression.IntArithNode;
import weld.nodes.expression.LongArithNode;
import weld.nodes.expression.SimdNode;
import weld.nodes.expression.UnaryNode;
import weld.nodes.local.LetLookupNode;
import weld.nodes.local.LetNode;
import weld.nodes.local.ReadLocalNode;
import weld.nodes.loop.ElementLoader;
import weld.nodes.loop.ForNode;
import weld.nodes.loop.LoopBody;
import weld.nodes.loop.ReductionBody;
import weld.nodes.loop.VectorIndexedMergeBody;
import weld.nodes.loop.VectorReductionBody;
import weld.nodes.loop.KernelInputs;
import weld.nodes.loop.lanes.LanePlanner;
import weld.nodes.loop.Reductions;
import weld.nodes.loop.SlotWrite;
import weld.nodes.loop.ScatterMergeBody;
import weld.nodes.loop.UpdateBody;
import weld.nodes.loop.IndexedLookup;
import weld.nodes.loop.IndexedLookupPlanner;
import weld.nodes.loop.IndexedLookupRead;
import weld.nodes.loop.IteratorNode;
import weld.nodes.loop.LoopSlots;
import weld.nodes.loop.MapBody;
import weld.nodes.expression.CudfNode;
import weld.parallel.Partials;
import weld.runtime.Carrier;
import weld.runtime.NativeUdf;
import weld.runtime.PackedKey;
import weld.runtime.ScalarOps;
import weld.runtime.ScalarTable;
import weld.runtime.SimdOps;
import weld.runtime.Storage;
import weld.runtime.StructLayout;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * Lowers a typed {@link Program} to Truffle nodes, choosing each node by the static type of its IR expression. All
 * variables, including the parameters of lambdas (which Weld only passes to {@code for}, {@code iterate} and
 * {@code sort}), live in slots of the one frame of the program, so loop bodies are inlined into the loop node and
 * a loop's builder and elements are frame slots that the compiler keeps in registers. The element of a loop over
 * {@code zip} is never built as a struct when the body only reads its fields. Any loop outside a sort comparator
 * may run in parallel ({@link ForNode} decides at run time).
 */
public final class NodeBuilder {
    private final FrameDescriptor.Builder frame = FrameDescriptor.newBuilder();
    private int slotCount;
    /** The carrier of each slot, by index: the only kind of value the slot ever holds, besides being cleared. */
    private final List<Carrier> slotCarriers = new ArrayList<>();
    private final Map<Symbol, Binding> env = new HashMap<>();
    private final String udfLibraries;
    private final boolean vectorize;
    private final int kernelWarmup;
    /** How many sort comparators enclose the node being built (their loops run inside the sort, sequentially). */
    private int inComparator;
    /**
     * Whether the node being built is in the scalar body of a loop that runs as a SIMD kernel: that body runs the
     * iterations the kernel leaves (the last few, a compiled kernel's first ones), which are not the ones the
     * interpreter ran through it, so its branches are not profiled (see {@link IfNode}).
     */
    private boolean underKernel;

    /**
     * Where a variable lives: one slot, or (a zipped loop element, a sort comparator's struct parameter) one binding
     * per field.
     */
    private sealed interface Binding {
        /** Adds the slots this binding reads to {@code slots}. */
        void addSlots(Collection<Integer> slots);
    }

    private record SlotBinding(int slot, Carrier carrier) implements Binding {
        @Override
        public void addSlots(Collection<Integer> slots) {
            slots.add(slot);
        }
    }

    private record ZipBinding(WeldType.Struct type, List<? extends Binding> fields) implements Binding {
        @Override
        public void addSlots(Collection<Integer> slots) {
            fields.forEach(f -> f.addSlots(slots));
        }
    }

    /** A lookup its loop reads like an iterator ({@link IndexedLookup}): the loop's lookup and the element slot. */
    private record IndexedBinding(IndexedLookup source, SlotBinding element) {
    }

    private final Map<Expr.Lookup, IndexedBinding> indexedLookups = new IdentityHashMap<>();

    private NodeBuilder(String udfLibraries, boolean vectorize, int kernelWarmup) {
        this.udfLibraries = udfLibraries;
        this.vectorize = vectorize;
        this.kernelWarmup = kernelWarmup;
    }

    /**
     * Builds the root node of a program; {@code udfLibraries} lists the libraries {@code cudf} may call into;
     * {@code vectorize}: merger reductions that a {@link LanePlanner} accepts may run as SIMD code, in the
     * interpreter after a warm-up on scalar blocks ({@code kernelWarmup}: the option {@code weld.KernelWarmup}).
     */
    public static WeldRootNode build(WeldLanguage language, Program program, String udfLibraries, boolean vectorize,
                                     int kernelWarmup) {
        NodeBuilder b = new NodeBuilder(udfLibraries, vectorize, kernelWarmup);
        int n = program.params().size();
        int[] slots = new int[n];
        Carrier[] carriers = new Carrier[n];
        for (int i = 0; i < n; i++) {
            Expr.Param p = program.params().get(i);
            carriers[i] = Carrier.of(p.type());
            slots[i] = b.bind(p.symbol(), carriers[i]);
        }
        WeldExpressionNode body = b.build(program.body());
        return new WeldRootNode(language, b.frame.build(), slots, carriers, body, program.resultType());
    }

    private int newSlot(Carrier c) {
        slotCount++;
        slotCarriers.add(c);
        return frame.addSlot(c.slotKind, null, null);
    }

    private int bind(Symbol s, Carrier c) {
        int slot = newSlot(c);
        env.put(s, new SlotBinding(slot, c));
        return slot;
    }

    /**
     * Binds {@code s}, a struct of scalars laid out as {@code layout}, to one slot per column (nested structs'
     * columns in their place): field reads of it read slots, so no struct is made. Returns the slots in column order.
     */
    private int[] bindColumns(Symbol s, StructLayout layout) {
        int[] slots = new int[layout.columnCount()];
        env.put(s, columnBinding(layout.type, layout, 0, slots));
        return slots;
    }

    private ZipBinding columnBinding(WeldType.Struct type, StructLayout layout, int base, int[] slots) {
        List<Binding> fields = new ArrayList<>();
        int column = base;
        for (WeldType field : type.fields()) {
            if (field.resolve() instanceof WeldType.Struct inner) {
                fields.add(columnBinding(inner, layout, column, slots));
                column += StructLayout.of(inner).columnCount();
            } else {
                Carrier c = Carrier.of(layout.kind(column));
                slots[column] = newSlot(c);
                fields.add(new SlotBinding(slots[column], c));
                column++;
            }
        }
        return new ZipBinding(type, fields);
    }

    /**
     * The layout of the value of dictionary lookup {@code l} where it can be bound field by field
     * ({@link LetLookupNode}: a struct of scalars); null otherwise.
     */
    private static StructLayout lookupLayout(Expr.Lookup l) {
        return l.collection().type().resolve() instanceof WeldType.Dict d ? StructLayout.of(d.value()) : null;
    }

    /** The binding of the field {@code g} reads where its struct is bound field by field; null otherwise. */
    private Binding fieldBinding(Expr.GetField g) {
        Binding struct = switch (g.struct()) {
            case Expr.Ident id -> env.get(id.symbol());
            case Expr.GetField inner -> fieldBinding(inner);
            default -> null;
        };
        return struct instanceof ZipBinding z ? z.fields().get(g.index()) : null;
    }

    /**
     * The key of a dictionary lookup or merge: a struct or float key that tables pack ({@link PackedKey}) as a
     * {@link PackKeyNode} (a struct literal's fields evaluated in their carriers), any other as it is.
     */
    private WeldExpressionNode buildKey(Expr key) {
        PackedKey packing = PackedKey.of(key.type());
        if (packing == null) {
            return build(key);
        }
        if (packing.isScalar()) {
            return PackKeyNode.ofFields(packing, new WeldExpressionNode[] {build(key)});
        }
        return key instanceof Expr.MakeStruct s ? PackKeyNode.ofFields(packing, buildAll(s.elems()))
                : PackKeyNode.ofStruct(packing, build(key));
    }

    private WeldExpressionNode[] buildAll(List<? extends Expr> es) {
        WeldExpressionNode[] r = new WeldExpressionNode[es.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = build(es.get(i));
        }
        return r;
    }

    WeldExpressionNode build(Expr e) {
        return switch (e) {
            case Expr.Literal l -> new ConstantNode(l.value());
            case Expr.Ident id -> read(env.get(id.symbol()));
            case Expr.Binary b -> binary(b.op(), b.left().type(), b.pos(), build(b.left()), build(b.right()));
            case Expr.Unary u -> {
                WeldType t = u.operand().type();
                if (t instanceof WeldType.Simd simd) {
                    yield SimdNode.unary(simd.kind(), u.op(), build(u.operand()));
                }
                if (!(t instanceof WeldType.Scalar s)) {
                    throw WeldException.notSupported(u.pos(), u.op().symbol + " on " + t);
                }
                yield new UnaryNode(u.op(), s.kind(), build(u.operand()));
            }
            case Expr.Cast c -> {
                ScalarKind from = WeldType.scalarKind(c.operand().type());
                yield new CastNode(from, c.target(), build(c.operand()));
            }
            case Expr.Let l when l.value() instanceof Expr.Lookup lk
                    && lookupLayout(lk) instanceof StructLayout layout -> {
                WeldExpressionNode d = build(lk.collection());
                WeldExpressionNode k = buildKey(lk.key());
                int[] slots = bindColumns(l.symbol(), layout);
                yield new LetLookupNode(lk.pos(), (WeldType.Dict) lk.collection().type().resolve(), layout, slots, d, k,
                        build(l.body()));
            }
            case Expr.Let l -> {
                WeldExpressionNode value = build(l.value());
                Carrier c = Carrier.of(l.value().type());
                int slot = bind(l.symbol(), c);
                yield new LetNode(slot, c, value, build(l.body()));
            }
            case Expr.If i -> new IfNode(build(i.cond()), build(i.onTrue()), build(i.onFalse()), !underKernel);
            case Expr.Select s -> s.cond().type() instanceof WeldType.Simd
                    ? SimdNode.select(((WeldType.Simd) s.type()).kind(), build(s.cond()), build(s.onTrue()), build(s.onFalse()))
                    : new SelectNode(build(s.cond()), build(s.onTrue()), build(s.onFalse()));
            case Expr.Iterate it -> {
                WeldExpressionNode init = build(it.initial());
                Carrier c = Carrier.of(it.initial().type());
                int slot = bind(it.update().params().get(0).symbol(), c);
                yield new IterateNode(slot, c, init, build(it.update().body()));
            }
            case Expr.Lambda l -> throw new IllegalStateException("lambda outside for/iterate/sort");
            case Expr.MakeStruct s -> Reductions.inPlaceUpdate(s) instanceof Expr.Ident b
                    ? new InPlaceUpdateNode(vecMergeGroup(s) instanceof WeldExpressionNode g
                            ? new WeldExpressionNode[] {g} : buildAll(s.elems()), build(b))
                    : new MakeStructNode((WeldType.Struct) s.type(), buildAll(s.elems()));
            case Expr.MakeVector v -> new MakeVectorNode(((WeldType.Vec) v.type()).elem(), buildAll(v.elems()));
            case Expr.GetField g when g.struct() instanceof Expr.Lookup lk
                    && lookupLayout(lk) instanceof StructLayout layout -> {
                // A field of a lookup, as a let of the lookup bound field by field that reads the field.
                WeldExpressionNode d = build(lk.collection());
                WeldExpressionNode k = buildKey(lk.key());
                int[] slots = new int[layout.columnCount()];
                ZipBinding fields = columnBinding(layout.type, layout, 0, slots);
                yield new LetLookupNode(lk.pos(), (WeldType.Dict) lk.collection().type().resolve(), layout, slots, d, k,
                        read(fields.fields().get(g.index())));
            }
            case Expr.GetField g -> fieldBinding(g) instanceof Binding b ? read(b)
                    : new GetFieldNode(g.index(), build(g.struct()));
            case Expr.Annotated a when a.expr() instanceof Expr.If i && "true".equals(a.annotations().get("predicate")) ->
                    predicatedIf(i);
            case Expr.Annotated a -> build(a.expr());
            case Expr.Len l -> new LenNode(build(l.vector()));
            case Expr.Lookup l when indexedLookups.get(l) instanceof IndexedBinding ib -> new IndexedLookupRead(ib.source(),
                    ib.element().slot(), ib.element().carrier(), lookupVector(l));
            case Expr.Lookup l -> l.collection().type() instanceof WeldType.Vec
                    ? lookupVector(l)
                    : new LookupDictNode(l.pos(), (WeldType.Dict) l.collection().type().resolve(), build(l.collection()),
                            buildKey(l.key()));
            case Expr.OptLookup l -> new DictQueryNode((WeldType.Struct) l.type(), (WeldType.Dict) l.dict().type().resolve(),
                    build(l.dict()), buildKey(l.key()));
            case Expr.KeyExists k -> new DictQueryNode(null, (WeldType.Dict) k.dict().type().resolve(), build(k.dict()),
                    buildKey(k.key()));
            case Expr.Slice s -> new SliceNode(build(s.vector()), build(s.index()), build(s.size()));
            case Expr.Sort s -> {
                WeldExpressionNode vec = build(s.vector());
                WeldType elem = ((WeldType.Vec) s.vector().type().resolve()).elem();
                Carrier c = Carrier.of(elem);
                int state = newSlot(Carrier.OBJECT);
                StructLayout layout = StructLayout.of(elem);
                Symbol a = s.comparator().params().get(0).symbol();
                Symbol b = s.comparator().params().get(1).symbol();
                SortOperands operands = layout != null
                        ? SortOperands.columns(layout, bindColumns(a, layout), bindColumns(b, layout))
                        : SortOperands.elements(c, Storage.kindOf(elem), bind(a, c), bind(b, c));
                inComparator++;
                WeldExpressionNode cmp = build(s.comparator().body());
                inComparator--;
                yield new SortNode(state, operands, SortOrder.of(s.comparator(), elem), vec, cmp);
            }
            case Expr.ToVec t -> new ToVecNode((WeldType.Struct) ((WeldType.Vec) t.type()).elem(), build(t.dict()));
            case Expr.Serialize s -> new SerializeNode(s.pos(), s.value().type(), false, build(s.value()));
            case Expr.Deserialize d -> new SerializeNode(d.pos(), d.type(), true, build(d.bytes()));
            case Expr.Broadcast b -> SimdNode.broadcast(((WeldType.Simd) b.type()).kind(), build(b.value()));
            case Expr.Cudf c -> cudf(c);
            case Expr.Assert a -> new AssertNode(a.pos(), build(a.cond()));
            case Expr.Merge m -> merge(m);
            case Expr.Result r -> {
                WeldType bt = r.builder().type();
                WeldExpressionNode b = build(r.builder());
                yield bt instanceof WeldType.Builder builder && builder.kind() == BuilderKind.MERGER ? b
                        : new ResultNode(r.type(), b);
            }
            case Expr.NewBuilder n -> newBuilder(n);
            case Expr.Iter it -> throw new IllegalStateException("iterator outside for");
            case Expr.For f -> forLoop(f);
        };
    }

    private WeldExpressionNode cudf(Expr.Cudf c) {
        List<WeldType> argTypes = Lists.map(c.args(), Expr::type);
        for (WeldType t : argTypes) {
            if (!NativeUdf.isSupported(t)) {
                throw WeldException.notSupported(c.pos(), "cudf arguments of type " + t);
            }
        }
        if (!NativeUdf.isSupported(c.type())) {
            throw WeldException.notSupported(c.pos(), "cudf results of type " + c.type());
        }
        NativeUdf udf;
        try {
            udf = NativeUdf.lookup(udfLibraries, c.symbolName(), argTypes, c.type()).orElseThrow(() -> WeldException.runtime(
                    c.pos(), "C function '" + c.symbolName() + "' not found in the UDF libraries (" + (udfLibraries.isBlank()
                            ? "none given: use --udf-lib PATH or --weld.UdfLibraries" : udfLibraries) + ")", null));
        } catch (IllegalArgumentException | IllegalCallerException e) {
            throw WeldException.runtime(c.pos(), e.getMessage(), null);
        }
        return new CudfNode(c.pos(), c.symbolName(), udf, buildAll(c.args()));
    }

    private WeldExpressionNode read(Binding b) {
        return switch (b) {
            case SlotBinding s -> new ReadLocalNode(s.slot(), s.carrier());
            case ZipBinding z -> {
                WeldExpressionNode[] fields = new WeldExpressionNode[z.fields().size()];
                for (int i = 0; i < fields.length; i++) {
                    fields[i] = read(z.fields().get(i));
                }
                yield new MakeStructNode(z.type(), fields);
            }
        };
    }

    private static WeldExpressionNode binary(BinOp op, WeldType operandType, Pos pos, WeldExpressionNode l,
                                             WeldExpressionNode r) {
        if (operandType instanceof WeldType.Simd simd) {
            return SimdNode.binary(simd.kind(), op, pos, l, r);
        }
        if (op == BinOp.LAND || op == BinOp.LOR) {
            return new BoolOpNode(op, pos, l, r);
        }
        if (op.isComparison()) {
            return new CompareNode(operandType, op, pos, l, r);
        }
        if (!(operandType instanceof WeldType.Scalar s)) {
            throw WeldException.notSupported(pos, op.symbol + " on " + operandType);
        }
        return switch (Carrier.of(s.kind())) {
            case BOOLEAN -> new BoolOpNode(op, pos, l, r);
            case INT -> new IntArithNode(s.kind(), op, pos, l, r);
            case LONG -> new LongArithNode(s.kind(), op, pos, l, r);
            case FLOAT -> new FloatArithNode(op, pos, l, r);
            case DOUBLE -> new DoubleArithNode(op, pos, l, r);
            case OBJECT -> throw WeldException.notSupported(pos, op.symbol + " on " + operandType);
        };
    }

    private WeldExpressionNode merge(Expr.Merge m) {
        WeldType.Builder bt = (WeldType.Builder) m.builder().type();
        WeldExpressionNode b = build(m.builder());
        if (bt.kind() == BuilderKind.VECMERGER) {
            return vecMerge(m, bt, b);
        }
        if (bt.kind() == BuilderKind.DICTMERGER && ScalarDictMerger.supports(bt)) {
            if (m.value() instanceof Expr.MakeStruct kv) {
                return MergeDictNode.of(bt, b, buildKey(kv.elems().get(0)), build(kv.elems().get(1)));
            }
            return MergeDictNode.ofPair(bt, b, build(m.value()));
        }
        if (bt.kind() == BuilderKind.GROUPMERGER && ColumnGroupMerger.supports(bt)
                && m.value() instanceof Expr.MakeStruct kv) {
            return new MergeGroupNode(bt, b, buildKey(kv.elems().get(0)), build(kv.elems().get(1)));
        }
        if (bt.kind() == BuilderKind.DICTMERGER && StructDictMerger.supports(bt)) {
            List<Expr> fields = new ArrayList<>();
            if (m.value() instanceof Expr.MakeStruct kv && literalFields(kv.elems().get(1), fields)) {
                return MergeStructDictNode.of(bt, b, buildKey(kv.elems().get(0)), buildAll(fields));
            }
            return MergeStructDictNode.ofPair(bt, b, build(m.value()));
        }
        if (bt.kind() == BuilderKind.DICTMERGER && ObjectKeyDictMerger.supports(bt)) {
            List<Expr> fields = new ArrayList<>();
            if (m.value() instanceof Expr.MakeStruct kv && valueFields(kv.elems().get(1), fields)) {
                return MergeObjectKeyDictNode.of(bt, b, build(kv.elems().get(0)), buildAll(fields));
            }
            return MergeObjectKeyDictNode.ofPair(bt, b, build(m.value()));
        }
        WeldExpressionNode v = build(m.value());
        if (m.value().type() instanceof WeldType.Simd simd) {
            return new MergeLanesNode(simd.kind(), bt.kind() == BuilderKind.MERGER ? bt.op() : null, b, v);
        }
        return switch (bt.kind()) {
            case APPENDER -> new AppendNode(bt.elem(), b, v);
            case MERGER -> bt.elem().resolve() instanceof WeldType.Scalar
                    ? binary(bt.op(), bt.elem().resolve(), m.pos(), b, v)
                    : new MergeStructNode(bt.elem(), bt.op(), b, v);
            case DICTMERGER, GROUPMERGER, VECMERGER -> new MergeKeyedNode(m.pos(), b, v);
        };
    }

    /** Adds to {@code out} {@code e} if it is a scalar, else its {@link #literalFields}; false where those fail. */
    private static boolean valueFields(Expr e, List<Expr> out) {
        if (e.type().resolve() instanceof WeldType.Scalar) {
            return out.add(e);
        }
        return literalFields(e, out);
    }

    /**
     * Adds to {@code out} the scalar fields of {@code e}, a struct of scalars, in column order (nested structs'
     * fields in their place), where it and every struct inside it are literals; false otherwise.
     */
    private static boolean literalFields(Expr e, List<Expr> out) {
        if (!(e.type().resolve() instanceof WeldType.Struct)) {
            out.add(e);
            return true;
        }
        if (!(e instanceof Expr.MakeStruct s)) {
            return false;
        }
        for (Expr f : s.elems()) {
            if (!literalFields(f, out)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A vecmerger merge of a scalar whose {@code {index, value}} is a struct literal or a variable: index and value
     * evaluated separately in their carriers; of a struct literal of numbers, field by field into the vecmerger's
     * columns; otherwise the boxed path.
     */
    private WeldExpressionNode vecMerge(Expr.Merge m, WeldType.Builder bt, WeldExpressionNode b) {
        List<Expr> fields = new ArrayList<>();
        if (VecMerger.numberColumns(bt.elem()) instanceof StructLayout layout && m.value() instanceof Expr.MakeStruct kv
                && literalFields(kv.elems().get(1), fields)) {
            return new VecMergeStructNode(m.pos(), b, build(kv.elems().get(0)),
                    new StructValueFields(layout, bt.op(), buildAll(fields)));
        }
        if (!(bt.elem().resolve() instanceof WeldType.Scalar s)) {
            return new MergeKeyedNode(m.pos(), b, build(m.value()));
        }
        WeldExpressionNode index;
        WeldExpressionNode value;
        if (m.value() instanceof Expr.MakeStruct kv && kv.elems().size() == 2) {
            index = build(kv.elems().get(0));
            value = build(kv.elems().get(1));
        } else if (m.value() instanceof Expr.Ident) {
            index = new GetFieldNode(0, build(m.value()));
            value = new GetFieldNode(1, build(m.value()));
        } else {
            return new MergeKeyedNode(m.pos(), b, build(m.value()));
        }
        return new VecMergeNode(m.pos(), s.kind(), bt.op(), b, index, value);
    }

    /**
     * The fields of an in-place struct update as one {@link VecMergeGroupNode} when they are all merges of an
     * {@code {index, value}} literal into {@code f64} or {@code i64} vecmergers, with the same variable as index;
     * otherwise null.
     */
    private WeldExpressionNode vecMergeGroup(Expr.MakeStruct s) {
        int n = s.elems().size();
        if (n < 2) {
            return null;
        }
        Symbol index = null;
        for (Expr e : s.elems()) {
            if (!(e instanceof Expr.Merge m && m.builder().type().resolve() instanceof WeldType.Builder bt
                    && bt.kind() == BuilderKind.VECMERGER && bt.elem().resolve() instanceof WeldType.Scalar sc
                    && VecMergeGroupNode.supports(sc.kind()) && m.value() instanceof Expr.MakeStruct kv
                    && kv.elems().size() == 2 && kv.elems().get(0) instanceof Expr.Ident id
                    && (index == null || index.equals(id.symbol())))) {
                return null;
            }
            index = id.symbol();
        }
        Pos[] positions = new Pos[n];
        ScalarKind[] kinds = new ScalarKind[n];
        BinOp[] ops = new BinOp[n];
        WeldExpressionNode[] builders = new WeldExpressionNode[n];
        WeldExpressionNode[] values = new WeldExpressionNode[n];
        for (int k = 0; k < n; k++) {
            Expr.Merge m = (Expr.Merge) s.elems().get(k);
            WeldType.Builder bt = (WeldType.Builder) m.builder().type().resolve();
            Expr.MakeStruct kv = (Expr.MakeStruct) m.value();
            positions[k] = m.pos();
            kinds[k] = ((WeldType.Scalar) bt.elem().resolve()).kind();
            ops[k] = bt.op();
            builders[k] = build(m.builder());
            values[k] = build(kv.elems().get(1));
        }
        Expr firstIndex = ((Expr.MakeStruct) ((Expr.Merge) s.elems().get(0)).value()).elems().get(0);
        return new VecMergeGroupNode(positions, kinds, ops, build(firstIndex), builders, values);
    }

    /**
     * An {@code if} under {@code @(predicate:true)} (which the predication pass also puts on the appends it would
     * predicate): a predicated append where {@link AppendPredication} takes it, else branching.
     */
    private WeldExpressionNode predicatedIf(Expr.If i) {
        Expr.Merge m = AppendPredication.merge(i, "true");
        if (m == null) {
            return new IfNode(build(i.cond()), build(i.onTrue()), build(i.onFalse()), !underKernel);
        }
        WeldType elem = ((WeldType.Builder) m.builder().type().resolve()).elem();
        return new PredicatedAppendNode(elem, AppendPredication.negated(i), build(i.cond()),
                build(m.builder()), build(m.value()));
    }

    private WeldExpressionNode newBuilder(Expr.NewBuilder n) {
        WeldType.Builder bt = (WeldType.Builder) n.type();
        WeldExpressionNode arg = n.arg() == null ? null : build(n.arg());
        if (bt.kind() == BuilderKind.MERGER) {
            return arg != null ? arg : new ConstantNode(ScalarOps.identity(bt.elem(), bt.op()));
        }
        return new NewBuilderNode(bt, arg, bt.kind() == BuilderKind.VECMERGER && isFreshVector(n.arg()));
    }

    /**
     * Whether {@code e} evaluates to a vector whose array nothing else references: the result of a loop into an
     * appender made for that loop ({@code result(for(..., appender[T], ...))}, where inlining puts the zero vectors
     * programs pass to vecmergers), so a vecmerger can take the array over instead of copying it.
     */
    private static boolean isFreshVector(Expr e) {
        return e instanceof Expr.Result r && r.builder() instanceof Expr.For f
                && f.builder() instanceof Expr.NewBuilder b
                && ((WeldType.Builder) b.type()).kind() == BuilderKind.APPENDER;
    }

    private WeldExpressionNode forLoop(Expr.For f) {
        // The lookups this loop reads like iterators are its own: a loop built again (an update function built once
        // per accumulator set of an unrolled reduction) gets its own element slots and loads.
        Map<Expr.Lookup, IndexedBinding> enclosing = new IdentityHashMap<>(indexedLookups);
        try {
            return buildFor(f);
        } finally {
            indexedLookups.clear();
            indexedLookups.putAll(enclosing);
        }
    }

    private WeldExpressionNode buildFor(Expr.For f) {
        SortedSet<Integer> taskSlots = outerSlots(f);
        int ownSlots = slotCount;
        List<IteratorNode> iterators = new ArrayList<>();
        List<ElementLoader> loaders = new ArrayList<>();
        List<SlotBinding> elements = new ArrayList<>();
        List<LoopSlots> iteratorSlots = new ArrayList<>();
        for (Expr.Iter it : f.iters()) {
            if (it.kind() == IterKind.ND) {
                throw WeldException.notSupported(it.pos(), it.kind().keyword);
            }
            boolean range = it.kind() == IterKind.RANGE;
            WeldType elem = it.type();
            ScalarKind scalar = elem instanceof WeldType.Simd s ? s.kind() : range ? ScalarKind.I64 : Storage.kindOf(elem);
            int lanes = it.kind() == IterKind.SIMD || it.kind() == IterKind.FRINGE ? SimdOps.lanes(scalar) : 0;
            Carrier c = Carrier.of(elem);
            LoopSlots slots = new LoopSlots(range ? -1 : newSlot(Carrier.OBJECT), newSlot(Carrier.LONG),
                    newSlot(Carrier.LONG), newSlot(c));
            iterators.add(new IteratorNode(it.pos(), slots, it.kind(), lanes, range ? null : build(it.data()),
                    it.start() == null ? null : build(it.start()), it.end() == null ? null : build(it.end()),
                    it.stride() == null ? null : build(it.stride())));
            StructLayout layout = range ? null : StructLayout.of(elem);
            loaders.add(new ElementLoader(slots, scalar, layout, range, it.unitStride() && it.kind() != IterKind.SIMD,
                    it.kind() == IterKind.SIMD ? lanes : 0));
            elements.add(new SlotBinding(slots.element(), c));
            iteratorSlots.add(slots);
        }
        WeldExpressionNode builder = build(f.builder());
        Carrier bc = Carrier.of(f.builder().type());
        List<Expr.Param> params = f.update().params();
        int builderSlot = bind(params.get(0).symbol(), bc);
        int indexSlot = Reductions.uses(f.update().body(), params.get(1).symbol()) ? bind(params.get(1).symbol(), Carrier.LONG) : -1;
        if (elements.size() == 1) {
            env.put(params.get(2).symbol(), elements.get(0));
        } else {
            env.put(params.get(2).symbol(), new ZipBinding((WeldType.Struct) params.get(2).type(), elements));
        }
        // The loaded slots: elements, then the lookups read like iterators.
        List<SlotBinding> loaded = new ArrayList<>(elements);
        List<IndexedLookup> lookups = indexedLookups(f, loaders, loaded);
        boolean parallel = inComparator == 0 && Partials.supports(f.builder().type());
        int countSlot = newSlot(Carrier.INT);
        int counterSlot = newSlot(Carrier.INT);
        int setUpEnd = slotCount;
        ElementLoader[] loaderArray = loaders.toArray(ElementLoader[]::new);
        LoopBody loopBody = reduction(f, builderSlot, indexSlot, countSlot, counterSlot, loaderArray, iteratorSlots,
                loaded);
        Expr mapped = loopBody == null ? mapValue(f) : null;
        if (mapped != null) {
            int baseSlot = newSlot(Carrier.LONG);
            setUpEnd = slotCount;
            int bodySlots = slotCount;
            WeldExpressionNode value = build(mapped);
            loopBody = new MapBody(mapped.type(), builderSlot, baseSlot, indexSlot, countSlot, counterSlot,
                    loaderArray, value, MapBody.fillValue(mapped),
                    iterationSlots(loaded, indexSlot, bodySlots, slotCount));
        }
        if (loopBody == null) {
            boolean inPlace = Reductions.updatesInPlace(f.update().body(), f.update().params().get(0).symbol(),
                    f.builder().type());
            int bodySlots = slotCount;
            LanePlanner.Plan plan = vectorize ? LanePlanner.planIndexedMerge(f, indexedLookups::containsKey) : null;
            if (plan != null && !plan.kernel().fusible()) {
                plan = null;
            }
            boolean outerUnderKernel = underKernel;
            underKernel = plan != null;
            WeldExpressionNode update = build(f.update().body());
            underKernel = outerUnderKernel;
            UpdateBody general = new UpdateBody(bc, builderSlot, indexSlot, countSlot, counterSlot, loaderArray, update,
                    inPlace, iterationSlots(loaded, indexSlot, bodySlots, slotCount));
            LanePlanner.Plan scatter = vectorize && plan == null
                    ? LanePlanner.planScatterMerge(f, indexedLookups::containsKey) : null;
            loopBody = plan != null ? indexedMerge(f, plan, general, builderSlot, countSlot, counterSlot, iteratorSlots)
                    : scatter != null ? new ScatterMergeBody(scatter.kernel(), scatterTargets(f),
                    f.builder().type().resolve() instanceof WeldType.Struct, builderSlot,
                    kernelInputs(scatter, iteratorSlots), countSlot, counterSlot, general)
                    : general;
        }
        // What a parallel task copies from the program's frame: the slots of the variables the loop reads from
        // outside and of its own set-up; the body's slots are written in every iteration before they are read.
        for (int s = ownSlots; s < setUpEnd; s++) {
            taskSlots.add(s);
        }
        int[] copied = Lists.ints(taskSlots);
        Carrier[] carriers = new Carrier[copied.length];
        for (int k = 0; k < copied.length; k++) {
            carriers[k] = slotCarriers.get(copied[k]);
        }
        boolean idle = returnsBuilder(f.update());
        return new ForNode(f.pos(), f.builder().type(), parallel, idle, copied, carriers, builderSlot,
                iterators.toArray(IteratorNode[]::new), lookups.toArray(IndexedLookup[]::new), builder, loopBody);
    }

    /** Whether an update function returns its builder parameter unchanged: {@code |b, i, x| b}. */
    private static boolean returnsBuilder(Expr.Lambda update) {
        Expr e = update.body();
        while (e instanceof Expr.Annotated a) {
            e = a.expr();
        }
        return e instanceof Expr.Ident id && id.symbol().equals(update.params().get(0).symbol());
    }

    /**
     * The slots of what loop {@code f} reads from the enclosing code: its free variables, and the lookups of
     * enclosing loops that it reads like iterators.
     */
    private SortedSet<Integer> outerSlots(Expr.For f) {
        SortedSet<Integer> slots = new TreeSet<>();
        for (Symbol s : FreeVariables.of(f)) {
            if (env.get(s) instanceof Binding b) {
                b.addSlots(slots);
            }
        }
        addEnclosingLookups(f, slots);
        return slots;
    }

    private void addEnclosingLookups(Expr e, SortedSet<Integer> slots) {
        if (e instanceof Expr.Lookup l && indexedLookups.get(l) instanceof IndexedBinding ib) {
            LoopSlots ls = ib.source().slots();
            for (int s : new int[] {ls.store(), ls.base(), ls.stride(), ls.element(), ib.element().slot()}) {
                if (s >= 0) {
                    slots.add(s);
                }
            }
        }
        for (Expr c : Children.of(e)) {
            addEnclosingLookups(c, slots);
        }
    }

    /**
     * The lookups of loop {@code f} read like iterators ({@link IndexedLookupPlanner}), with their element loaders
     * added to {@code loaders} and their element slots to {@code loaded}; the lookups build to reads of those slots.
     */
    private List<IndexedLookup> indexedLookups(Expr.For f, List<ElementLoader> loaders, List<SlotBinding> loaded) {
        List<IndexedLookup> lookups = new ArrayList<>();
        for (IndexedLookupPlanner.Planned p : IndexedLookupPlanner.plan(f)) {
            if (indexedLookups.containsKey(p.lookup())) {
                continue;
            }
            WeldType elem = ((WeldType.Vec) p.lookup().collection().type().resolve()).elem();
            Carrier c = Carrier.of(elem);
            LoopSlots slots = new LoopSlots(newSlot(Carrier.OBJECT), newSlot(Carrier.LONG), -1, newSlot(c));
            IndexedLookup source = new IndexedLookup(slots, build(p.lookup().collection()),
                    p.offset() == null ? null : build(p.offset()));
            lookups.add(source);
            loaders.add(ElementLoader.forLookup(slots, Storage.kindOf(elem), StructLayout.of(elem), source));
            SlotBinding element = new SlotBinding(slots.element(), c);
            loaded.add(element);
            indexedLookups.put(p.lookup(), new IndexedBinding(source, element));
        }
        return lookups;
    }

    /**
     * The value a map merges ({@link MapUpdate}) for a loop into an appender; null for other loops, and for SIMD
     * iterators and values, which merge lanes.
     */
    private static Expr mapValue(Expr.For f) {
        if (!(f.builder().type().resolve() instanceof WeldType.Builder bt) || bt.kind() != BuilderKind.APPENDER
                || Lists.any(f.iters(), it -> it.kind() == IterKind.SIMD || it.kind() == IterKind.FRINGE)) {
            return null;
        }
        Expr v = MapUpdate.value(f.update());
        return v == null || v.type().resolve() instanceof WeldType.Simd ? null : v;
    }

    /**
     * The slots an update function writes before it reads them in every iteration: the elements, the index and the
     * slots of its own lets and inner loops (allocated from {@code from} to {@code to} while building it).
     */
    private static int[] iterationSlots(List<SlotBinding> elements, int indexSlot, int from, int to) {
        int[] slots = new int[elements.size() + (indexSlot >= 0 ? 1 : 0) + to - from];
        int k = 0;
        for (SlotBinding e : elements) {
            slots[k++] = e.slot();
        }
        if (indexSlot >= 0) {
            slots[k++] = indexSlot;
        }
        for (int s = from; s < to; s++) {
            slots[k++] = s;
        }
        return slots;
    }

    /**
     * A {@link ReductionBody} for a loop over a merger or a struct of mergers that only merges into its builder (a
     * merger over a struct runs as the struct of its field mergers); null for other loops, and for a single merger
     * that would get one accumulator and no SIMD code (no gain).
     * Wrapped in a {@link VectorReductionBody} when the update function can run as SIMD code (a large update
     * function too, which gets one accumulator in the scalar body).
     */
    private LoopBody reduction(Expr.For f, int builderSlot, int indexSlot, int countSlot, int counterSlot,
                               ElementLoader[] loaders, List<LoopSlots> iteratorSlots, List<SlotBinding> loaded) {
        WeldType bt = f.builder().type().resolve();
        Symbol b = f.update().params().get(0).symbol();
        Expr body = f.update().body();
        WeldType.Struct fieldMergers = Reductions.fieldMergers(bt);
        WeldType.Struct valueType = null;
        if (fieldMergers != null) {
            // A merger over a struct runs as the struct of its field mergers, with the same value in the builder slot.
            Symbol split = new Symbol(b.name() + "_fields", b.id());
            body = Reductions.perField(body, b, new Expr.Ident(f.pos(), fieldMergers, split));
            if (body == null) {
                return null;
            }
            valueType = (WeldType.Struct) ((WeldType.Builder) bt).elem().resolve();
            b = split;
            bt = fieldMergers;
        }
        List<WeldType.Builder> mergers = Reductions.mergers(bt);
        boolean struct = bt instanceof WeldType.Struct;
        List<Expr> parts = mergers == null ? null : Reductions.components(body, b, struct, mergers.size());
        if (parts == null) {
            return null;
        }
        // The kernel reads the lookups over the index that the loop reads like iterators (in inner loops too: the
        // dot products over matrix rows of the logistic-regression step, 64 iterations each, run faster as kernels).
        LanePlanner.Plan plan = vectorize
                ? LanePlanner.plan(f, b, struct, mergers, parts, indexedLookups::containsKey) : null;
        if (!struct && plan == null && Reductions.lanes(mergers.get(0), body) == 1) {
            return null;
        }
        int m = parts.size();
        int[][] acc = new int[m][];
        Carrier[] carriers = new Carrier[m];
        int unroll = 1;
        for (int j = 0; j < m; j++) {
            carriers[j] = Carrier.of(mergers.get(j));
            acc[j] = new int[Reductions.lanes(mergers.get(j), body)];
            for (int k = 0; k < acc[j].length; k++) {
                acc[j][k] = newSlot(carriers[j]);
            }
            unroll = Math.max(unroll, acc[j].length);
        }
        List<SlotWrite> start = new ArrayList<>();
        List<SlotWrite> finish = new ArrayList<>();
        WeldExpressionNode[] results = new WeldExpressionNode[m];
        for (int j = 0; j < m; j++) {
            WeldType.Builder mt = mergers.get(j);
            start.add(new SlotWrite(acc[j][0], carriers[j], struct
                    ? new GetFieldNode(j, new ReadLocalNode(builderSlot, Carrier.OBJECT))
                    : new ReadLocalNode(builderSlot, carriers[j])));
            for (int k = 1; k < acc[j].length; k++) {
                start.add(new SlotWrite(acc[j][k], carriers[j], new ConstantNode(ScalarOps.identity(mt.elem(), mt.op()))));
            }
            finish.add(new SlotWrite(acc[j][0], carriers[j], fold(mt, f.pos(), acc[j], carriers[j], 0, acc[j].length)));
            results[j] = new ReadLocalNode(acc[j][0], carriers[j]);
        }
        finish.add(struct ? new SlotWrite(builderSlot, Carrier.OBJECT,
                new MakeStructNode(valueType != null ? valueType : (WeldType.Struct) bt, results))
                : new SlotWrite(builderSlot, carriers[0], results[0]));
        // The lets around a struct's fields run once per iteration, before its merges (each part repeats them).
        List<Expr.Let> lets = struct ? Reductions.sharedLets(body, b) : List.of();
        if (Lists.any(lets, l -> l.value() instanceof Expr.Lookup lk && lookupLayout(lk) != null)) {
            lets = List.of();
        }
        List<Expr> updates = lets.isEmpty() ? parts : ((Expr.MakeStruct) lets.getLast().body()).elems();
        List<SlotWrite> steps = new ArrayList<>();
        int bodySlots = slotCount;
        boolean outerUnderKernel = underKernel;
        underKernel = plan != null;
        for (int k = 0; k < unroll; k++) {
            List<SlotBinding> fields = new ArrayList<>();
            for (int j = 0; j < m; j++) {
                fields.add(new SlotBinding(acc[j][Math.min(k, acc[j].length - 1)], carriers[j]));
            }
            env.put(b, struct ? new ZipBinding((WeldType.Struct) bt, fields) : fields.get(0));
            for (Expr.Let l : lets) {
                WeldExpressionNode value = build(l.value());
                Carrier c = Carrier.of(l.value().type());
                steps.add(new SlotWrite(bind(l.symbol(), c), c, value));
            }
            for (int j = 0; j < m; j++) {
                steps.add(new SlotWrite(fields.get(j).slot(), carriers[j], build(updates.get(j))));
            }
        }
        underKernel = outerUnderKernel;
        ReductionBody scalar = new ReductionBody(unroll, indexSlot, countSlot, counterSlot, loaders,
                start.toArray(SlotWrite[]::new), steps.toArray(SlotWrite[]::new), finish.toArray(SlotWrite[]::new),
                iterationSlots(loaded, indexSlot, bodySlots, slotCount));
        if (plan == null) {
            return scalar;
        }
        int[] first = new int[m];
        for (int j = 0; j < m; j++) {
            first[j] = acc[j][0];
        }
        return new VectorReductionBody(plan.kernel(), kernelInputs(plan, iteratorSlots), first, carriers, countSlot,
                counterSlot, kernelWarmup, scalar);
    }

    /**
     * The inputs of a planned kernel: the loop's iterators, then the lookups and struct columns it reads like
     * iterators.
     */
    private KernelInputs kernelInputs(LanePlanner.Plan plan, List<LoopSlots> iteratorSlots) {
        WeldExpressionNode[] invariants = Lists.map(plan.invariants(), this::build).toArray(WeldExpressionNode[]::new);
        List<LoopSlots> kernelSlots = new ArrayList<>(iteratorSlots);
        List<Class<?>> arrays = new ArrayList<>(Arrays.asList(plan.arrays()));
        List<Integer> columns = new ArrayList<>(Collections.nCopies(iteratorSlots.size(), -1));
        List<IndexedLookup> lookups = new ArrayList<>();
        for (LanePlanner.Input input : plan.inputs()) {
            switch (input) {
                case LanePlanner.Lookup l -> {
                    IndexedLookup source = indexedLookups.get(l.lookup()).source();
                    lookups.add(source);
                    kernelSlots.add(source.slots());
                    columns.add(-1);
                }
                case LanePlanner.Column c -> {
                    kernelSlots.add(iteratorSlots.get(c.iterator()));
                    columns.add(c.column());
                }
            }
            arrays.add(input.array());
        }
        return new KernelInputs(kernelSlots.toArray(LoopSlots[]::new), arrays.toArray(Class<?>[]::new),
                Lists.ints(columns), lookups.toArray(IndexedLookup[]::new), invariants, Lists.ints(plan.divisors()),
                Lists.ints(plan.divisorInputs()));
    }

    /** {@code lookup(v, i)} on a vector. */
    private LookupVectorNode lookupVector(Expr.Lookup l) {
        WeldType elem = ((WeldType.Vec) l.collection().type().resolve()).elem();
        return new LookupVectorNode(l.pos(), elem, build(l.collection()), build(l.key()));
    }

    /**
     * {@code body} wrapped in a {@link VectorIndexedMergeBody}: the loop merges a vectorizable value into its own
     * vecmerger at the loop index ({@code plan}, with a fused kernel).
     */
    private LoopBody indexedMerge(Expr.For f, LanePlanner.Plan plan, UpdateBody body, int builderSlot, int countSlot,
                                  int counterSlot, List<LoopSlots> iteratorSlots) {
        return new VectorIndexedMergeBody(plan.kernel(), vecMergerArray(f.builder().type()), builderSlot,
                kernelInputs(plan, iteratorSlots), countSlot, counterSlot, kernelWarmup, body);
    }

    /** The array class of the elements of a {@code vecmerger} of type {@code builder}. */
    private static Class<?> vecMergerArray(WeldType builder) {
        return Storage.newArray(Storage.kindOf(((WeldType.Builder) builder.resolve()).elem()), 0).getClass();
    }

    /**
     * For the scatter blocks, the array class of the elements of the loop's {@code vecmerger},
     * {@code ScalarDictMerger.class} for its {@code dictmerger}, {@code Appender.class} for its {@code appender},
     * {@code ColumnGroupMerger.class} for its {@code groupmerger}, or the same for each in its struct of them, with
     * the boxed class of a {@code merger}'s value for each merger there.
     */
    private static Class<?>[] scatterTargets(Expr.For f) {
        WeldType t = f.builder().type().resolve();
        List<WeldType> fields = t instanceof WeldType.Struct s ? s.fields() : List.of(t);
        Class<?>[] classes = new Class<?>[fields.size()];
        for (int j = 0; j < classes.length; j++) {
            WeldType.Builder b = (WeldType.Builder) fields.get(j).resolve();
            BuilderKind kind = b.kind();
            classes[j] = kind == BuilderKind.MERGER ? ScalarOps.identity(b.elem(), b.op()).getClass()
                    : kind == BuilderKind.DICTMERGER ? ScalarDictMerger.class
                    : kind == BuilderKind.APPENDER ? Appender.class
                    : kind == BuilderKind.GROUPMERGER ? ColumnGroupMerger.class : vecMergerArray(fields.get(j));
        }
        return classes;
    }

    /** Combines accumulators {@code [from, to)} pairwise with the merger's operator. */
    private static WeldExpressionNode fold(WeldType.Builder m, Pos pos, int[] acc, Carrier c, int from, int to) {
        if (to - from == 1) {
            return new ReadLocalNode(acc[from], c);
        }
        int mid = (from + to) / 2;
        return binary(m.op(), m.elem().resolve(), pos, fold(m, pos, acc, c, from, mid), fold(m, pos, acc, c, mid, to));
    }
}
