package weld.ir.passes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Expr.For;
import weld.ir.Expr.Lambda;
import weld.ir.Expr.Param;
import weld.ir.Symbol;

/**
 * Horizontal loop fusion (the paper's Listing 3): two loops over the same iterators that are both evaluated whenever
 * an expression is become one loop over a struct of their builders, computed first into a {@code let}; the two
 * results are projected back out of it. The data is read once instead of twice.
 *
 * <pre>
 * result(for(v, merger[f64,+], |b,i,x| merge(b, x))) / result(for(v, merger[f64,max], |c,j,y| merge(c, y)))
 * =&gt;
 * let t = result(for(v, {merger[f64,+], merger[f64,max]}, |bs,i,x| {merge(bs.$0, x), merge(bs.$1, x)})); t.$0 / t.$1
 * </pre>
 *
 * Both loops are moved before the rest of the expression and their bodies interleave, so neither loop may fail.
 */
final class HorizontalFusion implements Pass {
    @Override
    public String name() {
        return "horizontal-fusion";
    }

    @Override
    public String description() {
        return "fuse loops over the same data evaluated together into one loop over a struct of builders";
    }

    @Override
    public Expr apply(Expr e) {
        Symbols gen = Symbols.freshFor(e);
        SubtreeFacts facts = new SubtreeFacts();
        return Rewrite.bottomUp(e, x -> x instanceof Lambda || x instanceof Expr.Iter ? x : fuse(x, gen, facts));
    }

    private static Expr fuse(Expr n, Symbols gen, SubtreeFacts facts) {
        List<Expr.Result> loops = new ArrayList<>();
        Set<Symbol> path = new HashSet<>();
        if (n instanceof Expr.Let l) {
            path.add(l.symbol());
        }
        List<Expr> children = Children.of(n);
        for (int k = 0; k < children.size(); k++) {
            if (!Effects.isConditional(n, k, children.get(k))) {
                collect(children.get(k), loops, path, facts);
            }
        }
        Map<String, Expr.Result> byIterators = new LinkedHashMap<>();
        for (Expr.Result r : loops) {
            Expr.Result first = byIterators.putIfAbsent(facts.key(((For) r.builder()).iters()), r);
            if (first != null && !contains(first, r) && !contains(r, first)) {
                return fuse(n, first, r, gen);
            }
        }
        return n;
    }

    private static Expr fuse(Expr n, Expr.Result r1, Expr.Result r2, Symbols gen) {
        For f1 = (For) r1.builder();
        For f2 = (For) r2.builder();
        Lambda l1 = f1.update();
        Lambda l2 = f2.update();
        Expr builder = Ir.struct(f1.builder().pos(), List.of(f1.builder(), f2.builder()));
        Param bs = new Param(gen.fresh("bs"), builder.rawType());
        Expr.Ident bsRef = Ir.ident(l1.pos(), bs);
        Param i = l1.params().get(1);
        Param x = l1.params().get(2);
        Expr body1 = Symbols.substitute(l1.body(), l1.params().get(0).symbol(), Ir.field(l1.pos(), bsRef, 0));
        Expr body2 = Symbols.substitute(l2.body(), Map.of(l2.params().get(0).symbol(), Ir.field(l2.pos(), bsRef, 1),
                l2.params().get(1).symbol(), Ir.ident(l2.pos(), i), l2.params().get(2).symbol(), Ir.ident(l2.pos(), x)));
        Lambda update = Ir.lambda(l1.pos(), List.of(bs, i, x), Ir.struct(l1.body().pos(), List.of(body1, body2)));
        Expr.Result fused = Ir.result(r1.pos(), new For(f1.pos(), builder.rawType(), f1.iters(), builder, update));
        Symbol t = gen.fresh("fused");
        Expr.Ident ref = Ir.ident(r1.pos(), t, fused.rawType());
        Expr body = replace(n, r1, Ir.field(r1.pos(), ref, 0), r2, Ir.field(r2.pos(), ref, 1));
        return Ir.let(r1.pos(), t, fused, body);
    }

    /**
     * The loops evaluated whenever {@code e} is that may move before it: loops that cannot fail and read no variable
     * of {@code path}, the lets between the fusing node and {@code e}. Every binder has its own symbol, so a variable
     * a loop reads that is bound inside the fusing node is bound on that path.
     */
    private static void collect(Expr e, List<Expr.Result> loops, Set<Symbol> path, SubtreeFacts facts) {
        if (e instanceof Expr.Result r && r.builder() instanceof For && !facts.mayFail(r)
                && Collections.disjoint(facts.free(r), path)) {
            loops.add(r);
        }
        Symbol let = e instanceof Expr.Let l && path.add(l.symbol()) ? l.symbol() : null;
        List<Expr> children = Children.of(e);
        for (int k = 0; k < children.size(); k++) {
            if (!Effects.isConditional(e, k, children.get(k))) {
                collect(children.get(k), loops, path, facts);
            }
        }
        if (let != null) {
            path.remove(let);
        }
    }

    private static boolean contains(Expr outer, Expr inner) {
        if (outer == inner) {
            return true;
        }
        for (Expr c : Children.of(outer)) {
            if (contains(c, inner)) {
                return true;
            }
        }
        return false;
    }

    private static Expr replace(Expr e, Expr a, Expr byA, Expr b, Expr byB) {
        if (e == a) {
            return byA;
        }
        if (e == b) {
            return byB;
        }
        return Rewrite.mapChildren(e, c -> replace(c, a, byA, b, byB));
    }
}
