package weld.ir.passes;

import weld.ir.Expr;
import weld.ir.Expr.For;
import weld.ir.Expr.Iter;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.types.WeldType;

/**
 * Size inference (Weld's {@code infer_size}): an appender without a size hint that receives exactly one merge per
 * iteration of a loop over a whole vector gets the vector's length as its hint, so it is allocated once at its final
 * size. Only a vector named by a variable is measured, so nothing is evaluated twice.
 *
 * <pre>
 * result(for(v, appender[f64], |b,i,x| merge(b, x * 2.0)))   =&gt;   result(for(v, appender[f64](len(v)), |b,i,x| merge(b, x * 2.0)))
 * </pre>
 */
final class InferSize implements Pass {
    @Override
    public String name() {
        return "infer-size";
    }

    @Override
    public String description() {
        return "give an appender merged once per iteration the loop's length as its size hint";
    }

    @Override
    public Expr apply(Expr e) {
        return Rewrite.bottomUp(e, x -> x instanceof For f ? infer(f) : x);
    }

    private static Expr infer(For f) {
        if (!(f.builder() instanceof Expr.NewBuilder nb) || nb.arg() != null
                || !(nb.type() instanceof WeldType.Builder bt) || bt.kind() != BuilderKind.APPENDER
                || MapUpdate.value(f.update()) == null) {
            return f;
        }
        Iter it = f.iters().get(0);
        boolean whole = it.kind() == null || it.kind() == IterKind.SCALAR && it.start() == null && it.end() == null
                && it.stride() == null;
        if (!whole || !(it.data() instanceof Expr.Ident v)) {
            return f;
        }
        Expr len = new Expr.Len(nb.pos(), WeldType.Scalar.I64, v);
        return new For(f.pos(), f.rawType(), f.iters(), new Expr.NewBuilder(nb.pos(), nb.rawType(), len), f.update());
    }
}
