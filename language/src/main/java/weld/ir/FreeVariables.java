package weld.ir;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The variables an expression reads from its surroundings: the symbols of its identifiers that no {@code let} or
 * lambda inside it binds. Example: in {@code for(v, merger[i64,+], |b, i, x| merge(b, x * k))} that is {@code v}
 * and {@code k}.
 */
public final class FreeVariables {
    private FreeVariables() {
    }

    public static Set<Symbol> of(Expr e) {
        Set<Symbol> read = new LinkedHashSet<>();
        Set<Symbol> bound = new HashSet<>();
        collect(e, read, bound);
        read.removeAll(bound);
        return read;
    }

    private static void collect(Expr e, Set<Symbol> read, Set<Symbol> bound) {
        switch (e) {
            case Expr.Ident i -> read.add(i.symbol());
            case Expr.Let l -> bound.add(l.symbol());
            case Expr.Lambda l -> l.params().forEach(p -> bound.add(p.symbol()));
            default -> {
            }
        }
        for (Expr c : Children.of(e)) {
            collect(c, read, bound);
        }
    }
}
