package weld.nodes.loop;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.Symbol;
import weld.runtime.Storage;
import weld.syntax.BinOp;
import weld.syntax.IterKind;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * Finds the lookups of a loop that can be {@link IndexedLookup}s: {@code lookup(v, i)}, {@code lookup(v, e + i)}
 * or {@code lookup(v, i + e)} anywhere in the update function, with {@code i} the loop's index, {@code v} a vector of
 * scalars, and {@code v} and {@code e} naming nothing the update function binds. As they are evaluated before the
 * loop (where the program might not evaluate them at all), they must not be able to fail: variables, literals,
 * {@code +}, {@code -}, {@code *}, casts and {@code len}.
 */
public final class IndexedLookupPlanner {
    /** A lookup to read as an {@link IndexedLookup}; {@code offset} null: the index itself. */
    public record Planned(Expr.Lookup lookup, Expr offset) {
    }

    private IndexedLookupPlanner() {
    }

    /** The lookups of loop {@code f} to read like iterators (one that occurs twice in the tree, twice). */
    public static List<Planned> plan(Expr.For f) {
        List<Planned> out = new ArrayList<>();
        if (Lists.any(f.iters(), it -> it.kind() == IterKind.SIMD || it.kind() == IterKind.FRINGE)) {
            return out;
        }
        Expr.Lambda update = f.update();
        Set<Symbol> bound = new HashSet<>();
        binders(update, bound);
        Symbol index = update.params().get(1).symbol();
        Predicate<Expr> invariant = e -> cannotFail(e) && !uses(e, bound);
        List<Expr.Lookup> lookups = new ArrayList<>();
        lookups(update.body(), lookups);
        for (Expr.Lookup l : lookups) {
            if (l.collection().type().resolve() instanceof WeldType.Vec v && Storage.kindOf(v.elem()) != null) {
                Expr offset = offset(l, index, invariant);
                if (offset != null) {
                    out.add(new Planned(l, isIndex(offset, index) ? null : offset));
                }
            }
        }
        return out;
    }

    /**
     * For {@code lookup(v, i)}, {@code lookup(v, e + i)} or {@code lookup(v, i + e)} with {@code i} the loop index and
     * {@code v}, {@code e} satisfying {@code invariant}: {@code e}, or the index itself for none; null otherwise.
     */
    public static Expr offset(Expr.Lookup l, Symbol index, Predicate<Expr> invariant) {
        if (!invariant.test(l.collection())) {
            return null;
        }
        Expr k = l.key();
        if (isIndex(k, index)) {
            return k;
        }
        if (k instanceof Expr.Binary b && b.op() == BinOp.ADD) {
            if (isIndex(b.right(), index) && invariant.test(b.left())) {
                return b.left();
            }
            if (isIndex(b.left(), index) && invariant.test(b.right())) {
                return b.right();
            }
        }
        return null;
    }

    private static boolean isIndex(Expr e, Symbol index) {
        return e instanceof Expr.Ident id && id.symbol().equals(index);
    }

    private static boolean cannotFail(Expr e) {
        return switch (e) {
            case Expr.Ident i -> true;
            case Expr.Literal l -> true;
            case Expr.Binary b -> (b.op() == BinOp.ADD || b.op() == BinOp.SUB || b.op() == BinOp.MUL)
                    && cannotFail(b.left()) && cannotFail(b.right());
            case Expr.Cast c -> cannotFail(c.operand());
            case Expr.Len l -> l.vector() instanceof Expr.Ident;
            default -> false;
        };
    }

    private static void binders(Expr e, Set<Symbol> out) {
        if (e instanceof Expr.Let l) {
            out.add(l.symbol());
        } else if (e instanceof Expr.Lambda l) {
            l.params().forEach(p -> out.add(p.symbol()));
        }
        for (Expr c : Children.of(e)) {
            binders(c, out);
        }
    }

    private static boolean uses(Expr e, Set<Symbol> symbols) {
        if (e instanceof Expr.Ident id) {
            return symbols.contains(id.symbol());
        }
        for (Expr c : Children.of(e)) {
            if (uses(c, symbols)) {
                return true;
            }
        }
        return false;
    }

    private static void lookups(Expr e, List<Expr.Lookup> out) {
        if (e instanceof Expr.Lookup l) {
            out.add(l);
        }
        for (Expr c : Children.of(e)) {
            lookups(c, out);
        }
    }
}
