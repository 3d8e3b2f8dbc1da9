package weld.ir;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import weld.syntax.ScalarKind;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * Prints the typed IR as Weld source that parses and type-checks back to the same IR (modulo variable numbering):
 * every binder carries its type, operators are fully parenthesized and variables use their unique names.
 */
public final class IrPrinter {
    private IrPrinter() {
    }

    public static String print(Program p) {
        String params = Lists.join(p.params(), IrPrinter::param, ", ", "", "");
        return "|" + params + "| " + print(p.body());
    }

    private static String param(Expr.Param p) {
        return p.symbol().uniqueName() + ": " + p.type();
    }

    public static String print(Expr e) {
        return print(e, IrPrinter::print);
    }

    /**
     * {@code e} printed with each of its subexpressions written as {@code sub} gives it: {@link #print(Expr)} with
     * {@code sub} printing them in full, or a key of {@code e} made of its subexpressions' keys, in time linear in
     * the tree's size (common subexpression elimination compares subtrees by such keys).
     */
    public static String print(Expr e, Function<Expr, String> sub) {
        return switch (e) {
            case Expr.Literal l -> literal(l.kind(), l.value());
            case Expr.Ident i -> i.symbol().uniqueName();
            case Expr.Binary b -> b.op().isFunctionForm()
                    ? b.op().symbol + "(" + sub.apply(b.left()) + ", " + sub.apply(b.right()) + ")"
                    : "(" + sub.apply(b.left()) + " " + b.op().symbol + " " + sub.apply(b.right()) + ")";
            case Expr.Unary u -> u.op().isMath() ? u.op().symbol + "(" + sub.apply(u.operand()) + ")"
                    : "(" + u.op().symbol + sub.apply(u.operand()) + ")";
            case Expr.Cast c -> c.target().name + "(" + sub.apply(c.operand()) + ")";
            case Expr.Let l -> "(let " + l.symbol().uniqueName() + ": " + l.value().type() + " = " + sub.apply(l.value()) + "; "
                    + sub.apply(l.body()) + ")";
            case Expr.If i -> "if(" + args(sub, i.cond(), i.onTrue(), i.onFalse()) + ")";
            case Expr.Select s -> "select(" + args(sub, s.cond(), s.onTrue(), s.onFalse()) + ")";
            case Expr.Lambda l -> "|" + Lists.join(l.params(), IrPrinter::param, ", ", "", "") + "| "
                    + sub.apply(l.body());
            case Expr.Iterate it -> "iterate(" + args(sub, it.initial(), it.update()) + ")";
            case Expr.MakeStruct s -> "{" + list(sub, s.elems()) + "}";
            case Expr.MakeVector v -> v.elems().isEmpty() ? "([]: " + v.type() + ")" : "[" + list(sub, v.elems()) + "]";
            case Expr.GetField g -> sub.apply(g.struct()) + ".$" + g.index();
            case Expr.Annotated a -> annotations(a.annotations()) + " " + sub.apply(a.expr());
            case Expr.Len l -> "len(" + sub.apply(l.vector()) + ")";
            case Expr.Lookup l -> "lookup(" + args(sub, l.collection(), l.key()) + ")";
            case Expr.OptLookup l -> "optlookup(" + args(sub, l.dict(), l.key()) + ")";
            case Expr.KeyExists k -> "keyexists(" + args(sub, k.dict(), k.key()) + ")";
            case Expr.Slice s -> "slice(" + args(sub, s.vector(), s.index(), s.size()) + ")";
            case Expr.Sort s -> "sort(" + args(sub, s.vector(), s.comparator()) + ")";
            case Expr.ToVec t -> "tovec(" + sub.apply(t.dict()) + ")";
            case Expr.Serialize s -> "serialize(" + sub.apply(s.value()) + ")";
            case Expr.Deserialize d -> "deserialize[" + d.type() + "](" + sub.apply(d.bytes()) + ")";
            case Expr.Broadcast b -> "broadcast(" + sub.apply(b.value()) + ")";
            case Expr.Assert a -> "assert(" + sub.apply(a.cond()) + ")";
            case Expr.Cudf c -> "cudf[" + c.symbolName() + "," + c.type() + "](" + list(sub, c.args()) + ")";
            case Expr.Merge m -> "merge(" + args(sub, m.builder(), m.value()) + ")";
            case Expr.Result r -> "result(" + sub.apply(r.builder()) + ")";
            case Expr.NewBuilder n -> n.type() + (n.arg() == null ? "" : "(" + sub.apply(n.arg()) + ")");
            case Expr.Iter it -> iter(sub, it);
            case Expr.For f -> "for(" + (f.iters().size() == 1 ? iter(sub, f.iters().get(0)) : "zip(" + list(sub, f.iters()) + ")")
                    + ", " + sub.apply(f.builder()) + ", " + sub.apply(f.update()) + ")";
        };
    }

    private static String iter(Function<Expr, String> sub, Expr.Iter it) {
        if (it.kind() == null) {
            return sub.apply(it.data());
        }
        StringBuilder sb = new StringBuilder(it.kind().keyword).append('(');
        String sep = "";
        for (Expr x : new Expr[] {it.data(), it.start(), it.end(), it.stride()}) {
            if (x != null) {
                sb.append(sep).append(sub.apply(x));
                sep = ", ";
            }
        }
        return sb.append(')').toString();
    }

    private static String annotations(Map<String, String> a) {
        return Lists.join(a.entrySet(), en -> en.getKey() + ":" + en.getValue(), ", ", "@(", ")");
    }

    private static String args(Function<Expr, String> sub, Expr... es) {
        return list(sub, List.of(es));
    }

    private static String list(Function<Expr, String> sub, List<? extends Expr> es) {
        return Lists.join(es, sub, ", ", "", "");
    }

    /** A scalar literal in Weld syntax; values without a literal form are written as casts or expressions. */
    public static String literal(ScalarKind kind, Object value) {
        String s = switch (kind) {
            case BOOL -> value.toString();
            case I8 -> value + "c";
            case I16 -> value + "si";
            case I32 -> value.toString();
            case I64 -> value + "L";
            case U8, U16, U32, U64 -> kind.name + "(" + value + "L)";
            case F32 -> floatLiteral(((Number) value).doubleValue(), "f");
            case F64 -> floatLiteral(((Number) value).doubleValue(), "");
        };
        return s.startsWith("-") ? "(" + s + ")" : s;
    }

    private static String floatLiteral(double d, String suffix) {
        if (Double.isNaN(d)) {
            return "(0.0" + suffix + " / 0.0" + suffix + ")";
        }
        if (Double.isInfinite(d)) {
            return "(" + (d > 0 ? "" : "-") + "1.0" + suffix + " / 0.0" + suffix + ")";
        }
        String s = suffix.isEmpty() ? Double.toString(d) : Float.toString((float) d);
        return s + suffix;
    }

}
