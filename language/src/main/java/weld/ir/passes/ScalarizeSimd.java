package weld.ir.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Expr.Binary;
import weld.ir.Expr.For;
import weld.ir.Expr.Iter;
import weld.ir.Expr.Lambda;
import weld.ir.Expr.Param;
import weld.ir.Symbol;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.syntax.ScalarKind;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * SIMD loops as loops over their elements: a loop over {@code simditer} chunks whose update function only computes
 * lane by lane ({@code broadcast}, arithmetic, comparisons, {@code select}, math functions) and merges only SIMD
 * values, into mergers or appenders, runs over the elements of those chunks instead, so it compiles like any scalar
 * loop (SIMD kernels, blocks, parallel tasks, fusion). A merger folds the same values in another order, which its
 * operator allows; an appender receives them in the same order. Loops whose body does anything else with a SIMD value, uses
 * the chunk index, runs a loop of its own or zips vectors of different lane counts are left alone.
 *
 * <pre>
 * result(for(simditer(v), merger[f64,+], |b,i,x| merge(b, x * broadcast(2.0))))
 *   =&gt;   result(for(iter(v, 0L, len(v) / 4L * 4L, 1L), merger[f64,+], |b,i,x| merge(b, x * 2.0)))
 * </pre>
 */
final class ScalarizeSimd implements Pass {
    @Override
    public String name() {
        return "scalarize-simd";
    }

    @Override
    public String description() {
        return "run a loop over simditer chunks that only computes lane by lane over the chunks' elements";
    }

    @Override
    public Expr apply(Expr e) {
        return Rewrite.bottomUp(e, x -> x instanceof For f ? scalarize(f) : x);
    }

