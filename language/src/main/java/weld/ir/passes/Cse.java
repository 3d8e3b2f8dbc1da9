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
 * at the innermost node that contains both. Only expressions that do not touch a builder are shared, and that
 * cannot fail, so that evaluating them earlier changes nothing but the time taken; or lookups ({@code lookup(d, k)},
 * whose key or index may be missing) whose operands cannot fail and whose first occurrence is the first thing
 * evaluated there that may fail, so that a failing program still fails with the same error.
 *
 * <pre>
 * (x * y + 1) / (x * y - 1)   =&gt;   (let t = x * y; (t + 1) / (t - 1))
 * lookup(d, k).$0 * f64(lookup(d, k).$1)   =&gt;   (let t = lookup(d, k); t.$0 * f64(t.$1))
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
            boolean[] failed = {false};
            for (int k = 0; k < children.size(); k++) {
                visit(n, k, children.get(k), seen, path, failed);
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
        private void collect(Expr e, Map<String, Occurrences> seen, Set<Symbol> path, boolean[] failed) {
            if (candidate(e) && repeated.contains(facts.key(e))) {
                Occurrences occ = seen.get(facts.key(e));
                if (occ == null) {
                    boolean movable = !Symbols.anyIdent(e, path::contains) && !(facts.mayFail(e) && failed[0]);
                    seen.put(facts.key(e), new Occurrences(e, movable));
                } else {
                    occ.count++;
                }
            }
            Symbol let = e instanceof Expr.Let l && path.add(l.symbol()) ? l.symbol() : null;
            List<Expr> children = Children.of(e);
            for (int k = 0; k < children.size(); k++) {
                visit(e, k, children.get(k), seen, path, failed);
            }
            if (let != null) {
                path.remove(let);
            }
            failed[0] |= Effects.failsItself(e);
        }

        /**
         * {@link #collect}s child {@code k} of {@code parent} where it is evaluated whenever the parent is; in
         * evaluation order, {@code failed} says whether something evaluated so far may have failed.
         */
        private void visit(Expr parent, int k, Expr child, Map<String, Occurrences> seen, Set<Symbol> path,
                           boolean[] failed) {
            if (Effects.isConditional(parent, k, child)) {
                failed[0] |= facts.mayFail(child);
            } else {
                collect(child, seen, path, failed);
            }
        }

        private boolean candidate(Expr e) {
            return !Effects.isTrivial(e) && !(e instanceof Expr.Lambda) && !(e instanceof Expr.Iter)
                    && !facts.touchesBuilder(e) && (!facts.mayFail(e) || failsOnlyItself(e));
        }

        /** Whether {@code e} is a lookup whose operands cannot fail. */
        private boolean failsOnlyItself(Expr e) {
            return e instanceof Expr.Lookup l && !facts.mayFail(l.collection()) && !facts.mayFail(l.key());
        }

        private Expr replace(Expr e, Expr best, String k, Expr ref) {
            if (e.getClass() == best.getClass() && facts.key(e).equals(k)) {
                return ref;
            }
            return Rewrite.mapChildren(e, c -> replace(c, best, k, ref));
        }
    }
}
