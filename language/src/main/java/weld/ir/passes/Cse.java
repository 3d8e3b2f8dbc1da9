package weld.ir.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.IrPrinter;
import weld.ir.Symbol;
import weld.types.WeldType;

/**
 * Common subexpression elimination: an expression that occurs twice where both occurrences would be evaluated
 * (not only in one branch of an {@code if}, and not only inside a loop body) is computed once into a {@code let}
 * at the innermost node that contains both. Only expressions that cannot fail and do not touch a builder are
 * shared, so evaluating them earlier changes nothing but the time taken.
 *
 * <pre>
 * (x * y + 1) / (x * y - 1)   =&gt;   (let t = x * y; (t + 1) / (t - 1))
 * </pre>
 */
final class Cse implements Pass {
    @Override
    public String name() {
        return "cse";
    }

    @Override
    public String description() {
        return "compute an expression evaluated twice once, into a let";
    }

    @Override
    public Expr apply(Expr e) {
        Run run = new Run(Symbols.freshFor(e));
        return Rewrite.bottomUp(e, run::at);
    }

    private static final class Run {
        private final Symbols gen;
        private final Map<Expr, String> keys = new IdentityHashMap<>();

        Run(Symbols gen) {
            this.gen = gen;
        }

        private String key(Expr e) {
            return keys.computeIfAbsent(e, IrPrinter::print);
        }

        Expr at(Expr n) {
            if (n instanceof Expr.Lambda || n instanceof Expr.Iter) {
                return n;
            }
            Map<String, List<Expr>> seen = new LinkedHashMap<>();
            Set<Symbol> bound = new HashSet<>();
            if (n instanceof Expr.Let l) {
                bound.add(l.symbol());
            }
            List<Expr> children = Children.of(n);
            for (int k = 0; k < children.size(); k++) {
                if (Effects.isConditional(n, k, children.get(k))) {
                    Symbols.binders(children.get(k), bound);
                } else {
                    collect(children.get(k), seen, bound);
                }
            }
            Expr best = null;
            int bestSize = 0;
            for (List<Expr> occ : seen.values()) {
                Expr x = occ.get(0);
                if (occ.size() >= 2 && size(x) > bestSize && !Symbols.anyIdent(x, bound::contains)) {
                    best = x;
                    bestSize = size(x);
                }
            }
            if (best == null) {
                return n;
            }
            Symbol t = gen.fresh("cse");
            String k = key(best);
            Expr.Ident ref = Ir.ident(best.pos(), t, best.rawType());
            return Ir.let(best.pos(), t, best, replace(n, best, k, ref));
        }

        /** The candidates evaluated whenever {@code e} is, by key, and the symbols bound on the way. */
        private void collect(Expr e, Map<String, List<Expr>> seen, Set<Symbol> bound) {
            if (candidate(e)) {
                seen.computeIfAbsent(key(e), x -> new ArrayList<>()).add(e);
            }
            if (e instanceof Expr.Let l) {
                bound.add(l.symbol());
            }
            List<Expr> children = Children.of(e);
            for (int k = 0; k < children.size(); k++) {
                if (Effects.isConditional(e, k, children.get(k))) {
                    Symbols.binders(children.get(k), bound);
                } else {
                    collect(children.get(k), seen, bound);
                }
            }
        }

        private boolean candidate(Expr e) {
            return !Effects.isTrivial(e) && !(e instanceof Expr.Lambda) && !(e instanceof Expr.Iter)
                    && !touchesBuilder(e) && !Effects.mayFail(e);
        }

        /** Whether {@code e} is or contains a builder (then sharing it would merge twice into one builder). */
        private static boolean touchesBuilder(Expr e) {
            if (WeldType.isBuilder(e.type()) || e instanceof Expr.Merge || e instanceof Expr.NewBuilder
                    || e instanceof Expr.Result) {
                return true;
            }
            for (Expr c : Children.of(e)) {
                if (touchesBuilder(c)) {
                    return true;
                }
            }
            return false;
        }

        private Expr replace(Expr e, Expr best, String k, Expr ref) {
            if (e.getClass() == best.getClass() && key(e).equals(k)) {
                return ref;
            }
            return Rewrite.mapChildren(e, c -> replace(c, best, k, ref));
        }

        private static int size(Expr e) {
            int n = 1;
            for (Expr c : Children.of(e)) {
                n += size(c);
            }
            return n;
        }
    }
}
