package weld.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weld.lazy.LazyApiTest.ADD;
import static weld.lazy.LazyApiTest.MUL;
import static weld.lazy.LazyApiTest.SUM;
import static weld.lazy.LazyApiTest.inputs;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import weld.lazy.host.Lazy;
import weld.lazy.host.LazyValue;

/** The dependency graph: shared dependencies, kept results, the program cache and name hygiene. */
class LazyGraphTest {
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

    private static int occurrences(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    @Test
    void sharedDependencyIsComputedOnce() {
        LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]", "x");
        LazyValue sq = weld.fragment(MUL, inputs("a", x, "b", x), "sq");
        LazyValue twice = weld.fragment(ADD, inputs("a", sq, "b", sq), "twice");
        LazyValue cube = weld.fragment(MUL, inputs("a", sq, "b", x), "cube");
        LazyValue both = weld.fragment(ADD, inputs("a", twice, "b", cube), "both");
        String program = both.program();
        assertEquals(1, occurrences(program, "let sq = "), program);
        assertEquals(1, occurrences(program, "merge(bs, e.$0 * e.$0)") + occurrences(program, MUL) - 1, program);
        assertEquals(2, occurrences(program, MUL), "sq and cube each once: " + program);
        double[] r = both.evaluate(double[].class);
        assertEquals(2 * 9 + 27, r[2]);
    }

    @Test
    void evaluatedDependencyIsPassedInNotRecomputed() {
        LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]", "x");
        LazyValue sq = weld.fragment(MUL, inputs("a", x, "b", x), "sq");
        LazyValue sum = weld.fragment(SUM, inputs("v", sq), "sum");
        sq.evaluate();
        String program = sum.program();
        assertTrue(program.startsWith("|sq: vec[f64]|\n"), program);
        assertEquals(0, occurrences(program, MUL), program);
        assertEquals(14.0, sum.evaluate().asDouble());
    }

    @Test
    void keptResultsOfEveryLayoutAreReadBack() {
        LazyValue x = weld.data(new double[] {1, 2, 3, 4}, "vec[f64]", "x");
        LazyValue mid = weld.fragment("slice(v, 1L, 2L)", inputs("v", x), "mid");
        mid.evaluate();
        assertEquals(5.0, weld.fragment(SUM, inputs("v", mid)).evaluate().asDouble());
        LazyValue big = weld.fragment("result(for(v, appender[bool], |b, i, e| merge(b, e > 2.0)))", inputs("v", x), "big");
        big.evaluate();
        LazyValue count = weld.fragment("result(for(v, merger[i32, +], |b, i, e| merge(b, if(e, 1, 0))))", inputs("v", big));
        assertEquals(2, count.evaluate().asInt());
        LazyValue ints = weld.fragment("result(for(v, appender[i32], |b, i, e| merge(b, i32(e))))", inputs("v", x), "ints");
        ints.evaluate();
        assertEquals(10, weld.fragment("result(for(v, merger[i32, +], |b, i, e| merge(b, e)))", inputs("v", ints))
                .evaluate().asInt());
    }

    @Test
    void evaluateTwiceReturnsTheKeptResult() {
        LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]");
        LazyValue sum = weld.fragment(SUM, inputs("v", x));
        assertEquals(6.0, sum.evaluate().asDouble());
        long compiled = weld.compilations();
        assertEquals(6.0, sum.evaluate().asDouble());
        assertEquals("", sum.program());
        assertEquals(compiled, weld.compilations());
    }

    @Test
    void sameShapeOverNewDataReusesTheCompiledProgram() {
        for (int i = 1; i <= 5; i++) {
            LazyValue x = weld.data(new double[] {i, i}, "vec[f64]", "x");
            LazyValue sum = weld.fragment(SUM, inputs("v", weld.fragment(MUL, inputs("a", x, "b", x), "sq")), "sum");
            assertEquals(2.0 * i * i, sum.evaluate().asDouble());
        }
        assertEquals(1, weld.compilations());
    }

    @Test
    void inputNamesNeverCaptureOtherObjects() {
        // The data objects are named like the inputs of the fragment, crosswise: a -> b and b -> a.
        LazyValue a = weld.data(new long[] {10}, "vec[i64]", "a");
        LazyValue b = weld.data(new long[] {3}, "vec[i64]", "b");
        LazyValue diff = weld.fragment("lookup(a, 0L) - lookup(b, 0L)", inputs("a", b, "b", a), "_0");
        assertEquals(-7L, diff.evaluate().asLong());
        LazyValue c = weld.data(new long[] {1}, "vec[i64]", "x");
        LazyValue e = weld.fragment("let a = 100L; a + lookup(x, 0L) + d", inputs("x", c, "d", diff));
        assertEquals(94L, e.evaluate().asLong());
    }

    @Test
    void objectsWithTheSameNameGetDistinctBindings() {
        LazyValue x = weld.data(new double[] {2}, "vec[f64]", "v");
        LazyValue y = weld.data(new double[] {5}, "vec[f64]", "v");
        LazyValue m = weld.fragment(MUL, inputs("a", x, "b", y), "v");
        assertEquals(10.0, weld.fragment(SUM, inputs("v", m), "v").evaluate().asDouble());
    }

    @Test
    void anEvaluationFailureKeepsNoResult() {
        LazyValue x = weld.data(new long[] {1}, "vec[i64]");
        LazyValue bad = weld.fragment("lookup(v, 5L)", inputs("v", x), "bad");
        org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class, bad::evaluate);
        assertFalse(bad.isEvaluated());
    }
}
