package weld.tck;

import static org.graalvm.polyglot.tck.TypeDescriptor.ANY;
import static org.graalvm.polyglot.tck.TypeDescriptor.BOOLEAN;
import static org.graalvm.polyglot.tck.TypeDescriptor.NUMBER;
import static org.graalvm.polyglot.tck.TypeDescriptor.array;
import static org.graalvm.polyglot.tck.TypeDescriptor.hash;
import static org.graalvm.polyglot.tck.TypeDescriptor.union;
import static weld.tck.ScalarSnippets.P_BOOLEAN;
import static weld.tck.ScalarSnippets.P_NUMBER;
import static weld.tck.ScalarSnippets.bool;
import static weld.tck.ScalarSnippets.number;
import static weld.tck.ScalarSnippets.snippet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.tck.LanguageProvider;
import org.graalvm.polyglot.tck.Snippet;
import org.graalvm.polyglot.tck.TypeDescriptor;

/**
 * The Truffle polyglot TCK provider of Weld. Every snippet is a Weld program evaluated to its executable function.
 * Weld is statically typed, so a snippet accepts the polyglot values that convert to its declared Weld types; its
 * verifier ({@link WeldResultVerifier}) knows which those are and checks both the results and the errors.
 */
public final class WeldTCKLanguageProvider implements LanguageProvider {
    private static final String ID = "weld";

    @Override
    public String getId() {
        return ID;
    }

    /** {@code |x: f64| x}: Weld has no polymorphic identity, and f64 accepts every number that converts exactly. */
    @Override
    public Value createIdentityFunction(Context context) {
        return context.eval(ID, "|x: f64| x");
    }

    @Override
    public Snippet createIdentityFunctionSnippet(Context context) {
        return Snippet.newBuilder("identity", createIdentityFunction(context), NUMBER)
                .parameterTypes(ANY)
                .resultVerifier(new WeldResultVerifier(List.of(Param.of(ANY)), NUMBER, args -> number(Scalar.F64, "x", args.get(0))))
                .build();
    }

    @Override
    public List<Snippet> createValueConstructors(Context context) {
        List<Snippet> out = new ArrayList<>();
        String[][] scalars = {{"i8", "i8(-100)"}, {"i16", "i16(300)"}, {"i32", "7"}, {"i64", "-3L"}, {"u8", "u8(200)"},
            {"u16", "u16(60000)"}, {"u32", "u32(4000000000L)"}, {"u64", "u64(-1L)"}, {"f32", "f32(2.5)"},
            {"f64", "-0.75"}, {"f64 zero", "0.0"}};
        for (String[] s : scalars) {
            out.add(value(context, s[0], s[1], NUMBER));
        }
        out.add(value(context, "bool true", "true", BOOLEAN));
        out.add(value(context, "bool false", "false", BOOLEAN));
        out.add(value(context, "vec[i64]", "[1L, 2L, 3L]", array(NUMBER)));
        out.add(value(context, "vec[f64]", "[0.5, -1.5]", array(NUMBER)));
        out.add(value(context, "vec[u8]", "[u8(255), u8(1)]", array(NUMBER)));
        out.add(value(context, "vec[bool]", "[true, false, true]", array(BOOLEAN)));
        out.add(value(context, "vec[vec[i64]]", "[[1L], [2L, 3L]]", array(array(NUMBER))));
        out.add(value(context, "{i64,f64}", "{1L, 2.5}", array(NUMBER)));
        out.add(value(context, "{i32,bool}", "{1, true}", array(union(NUMBER, BOOLEAN))));
        out.add(value(context, "dict[i64,i64]", "result(for([1L, 2L, 1L], dictmerger[i64,i64,+], |b, i, x| merge(b, {x, 10L})))",
                hash(NUMBER, NUMBER)));
        return out;
    }

    private static Snippet value(Context context, String id, String expression, TypeDescriptor type) {
        return Snippet.newBuilder(id, context.eval(ID, "|| " + expression), type).build();
    }

    @Override
    public List<Snippet> createExpressions(Context context) {
        List<Snippet> out = new ArrayList<>(ScalarSnippets.expressions(context));
        out.addAll(CollectionSnippets.expressions(context));
        return out;
    }

    @Override
    public List<Snippet> createStatements(Context context) {
        return List.of(
                snippet(context, "if", "|c: bool, a: i64| if(c, a, -a)", NUMBER, List.of(P_BOOLEAN, P_NUMBER),
                        args -> {
                            boolean c = bool("c", args.get(0));
                            BigInteger a = (BigInteger) number(Scalar.I64, "a", args.get(1));
                            return c ? a : Scalar.I64.wrap(a.negate());
                        }),
                snippet(context, "select", "|c: bool, a: f64| select(c, a, 1.0)", NUMBER, List.of(P_BOOLEAN, P_NUMBER),
                        args -> {
                            boolean c = bool("c", args.get(0));
                            Number a = number(Scalar.F64, "a", args.get(1));
                            return c ? a : (Object) 1.0;
                        }),
                snippet(context, "let", "|a: i32| let b = a * 3; let c = b - 1; c", NUMBER, List.of(P_NUMBER),
                        args -> Scalar.I32.wrap(((BigInteger) number(Scalar.I32, "a", args.get(0))).multiply(BigInteger.valueOf(3)).subtract(BigInteger.ONE))),
                snippet(context, "for", "|n: u8| result(for(rangeiter(0L, i64(n), 1L), merger[i64,+], |b, i, x| merge(b, x)))", NUMBER,
                        List.of(P_NUMBER), args -> {
                            BigInteger n = (BigInteger) number(Scalar.U8, "n", args.get(0));
                            return n.multiply(n.subtract(BigInteger.ONE)).shiftRight(1);
                        }),
                snippet(context, "iterate", "|a: u16, b: u16| iterate({a, b}, |s| if(s.$1 == u16(0), {s, false}, {{s.$1, s.$0 % s.$1}, true})).$0",
                        NUMBER, List.of(P_NUMBER, P_NUMBER),
                        args -> ((BigInteger) number(Scalar.U16, "a", args.get(0))).gcd((BigInteger) number(Scalar.U16, "b", args.get(1)))));
    }

    @Override
    public List<Snippet> createScripts(Context context) {
        return List.of(
                script(context, "histogram.weld", array(NUMBER), List.of(BigInteger.valueOf(3), BigInteger.valueOf(2), BigInteger.ONE)),
                script(context, "filter_sum.weld", NUMBER, 7.5));
    }

    private static Snippet script(Context context, String name, TypeDescriptor type, Object expected) {
        Value program = context.eval(load(name));
        return Snippet.newBuilder(name, program, type)
                .resultVerifier(new WeldResultVerifier(List.of(), type, args -> expected))
                .build();
    }

    @Override
    public List<Source> createInvalidSyntaxScripts(Context context) {
        return List.of(load("unclosed_paren.weld"), load("missing_bar.weld"), load("bad_let.weld"));
    }

    private static Source load(String name) {
        URL url = WeldTCKLanguageProvider.class.getResource("scripts/" + name);
        try {
            return Source.newBuilder(ID, url).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
