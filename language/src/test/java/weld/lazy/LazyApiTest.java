package weld.lazy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import weld.lazy.host.Lazy;
import weld.lazy.host.LazyValue;

/** The lazy API through its Java wrapper: composing, evaluating, the generated program and the entry points. */
class LazyApiTest {
    static final String MUL = "result(for(zip(a, b), appender[f64], |bs, i, e| merge(bs, e.$0 * e.$1)))";
    static final String ADD = "result(for(zip(a, b), appender[f64], |bs, i, e| merge(bs, e.$0 + e.$1)))";
    static final String SUM = "result(for(v, merger[f64, +], |bs, i, e| merge(bs, e)))";

    private Context context;
    private Lazy weld;

    @BeforeEach
    void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).build();
        weld = Lazy.in(context);
    }

    @AfterEach
    void close() {
        context.close();
    }

    static Map<String, LazyValue> inputs(Object... keysAndValues) {
        Map<String, LazyValue> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], (LazyValue) keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void composesWithoutRunningAndEvaluatesTheGraph() {
        LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]", "x");
        LazyValue y = weld.data(new double[] {4, 5, 6}, "vec[f64]", "y");
        LazyValue z = weld.data(new double[] {10, 20, 30}, "vec[f64]", "z");
        LazyValue mul = weld.fragment(MUL, inputs("a", x, "b", y), "mul");
        LazyValue add = weld.fragment(ADD, inputs("a", mul, "b", z), "add");
        LazyValue sum = weld.fragment(SUM, inputs("v", add), "sum");
        assertEquals("vec[f64]", add.type());
        assertEquals("f64", sum.type());
        assertEquals(0, weld.compilations(), "creating objects compiles no program");
        assertFalse(sum.isEvaluated());
        assertEquals(4 + 10 + 18 + 60.0, sum.evaluate().asDouble());
        assertEquals(1, weld.compilations(), "the whole graph is one program");
        assertTrue(sum.isEvaluated());
        assertFalse(mul.isEvaluated(), "only the evaluated object keeps a result");
    }

    @Test
    void programBindsEachFragmentOnceInDependencyOrder() {
        LazyValue x = weld.data(new double[] {1, 2}, "vec[f64]", "x");
        LazyValue mul = weld.fragment(MUL, inputs("a", x, "b", x), "mul");
        LazyValue sum = weld.fragment(SUM, inputs("v", mul), "sum");
        assertEquals("""
                |x: vec[f64]|
                let mul = (let a = x; let b = x;
                %s
                );
                (let v = mul;
                %s
                )
                """.formatted(MUL, SUM), sum.program());
    }

    @Test
    void resultsComeBackAsArrays() {
        LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]");
        LazyValue sq = weld.fragment(MUL, inputs("a", x, "b", x));
        assertArrayEquals(new double[] {1, 4, 9}, sq.evaluate(double[].class));
    }

    @Test
    void dataEvaluatesToItsWeldValue() {
        LazyValue x = weld.data(new long[] {7, 8}, "vec[i64]", "x");
        assertEquals("|x: vec[i64]|\nx\n", x.program());
        Value v = x.evaluate();
        assertEquals(2, v.getArraySize());
        assertEquals(8L, v.getArrayElement(1).asLong());
    }

    @Test
    void scalarAndStructFragments() {
        LazyValue n = weld.data(20L, "i64", "n");
        LazyValue pair = weld.fragment("{n + 1L, f64(n) / 8.0}", inputs("n", n), "pair");
        assertEquals("{i64,f64}", pair.type());
        Value r = pair.evaluate();
        assertEquals(21L, r.getArrayElement(0).asLong());
        assertEquals(2.5, r.getArrayElement(1).asDouble());
        LazyValue first = weld.fragment("p.$0 * 2L", inputs("p", pair));
        assertEquals(42L, first.evaluate().asLong());
    }

    @Test
    void entryPointsAreTheSameObjectForEveryLanguage() {
        Value bySource = context.eval("weld", "lazy");
        Value byBindings = context.getBindings("weld").getMember("lazy");
        assertTrue(bySource.hasMember("fragment"));
        Value x = bySource.invokeMember("data", new int[] {1, 2, 3}, "vec[i32]");
        Value s = byBindings.invokeMember("fragment", "result(for(v, merger[i32, +], |b, i, e| merge(b, e)))",
                org.graalvm.polyglot.proxy.ProxyObject.fromMap(Map.of("v", x)));
        assertEquals(6, s.invokeMember("evaluate").asInt());
        assertEquals(6, s.getMember("evaluate").execute().asInt(), "a method read as a value is executable");
        assertEquals(1, byBindings.invokeMember("compilations").asLong());
    }

    @Test
    void memoryLimitAppliesToOneEvaluation() {
        LazyValue n = weld.data(1_000_000L, "i64", "n");
        LazyValue big = weld.fragment("len(result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, e| merge(b, f64(e)))))",
                inputs("n", n), "big");
        PolyglotException e = assertThrows(PolyglotException.class, () -> big.evaluate(100_000));
        assertTrue(e.getMessage().contains("memory limit exceeded"), e.getMessage());
        assertFalse(big.isEvaluated());
        assertEquals(1_000_000L, big.evaluate(64L << 20).asLong(), "a larger limit, same context");
    }

    @Test
    void evaluateLimitReplacesTheContextOption() {
        try (Context limited = Context.newBuilder("weld").option("weld.MemoryLimit", "100k").build()) {
            Lazy w = Lazy.in(limited);
            LazyValue n = w.data(1_000_000L, "i64", "n");
            LazyValue big = w.fragment("len(result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, e| merge(b, f64(e)))))",
                    inputs("n", n), "big");
            PolyglotException e = assertThrows(PolyglotException.class, big::evaluate);
            assertTrue(e.getMessage().contains("memory limit exceeded"), e.getMessage());
            assertEquals(1_000_000L, big.evaluate(64L << 20).asLong());
        }
    }

    @Test
    void objectsFromTwoContextsDoNotMix() {
        try (Context other = Context.newBuilder("weld").build()) {
            Lazy w2 = Lazy.in(other);
            LazyValue x = w2.data(new int[] {5}, "vec[i32]");
            assertEquals(5, w2.fragment("lookup(v, 0L)", inputs("v", x)).evaluate().asInt());
            assertEquals(0, weld.compilations());
            assertEquals(1, w2.compilations());
        }
    }
}
