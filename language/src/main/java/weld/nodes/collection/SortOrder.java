package weld.nodes.collection;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import weld.ir.Expr;
import weld.ir.Symbol;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Recognizes a comparator that orders elements by value, ascending or descending: the numbers themselves
 * ({@code |p, q| select(p < q, -1, select(p > q, 1, 0))}) or scalar fields of struct elements
 * ({@code |p, q| select(p.$0 < q.$0, -1, select(p.$0 > q.$0, 1, 0))}); {@code if} or {@code select}, either
 * comparison first, any negative and positive constants, the parameters swapped for descending. Several fields in
 * turn are {@code if(p.$0 != q.$0, <an order by field 0>, <an order by other fields, or 0>)} (either side of
 * the {@code !=}, {@code if} or {@code select}): {@code ORDER BY a, b DESC}. Vectors of integers (text) by value,
 * and structs by such a field, sort too, with {@code <} and {@code >} as the lexicographic order of vectors. Such a
 * sort does not run the comparator: signed integers and floats sort as a primitive array ({@link java.util.Arrays#sort}), struct elements by their
 * fields with the comparator's own {@code <} and {@code >} (where {@code !=} is false, so are both, and the next
 * field decides). Equal values are interchangeable, so only a primitive float sort can differ from the
 * comparator's: the order of {@code -0.0} and {@code 0.0} (equal to the comparator) and the place of NaN (which the
 * comparator finds equal to everything, an inconsistent order). Unsigned integers compare differently from Java's
 * signed ones and sort as primitives only as a struct field (compared unsigned there).
 *
 * @param field the struct field sorted by, or -1 for the elements themselves
 * @param kind the kind of the values compared (of their elements, for {@code vectors})
 * @param vectors whether the values compared (the elements or the field) are vectors of integers or bools (text),
 *     compared lexicographically: sorted as objects in {@link weld.runtime.ValueOrder}'s order (a comparator of
 *     vectors of floats may be an inconsistent order, and runs)
 * @param then the order of elements equal in this field, or null
 */
public record SortOrder(int field, ScalarKind kind, boolean vectors, boolean descending, SortOrder then) {
    /** The order comparator {@code c} sorts elements of type {@code elem} in; null when the comparator must run. */
    public static SortOrder of(Expr.Lambda c, WeldType elem) {
        if (c.params().size() != 2) {
            return null;
        }
        return inTurn(c.body(), c.params().get(0).symbol(), c.params().get(1).symbol(), elem);
    }

    /** The order {@code body} gives parameters {@code p} and {@code q}: by value, or by fields in turn; else null. */
    private static SortOrder inTurn(Expr body, Symbol p, Symbol q, WeldType elem) {
        SortOrder one = byValue(body, p, q, elem);
        if (one != null) {
            return one;
        }
        Expr[] c = choice(body);
        if (c == null || !(c[0] instanceof Expr.Binary b) || b.op() != BinOp.NE) {
            return null;
        }
        int field = field(b.left(), p) >= 0 && field(b.left(), p) == field(b.right(), q) ? field(b.left(), p)
                : field(b.left(), q) >= 0 && field(b.left(), q) == field(b.right(), p) ? field(b.left(), q) : NONE;
        SortOrder first = byValue(c[1], p, q, elem);
        // Where the fields are equal, the first order answers 0 too: a last field may be written either way.
        boolean last = constant(c[2]) == 0;
        SortOrder rest = first == null || last ? null : inTurn(c[2], p, q, elem);
        if (field < 0 || first == null || first.field() != field || rest == null && !last) {
            return null;
        }
        return new SortOrder(field, first.kind(), first.vectors(), first.descending(), rest);
    }

    /** The fields compared, in turn ({@code -1}: the elements themselves). */
    public int[] fields() {
        return keys().stream().mapToInt(SortOrder::field).toArray();
    }

    /** The kinds of the fields compared, in turn. */
    public ScalarKind[] kinds() {
        return keys().stream().map(SortOrder::kind).toArray(ScalarKind[]::new);
    }

    /** Whether each field compared, in turn, is a vector (of {@link #kinds}' elements). */
    public boolean[] vectorKeys() {
        return flags(SortOrder::vectors);
    }

