package weld.ir.passes;

import weld.ir.Children;
import weld.ir.Expr;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * What evaluating an expression may do besides computing its value. A pass may drop, duplicate, move or reorder an
 * expression only if it cannot fail and has no effect; otherwise a runtime error could appear, disappear or be
 * reported at another construct. Conservative: anything that may raise a runtime error, call C code or not
 * terminate counts.
 */
final class Effects {
    private Effects() {
    }

    /** Whether evaluating {@code e} may raise a runtime error, call a C function or run without bound. */
    static boolean mayFail(Expr e) {
        if (failsItself(e)) {
            return true;
        }
        for (Expr c : Children.of(e)) {
            if (mayFail(c)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the node {@code e} itself, its children aside, may fail in the sense of {@link #mayFail}. */
    static boolean failsItself(Expr e) {
        return switch (e) {
            case Expr.Lookup l -> true;
            case Expr.Assert a -> true;
            case Expr.Cudf c -> true;
            case Expr.Iterate it -> true;
            case Expr.Sort s -> true;
            case Expr.Deserialize d -> true;
            case Expr.Binary b -> (b.op() == BinOp.DIV || b.op() == BinOp.MOD) && integerOperands(b) && !nonZeroLiteral(b.right());
            case Expr.Merge m -> m.builder().type() instanceof WeldType.Builder bt && bt.kind() == BuilderKind.VECMERGER;
            case Expr.Iter it -> it.kind() == IterKind.RANGE ? !positiveLiteral(it.stride())
                    : it.start() != null || it.end() != null || it.stride() != null;
            case Expr.For f -> f.iters().size() > 1;
            default -> false;
        };
    }

    /**
     * Whether child {@code k} of {@code parent} is evaluated only sometimes or repeatedly: a branch of {@code if},
     * the right operand of {@code &&} or {@code ||}, or a function (a loop body, an {@code iterate} step, a
     * comparator).
     */
    static boolean isConditional(Expr parent, int k, Expr child) {
        return child instanceof Expr.Lambda || parent instanceof Expr.If && k > 0
                || parent instanceof Expr.Binary b && k == 1 && (b.op() == BinOp.LAND || b.op() == BinOp.LOR);
    }

    /** Whether {@code e} is so cheap that evaluating it once per use (even inside a loop) costs nothing. */
    static boolean isTrivial(Expr e) {
        return switch (e) {
            case Expr.Literal l -> true;
            case Expr.Ident i -> true;
            case Expr.GetField g -> isTrivial(g.struct());
            default -> false;
        };
    }

    private static boolean integerOperands(Expr.Binary b) {
        WeldType t = b.left().type();
        ScalarKind k = t instanceof WeldType.Simd s ? s.kind() : WeldType.scalarKind(t);
        return k == null || k.isInteger();
    }

    private static boolean nonZeroLiteral(Expr e) {
        return e instanceof Expr.Literal l && ((Number) l.value()).longValue() != 0;
    }

    private static boolean positiveLiteral(Expr e) {
        return e instanceof Expr.Literal l && ((Number) l.value()).longValue() > 0;
    }
}
