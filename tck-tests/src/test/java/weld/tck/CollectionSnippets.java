package weld.tck;

import static org.graalvm.polyglot.tck.TypeDescriptor.ANY;
import static org.graalvm.polyglot.tck.TypeDescriptor.BOOLEAN;
import static org.graalvm.polyglot.tck.TypeDescriptor.NUMBER;
import static org.graalvm.polyglot.tck.TypeDescriptor.array;
import static org.graalvm.polyglot.tck.TypeDescriptor.hash;
import static weld.tck.ScalarSnippets.P_NUMBER;
import static weld.tck.ScalarSnippets.number;
import static weld.tck.ScalarSnippets.snippet;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.tck.Snippet;

import weld.tck.WeldResultVerifier.GuestError;

/**
 * The TCK expressions over vectors, nested vectors, structs and dictionaries: each takes a polyglot array or hash,
 * which Weld converts to the declared parameter type, and returns a scalar or a Weld collection.
 */
final class CollectionSnippets {
    private CollectionSnippets() {
    }

    /** A vec or struct parameter: Weld takes arrays, and objects (a NIO buffer for a vec, members for a struct). */
    private static final Param NUMBERS = Param.arrayOrObject(NUMBER, Value::isNumber);

    static List<Snippet> expressions(Context c) {
        List<Snippet> out = new ArrayList<>();
        out.add(snippet(c, "vec[i64] sum", "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x)))", NUMBER,
                List.of(NUMBERS), args -> sum(Scalar.I64, vector(Scalar.I64, "v", args.get(0)))));
        out.add(snippet(c, "vec[f64] sum", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))", NUMBER,
                List.of(NUMBERS), args -> sum(Scalar.F64, vector(Scalar.F64, "v", args.get(0)))));
        out.add(snippet(c, "vec[u8] len", "|v: vec[u8]| len(v)", NUMBER, List.of(NUMBERS),
                args -> BigInteger.valueOf(vector(Scalar.U8, "v", args.get(0)).size())));
        out.add(snippet(c, "vec[i32] map", "|v: vec[i32]| map(v, |x| x * 2)", array(NUMBER), List.of(NUMBERS),
                args -> vector(Scalar.I32, "v", args.get(0)).stream().map(x -> Scalar.I32.wrap(((BigInteger) x).shiftLeft(1))).toList()));
        out.add(snippet(c, "vec[f32] identity", "|v: vec[f32]| v", array(NUMBER), List.of(NUMBERS),
                args -> vector(Scalar.F32, "v", args.get(0))));
        out.add(snippet(c, "vec[bool] count", "|v: vec[bool]| len(filter(v, |x| x))", NUMBER, List.of(Param.arrayOrObject(BOOLEAN, Value::isBoolean)),
                args -> BigInteger.valueOf(bools("v", args.get(0)).stream().filter(x -> x).count())));
        out.add(snippet(c, "vec[vec[i64]] sum", "|v: vec[vec[i64]]| sum(flatten(v))", NUMBER, List.of(Param.of(array(ANY))),
                args -> sum(Scalar.I64, nested("v", args.get(0)))));
        out.add(snippet(c, "{i64,f64} add", "|s: {i64, f64}| f64(s.$0) + s.$1", NUMBER, List.of(NUMBERS), args -> {
            List<Value> s = Inputs.fields(2, "s", "{i64,f64}", args.get(0));
            Number a = field(Scalar.I64, s.get(0));
            Number b = field(Scalar.F64, s.get(1));
            return ((BigInteger) a).doubleValue() + (Double) b;
        }));
        out.add(snippet(c, "{i32,f64} make", "|a: i32, b: f64| {a, b}", array(NUMBER), List.of(P_NUMBER, P_NUMBER),
                args -> List.of(number(Scalar.I32, "a", args.get(0)), number(Scalar.F64, "b", args.get(1)))));
        out.add(snippet(c, "dict[i64,i64] keyexists", "|d: dict[i64, i64], k: i64| keyexists(d, k)", BOOLEAN,
                List.of(Param.of(hash(NUMBER, NUMBER)), P_NUMBER), args -> keys("d", args.get(0)).contains(number(Scalar.I64, "k", args.get(1)))));
        return out;
    }

    private static Object sum(Scalar t, List<Number> xs) {
        if (t.isFloat()) {
            double s = 0;
            for (Number x : xs) {
                s += (Double) x;
            }
            return s;
        }
        return t.wrap(xs.stream().map(BigInteger.class::cast).reduce(BigInteger.ZERO, BigInteger::add));
    }

    private static List<Number> vector(Scalar t, String param, Value v) throws GuestError {
        return Inputs.vector(t, param, v);
    }

    private static List<Number> nested(String param, Value v) throws GuestError {
        if (!v.hasArrayElements()) {
            throw GuestError.argument(param, "vec[vec[i64]]");
        }
        List<Number> out = new ArrayList<>();
        for (long i = 0; i < v.getArraySize(); i++) {
            try {
                out.addAll(vector(Scalar.I64, param, v.getArrayElement(i)));
            } catch (GuestError e) {
                throw GuestError.argument(param, "vec[vec[i64]]");
            }
        }
        return out;
    }

    private static List<Boolean> bools(String param, Value v) throws GuestError {
        if (!v.hasArrayElements() && v.hasBufferElements()) {
            return Inputs.vector(Scalar.U8, param, v).stream().map(b -> ((BigInteger) b).signum() != 0).toList();
        }
        if (!v.hasArrayElements()) {
            throw GuestError.argument(param, "vec[bool]");
        }
        List<Boolean> out = new ArrayList<>();
        for (long i = 0; i < v.getArraySize(); i++) {
            Value e = v.getArrayElement(i);
            if (!e.isBoolean()) {
                throw GuestError.argument(param, "vec[bool]");
            }
            out.add(e.asBoolean());
        }
        return out;
    }

    private static Number field(Scalar t, Value v) throws GuestError {
        Number n = t.accept(v);
        if (n == null) {
            throw GuestError.argument("s", "{i64,f64}");
        }
        return n;
    }

    private static List<Number> keys(String param, Value d) throws GuestError {
        if (!d.hasHashEntries()) {
            throw GuestError.argument(param, "dict[i64,i64]");
        }
        List<Number> keys = new ArrayList<>();
        Value it = d.getHashEntriesIterator();
        while (it.hasIteratorNextElement()) {
            Value entry = it.getIteratorNextElement();
            Number k = Scalar.I64.accept(entry.getArrayElement(0));
            if (k == null || Scalar.I64.accept(entry.getArrayElement(1)) == null) {
                throw GuestError.argument(param, "dict[i64,i64]");
            }
            keys.add(k);
        }
        return keys;
    }
}
