package weld.ir.passes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import weld.ir.Children;
import weld.ir.Expr;
import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Predication (Weld's {@code predicate_merge_expr}): {@code if(c, merge(b, e), b)} on a merger becomes the
 * branch-free {@code merge(b, select(c, e, identity))}. It applies where {@code @(predicate:true)} asks for it,
 * never under {@code @(predicate:false)}, and otherwise where the cost rule finds the value cheap: a few
 * arithmetic operations on variables and literals, so computing it on every iteration costs less than a
 * mispredicted branch. The value must not be able to fail, since {@code select} evaluates it even when {@code c}
 * is false. Float {@code min}/{@code max} mergers are left alone (no exact identity under NaN); the float {@code +}
 * identity is {@code -0.0}, which leaves every sum unchanged.
 *
 * <pre>
 * |b,i,x| if(x &gt; 0.5, merge(b, x), b)   =&gt;   |b,i,x| merge(b, select(x &gt; 0.5, x, -0.0))
 * |b,i,x| if(x &gt; 0.5, {merge(b.$0, x), merge(b.$1, 1L)}, b)
 *     =&gt;   |b,i,x| {merge(b.$0, select(x &gt; 0.5, x, -0.0)), merge(b.$1, select(x &gt; 0.5, 1L, 0L))}
 * </pre>
 * A struct of mergers is predicated as a whole (each merge, or none); its values together may be a few more
 * arithmetic operations than a single merge's. An {@code if} that guards an append to an appender of numbers
 * ({@link AppendPredication}) is annotated {@code @(predicate:true)} by the same rule instead, which the node
 * builder runs branch-free:
 * <pre>
 * |b,i,x| if(x &gt; 0.5, merge(b, x), b)   =&gt;   |b,i,x| @(predicate:true) if(x &gt; 0.5, merge(b, x), b)   (appender)
 * </pre>
 */
final class Predicate implements Pass {
    private static final int CHEAP_NODES = 8;
    /** The cost budget of all predicated values of a struct of mergers together (arithmetic only). */
    private static final int CHEAP_STRUCT_NODES = 32;
    /** The size of anything that is not simple arithmetic (sizes saturate here). */
    private static final int EXPENSIVE = 1 << 20;

    @Override
    public String name() {
        return "predicate";
    }

    @Override
    public String description() {
        return "turn if(c, merge(b, e), b) on a merger into merge(b, select(c, e, identity)) where cheaper or annotated;"
                + " mark such an if on an appender for a branch-free append";
    }

    @Override
    public Expr apply(Expr e) {
        if (e instanceof Expr.Annotated a && a.expr() instanceof Expr.If i && a.annotations().containsKey("predicate")) {
            Expr inner = Rewrite.mapChildren(i, this::apply);
            Expr p = "true".equals(a.annotations().get("predicate")) ? predicate((Expr.If) inner, false) : null;
            if (p != null) {
                return p;
            }
            return inner == i ? a : new Expr.Annotated(a.pos(), inner.rawType(), a.annotations(), inner);
        }
        Expr r = Rewrite.mapChildren(e, this::apply);
        Expr p = r instanceof Expr.If i ? predicate(i, true) : null;
        if (p == null && r instanceof Expr.If i && AppendPredication.merge(i, null) != null) {
            // No branch-free append in the IR: the annotation has the node builder predicate it.
            return new Expr.Annotated(i.pos(), i.rawType(), Map.of("predicate", "true"), i);
        }
        return p != null ? p : r;
    }

    private static Expr predicate(Expr.If i, boolean byCost) {
        if (i.onTrue() instanceof Expr.MakeStruct s) {
            return predicateStruct(i, s, byCost);
        }
        if (!(i.onTrue() instanceof Expr.Merge m) || !(m.builder() instanceof Expr.Ident b)
                || !(i.onFalse() instanceof Expr.Ident f) || !b.symbol().equals(f.symbol())
                || !(b.type() instanceof WeldType.Builder bt) || bt.kind() != BuilderKind.MERGER
                || !(bt.elem().resolve() instanceof WeldType.Scalar s) || !(m.value().type() instanceof WeldType.Scalar)
                || Effects.mayFail(m.value()) || byCost && !(cheap(m.value()) && cheap(i.cond()))) {
            return null;
        }
        return predicatedMerge(i, m, bt);
    }

    /**
     * {@code if(c, {merge(b.$0, e0), ..., b.$j, ...}, b)} on a struct of scalar mergers and appenders of numbers:
     * every merge predicated (fields left as they are stay), an append as {@code @(predicate:true) if(c, merge(b.$j,
     * e), b.$j)}. By cost, all values together must be a few arithmetic operations.
     */
    private static Expr predicateStruct(Expr.If i, Expr.MakeStruct s, boolean byCost) {
        if (!(i.onFalse() instanceof Expr.Ident b) || !(b.type().resolve() instanceof WeldType.Struct st)
                || st.fields().size() != s.elems().size() || byCost && !cheap(i.cond())) {
            return null;
        }
        int cost = 0;
        boolean anyMerge = false;
        List<Expr> fields = new ArrayList<>();
        for (int j = 0; j < s.elems().size(); j++) {
            Expr e = s.elems().get(j);
            if (isField(e, b, j)) {
                fields.add(e);
                continue;
            }
            if (e instanceof Expr.Merge m && isField(m.builder(), b, j)
                    && st.fields().get(j).resolve() instanceof WeldType.Builder at && at.kind() == BuilderKind.APPENDER) {
                // The if moves onto the field, marked for the node builder's branch-free append.
                Expr.If guarded = new Expr.If(i.pos(), m.rawType(), i.cond(), m, m.builder());
                if (AppendPredication.merge(guarded, "true") == null) {
                    return null;
                }
                cost = Math.min(EXPENSIVE, cost + size(m.value()));
                anyMerge = true;
                fields.add(new Expr.Annotated(i.pos(), m.rawType(), Map.of("predicate", "true"), guarded));
                continue;
            }
            if (!(e instanceof Expr.Merge m) || !isField(m.builder(), b, j)
                    || !(st.fields().get(j).resolve() instanceof WeldType.Builder bt) || bt.kind() != BuilderKind.MERGER
                    || !(bt.elem().resolve() instanceof WeldType.Scalar) || !(m.value().type() instanceof WeldType.Scalar)
                    || Effects.mayFail(m.value())) {
                return null;
            }
            Expr p = predicatedMerge(i, m, bt);
            if (p == null) {
                return null;
            }
            cost = Math.min(EXPENSIVE, cost + size(m.value()));
            anyMerge = true;
            fields.add(p);
        }
        if (!anyMerge || byCost && cost > CHEAP_STRUCT_NODES) {
            return null;
        }
        return new Expr.MakeStruct(s.pos(), s.rawType(), fields);
    }

    private static boolean isField(Expr e, Expr.Ident b, int j) {
        return e instanceof Expr.GetField g && g.index() == j && g.struct() instanceof Expr.Ident id
                && id.symbol().equals(b.symbol());
    }

    /** {@code merge(b, select(c, e, identity))} for the merge {@code m} guarded by {@code i}; null if not exact. */
    private static Expr predicatedMerge(Expr.If i, Expr.Merge m, WeldType.Builder bt) {
        WeldType.Scalar s = (WeldType.Scalar) bt.elem().resolve();
        ScalarKind k = s.kind();
        BinOp op = bt.op();
        if (k.isFloat() && (op == BinOp.MIN || op == BinOp.MAX)) {
            return null;
        }
        Object id = k.isFloat() && op == BinOp.ADD ? (k == ScalarKind.F32 ? (Object) (-0.0f) : (Object) (-0.0))
                : ScalarOps.identity(s, op);
        Expr identity = new Expr.Literal(m.pos(), s, k, id);
        Expr select = new Expr.Select(i.pos(), m.value().rawType(), i.cond(), m.value(), identity);
        return new Expr.Merge(m.pos(), m.rawType(), m.builder(), select);
    }

    /** Whether {@code e} is a few arithmetic operations on variables, fields and literals. */
    static boolean cheap(Expr e) {
        return size(e) <= CHEAP_NODES;
    }

    private static int size(Expr e) {
        boolean simple = switch (e) {
            case Expr.Literal l -> true;
            case Expr.Ident x -> true;
            case Expr.GetField g -> true;
            case Expr.Cast c -> true;
            case Expr.Unary u -> u.op() == weld.syntax.UnaryOp.NEG || u.op() == weld.syntax.UnaryOp.NOT;
            case Expr.Binary b -> b.op() != BinOp.DIV && b.op() != BinOp.MOD && b.op() != BinOp.POW;
            default -> false;
        };
        if (!simple) {
            return EXPENSIVE;
        }
        int n = 1;
        for (Expr c : Children.of(e)) {
            n = Math.min(EXPENSIVE, n + size(c));
        }
        return n;
    }
}
