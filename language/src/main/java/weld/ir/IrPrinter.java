package weld.ir;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Prints the typed IR as Weld source that parses and type-checks back to the same IR (modulo variable numbering):
 * every binder carries its type, operators are fully parenthesized and variables use their unique names.
 */
public final class IrPrinter {
    private IrPrinter() {
    }

    public static String print(Program p) {
        String params = p.params().stream().map(IrPrinter::param).collect(Collectors.joining(", "));
        return "|" + params + "| " + print(p.body());
    }

    private static String param(Expr.Param p) {
        return p.symbol().uniqueName() + ": " + p.type();
    }

    public static String print(Expr e) {
        return switch (e) {
            case Expr.Literal l -> literal(l.kind(), l.value());
            case Expr.Ident i -> i.symbol().uniqueName();
            case Expr.Binary b -> b.op().isFunctionForm()
                    ? b.op().symbol + "(" + print(b.left()) + ", " + print(b.right()) + ")"
                    : "(" + print(b.left()) + " " + b.op().symbol + " " + print(b.right()) + ")";
            case Expr.Unary u -> u.op().isMath() ? u.op().symbol + "(" + print(u.operand()) + ")"
                    : "(" + u.op().symbol + print(u.operand()) + ")";
            case Expr.Cast c -> c.target().name + "(" + print(c.operand()) + ")";
            case Expr.Let l -> "(let " + l.symbol().uniqueName() + ": " + l.value().type() + " = " + print(l.value()) + "; "
                    + print(l.body()) + ")";
            case Expr.If i -> "if(" + args(i.cond(), i.onTrue(), i.onFalse()) + ")";
            case Expr.Select s -> "select(" + args(s.cond(), s.onTrue(), s.onFalse()) + ")";
            case Expr.Lambda l -> "|" + l.params().stream().map(IrPrinter::param).collect(Collectors.joining(", ")) + "| "
                    + print(l.body());
            case Expr.Iterate it -> "iterate(" + args(it.initial(), it.update()) + ")";
            case Expr.MakeStruct s -> "{" + list(s.elems()) + "}";
            case Expr.MakeVector v -> v.elems().isEmpty() ? "([]: " + v.type() + ")" : "[" + list(v.elems()) + "]";
            case Expr.GetField g -> print(g.struct()) + ".$" + g.index();
            case Expr.Annotated a -> annotations(a.annotations()) + " " + print(a.expr());
            case Expr.Len l -> "len(" + print(l.vector()) + ")";
            case Expr.Lookup l -> "lookup(" + args(l.collection(), l.key()) + ")";
            case Expr.OptLookup l -> "optlookup(" + args(l.dict(), l.key()) + ")";
            case Expr.KeyExists k -> "keyexists(" + args(k.dict(), k.key()) + ")";
            case Expr.Slice s -> "slice(" + args(s.vector(), s.index(), s.size()) + ")";
            case Expr.Sort s -> "sort(" + args(s.vector(), s.comparator()) + ")";
            case Expr.ToVec t -> "tovec(" + print(t.dict()) + ")";
            case Expr.Serialize s -> "serialize(" + print(s.value()) + ")";
            case Expr.Deserialize d -> "deserialize[" + d.type() + "](" + print(d.bytes()) + ")";
            case Expr.Broadcast b -> "broadcast(" + print(b.value()) + ")";
            case Expr.Assert a -> "assert(" + print(a.cond()) + ")";
            case Expr.Cudf c -> "cudf[" + c.symbolName() + "," + c.type() + "](" + list(c.args()) + ")";
            case Expr.Merge m -> "merge(" + args(m.builder(), m.value()) + ")";
            case Expr.Result r -> "result(" + print(r.builder()) + ")";
            case Expr.NewBuilder n -> n.type() + (n.arg() == null ? "" : "(" + print(n.arg()) + ")");
            case Expr.Iter it -> iter(it);
            case Expr.For f -> "for(" + (f.iters().size() == 1 ? iter(f.iters().get(0)) : "zip(" + list(f.iters()) + ")")
                    + ", " + print(f.builder()) + ", " + print(f.update()) + ")";
        };
    }

    private static String iter(Expr.Iter it) {
        if (it.kind() == null) {
            return print(it.data());
        }
        StringBuilder sb = new StringBuilder(it.kind().keyword).append('(');
        String sep = "";
        for (Expr x : new Expr[] {it.data(), it.start(), it.end(), it.stride()}) {
            if (x != null) {
                sb.append(sep).append(print(x));
                sep = ", ";
            }
        }
        return sb.append(')').toString();
    }

    private static String annotations(Map<String, String> a) {
        return a.entrySet().stream().map(en -> en.getKey() + ":" + en.getValue()).collect(Collectors.joining(", ", "@(", ")"));
    }

    private static String args(Expr... es) {
        return list(List.of(es));
    }

    private static String list(List<? extends Expr> es) {
        return es.stream().map(IrPrinter::print).collect(Collectors.joining(", "));
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
