package weld.tck;

import static org.graalvm.polyglot.tck.TypeDescriptor.BOOLEAN;
import static org.graalvm.polyglot.tck.TypeDescriptor.NUMBER;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.tck.Snippet;
import org.graalvm.polyglot.tck.TypeDescriptor;

import weld.tck.WeldResultVerifier.GuestError;

/**
 * The TCK expressions over scalars: arithmetic and comparisons for every numeric width, bitwise operators for the
 * integer widths, and the logical operators on {@code bool}. Each one's verifier computes the exact expected result
 * with the type's wrap-around or IEEE semantics.
 */
final class ScalarSnippets {
    private static final List<String> ARITHMETIC = List.of("+", "-", "*", "/", "%");
    private static final List<String> COMPARISON = List.of("==", "!=", "<", "<=", ">", ">=");
    private static final List<String> BITWISE = List.of("&", "|", "^");

    static final Param P_NUMBER = Param.of(NUMBER);
    static final Param P_BOOLEAN = Param.of(BOOLEAN);

    private ScalarSnippets() {
    }

    static List<Snippet> expressions(Context context) {
        List<Snippet> out = new ArrayList<>();
        for (Scalar t : Scalar.values()) {
            for (String op : ARITHMETIC) {
                out.add(binary(context, t, op, NUMBER));
            }
            for (String op : List.of("==", "<")) {
                out.add(binary(context, t, op, BOOLEAN));
            }
            out.add(negate(context, t));
        }
        for (Scalar t : List.of(Scalar.I64, Scalar.U64, Scalar.F64)) {
            for (String op : List.of("!=", "<=", ">", ">=")) {
                out.add(binary(context, t, op, BOOLEAN));
            }
        }
        for (Scalar t : List.of(Scalar.I8, Scalar.U16, Scalar.I64, Scalar.U64)) {
            for (String op : BITWISE) {
                out.add(binary(context, t, op, NUMBER));
            }
        }
        for (Scalar t : List.of(Scalar.U32, Scalar.F64)) {
            out.add(call(context, t, "min"));
            out.add(call(context, t, "max"));
        }
        for (String op : List.of("&&", "||", "==", "!=")) {
            out.add(logical(context, op));
        }
        return out;
    }

    private static Snippet binary(Context context, Scalar t, String op, TypeDescriptor result) {
        return snippet(context, t.name + " " + op, "|a: " + t.name + ", b: " + t.name + "| a " + op + " b", result,
                List.of(P_NUMBER, P_NUMBER), args -> apply(t, op, number(t, "a", args.get(0)), number(t, "b", args.get(1))));
    }

    private static Snippet call(Context context, Scalar t, String fn) {
        return snippet(context, t.name + " " + fn, "|a: " + t.name + ", b: " + t.name + "| " + fn + "(a, b)", NUMBER,
                List.of(P_NUMBER, P_NUMBER), args -> {
                    Number a = number(t, "a", args.get(0));
                    Number b = number(t, "b", args.get(1));
                    boolean aFirst = fn.equals("min") ? (Boolean) apply(t, "<=", a, b) : (Boolean) apply(t, ">=", a, b);
                    return aFirst ? a : b;
                });
    }

    private static Snippet negate(Context context, Scalar t) {
        return snippet(context, t.name + " unary -", "|a: " + t.name + "| -a", NUMBER, List.of(P_NUMBER), args -> {
            Number a = number(t, "a", args.get(0));
            return t.isFloat() ? (Object) (-(Double) a) : t.wrap(((BigInteger) a).negate());
        });
    }

    private static Snippet logical(Context context, String op) {
        BinaryOperator<Boolean> f = switch (op) {
            case "&&" -> (a, b) -> a && b;
            case "||" -> (a, b) -> a || b;
            case "==" -> (a, b) -> a.equals(b);
            default -> (a, b) -> !a.equals(b);
        };
        return snippet(context, "bool " + op, "|a: bool, b: bool| a " + op + " b", BOOLEAN, List.of(P_BOOLEAN, P_BOOLEAN),
                args -> f.apply(bool("a", args.get(0)), bool("b", args.get(1))));
    }

    static Snippet snippet(Context context, String id, String program, TypeDescriptor result, List<Param> params,
            WeldResultVerifier.Model model) {
        return Snippet.newBuilder(id, context.eval("weld", program), result)
                .parameterTypes(params.stream().map(Param::type).toArray(TypeDescriptor[]::new))
                .resultVerifier(new WeldResultVerifier(params, result, model))
                .build();
    }

    static Number number(Scalar t, String param, Value v) throws GuestError {
        Number n = t.accept(v);
        if (n == null) {
            throw GuestError.argument(param, t.name);
        }
        return n;
    }

    static boolean bool(String param, Value v) throws GuestError {
        if (!v.isBoolean()) {
            throw GuestError.argument(param, "bool");
        }
        return v.asBoolean();
    }

    /** Weld's {@code a op b} on two values of type {@code t}. */
    static Object apply(Scalar t, String op, Number a, Number b) throws GuestError {
        if (t.isFloat()) {
            double x = (Double) a;
            double y = (Double) b;
            return switch (op) {
                case "+" -> t.round(x + y);
                case "-" -> t.round(x - y);
                case "*" -> t.round(x * y);
                case "/" -> t.round(x / y);
                case "%" -> t.round(x % y);
                case "==" -> x == y;
                case "!=" -> x < y || x > y;
                case "<" -> x < y;
                case "<=" -> x <= y;
                case ">" -> x > y;
                case ">=" -> x >= y;
                default -> throw new IllegalArgumentException(op);
            };
        }
        BigInteger x = (BigInteger) a;
        BigInteger y = (BigInteger) b;
        if ((op.equals("/") || op.equals("%")) && y.signum() == 0) {
            throw new GuestError("division by zero");
        }
        return switch (op) {
            case "+" -> t.wrap(x.add(y));
            case "-" -> t.wrap(x.subtract(y));
            case "*" -> t.wrap(x.multiply(y));
            case "/" -> t.wrap(x.divide(y));
            case "%" -> t.wrap(x.remainder(y));
            case "&" -> t.wrap(x.and(y));
            case "|" -> t.wrap(x.or(y));
            case "^" -> t.wrap(x.xor(y));
            default -> {
                int c = x.compareTo(y);
                yield switch (op) {
                    case "==" -> c == 0;
                    case "!=" -> c != 0;
                    case "<" -> c < 0;
                    case "<=" -> c <= 0;
                    case ">" -> c > 0;
                    case ">=" -> c >= 0;
                    default -> throw new IllegalArgumentException(op);
                };
            }
        };
    }
}
