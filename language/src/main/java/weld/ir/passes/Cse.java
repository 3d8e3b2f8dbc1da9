package weld.ir.passes;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Symbol;

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
        if (!run.countRepeated(e)) {
            return e;
        }
        return Rewrite.bottomUp(e, run::at);
    }

    /** The first occurrence of a candidate, whether it may move up to the node being rewritten, and the count. */
    private static final class Occurrences {
        final Expr first;
        final boolean movable;
        int count = 1;

        Occurrences(Expr first, boolean movable) {
            this.first = first;
            this.movable = movable;
        }
    }

    private static final class Run {
        private final Symbols gen;
        private final SubtreeFacts facts = new SubtreeFacts();
        /** The keys of candidates that occur at least twice in the program, wherever: only these can be shared. */
        private final Set<String> repeated = new HashSet<>();

        Run(Symbols gen) {
            this.gen = gen;
        }

        /** Finds the candidates' keys that occur twice or more in {@code e}; false if there are none. */
        boolean countRepeated(Expr e) {
            Set<String> once = new HashSet<>();
            countRepeated(e, once);
            return !repeated.isEmpty();
        }

        private void countRepeated(Expr e, Set<String> once) {
            if (candidate(e) && !once.add(facts.key(e))) {
                repeated.add(facts.key(e));
            }
            for (Expr c : Children.of(e)) {
                countRepeated(c, once);
            }
        }

        Expr at(Expr n) {
            if (n instanceof Expr.Lambda || n instanceof Expr.Iter) {
                return n;
            }
            Map<String, Occurrences> seen = new LinkedHashMap<>();
            Set<Symbol> path = new HashSet<>();
            if (n instanceof Expr.Let l) {
                path.add(l.symbol());
            }
            List<Expr> children = Children.of(n);
            for (int k = 0; k < children.size(); k++) {
                if (!Effects.isConditional(n, k, children.get(k))) {
                    collect(children.get(k), seen, path);
                }
            }
            Expr best = null;
            int bestSize = 0;
            for (Occurrences occ : seen.values()) {
                if (occ.count >= 2 && occ.movable && facts.size(occ.first) > bestSize) {
                    best = occ.first;
                    bestSize = facts.size(best);
                }
            }
            if (best == null) {
                return n;
            }
            Symbol t = gen.fresh("cse");
            String k = facts.key(best);
            Expr.Ident ref = Ir.ident(best.pos(), t, best.rawType());
            return Ir.let(best.pos(), t, best, replace(n, best, k, ref));
        }

        /**
         * Counts the candidates evaluated whenever {@code e} is, by key. {@code path} holds the lets between the node
         * being rewritten and {@code e}: the first occurrence of a candidate can move up to that node only if it
         * reads none of them (every binder has its own symbol, so a variable bound inside the node that the
         * candidate reads is bound on that path).
         */
        private void collect(Expr e, Map<String, Occurrences> seen, Set<Symbol> path) {
            if (candidate(e) && repeated.contains(facts.key(e))) {
                Occurrences occ = seen.get(facts.key(e));
                if (occ == null) {
                    seen.put(facts.key(e), new Occurrences(e, !Symbols.anyIdent(e, path::contains)));
                } else {
                    occ.count++;
                }
            }
            Symbol let = e instanceof Expr.Let l && path.add(l.symbol()) ? l.symbol() : null;
            List<Expr> children = Children.of(e);
            for (int k = 0; k < children.size(); k++) {
                if (!Effects.isConditional(e, k, children.get(k))) {
                    collect(children.get(k), seen, path);
                }
            }
            if (let != null) {
                path.remove(let);
            }
        }

        private boolean candidate(Expr e) {
            return !Effects.isTrivial(e) && !(e instanceof Expr.Lambda) && !(e instanceof Expr.Iter)
                    && !facts.touchesBuilder(e) && !facts.mayFail(e);
        }

        private Expr replace(Expr e, Expr best, String k, Expr ref) {
            if (e.getClass() == best.getClass() && facts.key(e).equals(k)) {
                return ref;
            }
            return Rewrite.mapChildren(e, c -> replace(c, best, k, ref));
        }
    }
}
