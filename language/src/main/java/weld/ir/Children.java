package weld.ir;

import java.util.ArrayList;
import java.util.List;

/** The direct subexpressions of an IR node, in evaluation order (lambdas included as children). */
public final class Children {
    private Children() {
    }

    public static List<Expr> of(Expr e) {
        List<Expr> c = new ArrayList<>(4);
        switch (e) {
            case Expr.Literal l -> {
            }
            case Expr.Ident i -> {
            }
            case Expr.Binary b -> add(c, b.left(), b.right());
            case Expr.Unary u -> add(c, u.operand());
            case Expr.Cast x -> add(c, x.operand());
            case Expr.Let l -> add(c, l.value(), l.body());
            case Expr.If i -> add(c, i.cond(), i.onTrue(), i.onFalse());
            case Expr.Select s -> add(c, s.cond(), s.onTrue(), s.onFalse());
            case Expr.Lambda l -> add(c, l.body());
            case Expr.Iterate it -> add(c, it.initial(), it.update());
            case Expr.MakeStruct s -> c.addAll(s.elems());
            case Expr.MakeVector v -> c.addAll(v.elems());
            case Expr.GetField g -> add(c, g.struct());
            case Expr.Annotated a -> add(c, a.expr());
            case Expr.Len l -> add(c, l.vector());
            case Expr.Lookup l -> add(c, l.collection(), l.key());
            case Expr.OptLookup l -> add(c, l.dict(), l.key());
            case Expr.KeyExists k -> add(c, k.dict(), k.key());
            case Expr.Slice s -> add(c, s.vector(), s.index(), s.size());
            case Expr.Sort s -> add(c, s.vector(), s.comparator());
            case Expr.ToVec t -> add(c, t.dict());
            case Expr.Serialize s -> add(c, s.value());
            case Expr.Deserialize d -> add(c, d.bytes());
            case Expr.Broadcast b -> add(c, b.value());
            case Expr.Assert a -> add(c, a.cond());
            case Expr.Cudf u -> c.addAll(u.args());
            case Expr.Merge m -> add(c, m.builder(), m.value());
            case Expr.Result r -> add(c, r.builder());
            case Expr.NewBuilder n -> add(c, n.arg());
            case Expr.Iter it -> add(c, it.data(), it.start(), it.end(), it.stride());
            case Expr.For f -> {
                c.addAll(f.iters());
                add(c, f.builder(), f.update());
            }
        }
        return c;
    }

    private static void add(List<Expr> c, Expr... es) {
        for (Expr e : es) {
            if (e != null) {
                c.add(e);
            }
        }
    }
}