    /** Whether each field compared, in turn, sorts descending. */
    public boolean[] descendingKeys() {
        return flags(SortOrder::descending);
    }

    private boolean[] flags(Predicate<SortOrder> flag) {
        List<SortOrder> keys = keys();
        boolean[] r = new boolean[keys.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = flag.test(keys.get(i));
        }
        return r;
    }

    private List<SortOrder> keys() {
        List<SortOrder> r = new ArrayList<>();
        for (SortOrder o = this; o != null; o = o.then()) {
            r.add(o);
        }
        return r;
    }

    /** The order by one value that {@code body} gives {@code p} and {@code q}; else null. */
    private static SortOrder byValue(Expr body, Symbol p, Symbol q, WeldType elem) {
        Expr[] outer = choice(body);
        Expr[] inner = outer == null ? null : choice(outer[2]);
        if (inner == null || constant(inner[2]) != 0) {
            return null;
        }
        // One condition must say p < q and the other p > q, of the same field, each answered with a nonzero
        // constant of one order.
        int[] r1 = relation(outer[0], p, q);
        int[] r2 = relation(inner[0], p, q);
        if (r1 == null || r2 == null || r1[0] != -r2[0] || r1[1] != r2[1]) {
            return null;
        }
        int first = order(r1[0], constant(outer[1]));
        int second = order(r2[0], constant(inner[1]));
        if (first == 0 || first != second) {
            return null;
        }
        int field = r1[1];
        WeldType compared = field < 0 ? elem.resolve()
                : elem.resolve() instanceof WeldType.Struct st && field < st.fields().size()
                        ? st.fields().get(field).resolve() : null;
        if (compared instanceof WeldType.Vec vec && vec.elem().resolve() instanceof WeldType.Scalar e
                && e.kind() != ScalarKind.F32 && e.kind() != ScalarKind.F64) {
            return new SortOrder(field, e.kind(), true, first < 0, null);
        }
        if (!(compared instanceof WeldType.Scalar sc) || sc.kind() == ScalarKind.BOOL
                || field < 0 && !signedOrFloat(sc.kind())) {
            return null;
        }
        return new SortOrder(field, sc.kind(), false, first < 0, null);
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

    /**
     * {@code {1, field}} when {@code cond} is {@code p < q} (or {@code q > p}), {@code {-1, field}} when it is
     * {@code p > q}, where both sides are the parameters themselves (field -1) or the same field of each; else null.
     */
    private static int[] relation(Expr cond, Symbol p, Symbol q) {
        if (!(cond instanceof Expr.Binary b)) {
            return null;
        }
        int less = switch (b.op()) {
            case LT -> 1;
            case GT -> -1;
            default -> 0;
        };
        int lp = field(b.left(), p);
        int rq = field(b.right(), q);
        int lq = field(b.left(), q);
        int rp = field(b.right(), p);
        if (less == 0) {
            return null;
        } else if (lp != NONE && lp == rq) {
            return new int[] {less, lp};
        } else if (lq != NONE && lq == rp) {
            return new int[] {-less, lq};
        }
        return null;
    }

    private static final int NONE = -2;

    /** -1 when {@code e} is {@code s}, {@code k} when it is {@code s.$k}, else {@link #NONE}. */
    private static int field(Expr e, Symbol s) {
        if (e instanceof Expr.Ident i && i.symbol().equals(s)) {
            return -1;
        }
        return e instanceof Expr.GetField g && g.struct() instanceof Expr.Ident i && i.symbol().equals(s) ? g.index()
                : NONE;
    }

    /**
     * 1 (ascending) or -1 (descending): the order that answering {@code answer} where {@code p < q}
     * ({@code relation} 1) or {@code p > q} (-1) sorts in; 0 for no order.
     */
    private static int order(int relation, long answer) {
        if (answer == 0 || answer == Long.MIN_VALUE) {
            return 0;
        }
        return Long.signum(answer) == -relation ? 1 : -1;
    }

    /** The value of an integer constant ({@code -1}, or {@code 0 - 1} unfolded); {@link Long#MIN_VALUE} if none. */
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
