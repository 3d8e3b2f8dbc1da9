package weld.ir.passes;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Symbol;

/**
 * Inlines {@code let}-bound values: trivial values (literals, variables, fields of variables) everywhere, other
 * values used exactly once at their use, and drops unused values that cannot fail. A value is never moved into a
 * loop body (it would run once per iteration), and a value that may fail or call C code is only moved to a use that
 * is evaluated unconditionally and before anything else that may fail, so no error appears, disappears or changes.
 *
 * <pre>
 * let a = result(for(v, appender, |b,i,x| merge(b, x * 2)));     result(for(result(for(v, appender, |b,i,x|
 * result(for(a, merger[i32,+], |b2,j,y| merge(b2, y))))      =&gt;     merge(b, x * 2))), merger[i32,+], |b2,j,y| merge(b2, y)))
 * </pre>
 */
final class InlineLet implements Pass {
    @Override
    public String name() {
        return "inline-let";
    }

    @Override
    public String description() {
        return "inline let-bound values used once (never into a loop body), trivial values everywhere";
    }

    @Override
    public Expr apply(Expr e) {
        return Rewrite.bottomUp(e, x -> x instanceof Expr.Let l ? inline(l) : x);
    }

    private static Expr inline(Expr.Let l) {
        Symbol s = l.symbol();
        Expr v = l.value();
        boolean fails = Effects.mayFail(v);
        if (Effects.isTrivial(v) && !fails) {
            return Symbols.substitute(l.body(), s, v);
        }
        int uses = Symbols.uses(l.body(), s);
        if (uses == 0 && !fails) {
            return l.body();
        }
        if (uses != 1 || !(fails ? scan(l.body(), s) == Scan.FOUND : !insideLambda(l.body(), s))) {
            return l;
        }
        return Symbols.substitute(l.body(), s, v);
    }

    private static boolean insideLambda(Expr e, Symbol s) {
        if (e instanceof Expr.Lambda) {
            return Symbols.uses(e, s) > 0;
        }
        for (Expr c : Children.of(e)) {
            if (insideLambda(c, s)) {
                return true;
            }
        }
        return false;
    }

    private enum Scan { FOUND, BLOCKED, ABSENT }

    /**
     * Whether evaluating {@code e} reaches {@code s} unconditionally, outside loop bodies, before anything that
     * may fail.
     */
    private static Scan scan(Expr e, Symbol s) {
        if (e instanceof Expr.Ident i) {
            return i.symbol().equals(s) ? Scan.FOUND : Scan.ABSENT;
        }
        var children = Children.of(e);
        for (int k = 0; k < children.size(); k++) {
            Expr c = children.get(k);
            if (Effects.isConditional(e, k, c)) {
                if (Symbols.uses(c, s) > 0 || Effects.mayFail(c)) {
                    return Scan.BLOCKED;
                }
                continue;
            }
            Scan r = scan(c, s);
            if (r != Scan.ABSENT) {
                return r;
            }
            if (Effects.mayFail(c)) {
                return Scan.BLOCKED;
            }
        }
        return Scan.ABSENT;
    }
}
