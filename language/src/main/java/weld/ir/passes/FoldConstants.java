package weld.ir.passes;

import weld.ir.Expr;
import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;
import weld.types.WeldType;

/**
 * Constant folding with the exact semantics of the operator nodes ({@link ScalarOps#apply}): integer arithmetic
 * wraps at the type's width, u32 and u64 divide and compare unsigned, floats follow IEEE and C. An integer division
 * or remainder by zero is left for run time, where it raises its error at its position. Casts between integer
 * types fold too (float conversions are left to the cast node). Also simplifies
 * {@code if}/{@code select} on a literal condition, {@code &&}/{@code ||} with a literal operand and a field of a
 * struct literal (when the dropped operands cannot fail).
 *
 * <pre>
 * {(1 + 2) * 3, 127c + 1c, u8(250) + u8(10), 7 / 0, if(1 &lt; 2, x, y)}   =&gt;   {9, -128c, u8(4L), 7 / 0, x}
 * </pre>
 */
final class FoldConstants implements Pass {
    @Override
    public String name() {
        return "fold-constants";
    }

    @Override
    public String description() {
        return "evaluate operators on literals with Weld's per-width semantics; simplify branches on literals";
    }

    @Override
    public Expr apply(Expr e) {
        return Rewrite.bottomUp(e, FoldConstants::fold);
    }

    private static Expr fold(Expr e) {
        return switch (e) {
            case Expr.Binary b -> binary(b);
            case Expr.Unary u when u.operand() instanceof Expr.Literal l && (u.op() == UnaryOp.NEG || u.op() == UnaryOp.NOT) ->
                    literal(u, l.kind(), negate(l.kind(), l.value()));
            case Expr.Cast c when c.operand() instanceof Expr.Literal l && !l.kind().isFloat() && !c.target().isFloat() ->
                    literal(c, c.target(), cast(l.kind(), c.target(), l.value()));
            case Expr.If i when i.cond() instanceof Expr.Literal l -> (Boolean) l.value() ? i.onTrue() : i.onFalse();
            case Expr.Select s when s.cond() instanceof Expr.Literal l -> {
                boolean c = (Boolean) l.value();
                yield Effects.mayFail(c ? s.onFalse() : s.onTrue()) ? s : c ? s.onTrue() : s.onFalse();
            }
            case Expr.GetField g when g.struct() instanceof Expr.MakeStruct s && othersSafe(s, g.index()) -> s.elems().get(g.index());
            default -> e;
        };
    }

    private static boolean othersSafe(Expr.MakeStruct s, int index) {
        for (int i = 0; i < s.elems().size(); i++) {
            if (i != index && Effects.mayFail(s.elems().get(i))) {
                return false;
            }
        }
        return true;
    }

    private static Expr binary(Expr.Binary b) {
        BinOp op = b.op();
        if (op == BinOp.LAND || op == BinOp.LOR) {
            boolean absorbing = op == BinOp.LOR;
            if (b.left() instanceof Expr.Literal l) {
                return (Boolean) l.value() == absorbing ? l : b.right();
            }
            if (b.right() instanceof Expr.Literal r && !Effects.mayFail(b.left())) {
                return (Boolean) r.value() == absorbing ? r : b.left();
            }
            return b;
        }
        if (!(b.left() instanceof Expr.Literal l) || !(b.right() instanceof Expr.Literal r)) {
            return b;
        }
        ScalarKind k = l.kind();
        if (k.isInteger() && (op == BinOp.DIV || op == BinOp.MOD) && ((Number) r.value()).longValue() == 0) {
            return b;
        }
        Object v = ScalarOps.apply(k, op, l.value(), r.value());
        return literal(b, op.isComparison() ? ScalarKind.BOOL : k, v);
    }

    /** An integer or bool value converted to an integer or bool type, as the cast node does. */
    private static Object cast(ScalarKind from, ScalarKind to, Object v) {
        long x = switch (v) {
            case Boolean b -> b ? 1 : 0;
            case Integer i -> from == ScalarKind.U32 ? Integer.toUnsignedLong(i) : i;
            default -> (Long) v;
        };
        return switch (to) {
            case BOOL -> x != 0;
            case I64, U64 -> x;
            default -> ScalarOps.normalize(to, (int) x);
        };
    }

    private static Object negate(ScalarKind k, Object v) {
        return switch (v) {
            case Boolean x -> !x;
            case Integer x -> ScalarOps.normalize(k, -x);
            case Long x -> -x;
            case Float x -> -x;
            case Double x -> -x;
            default -> throw new IllegalArgumentException(String.valueOf(v));
        };
    }

    private static Expr literal(Expr at, ScalarKind k, Object v) {
        return new Expr.Literal(at.pos(), WeldType.Scalar.of(k), k, v);
    }
}
