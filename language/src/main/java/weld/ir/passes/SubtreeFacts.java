package weld.ir.passes;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.IrPrinter;
import weld.ir.Symbol;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * Facts about the subtrees of one program, each computed once per node for one application of a pass: IR nodes are
 * immutable, so a fact about a node holds as long as the node does. A pass that asks about every subtree below every
 * node (common subexpression elimination, horizontal fusion) would otherwise walk each subtree once per ancestor,
 * which made those two passes most of the optimizer's time (see docs/performance.md, "Optimizer time").
 */
final class SubtreeFacts {
    private final Map<Expr, Boolean> mayFail = new IdentityHashMap<>();
    private final Map<Expr, Boolean> touchesBuilder = new IdentityHashMap<>();
    private final Map<Expr, Integer> size = new IdentityHashMap<>();
    private final Map<Expr, String> key = new IdentityHashMap<>();
    /** A number for each key of a subexpression, which stands for it in its parents' keys. */
    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<Expr, Set<Symbol>> free = new IdentityHashMap<>();

    /** {@link Effects#mayFail}. */
    boolean mayFail(Expr e) {
        return anyNode(mayFail, e, Effects::failsItself);
    }

    /** Whether {@code e} is or contains a builder, a merge, a new builder or a result. */
    boolean touchesBuilder(Expr e) {
        return anyNode(touchesBuilder, e, x -> WeldType.isBuilder(x.rawType()) || x instanceof Expr.Merge
                || x instanceof Expr.NewBuilder || x instanceof Expr.Result);
    }

    /** Whether some node of {@code e} satisfies {@code p}, remembered in {@code memo} for each subtree. */
    private static boolean anyNode(Map<Expr, Boolean> memo, Expr e, Predicate<Expr> p) {
        Boolean known = memo.get(e);
        if (known != null) {
            return known;
        }
        boolean r = p.test(e);
        for (Expr c : Children.of(e)) {
            r |= anyNode(memo, c, p);
        }
        memo.put(e, r);
        return r;
    }

    /** The number of nodes in {@code e}. */
    int size(Expr e) {
        Integer known = size.get(e);
        if (known != null) {
            return known;
        }
        int n = 1;
        for (Expr c : Children.of(e)) {
            n += size(c);
        }
        size.put(e, n);
        return n;
    }

    /**
     * A key of {@code e}: equal keys mean structurally equal expressions. It is {@code e} printed with each
     * subexpression written as a number standing for that subexpression's key, so the keys of a whole tree take time
     * linear in its size (printing each subtree in full took time proportional to its size times its depth: a
     * program of two 60-deep arithmetic expressions compiled in 5.6-6.0 ms warm, 2.7-3.3 ms with these keys).
     */
    String key(Expr e) {
        String known = key.get(e);
        if (known != null) {
            return known;
        }
        String k = IrPrinter.print(e, sub -> {
            String subKey = key(sub);
            Integer id = ids.get(subKey);
            if (id == null) {
                id = ids.size();
                ids.put(subKey, id);
            }
            return "\u0001" + id;
        });
        key.put(e, k);
        return k;
    }

    /** The keys of {@code es}, in a list's notation. */
    String key(List<? extends Expr> es) {
        return Lists.map(es, this::key).toString();
    }

    /** The variables {@code e} reads but does not bind; the set returned must not be modified. */
    Set<Symbol> free(Expr e) {
        Set<Symbol> known = free.get(e);
        if (known != null) {
            return known;
        }
        Set<Symbol> r = new HashSet<>();
        switch (e) {
            case Expr.Ident i -> r.add(i.symbol());
            case Expr.Let l -> {
                r.addAll(free(l.body()));
                r.remove(l.symbol());
                r.addAll(free(l.value()));
            }
            case Expr.Lambda l -> {
                r.addAll(free(l.body()));
                l.params().forEach(p -> r.remove(p.symbol()));
            }
            default -> Children.of(e).forEach(c -> r.addAll(free(c)));
        }
        free.put(e, r);
        return r;
    }
}
