package weld.types;

import weld.WeldException;
import weld.ir.Children;
import weld.ir.Expr;

/** After inference: every expression must have a fully known type, otherwise the program needs an annotation. */
final class CompletenessCheck {
    void check(Expr e) {
        if (!e.rawType().isComplete()) {
            throw WeldException.type(e.pos(), "cannot infer the type of this expression (" + e.type()
                    + "); add a type annotation");
        }
        if (e instanceof Expr.Lambda l) {
            for (Expr.Param p : l.params()) {
                if (!p.rawType().isComplete()) {
                    throw WeldException.type(l.pos(), "cannot infer the type of parameter '" + p.symbol().name() + "'");
                }
            }
        }
        for (Expr c : Children.of(e)) {
            check(c);
        }
    }
}
