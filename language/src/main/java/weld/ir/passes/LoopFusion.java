package weld.ir.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weld.ir.Expr;
import weld.ir.Expr.For;
import weld.ir.Expr.Iter;
import weld.ir.Expr.Lambda;
import weld.ir.Expr.Param;
import weld.ir.Symbol;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * Vertical loop fusion (Weld's {@code fuse_loops_vertical} and the zip case of {@code fuse_loops_2}): a loop over
 * the result of an appender loop runs its update function where the producer merged, so the intermediate vector
 * is never built. The producer may filter ({@code if(p, merge(b, x), b)}), merge several times or loop over nested
 * vectors; the consumer keeps its builder and iterates the producer's iterators. A loop over a {@code zip} one of
 * whose vectors is the result of a map (one unconditional merge per iteration) iterates the map's input instead and
 * computes the mapped value in its own body; a map over a {@code zip} adds all its iterators to the consumer's zip
 * (so {@code a * b + c} over three vectors is one loop). A length mismatch inside the map's own zip is then reported
 * at the consumer's position.
 *
 * <pre>
 * result(for(result(for(v, appender[i32], |b,i,x| if(x &gt; 0, merge(b, x * 2), b))), merger[i32,+], |s,j,y| merge(s, y + 1)))
 * =&gt;
 * result(for(v, merger[i32,+], |s,i,x| if(x &gt; 0, (let y = x * 2; merge(s, y + 1)), s)))
 * </pre>
 *
 * Fusion interleaves the two loop bodies, so it only happens when at most one of them may raise a runtime error
 * (the first error stays the same), when the consumer's builder expression cannot fail, and, if the consumer reads
 * its index, when the producer is a map (so the index is the same).
 */
final class LoopFusion implements Pass {
    @Override
    public String name() {
        return "loop-fusion";
    }

    @Override
    public String description() {
        return "fuse a loop over the result of an appender loop into one loop (also inside zip)";
    }

    @Override
    public Expr apply(Expr e) {
        Symbols gen = Symbols.freshFor(e);
        return Rewrite.bottomUp(e, x -> {
            if (!(x instanceof For f)) {
                return x;
            }
            Expr r = f.iters().size() == 1 ? vertical(f, gen) : zip(f, gen);
            return r == null ? x : r;
        });
    }

    /** The producer loop of {@code result(for(..., appender, ...))}, or null. */
    private static For producer(Iter it) {
        boolean whole = it.kind() == null || it.kind() == IterKind.SCALAR && it.start() == null && it.end() == null
                && it.stride() == null;
        if (!whole || !(it.data() instanceof Expr.Result r) || !(r.builder() instanceof For p)
                || !(p.builder() instanceof Expr.NewBuilder nb) || !(nb.type() instanceof WeldType.Builder bt)
                || bt.kind() != BuilderKind.APPENDER || nb.arg() != null && Effects.mayFail(nb.arg())) {
            return null;
        }
        return p;
    }

    private static Expr vertical(For c, Symbols gen) {
        For p = producer(c.iters().get(0));
        if (p == null || Effects.mayFail(c.builder())
                || Effects.mayFail(p.update().body()) && Effects.mayFail(c.update().body())) {
            return null;
        }
        Lambda lp = p.update();
        Lambda lc = c.update();
        boolean usesIndex = Symbols.uses(lc.body(), lc.params().get(1).symbol()) > 0;
        if (usesIndex && MapUpdate.value(lp) == null) {
            return null;
        }
        Param b1 = lp.params().get(0);
        Param nb = new Param(gen.fresh(b1.symbol().name()), c.builder().rawType());
        Fuser fuser = new Fuser(lc, gen, usesIndex ? Ir.ident(lp.pos(), lp.params().get(1)) : null);
        Expr body = fuser.rewrite(lp.body(), b1.symbol(), Ir.ident(lp.pos(), nb), !usesIndex);
        if (body == null) {
            return null;
        }
        Lambda fused = Ir.lambda(lp.pos(), List.of(nb, lp.params().get(1), lp.params().get(2)), body);
        return new For(p.pos(), c.builder().rawType(), p.iters(), c.builder(), fused);
    }

    /** Rewrites a producer body so that the consumer's update function runs in place of each merge. */
    private static final class Fuser {
        private final Lambda consumer;
        private final Symbols gen;
        private final Expr index;
        private int sites;

        Fuser(Lambda consumer, Symbols gen, Expr index) {
            this.consumer = consumer;
            this.gen = gen;
            this.index = index;
        }

        /**
         * {@code e}, a builder expression over the producer's builder {@code old}, with {@code old} replaced by
         * {@code now} and each merge replaced by the consumer's body; null if {@code old} is used otherwise.
         */
        Expr rewrite(Expr e, Symbol old, Expr now, boolean nestedOk) {
            switch (e) {
                case Expr.Ident i when i.symbol().equals(old) -> {
                    return now;
                }
                case Expr.Merge m when Symbols.uses(m.value(), old) == 0 -> {
                    Expr b = rewrite(m.builder(), old, now, nestedOk);
                    return b == null ? null : consume(b, m.value());
                }
                case Expr.If i when Symbols.uses(i.cond(), old) == 0 -> {
                    Expr t = rewrite(i.onTrue(), old, now, nestedOk);
                    Expr f = t == null ? null : rewrite(i.onFalse(), old, now, nestedOk);
                    return f == null ? null : new Expr.If(i.pos(), t.rawType(), i.cond(), t, f);
                }
                case Expr.Let l when Symbols.uses(l.value(), old) == 0 -> {
                    Expr b = rewrite(l.body(), old, now, nestedOk);
                    return b == null ? null : Ir.let(l.pos(), l.symbol(), l.value(), b);
                }
                case Expr.Annotated a -> {
                    Expr x = rewrite(a.expr(), old, now, nestedOk);
                    return x == null ? null : new Expr.Annotated(a.pos(), x.rawType(), a.annotations(), x);
                }
                case For f when nestedOk && Lists.all(f.iters(), it -> Symbols.uses(it, old) == 0) -> {
                    Expr b = rewrite(f.builder(), old, now, true);
                    if (b == null) {
                        return null;
                    }
                    Lambda u = f.update();
                    Param inner = u.params().get(0);
                    Param nb = new Param(gen.fresh(inner.symbol().name()), b.rawType());
                    Expr body = Symbols.uses(u.body(), old) == 0
                            ? rewrite(u.body(), inner.symbol(), Ir.ident(u.pos(), nb), true) : null;
                    if (body == null) {
                        return null;
                    }
                    Lambda nu = Ir.lambda(u.pos(), List.of(nb, u.params().get(1), u.params().get(2)), body);
                    return new For(f.pos(), b.rawType(), f.iters(), b, nu);
                }
                default -> {
                    return null;
                }
            }
        }

        /** The consumer's body for one merged value, on builder {@code b}. */
        private Expr consume(Expr b, Expr value) {
            Lambda l = sites++ == 0 ? consumer : (Lambda) gen.freshen(consumer);
            Map<Symbol, Expr> subst = new HashMap<>();
            Symbol bs = l.params().get(0).symbol();
            Symbol xs = l.params().get(2).symbol();
            if (b instanceof Expr.Ident) {
                subst.put(bs, b);
            }
            if (Effects.isTrivial(value) && !Effects.mayFail(value)) {
                subst.put(xs, value);
            }
            if (index != null) {
                subst.put(l.params().get(1).symbol(), index);
            }
            Expr body = Symbols.substitute(l.body(), subst);
            if (!subst.containsKey(xs)) {
                body = Ir.let(value.pos(), xs, value, body);
            }
            return subst.containsKey(bs) ? body : Ir.let(b.pos(), bs, b, body);
        }
    }

    /**
     * Fuses the first zipped iterator that is the result of a map; null if there is none. The map's own iterators
     * take its place in the zip (a map over {@code zip(a, b)} adds two), and the consumer computes the mapped value
     * from their elements.
     */
    private static Expr zip(For c, Symbols gen) {
        Lambda lc = c.update();
        Param elem = lc.params().get(2);
        WeldType.Struct elemType = (WeldType.Struct) elem.type();
        if (!onlyFields(lc.body(), elem.symbol())) {
            return null;
        }
        for (int k = 0; k < c.iters().size(); k++) {
            For p = producer(c.iters().get(k));
            if (p == null || Lists.any(p.iters(), it -> it.kind() == IterKind.SIMD || it.kind() == IterKind.FRINGE)) {
                continue;
            }
            List<Param> pp = p.update().params();
            int m = p.iters().size();
            if (m > 1 && !onlyFields(p.update().body(), pp.get(2).symbol())) {
                continue;
            }
            Expr value = MapUpdate.value(p.update());
            boolean laterFail = Lists.any(c.iters().subList(k + 1, c.iters().size()), Effects::mayFail);
            boolean earlierFail = Lists.any(c.iters().subList(0, k), Effects::mayFail);
            if (value == null || Effects.mayFail(value) && (Effects.mayFail(lc.body()) || laterFail)
                    || earlierFail && Lists.any(p.iters(), Effects::mayFail)) {
                continue;
            }
            List<WeldType> fields = new ArrayList<>(elemType.fields().subList(0, k));
            p.iters().forEach(it -> fields.add(it.rawType()));
            fields.addAll(elemType.fields().subList(k + 1, elemType.fields().size()));
            Param ne = new Param(elem.symbol(), new WeldType.Struct(fields));
            Expr.Ident x = Ir.ident(lc.pos(), ne);
            int base = k;
            Expr.Ident index = Ir.ident(lc.pos(), lc.params().get(1));
            Expr mapped = m == 1
                    ? Symbols.substitute(value, Map.of(pp.get(2).symbol(), Ir.field(p.iters().get(0).pos(), x, k),
                            pp.get(1).symbol(), index))
                    : Symbols.substitute(readFields(value, pp.get(2).symbol(), g -> Ir.field(g.pos(), x, base + g.index())),
                            Map.of(pp.get(1).symbol(), index));
            Expr body;
            if (Effects.isTrivial(mapped) && !Effects.mayFail(mapped)) {
                body = readFields(lc.body(), elem.symbol(), g -> g.index() == base ? mapped : shifted(g, x, base, m));
            } else {
                Symbol t = gen.fresh(pp.get(2).symbol().name());
                Expr.Ident ti = Ir.ident(mapped.pos(), t, mapped.rawType());
                body = readFields(lc.body(), elem.symbol(), g -> g.index() == base ? ti : shifted(g, x, base, m));
                body = Ir.let(mapped.pos(), t, mapped, body);
            }
            List<Iter> iters = new ArrayList<>(c.iters().subList(0, k));
            iters.addAll(p.iters());
            iters.addAll(c.iters().subList(k + 1, c.iters().size()));
            Lambda nu = Ir.lambda(lc.pos(), List.of(lc.params().get(0), lc.params().get(1), ne), body);
            return new For(c.pos(), c.rawType(), List.copyOf(iters), c.builder(), nu);
        }
        return null;
    }

    /** A field {@code g} of the consumer's old element, read from the new element {@code x} (after the map's fields). */
    private static Expr shifted(Expr.GetField g, Expr.Ident x, int k, int m) {
        return Ir.field(g.pos(), x, g.index() < k ? g.index() : g.index() + m - 1);
    }

    /** Whether {@code s} occurs in {@code e} only as {@code s.$k}. */
    private static boolean onlyFields(Expr e, Symbol s) {
        if (e instanceof Expr.GetField g && g.struct() instanceof Expr.Ident i && i.symbol().equals(s)) {
            return true;
        }
        if (e instanceof Expr.Ident i) {
            return !i.symbol().equals(s);
        }
        for (Expr c : weld.ir.Children.of(e)) {
            if (!onlyFields(c, s)) {
                return false;
            }
        }
        return true;
    }

    /** {@code e} with each field read {@code s.$j} replaced by {@code field.apply(s.$j)}. */
    private static Expr readFields(Expr e, Symbol s, java.util.function.Function<Expr.GetField, Expr> field) {
        if (e instanceof Expr.GetField g && g.struct() instanceof Expr.Ident i && i.symbol().equals(s)) {
            return field.apply(g);
        }
        return Rewrite.mapChildren(e, c -> readFields(c, s, field));
    }
}
