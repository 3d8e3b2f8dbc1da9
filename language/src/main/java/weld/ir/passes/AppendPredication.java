package weld.ir.passes;

import weld.ir.Expr;
import weld.syntax.BuilderKind;
import weld.runtime.StructLayout;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Whether an {@code if} that guards one append runs branch-free ({@code weld.nodes.builder.PredicatedAppendNode}):
 * {@code if(c, merge(b, v), b)} or {@code if(c, b, merge(b, v))}, with {@code b} a variable that is an appender of
 * {@code i32}, {@code i64}, {@code f32} or {@code f64}, or of structs of them (rows of a table, kept in columns: a
 * filter that keeps whole rows), or such a field of a variable's struct of builders
 * ({@code b.$j}, as horizontal fusion leaves a filter beside other loops). As {@link Predicate} for mergers: where
 * {@code @(predicate:true)} asks for it, never under {@code @(predicate:false)}, otherwise where the value and the
 * condition are a few arithmetic operations; never for a value that may fail, since it is evaluated on every
 * iteration. There is no branch-free append in the IR to rewrite the {@code if} to: the predication pass annotates
 * it {@code @(predicate:true)} by the cost rule, and the node builder predicates the annotated {@code if}s this
 * accepts (so {@code weld.Passes=-predicate} leaves every {@code if} a branch).
 *
 * <pre>
 * |b,i,x| if(x &gt; t, merge(b, x * 2.0), b)   runs as   append x * 2.0 at the end; keep it if x &gt; t
 * </pre>
 */
public final class AppendPredication {
    private AppendPredication() {
    }

    /**
     * The merge of {@code i} if it is predicated, given its {@code predicate} annotation ({@code "true"},
     * {@code "false"}, or null for none); null if not. The merge is in the true branch unless {@link #negated}.
     */
    public static Expr.Merge merge(Expr.If i, String annotation) {
        if ("false".equals(annotation)) {
            return null;
        }
        boolean forced = "true".equals(annotation);
        boolean negated = negated(i);
        Expr branch = negated ? i.onFalse() : i.onTrue();
        Expr other = negated ? i.onTrue() : i.onFalse();
        if (!(branch instanceof Expr.Merge m) || !sameBuilder(m.builder(), other)
                || !(m.builder().type().resolve() instanceof WeldType.Builder bt) || bt.kind() != BuilderKind.APPENDER
                || !numbers(bt.elem()) || Effects.mayFail(m.value()) || Effects.mayFail(i.cond())
                || !forced && !(cheap(m.value()) && Predicate.cheap(i.cond()))) {
            return null;
        }
        return m;
    }

    /**
     * Whether {@code t} is {@code i32}, {@code i64}, {@code f32} or {@code f64}, or a struct of them (and of such
     * structs), which an appender keeps in columns.
     */
    private static boolean numbers(WeldType t) {
        if (t.resolve() instanceof WeldType.Struct s) {
            if (s.fields().isEmpty() || StructLayout.of(s) == null) {
                return false;
            }
            for (WeldType f : s.fields()) {
                if (!numbers(f)) {
                    return false;
                }
            }
            return true;
        }
        return t.resolve() instanceof WeldType.Scalar s && numeric(s.kind());
    }

    /** A cheap value: a few arithmetic operations, or a struct of such fields (a row written column by column). */
    private static boolean cheap(Expr e) {
        if (e instanceof Expr.MakeStruct s) {
            for (Expr f : s.elems()) {
                if (!cheap(f)) {
                    return false;
                }
            }
            return true;
        }
        return Predicate.cheap(e);
    }

    /** Whether the merge of {@code i} is in its false branch: {@code if(c, b, merge(b, v))}. */
    public static boolean negated(Expr.If i) {
        return i.onFalse() instanceof Expr.Merge && !(i.onTrue() instanceof Expr.Merge);
    }

    private static boolean numeric(ScalarKind k) {
        return k == ScalarKind.I32 || k == ScalarKind.I64 || k == ScalarKind.F32 || k == ScalarKind.F64;
    }

    /** Whether {@code a} and {@code b} are the same variable, or the same field of the same variable. */
    private static boolean sameBuilder(Expr a, Expr b) {
        if (a instanceof Expr.Ident x && b instanceof Expr.Ident y) {
            return x.symbol().equals(y.symbol());
        }
        return a instanceof Expr.GetField f && b instanceof Expr.GetField g && f.index() == g.index()
                && sameBuilder(f.struct(), g.struct()) && f.struct() instanceof Expr.Ident;
    }
}
