package weld.ir.passes;

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
 * </pre>
 */
final class Predicate implements Pass {
    private static final int CHEAP_NODES = 8;

    @Override
    public String name() {
        return "predicate";
    }

    @Override
    public String description() {
        return "turn if(c, merge(b, e), b) on a merger into merge(b, select(c, e, identity)) where cheaper or annotated";
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
        return p != null ? p : r;
    }

    private static Expr predicate(Expr.If i, boolean byCost) {
        if (!(i.onTrue() instanceof Expr.Merge m) || !(m.builder() instanceof Expr.Ident b)
                || !(i.onFalse() instanceof Expr.Ident f) || !b.symbol().equals(f.symbol())
                || !(b.type() instanceof WeldType.Builder bt) || bt.kind() != BuilderKind.MERGER
                || !(bt.elem().resolve() instanceof WeldType.Scalar s) || !(m.value().type() instanceof WeldType.Scalar)
                || Effects.mayFail(m.value()) || byCost && !(cheap(m.value()) && cheap(i.cond()))) {
            return null;
        }
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
    private static boolean cheap(Expr e) {
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
            return Integer.MAX_VALUE / 2;
        }
        int n = 1;
        for (Expr c : Children.of(e)) {
            n += size(c);
        }
        return n;
    }
}
