package weld.ir.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import weld.WeldLanguage;
import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.IrPrinter;
import weld.ir.Symbol;
import weld.types.WeldType;

class SubtreeFactsTest {
    private static final String[] PROGRAMS = {
        "|v: vec[i64], d: i64| let a = result(for(v, appender[i64], |b, i, x| merge(b, x / d))); "
                + "let s = result(for(a, merger[i64,+], |b, i, x| merge(b, lookup(v, x)))); {s, len(a), if(d > 0L, s, 1L)}",
        "|x: f64, y: f64| let t = x * y; let u = (let w = t + 1.0; w * w); {(x * y + 1.0) / (x * y - 1.0), u, exp(t)}",
        "|k: vec[i32], v: vec[f64]| let d = result(for(zip(k, v), dictmerger[i32,f64,+], |b, i, e| merge(b, e))); "
                + "{lookup(d, 1), keyexists(d, 2), result(for(k, vecmerger[f64,+]([1.0, 2.0]), |b, i, x| merge(b, {i64(x), 1.0})))}",
    };

    /**
     * Every fact of every subtree equals the fact computed on its own, before and after every pass; two subtrees have
     * the same key exactly when they are of one kind and print the same (an iterator without a kind prints as its data).
     */
    @Test
    void memoizedFactsAgreeWithTheDirectWalks() {
        int checked = 0;
        for (String source : PROGRAMS) {
            Expr body = WeldLanguage.compile(source).body();
            for (Expr e : List.of(body, PassManager.parse("").run(WeldLanguage.compile(source), null).body())) {
                SubtreeFacts facts = new SubtreeFacts();
                for (Expr x : subtrees(e)) {
                    String at = IrPrinter.print(x);
                    assertEquals(Effects.mayFail(x), facts.mayFail(x), at);
                    assertEquals(free(x), facts.free(x), at);
                    for (Expr y : subtrees(e)) {
                        boolean same = x.getClass() == y.getClass() && at.equals(IrPrinter.print(y));
                        assertEquals(same, facts.key(x).equals(facts.key(y)), at + " against " + IrPrinter.print(y));
                    }
                    assertEquals(subtrees(x).size(), facts.size(x), at);
                    assertEquals(touchesBuilder(x), facts.touchesBuilder(x), at);
                    checked++;
                }
            }
        }
        assertTrue(checked > 100, "checked " + checked);
    }

    /** The variables {@code e} reads but does not bind, by one walk with the binders seen so far. */
    private static Set<Symbol> free(Expr e) {
        Set<Symbol> free = new HashSet<>();
        free(e, new HashSet<>(), free);
        return free;
    }

    private static void free(Expr e, Set<Symbol> bound, Set<Symbol> free) {
        if (e instanceof Expr.Ident i && !bound.contains(i.symbol())) {
            free.add(i.symbol());
        } else if (e instanceof Expr.Let l) {
            bound.add(l.symbol());
        } else if (e instanceof Expr.Lambda l) {
            l.params().forEach(p -> bound.add(p.symbol()));
        }
        for (Expr c : Children.of(e)) {
            free(c, bound, free);
        }
    }

    private static boolean touchesBuilder(Expr e) {
        return subtrees(e).stream().anyMatch(x -> WeldType.isBuilder(x.type()) || x instanceof Expr.Merge
                || x instanceof Expr.NewBuilder || x instanceof Expr.Result);
    }

    private static List<Expr> subtrees(Expr e) {
        List<Expr> all = new ArrayList<>();
        all.add(e);
        for (Expr c : Children.of(e)) {
            all.addAll(subtrees(c));
        }
        return all;
    }
}
