package weld.ir.passes;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Expr.Param;
import weld.ir.Symbol;
import weld.util.Lists;

/**
 * Variables in the IR: counting uses, substituting an expression for a variable, and fresh symbols. Every binder
 * of a program has its own symbol, so substitution never captures; a pass that duplicates an expression renames
 * the copy's binders ({@link #freshen}) to keep that property.
 */
final class Symbols {
    /** The program whose largest symbol number the first fresh symbol needs, until then. */
    private Expr program;
    private int next;

    private Symbols(Expr program) {
        this.program = program;
    }

    /**
     * A generator of symbols not used in {@code e}. It looks at {@code e} when it makes its first symbol, so a pass
     * that changes nothing never walks the program for it (until then the program holds no symbol of this
     * generator, so its numbers are the same as if computed at once).
     */
    static Symbols freshFor(Expr e) {
        return new Symbols(e);
    }

    Symbol fresh(String name) {
        if (program != null) {
            next = maxId(program) + 1;
            program = null;
        }
        return new Symbol(name, next++);
    }

    private static int maxId(Expr e) {
        int m = switch (e) {
            case Expr.Ident i -> i.symbol().id();
            case Expr.Let l -> l.symbol().id();
            case Expr.Lambda l -> {
                int max = 0;
                for (Expr.Param p : l.params()) {
                    max = Math.max(max, p.symbol().id());
                }
                yield max;
            }
            default -> 0;
        };
        for (Expr c : Children.of(e)) {
            m = Math.max(m, maxId(c));
        }
        return m;
    }

    /** How many times {@code s} occurs in {@code e} (textually: an occurrence inside a loop body counts once). */
    static int uses(Expr e, Symbol s) {
        if (e instanceof Expr.Ident i) {
            return i.symbol().equals(s) ? 1 : 0;
        }
        int n = 0;
        for (Expr c : Children.of(e)) {
            n += uses(c, s);
        }
        return n;
    }

    /** Whether some identifier in {@code e} satisfies {@code p}. */
    static boolean anyIdent(Expr e, Predicate<Symbol> p) {
        if (e instanceof Expr.Ident i) {
            return p.test(i.symbol());
        }
        for (Expr c : Children.of(e)) {
            if (anyIdent(c, p)) {
                return true;
            }
        }
        return false;
    }

    /** {@code e} with every occurrence of {@code s} replaced by {@code value}. */
    static Expr substitute(Expr e, Symbol s, Expr value) {
        return substitute(e, Map.of(s, value));
    }

    static Expr substitute(Expr e, Map<Symbol, Expr> values) {
        if (e instanceof Expr.Ident i) {
            Expr v = values.get(i.symbol());
            return v == null ? e : v;
        }
        return Rewrite.mapChildren(e, c -> substitute(c, values));
    }

    /** A copy of {@code e} whose let and lambda binders have fresh symbols. */
    Expr freshen(Expr e) {
        return freshen(e, new HashMap<>());
    }

    private Expr freshen(Expr e, Map<Symbol, Symbol> renamed) {
        switch (e) {
            case Expr.Ident i -> {
                Symbol r = renamed.get(i.symbol());
                return r == null ? e : Ir.ident(i.pos(), r, i.rawType());
            }
            case Expr.Let l -> {
                Expr v = freshen(l.value(), renamed);
                Symbol s = fresh(l.symbol().name());
                renamed.put(l.symbol(), s);
                return new Expr.Let(l.pos(), l.rawType(), s, v, freshen(l.body(), renamed));
            }
            case Expr.Lambda l -> {
                List<Param> ps = Lists.map(l.params(), p -> {
                    Param q = new Param(fresh(p.symbol().name()), p.rawType());
                    renamed.put(p.symbol(), q.symbol());
                    return q;
                });
                return Ir.lambda(l.pos(), ps, freshen(l.body(), renamed));
            }
            default -> {
                return Rewrite.mapChildren(e, c -> freshen(c, renamed));
            }
        }
    }
}
