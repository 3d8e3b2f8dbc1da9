package weld.nodes.collection;

import weld.ir.Expr;
import weld.ir.Symbol;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Recognizes a comparator that orders signed integers or floats by their value, ascending or descending:
 * {@code |p, q| select(p < q, -1, select(p > q, 1, 0))} ({@code if} or {@code select}, either comparison first,
 * any negative and positive constants, the parameters swapped for descending). Such a sort runs as a sort of the
 * primitive array ({@link java.util.Arrays#sort}), without calling the comparator. Equal values are
 * interchangeable, so only the order of {@code -0.0} and {@code 0.0} (equal to the comparator) and of NaN (which
 * the comparator finds equal to everything, an inconsistent order) may differ from the comparator's sort.
 * Unsigned integers compare differently from Java's signed ones and keep the comparator.
 */
public final class SortOrder {
    /** No recognized order: the comparator runs. */
    public static final int COMPARATOR = 0;
    public static final int ASCENDING = 1;
    public static final int DESCENDING = -1;

    private SortOrder() {
    }

    /** The order comparator {@code c} sorts elements of type {@code elem} in. */
    public static int of(Expr.Lambda c, WeldType elem) {
        if (!(elem.resolve() instanceof WeldType.Scalar s) || !signedOrFloat(s.kind()) || c.params().size() != 2) {
            return COMPARATOR;
        }
        Symbol p = c.params().get(0).symbol();
        Symbol q = c.params().get(1).symbol();
        Expr[] outer = choice(c.body());
        if (outer == null) {
            return COMPARATOR;
        }
        Expr[] inner = choice(outer[2]);
        if (inner == null || constant(inner[2]) != 0) {
            return COMPARATOR;
        }
        // One condition must say p < q and the other p > q, each answered with a nonzero constant of one order.
        int r1 = relation(outer[0], p, q);
        int r2 = relation(inner[0], p, q);
        int first = order(r1, constant(outer[1]));
        int second = order(r2, constant(inner[1]));
        return r1 != 0 && r1 == -r2 && first != COMPARATOR && first == second ? first : COMPARATOR;
    }

    private static boolean signedOrFloat(ScalarKind k) {
        return switch (k) {
            case I8, I16, I32, I64, F32, F64 -> true;
            default -> false;
        };
    }

    /** {@code {cond, then, else}} of an {@code if} or {@code select}; null for anything else. */
    private static Expr[] choice(Expr e) {
        while (e instanceof Expr.Annotated a) {
            e = a.expr();
        }
        return switch (e) {
            case Expr.If i -> new Expr[] {i.cond(), i.onTrue(), i.onFalse()};
            case Expr.Select s -> new Expr[] {s.cond(), s.onTrue(), s.onFalse()};
            default -> null;
        };
    }

    /** 1 when {@code cond} is {@code p < q} (or {@code q > p}), -1 when it is {@code p > q}, else 0. */
    private static int relation(Expr cond, Symbol p, Symbol q) {
        if (!(cond instanceof Expr.Binary b)) {
            return 0;
        }
        int less = switch (b.op()) {
            case LT -> 1;
            case GT -> -1;
            default -> 0;
        };
        int params = is(b.left(), p) && is(b.right(), q) ? 1 : is(b.left(), q) && is(b.right(), p) ? -1 : 0;
        return less * params;
    }

    /** The order in which answering {@code answer} where {@code p < q} ({@code relation} 1) or p > q (-1) sorts. */
    private static int order(int relation, long answer) {
        if (relation == 0 || answer == 0 || answer == Long.MIN_VALUE) {
            return COMPARATOR;
        }
        return Long.signum(answer) == -relation ? ASCENDING : DESCENDING;
    }

    private static boolean is(Expr e, Symbol s) {
        return e instanceof Expr.Ident i && i.symbol().equals(s);
    }

    /** The value of an integer constant ({@code -1}, or {@code 0 - 1} before folding); {@link Long#MIN_VALUE} if none. */
    private static long constant(Expr e) {
        return switch (e) {
            case Expr.Literal l when l.value() instanceof Integer || l.value() instanceof Long ->
                    ((Number) l.value()).longValue();
            case Expr.Binary b when b.op() == BinOp.SUB -> {
                long l = constant(b.left());
                long r = constant(b.right());
                yield l == Long.MIN_VALUE || r == Long.MIN_VALUE ? Long.MIN_VALUE : l - r;
            }
            default -> Long.MIN_VALUE;
        };
    }
}