    /** A SIMD value used in a way that has no element-by-element equivalent here. */
    private static final class NotLanewise extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotLanewise() {
            super(null, null, false, false);
        }
    }

    private static Expr scalarize(For f) {
        int lanes = -1;
        for (Iter it : f.iters()) {
            if (it.kind() != IterKind.SIMD || !(it.data() instanceof Expr.Ident) || it.start() != null
                    || it.end() != null || it.stride() != null || !(it.type().resolve() instanceof WeldType.Simd s)) {
                return f;
            }
            int l = lanes(s.kind());
            if (lanes >= 0 && l != lanes) {
                return f;
            }
            lanes = l;
        }
        List<Param> ps = f.update().params();
        if (lanes < 0 || ps.size() != 3 || Symbols.uses(f.update().body(), ps.get(1).symbol()) > 0) {
            return f;
        }
        Expr body;
        WeldType element;
        try {
            body = lanewise(f.update().body(), new HashSet<>(Set.of(ps.get(2).symbol())));
            element = scalar(ps.get(2).type());
        } catch (NotLanewise e) {
            return f;
        }
        List<Iter> iters = new ArrayList<>();
        for (Iter it : f.iters()) {
            iters.add(elements(it, lanes));
        }
        Lambda update = Ir.lambda(f.update().pos(), List.of(ps.get(0), ps.get(1), new Param(ps.get(2).symbol(),
                element)), body);
        return new For(f.pos(), f.rawType(), iters, f.builder(), update);
    }

    /** The lanes of a {@code simd[k]} value (256 bits' worth; see docs/LANGUAGE.md). */
    private static int lanes(ScalarKind k) {
        return k == ScalarKind.BOOL ? 32 : 256 / k.bits;
    }

    /** {@code iter(v, 0L, len(v) / lanes * lanes, 1L)}: the elements of {@code simditer(v)}'s chunks. */
    private static Iter elements(Iter it, int lanes) {
        WeldType.Scalar elem = WeldType.Scalar.of(((WeldType.Simd) it.type().resolve()).kind());
        Expr len = new Expr.Len(it.pos(), WeldType.Scalar.I64, it.data());
        Expr end = new Binary(it.pos(), WeldType.Scalar.I64, BinOp.MUL,
                new Binary(it.pos(), WeldType.Scalar.I64, BinOp.DIV, len, i64(it, lanes)), i64(it, lanes));
        return new Iter(it.pos(), elem, IterKind.SCALAR, it.data(), i64(it, 0), end, i64(it, 1));
    }

    private static Expr.Literal i64(Iter it, long v) {
        return new Expr.Literal(it.pos(), WeldType.Scalar.I64, ScalarKind.I64, v);
    }

    /** {@code t} with each SIMD type replaced by its lanes' scalar type; builders and collections of SIMD fail. */
    private static WeldType scalar(WeldType t) {
        return switch (t.resolve()) {
            case WeldType.Simd s -> WeldType.Scalar.of(s.kind());
            case WeldType.Struct s -> new WeldType.Struct(Lists.map(s.fields(), ScalarizeSimd::scalar));
            case WeldType r -> {
                if (hasSimd(r)) {
                    throw new NotLanewise();
                }
                yield r;
            }
        };
    }

    private static boolean hasSimd(WeldType t) {
        return switch (t.resolve()) {
            case WeldType.Simd s -> true;
            case WeldType.Struct s -> Lists.any(s.fields(), ScalarizeSimd::hasSimd);
            case WeldType.Vec v -> hasSimd(v.elem());
            case WeldType.Dict d -> hasSimd(d.key()) || hasSimd(d.value());
            case WeldType.Builder b -> Lists.any(b.params(), ScalarizeSimd::hasSimd);
            default -> false;
        };
    }

    /**
     * {@code e} computed on one lane's scalar, where {@code lanes} are the variables that hold one lane now (the
     * element, lets inside the update function); throws {@link NotLanewise} where that is not the same computation,
     * such as a SIMD value from outside the loop.
     */
    private static Expr lanewise(Expr e, Set<Symbol> lanes) {
        UnaryOperator<Expr> in = x -> lanewise(x, lanes);
        return switch (e) {
            case Expr.Literal l -> l;
            case Expr.Ident i -> {
                if (hasSimd(i.type()) && !lanes.contains(i.symbol())) {
                    throw new NotLanewise();
                }
                yield new Expr.Ident(i.pos(), scalar(i.type()), i.symbol());
            }
            case Binary b -> new Binary(b.pos(), scalar(b.type()), b.op(), in.apply(b.left()), in.apply(b.right()));
            case Expr.Unary u -> new Expr.Unary(u.pos(), scalar(u.type()), u.op(), in.apply(u.operand()));
            case Expr.Cast c -> {
                // A cast of a SIMD value changes the lane count.
                if (hasSimd(c.operand().type())) {
                    throw new NotLanewise();
                }
                yield new Expr.Cast(c.pos(), c.rawType(), c.target(), in.apply(c.operand()));
            }
            case Expr.Let l -> {
                Expr value = in.apply(l.value());
                lanes.add(l.symbol());
                yield new Expr.Let(l.pos(), scalar(l.type()), l.symbol(), value, in.apply(l.body()));
            }
            case Expr.If i -> new Expr.If(i.pos(), scalar(i.type()), in.apply(i.cond()), in.apply(i.onTrue()),
                    in.apply(i.onFalse()));
            case Expr.Select s -> new Expr.Select(s.pos(), scalar(s.type()), in.apply(s.cond()), in.apply(s.onTrue()),
                    in.apply(s.onFalse()));
            case Expr.MakeStruct s -> Ir.struct(s.pos(), Lists.map(s.elems(), in));
            case Expr.GetField g -> Ir.field(g.pos(), in.apply(g.struct()), g.index());
            case Expr.Annotated a -> {
                Expr x = in.apply(a.expr());
                yield new Expr.Annotated(a.pos(), x.rawType(), a.annotations(), x);
            }
            case Expr.Broadcast b -> {
                if (hasSimd(b.value().type())) {
                    throw new NotLanewise();
                }
                yield in.apply(b.value());
            }
            case Expr.Merge m -> {
                // Only SIMD values: a scalar merged once per chunk would be merged once per element.
                if (!(m.value().type().resolve() instanceof WeldType.Simd)
                        || !(m.builder().type().resolve() instanceof WeldType.Builder bt)
                        || bt.kind() != BuilderKind.MERGER && bt.kind() != BuilderKind.APPENDER) {
                    throw new NotLanewise();
                }
                Expr b = in.apply(m.builder());
                yield new Expr.Merge(m.pos(), b.rawType(), b, in.apply(m.value()));
            }
            case Expr.Len l -> unlessSimd(l);
            case Expr.Lookup l -> unlessSimd(l);
            case Expr.KeyExists k -> unlessSimd(k);
            case Expr.OptLookup o -> unlessSimd(o);
            default -> throw new NotLanewise();
        };
    }

    /** {@code e} itself when neither it nor anything in it is a SIMD value. */
    private static Expr unlessSimd(Expr e) {
        if (hasSimd(e.type())) {
            throw new NotLanewise();
        }
        for (Expr c : Children.of(e)) {
            if (c instanceof Expr.Lambda) {
                throw new NotLanewise();
            }
            unlessSimd(c);
        }
        return e;
    }
}
