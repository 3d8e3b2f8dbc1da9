package weld.ir.passes;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import weld.ir.Expr;
import weld.ir.Expr.*;

/**
 * Structural rewriting of the IR. {@link #mapChildren} rebuilds a node from its rewritten direct children (keeping
 * the node itself when no child changed, so a pass that changes nothing returns the same tree); {@link #bottomUp}
 * applies a rewrite to every node after its children.
 */
final class Rewrite {
    private Rewrite() {
    }

    /** Applies {@code f} to every node, children first. */
    static Expr bottomUp(Expr e, UnaryOperator<Expr> f) {
        return f.apply(mapChildren(e, c -> bottomUp(c, f)));
    }

    /** {@code e} with {@code f} applied to each direct child; {@code e} itself when no child changed. */
    static Expr mapChildren(Expr e, UnaryOperator<Expr> f) {
        return switch (e) {
            case Literal l -> l;
            case Ident i -> i;
            case Binary b -> {
                Expr l = f.apply(b.left());
                Expr r = f.apply(b.right());
                yield l == b.left() && r == b.right() ? b : new Binary(b.pos(), b.rawType(), b.op(), l, r);
            }
            case Unary u -> {
                Expr o = f.apply(u.operand());
                yield o == u.operand() ? u : new Unary(u.pos(), u.rawType(), u.op(), o);
            }
            case Cast c -> {
                Expr o = f.apply(c.operand());
                yield o == c.operand() ? c : new Cast(c.pos(), c.rawType(), c.target(), o);
            }
            case Let l -> {
                Expr v = f.apply(l.value());
                Expr b = f.apply(l.body());
                yield v == l.value() && b == l.body() ? l : new Let(l.pos(), b.rawType(), l.symbol(), v, b);
            }
            case If i -> {
                Expr c = f.apply(i.cond());
                Expr t = f.apply(i.onTrue());
                Expr o = f.apply(i.onFalse());
                yield c == i.cond() && t == i.onTrue() && o == i.onFalse() ? i : new If(i.pos(), t.rawType(), c, t, o);
            }
            case Select s -> {
                Expr c = f.apply(s.cond());
                Expr t = f.apply(s.onTrue());
                Expr o = f.apply(s.onFalse());
                yield c == s.cond() && t == s.onTrue() && o == s.onFalse() ? s : new Select(s.pos(), t.rawType(), c, t, o);
            }
            case Lambda l -> {
                Expr b = f.apply(l.body());
                yield b == l.body() ? l : Ir.lambda(l.pos(), l.params(), b);
            }
            case Iterate it -> {
                Expr i = f.apply(it.initial());
                Lambda u = (Lambda) f.apply(it.update());
                yield i == it.initial() && u == it.update() ? it : new Iterate(it.pos(), it.rawType(), i, u);
            }
            case MakeStruct s -> {
                List<Expr> el = mapList(s.elems(), f);
                yield el == s.elems() ? s : Ir.struct(s.pos(), el);
            }
            case MakeVector v -> {
                List<Expr> el = mapList(v.elems(), f);
                yield el == v.elems() ? v : new MakeVector(v.pos(), v.rawType(), el);
            }
            case GetField g -> {
                Expr s = f.apply(g.struct());
                yield s == g.struct() ? g : Ir.field(g.pos(), s, g.index());
            }
            case Annotated a -> {
                Expr x = f.apply(a.expr());
                yield x == a.expr() ? a : new Annotated(a.pos(), x.rawType(), a.annotations(), x);
            }
            case Len l -> {
                Expr v = f.apply(l.vector());
                yield v == l.vector() ? l : new Len(l.pos(), l.rawType(), v);
            }
            case Lookup l -> {
                Expr c = f.apply(l.collection());
                Expr k = f.apply(l.key());
                yield c == l.collection() && k == l.key() ? l : new Lookup(l.pos(), l.rawType(), c, k);
            }
            case OptLookup l -> {
                Expr d = f.apply(l.dict());
                Expr k = f.apply(l.key());
                yield d == l.dict() && k == l.key() ? l : new OptLookup(l.pos(), l.rawType(), d, k);
            }
            case KeyExists k -> {
                Expr d = f.apply(k.dict());
                Expr x = f.apply(k.key());
                yield d == k.dict() && x == k.key() ? k : new KeyExists(k.pos(), k.rawType(), d, x);
            }
            case Slice s -> {
                Expr v = f.apply(s.vector());
                Expr i = f.apply(s.index());
                Expr n = f.apply(s.size());
                yield v == s.vector() && i == s.index() && n == s.size() ? s : new Slice(s.pos(), s.rawType(), v, i, n);
            }
            case Sort s -> {
                Expr v = f.apply(s.vector());
                Lambda c = (Lambda) f.apply(s.comparator());
                yield v == s.vector() && c == s.comparator() ? s : new Sort(s.pos(), s.rawType(), v, c);
            }
            case ToVec t -> {
                Expr d = f.apply(t.dict());
                yield d == t.dict() ? t : new ToVec(t.pos(), t.rawType(), d);
            }
            case Serialize s -> {
                Expr v = f.apply(s.value());
                yield v == s.value() ? s : new Serialize(s.pos(), s.rawType(), v);
            }
            case Deserialize d -> {
                Expr b = f.apply(d.bytes());
                yield b == d.bytes() ? d : new Deserialize(d.pos(), d.rawType(), b);
            }
            case Broadcast b -> {
                Expr v = f.apply(b.value());
                yield v == b.value() ? b : new Broadcast(b.pos(), b.rawType(), v);
            }
            case Assert a -> {
                Expr c = f.apply(a.cond());
                yield c == a.cond() ? a : new Assert(a.pos(), a.rawType(), c);
            }
            case Cudf c -> {
                List<Expr> args = mapList(c.args(), f);
                yield args == c.args() ? c : new Cudf(c.pos(), c.rawType(), c.symbolName(), args);
            }
            case Merge m -> {
                Expr b = f.apply(m.builder());
                Expr v = f.apply(m.value());
                yield b == m.builder() && v == m.value() ? m : new Merge(m.pos(), b.rawType(), b, v);
            }
            case Result r -> {
                Expr b = f.apply(r.builder());
                yield b == r.builder() ? r : Ir.result(r.pos(), b);
            }
            case NewBuilder n -> {
                Expr a = n.arg() == null ? null : f.apply(n.arg());
                yield a == n.arg() ? n : new NewBuilder(n.pos(), n.rawType(), a);
            }
            case Iter it -> {
                Expr d = opt(it.data(), f);
                Expr s = opt(it.start(), f);
                Expr en = opt(it.end(), f);
                Expr st = opt(it.stride(), f);
                yield d == it.data() && s == it.start() && en == it.end() && st == it.stride() ? it
                        : new Iter(it.pos(), it.rawType(), it.kind(), d, s, en, st);
            }
            case For fo -> {
                List<Iter> iters = mapList(fo.iters(), x -> f.apply(x));
                Expr b = f.apply(fo.builder());
                Lambda u = (Lambda) f.apply(fo.update());
                yield iters == fo.iters() && b == fo.builder() && u == fo.update() ? fo
                        : new For(fo.pos(), b.rawType(), iters, b, u);
            }
        };
    }

    private static Expr opt(Expr e, UnaryOperator<Expr> f) {
        return e == null ? null : f.apply(e);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Expr> List<T> mapList(List<T> es, UnaryOperator<Expr> f) {
        List<T> r = null;
        for (int i = 0; i < es.size(); i++) {
            T x = (T) f.apply(es.get(i));
            if (x != es.get(i) && r == null) {
                r = new ArrayList<>(es.subList(0, i));
            }
            if (r != null) {
                r.add(x);
            }
        }
        return r == null ? es : List.copyOf(r);
    }
}
