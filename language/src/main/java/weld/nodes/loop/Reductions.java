package weld.nodes.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Symbol;
import weld.runtime.Carrier;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * Recognizes the loops a {@link ReductionBody} runs: the builder is a scalar merger or a struct of them (or a merger
 * over a struct, run as one merger per field), and the update function only merges into it. Example:
 * {@code |b, i, x| if(x > t, merge(b, x), b)}, or over a struct {@code |bs, i, x| {merge(bs.$0, x), merge(bs.$1, 1L)}}.
 */
public final class Reductions {
    /** Accumulators per reassociable component. */
    public static final int UNROLL = 4;
    /** Update functions larger than this many IR nodes are not unrolled (code size). */
    private static final int MAX_UNROLLED_NODES = 40;

    private Reductions() {
    }

    /** The mergers a builder of type {@code t} consists of (itself, or a struct's fields); null if another builder. */
    public static List<WeldType.Builder> mergers(WeldType t) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            List<WeldType.Builder> r = new ArrayList<>();
            for (WeldType f : s.fields()) {
                if (!(f.resolve() instanceof WeldType.Builder b) || !scalarMerger(b)) {
                    return null;
                }
                r.add(b);
            }
            return r;
        }
        return t instanceof WeldType.Builder b && scalarMerger(b) ? List.of(b) : null;
    }

    /**
     * For a merger over a struct of scalars ({@code merger[{f64, i64}, +]}, which merges field by field), the struct
     * of one scalar merger per field that it runs as (its value is the struct of theirs); null for other types.
     */
    public static WeldType.Struct fieldMergers(WeldType t) {
        if (!(t.resolve() instanceof WeldType.Builder b) || b.kind() != BuilderKind.MERGER
                || !(b.elem().resolve() instanceof WeldType.Struct s)) {
            return null;
        }
        List<WeldType> mergers = new ArrayList<>();
        for (WeldType f : s.fields()) {
            mergers.add(new WeldType.Builder(BuilderKind.MERGER, List.of(f.resolve()), b.op()));
        }
        return new WeldType.Struct(mergers);
    }

    /**
     * The update function {@code body} of a merger over a struct ({@link #fieldMergers}) rewritten for the struct of
     * its field mergers {@code fields}: a struct with one update per field, {@code body} with {@code merge(b, v)} as
     * {@code merge(fields.$j, v.$j)} and {@code b} as {@code fields.$j}; null if {@code body} does anything but
     * merge into {@code b}. Example: {@code if(x > 0, merge(b, {x, 1L}), b)} becomes
     * {@code {if(x > 0, merge(fields.$0, x), fields.$0), if(x > 0, merge(fields.$1, 1L), fields.$1)}}.
     */
    public static Expr perField(Expr body, Symbol b, Expr.Ident fields) {
        if (!mergesInto(body, b)) {
            return null;
        }
        WeldType.Struct st = (WeldType.Struct) fields.type().resolve();
        List<Expr> parts = new ArrayList<>();
        for (int j = 0; j < st.fields().size(); j++) {
            parts.add(field(body, b, fields, j));
        }
        return new Expr.MakeStruct(body.pos(), st, parts);
    }

    /** Field {@code j}'s update in {@link #perField}; {@code e} only merges into {@code b}. */
    private static Expr field(Expr e, Symbol b, Expr.Ident fields, int j) {
        WeldType m = ((WeldType.Struct) fields.type().resolve()).fields().get(j);
        return switch (e) {
            case Expr.Ident id when id.symbol().equals(b) -> new Expr.GetField(id.pos(), m, fields, j);
            case Expr.Merge g -> new Expr.Merge(g.pos(), m, field(g.builder(), b, fields, j), valueField(g.value(), j));
            case Expr.If i -> new Expr.If(i.pos(), m, i.cond(), field(i.onTrue(), b, fields, j),
                    field(i.onFalse(), b, fields, j));
            case Expr.Select s -> new Expr.Select(s.pos(), m, s.cond(), field(s.onTrue(), b, fields, j),
                    field(s.onFalse(), b, fields, j));
            case Expr.Let l -> new Expr.Let(l.pos(), m, l.symbol(), l.value(), field(l.body(), b, fields, j));
            case Expr.Annotated a -> new Expr.Annotated(a.pos(), m, a.annotations(), field(a.expr(), b, fields, j));
            default -> throw new IllegalStateException("not a merge into the builder: " + e);
        };
    }

    /** Field {@code j} of the struct value {@code v}: the field's own expression where {@code v} builds the struct. */
    private static Expr valueField(Expr v, int j) {
        if (v instanceof Expr.MakeStruct s) {
            return s.elems().get(j);
        }
        return new Expr.GetField(v.pos(), ((WeldType.Struct) v.type().resolve()).fields().get(j), v, j);
    }

    private static boolean scalarMerger(WeldType.Builder b) {
        if (b.kind() != BuilderKind.MERGER || !(b.elem().resolve() instanceof WeldType.Scalar s)) {
            return false;
        }
        Carrier c = Carrier.of(s.kind());
        return c != Carrier.BOOLEAN && c != Carrier.OBJECT;
    }

    /**
     * The update of each component: the body itself for a scalar merger, the fields of the struct the body builds
     * for a struct of mergers (each under the {@code let}s around the struct, e.g. a condition shared by the
     * fields); null if the body uses the builder {@code b} in any other way than merging into it.
     */
    public static List<Expr> components(Expr body, Symbol b, boolean struct, int count) {
        if (!struct) {
            return mergesInto(body, b) ? List.of(body) : null;
        }
        List<Expr.Let> lets = sharedLets(body, b);
        body = lets.isEmpty() ? body : lets.getLast().body();
        if (!(body instanceof Expr.MakeStruct s) || s.elems().size() != count || !mergesIntoFields(s, b)) {
            return null;
        }
        List<Expr> parts = new ArrayList<>();
        for (Expr field : s.elems()) {
            Expr part = field;
            for (int k = lets.size() - 1; k >= 0; k--) {
                Expr.Let l = lets.get(k);
                part = new Expr.Let(l.pos(), part.rawType(), l.symbol(), l.value(), part);
            }
            parts.add(part);
        }
        return parts;
    }

    /**
     * The {@code let}s around a struct of mergers' update, outermost first, that {@link #components} puts around each
     * field: those at the top of {@code body} whose values do not use the builder {@code b}.
     */
    public static List<Expr.Let> sharedLets(Expr body, Symbol b) {
        List<Expr.Let> lets = new ArrayList<>();
        while (body instanceof Expr.Let l && !uses(l.value(), b)) {
            lets.add(l);
            body = l.body();
        }
        return lets;
    }

    /**
     * The struct of builders updated in place that {@code s} rebuilds ({@code {merge(b.$0, x), ..., b.$n}}, each field
     * only merging into the same field of {@code b}), or null. Builders updated in place are appenders, vecmergers,
     * dictmergers and groupmergers: a merge returns the builder it was given, so {@code s} equals {@code b}.
     */
    public static Expr.Ident inPlaceUpdate(Expr.MakeStruct s) {
        if (!(s.type().resolve() instanceof WeldType.Struct st) || !updatedInPlace(st)) {
            return null;
        }
        Expr.Ident b = fieldZeroOwner(s.elems().get(0), st);
        return b != null && mergesIntoFields(s, b.symbol()) ? b : null;
    }

    /**
     * Whether the update function {@code body} always returns the builder {@code b} it was given, updated in place:
     * {@code b} is an appender, vecmerger, dictmerger or groupmerger (or a struct of them) and the body only merges
     * into it (also under if, select and let), e.g. {@code if(x > 0, merge(b, {x, 1L}), b)}.
     */
    public static boolean updatesInPlace(Expr body, Symbol b, WeldType type) {
        WeldType t = type.resolve();
        if (t instanceof WeldType.Builder bt) {
            return bt.kind() != BuilderKind.MERGER && mergesInto(body, b);
        }
        return t instanceof WeldType.Struct st && updatedInPlace(st) && sameStruct(body, b, st.fields().size());
    }

    /** Whether every field of {@code st} is a builder updated in place (not a merger); false for {@code {}}. */
    private static boolean updatedInPlace(WeldType.Struct st) {
        return !st.fields().isEmpty()
                && Lists.all(st.fields(), f -> f.resolve() instanceof WeldType.Builder fb && fb.kind() != BuilderKind.MERGER);
    }

    private static boolean sameStruct(Expr e, Symbol b, int fields) {
        return switch (e) {
            case Expr.Ident id -> id.symbol().equals(b);
            case Expr.MakeStruct s -> s.elems().size() == fields && mergesIntoFields(s, b);
            case Expr.If i -> !uses(i.cond(), b) && sameStruct(i.onTrue(), b, fields) && sameStruct(i.onFalse(), b, fields);
            case Expr.Select s -> !uses(s.cond(), b) && sameStruct(s.onTrue(), b, fields) && sameStruct(s.onFalse(), b, fields);
            case Expr.Let l -> !uses(l.value(), b) && sameStruct(l.body(), b, fields);
            case Expr.Annotated a -> sameStruct(a.expr(), b, fields);
            default -> false;
        };
    }

    /** Whether {@code e} is {@code b} or only merges into it. */
    private static boolean mergesInto(Expr e, Symbol b) {
        return linear(e, x -> x instanceof Expr.Ident id && id.symbol().equals(b), b);
    }

    /** Whether field {@code j} of {@code s} is {@code b.$j} or only merges into it, for every {@code j}. */
    private static boolean mergesIntoFields(Expr.MakeStruct s, Symbol b) {
        for (int j = 0; j < s.elems().size(); j++) {
            int field = j;
            if (!linear(s.elems().get(j), e -> e instanceof Expr.GetField g && g.index() == field
                    && g.struct() instanceof Expr.Ident id && id.symbol().equals(b), b)) {
                return false;
            }
        }
        return true;
    }

    /** The variable {@code b} of type {@code st} in the first {@code b.$0} inside {@code e}, or null. */
    private static Expr.Ident fieldZeroOwner(Expr e, WeldType.Struct st) {
        if (e instanceof Expr.GetField g && g.index() == 0 && g.struct() instanceof Expr.Ident id
                && id.type().resolve().equals(st)) {
            return id;
        }
        for (Expr c : Children.of(e)) {
            Expr.Ident id = fieldZeroOwner(c, st);
            if (id != null) {
                return id;
            }
        }
        return null;
    }

    /** Whether {@code e} is the target or merges into it (also under if, select and let), using {@code b} nowhere else. */
    private static boolean linear(Expr e, Predicate<Expr> target, Symbol b) {
        if (target.test(e)) {
            return true;
        }
        return switch (e) {
            case Expr.Merge m -> linear(m.builder(), target, b) && !uses(m.value(), b);
            case Expr.If i -> !uses(i.cond(), b) && linear(i.onTrue(), target, b) && linear(i.onFalse(), target, b);
            case Expr.Select s -> !uses(s.cond(), b) && linear(s.onTrue(), target, b) && linear(s.onFalse(), target, b);
            case Expr.Let l -> !uses(l.value(), b) && linear(l.body(), target, b);
            case Expr.Annotated a -> linear(a.expr(), target, b);
            default -> false;
        };
    }

    /**
     * How many accumulators a component gets: {@link #UNROLL} when its operator may be reassociated without changing
     * the result beyond rounding (integer operators, and floating-point {@code +} and {@code *}) and the update
     * function is small and has no loop of its own; 1 otherwise (floating-point {@code min}/{@code max} depend on the
     * order under NaN). Each accumulator runs its own copy of the update function, so an unrolled update function
     * with an inner loop multiplied the loop nest's code by 4 per level (measured: three nested sums, 1,073 nodes,
     * 200 KB of machine code and a 17-s compilation; nested loops gain nothing from the outer accumulators).
     */
    public static int lanes(WeldType.Builder m, Expr body) {
        WeldType.Scalar s = (WeldType.Scalar) m.elem().resolve();
        boolean reassociable = !s.kind().isFloat() || m.op() == BinOp.ADD || m.op() == BinOp.MUL;
        return reassociable && size(body) <= MAX_UNROLLED_NODES && !hasLoop(body) ? UNROLL : 1;
    }

    /** Whether {@code e} runs a loop: a {@code for}, {@code iterate} or {@code sort}. */
    static boolean hasLoop(Expr e) {
        if (e instanceof Expr.For || e instanceof Expr.Iterate || e instanceof Expr.Sort) {
            return true;
        }
        for (Expr c : Children.of(e)) {
            if (hasLoop(c)) {
                return true;
            }
        }
        return false;
    }

    private static int size(Expr e) {
        int n = 1;
        for (Expr c : Children.of(e)) {
            n += size(c);
        }
        return n;
    }

    /** Whether {@code e} mentions the variable {@code s}. */
    public static boolean uses(Expr e, Symbol s) {
        if (e instanceof Expr.Ident id && id.symbol().equals(s)) {
            return true;
        }
        for (Expr c : Children.of(e)) {
            if (uses(c, s)) {
                return true;
            }
        }
        return false;
    }
}
