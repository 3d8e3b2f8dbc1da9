package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import weld.nodes.loop.lanes.LanePlanner;
import weld.nodes.loop.lanes.Plans;

/**
 * Vecmerger merges at the loop index run as SIMD code ({@link VectorIndexedMergeBody}): each element is combined
 * once with its value, as in the scalar loop, so the results equal those with {@code weld.Vectorize} off exactly,
 * for every tail length, prior contents, the other operators and kinds, inner loops, math functions, parallel tasks,
 * and indices past the vecmerger's end (an error at the same iteration); and which loops the planner accepts.
 */
class VectorIndexedMergeBodyTest {
    private static SimdContexts contexts;
    private static Context simd;
    private static Context scalar;
    private static Context parallel;

    @BeforeAll
    static void open() {
        contexts = new SimdContexts();
        simd = contexts.simd;
        scalar = contexts.scalar;
        parallel = contexts.parallel;
    }

    @AfterAll
    static void close() {
        contexts.close();
    }

    private static Value run(Context c, String program, Object... args) {
        return c.eval("weld", program).execute(args);
    }

    private static void assertSame(String program, Object... args) {
        String expected = run(scalar, program, args).toString();
        for (Context c : contexts.withKernels()) {
            assertEquals(expected, run(c, program, args).toString(), program);
        }
    }

    private static double[] doubles(int n, int seed) {
        return new Random(seed).doubles(n).map(x -> (x - 0.3) * 100).toArray();
    }

    @Test
    void everyTailLengthAddsToWhatIsThere() {
        String program = "|g: vec[f64], x: vec[f64], w: vec[f64], o: i64, c: f64| result(for(w, vecmerger[f64,+](g), "
                + "|b, j, y| merge(b, {j, lookup(x, o + j) * c - y})))";
        double[] x = doubles(5000, 1);
        for (int n = 0; n < 200; n++) {
            double[] g = doubles(n + 3, n);
            assertSame(program, g, x, doubles(n, n + 7), (long) (n % 5), 0.75);
        }
        for (int n : new int[] {1024, 4099}) {
            assertSame(program, doubles(n, 2), x, doubles(n, 3), 11L, -1.5);
        }
    }

    @Test
    void otherOperatorsAndKinds() {
        long[] v = new Random(4).longs(999, -1000, 1000).toArray();
        long[] g = new Random(5).longs(1001, -50, 50).toArray();
        assertSame("|g: vec[i64], v: vec[i64]| result(for(v, vecmerger[i64,*](g), |b, i, x| merge(b, {i, x * 3L + 2L})))", g, v);
        assertSame("|g: vec[i64], v: vec[i64]| result(for(v, vecmerger[i64,max](g), |b, i, x| merge(b, {i, x - 3L})))", g, v);
        int[] w = new Random(6).ints(333, -9, 9).toArray();
        int[] h = new Random(7).ints(333, -9, 9).toArray();
        assertSame("|g: vec[i32], v: vec[i32]| result(for(v, vecmerger[i32,min](g), |b, i, x| merge(b, {i, x * 2})))", h, w);
        float[] f = {1.5f, 2f, -3f, 4f, 5f, 6f, 7f, 8f, 9f, 10f, 11f, 12f, 13f, 14f, 15f, 16f, 17f, 18f, 19f, 20f, 21f,
            22f, 23f, 24f, 25f, 26f, 27f, 28f, 29f, 30f, 31f, 32f, 33f, 34f, 35f, 36f, 37f, 38f, 39f};
        assertSame("|v: vec[f32]| result(for(v, vecmerger[f32,+](v), |b, i, x| let y = x * 0.5f; merge(b, {i, y + 1.0f})))", f);
    }

    /** The gradient update of a logistic-regression step: an inner loop per matrix row. */
    @Test
    void innerLoopsOverMatrixRows() {
        int rows = 300;
        for (int d : new int[] {7, 32, 64, 77}) {
            double[] x = doubles(rows * d, d);
            double[] e = doubles(rows, d + 1);
            double[] zeros = new double[d];
            assertSame("|x: vec[f64], e: vec[f64], z: vec[f64]| let d = len(z); "
                    + "result(for(e, vecmerger[f64,+](z), |b, r, err| let base = r * d; "
                    + "for(z, b, |bb, j, zj| merge(bb, {j, lookup(x, base + j) * err}))))", x, e, zeros);
        }
    }

    /**
     * A value with math functions: compiled code runs its kernel in stages (checked by {@code FusedKernelTest} and
     * {@code LauncherIT}); the interpreter keeps the scalar blocks, whose math is the scalar functions', so the
     * results equal the scalar loop's exactly.
     */
    @Test
    void mathFunctionsInTheInterpreterGiveTheScalarResults() {
        String program = "|g: vec[f64], v: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| "
                + "merge(b, {i, erf(x / 40.0) * exp(x / 30.0)})))";
        for (int n : new int[] {5, 1000, 4099}) {
            assertSame(program, doubles(n + 2, n), doubles(n, n + 1));
        }
    }

    @Test
    void anIndexPastTheEndFailsAtItsIteration() {
        String program = "|g: vec[f64], v: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| merge(b, {i, x * 2.0})))";
        double[] v = doubles(100, 8);
        String expected = assertThrows(PolyglotException.class, () -> run(scalar, program, new double[70], v)).getMessage();
        assertTrue(expected.contains("index 70 out of bounds for length 70"), expected);
        assertEquals(expected, assertThrows(PolyglotException.class, () -> run(simd, program, new double[70], v)).getMessage());
        assertEquals(expected, assertThrows(PolyglotException.class, () -> run(parallel, program, new double[70], v)).getMessage());
    }

    private static LanePlanner.Plan plan(String program) {
        return Plans.indexedPlan(program);
    }

    @Test
    void thePlannerTakesMergesAtTheLoopIndexOnly() {
        assertNotNull(plan("|g: vec[f64], v: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| merge(b, {i, x * 2.0})))"));
        assertNotNull(plan("|g: vec[f64], v: vec[f64], x: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, y| "
                + "merge(b, {i, lookup(x, i) - y})))"));
        assertNull(plan("|g: vec[f64], v: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| merge(b, {i + 1L, x})))"),
                "not the index");
        assertNull(plan("|g: vec[f64], v: vec[i64]| result(for(v, vecmerger[f64,+](g), |b, i, x| merge(b, {x, 1.0})))"),
                "index from the data");
        assertNull(plan("|g: vec[f64], v: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| "
                + "if(x > 0.0, merge(b, {i, x}), b)))"), "conditional merge");
        assertNull(plan("|g: vec[f64], v: vec[f64]| result(for(v, vecmerger[f64,max](g), |b, i, x| merge(b, {i, x})))"),
                "NaN order");
        assertNull(plan("|g: vec[f64], v: vec[f64]| result(for(v, appender[f64], |b, i, x| merge(b, x)))"), "appender");
    }
}
