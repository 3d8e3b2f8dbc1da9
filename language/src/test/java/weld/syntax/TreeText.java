package weld.syntax;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import weld.syntax.ParseTree.*;

/**
 * Renders parse trees as compact prefix text without positions, for assertions: {@code a + b * 2} is
 * {@code (+ a (* b 2))}, {@code |x: i32| x} is {@code (fn [x:i32] x)}, a macro call {@code m(a)} is
 * {@code (call m a)}.
 */
final class TreeText {
    private TreeText() {
    }

    static String of(PExpr e) {
        return switch (e) {
            case PIntLit x -> x.value() + switch (x.kind()) {
                case I8 -> "c";
                case I16 -> "si";
                case I64 -> "L";
                default -> "";
            };
            case PFloatLit x -> x.kind() == ScalarKind.F32 ? (float) x.value() + "f" : Double.toString(x.value());
            case PBoolLit x -> Boolean.toString(x.value());
            case PStringLit x -> '"' + x.value() + '"';
            case PIdent x -> x.name();
            case PBinary x -> form(x.op().symbol, x.left(), x.right());
            case PUnary x -> form(x.op().symbol, x.operand());
            case PCast x -> form(x.target().name, x.operand());
            case PLet x -> "(let " + x.name() + (x.type() == null ? "" : ":" + of(x.type())) + " " + of(x.value()) + " "
                    + of(x.body()) + ")";
            case PIf x -> form("if", x.cond(), x.onTrue(), x.onFalse());
            case PSelect x -> form("select", x.cond(), x.onTrue(), x.onFalse());
            case PIterate x -> form("iterate", x.initial(), x.update());
            case PLambda x -> "(fn [" + x.params().stream()
                    .map(p -> p.name() + (p.type() == null ? "" : ":" + of(p.type()))).collect(Collectors.joining(" "))
                    + "] " + of(x.body()) + ")";
            case PApply x -> form("call", Stream.concat(Stream.of(x.function()), x.args().stream()).toList());
            case PMakeStruct x -> x.elems().stream().map(TreeText::of).collect(Collectors.joining(" ", "{", "}"));
            case PMakeVector x -> x.elems().stream().map(TreeText::of).collect(Collectors.joining(" ", "[", "]"));
            case PGetField x -> "(get " + of(x.struct()) + " " + x.index() + ")";
            case PAscribe x -> "(: " + of(x.expr()) + " " + of(x.type()) + ")";
            case PAnnotated x -> "(@" + annotations(x.annotations()) + " " + of(x.expr()) + ")";
            case PLen x -> form("len", x.vector());
            case PLookup x -> form("lookup", x.collection(), x.key());
            case POptLookup x -> form("optlookup", x.dict(), x.key());
            case PKeyExists x -> form("keyexists", x.dict(), x.key());
            case PSlice x -> form("slice", x.vector(), x.index(), x.size());
            case PSort x -> form("sort", x.vector(), x.comparator());
            case PToVec x -> form("tovec", x.dict());
            case PSerialize x -> form("serialize", x.value());
            case PDeserialize x -> "(deserialize " + of(x.type()) + " " + of(x.bytes()) + ")";
            case PBroadcast x -> form("broadcast", x.value());
            case PAssert x -> form("assert", x.cond());
            case PCudf x -> form("cudf " + x.symbol() + " " + of(x.returnType()), x.args());
            case PMerge x -> form("merge", x.builder(), x.value());
            case PResult x -> form("result", x.builder());
            case PNewBuilder x -> "(new " + of(x.type()) + (x.arg() == null ? "" : " " + of(x.arg())) + ")";
            case PFor x -> form("for", x.iterator(), x.builder(), x.update());
            case PZip x -> form("zip", x.iterators());
            case PIter x -> form(x.kind().keyword, Stream.of(x.data(), x.start(), x.end(), x.stride(), x.shape(),
                    x.strides()).filter(Objects::nonNull).toList());
        };
    }

    static String of(PType t) {
        return switch (t) {
            case PScalar x -> x.kind().name;
            case PSimd x -> "simd[" + x.kind().name + "]";
            case PVec x -> "vec[" + of(x.elem()) + "]";
            case PDict x -> "dict[" + of(x.key()) + "," + of(x.value()) + "]";
            case PStruct x -> x.fields().stream().map(TreeText::of).collect(Collectors.joining(",", "{", "}"));
            case PBuilder x -> {
                List<String> params = new ArrayList<>(x.params().stream().map(TreeText::of).toList());
                if (x.op() != null) {
                    params.add(x.op().symbol);
                }
                yield x.kind().keyword + (params.isEmpty() ? "" : "[" + String.join(",", params) + "]");
            }
            case PUnknown x -> "?";
            case PAliasRef x -> "alias " + x.name();
            case PAnnotatedType x -> "@" + annotations(x.annotations()) + " " + of(x.type());
        };
    }

    private static String annotations(Map<String, String> a) {
        return a.entrySet().stream().map(en -> en.getKey() + "=" + en.getValue()).collect(Collectors.joining(",", "{", "}"));
    }

    private static String form(String head, PExpr... operands) {
        return form(head, Arrays.asList(operands));
    }

    private static String form(String head, List<PExpr> operands) {
        return operands.stream().map(TreeText::of).collect(Collectors.joining(" ", "(" + head + (operands.isEmpty() ? "" : " "), ")"));
    }
}
