package weld.ir.passes;

import java.util.ArrayList;
import java.util.List;

import weld.ir.Expr;
import weld.ir.Expr.Lambda;
import weld.ir.Symbol;

/**
 * The update function of a map: {@code |b, i, x| let ..; merge(b, e)}, one unconditional merge into its builder
 * after {@code let}s that do not name the builder. Loop fusion and size inference recognize maps by it, and the
 * node builder runs such loops as maps that write their values in place.
 */
public final class MapUpdate {
    private MapUpdate() {
    }

    /** The value the map merges, {@code let ..; e}; null if {@code update} is not a map's update function. */
    public static Expr value(Lambda update) {
        Symbol b = update.params().get(0).symbol();
        Expr e = update.body();
        List<Expr.Let> lets = new ArrayList<>();
        while (e instanceof Expr.Let let && Symbols.uses(let.value(), b) == 0) {
            lets.add(let);
            e = let.body();
        }
        if (!(e instanceof Expr.Merge m) || !(m.builder() instanceof Expr.Ident i) || !i.symbol().equals(b)
                || Symbols.uses(m.value(), b) != 0) {
            return null;
        }
        Expr v = m.value();
        for (int k = lets.size() - 1; k >= 0; k--) {
            v = Ir.let(lets.get(k).pos(), lets.get(k).symbol(), lets.get(k).value(), v);
        }
        return v;
    }
}
