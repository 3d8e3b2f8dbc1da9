package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.oracle.truffle.api.nodes.NodeUtil;

import weld.WeldLanguage;
import weld.nodes.NodeBuilder;
import weld.nodes.local.LetNode;

/**
 * Merger loops run with several accumulators: integer results are exact, floating-point sums equal the documented
 * order (accumulator {@code k} takes iterations {@code 4q + k}, the tail goes to accumulator 0, then
 * {@code (a0 + a1) + (a2 + a3)} is added to the initial value) and stay within rounding of the sequential sum. The
 * SIMD path is off here ({@link VectorReductionBodyTest} covers it).
 */
class ReductionBodyTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                .option("weld.Threads", "1").option("weld.Vectorize", "false").build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value run(String program, Object... args) {
        return context.eval("weld", program).execute(args);
    }

    /** The order ReductionBody adds in: four accumulators, a tail into the first, a pairwise fold. */
    private static double blockedSum(double initial, double[] v) {
        double[] acc = {initial, -0.0, -0.0, -0.0};
        int i = 0;
        for (; v.length - i >= 4; i += 4) {
            for (int k = 0; k < 4; k++) {
                acc[k] += v[i + k];
            }
        }
        for (; i < v.length; i++) {
            acc[0] += v[i];
        }
        return (acc[0] + acc[1]) + (acc[2] + acc[3]);
    }

    @Test
    void updateFunctionsWithLoopsKeepOneAccumulator() {
        // Each accumulator runs its own copy of the update function: with an inner loop, four accumulators would
        // multiply a loop nest's code by four per level. One accumulator adds in iteration order.
        double[] v = {1e16, 1.0, -1e16, 1.0, 3.0, 1e16, 1.0, -1e16, 1.0, 5.0, -3.0, 1.0};
        double sequential = 0.0;
        for (double x : v) {
            sequential += x;
        }
        assertNotEquals(sequential, blockedSum(0.0, v), "the data must tell the two orders apart");
        assertEquals(sequential, run("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, "
                + "result(for(rangeiter(0L, 1L, 1L), merger[f64,+], |s, j, y| merge(s, x))))))", v).asDouble());
        assertEquals(blockedSum(0.0, v), run("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))", v)
                .asDouble());
    }

    @Test
    void integerSumsAreExactForEveryTailLength() {
        for (int n = 0; n < 12; n++) {
            long[] v = new long[n];
            long expected = 10;
            for (int i = 0; i < n; i++) {
                v[i] = 3L * i - 7;
                expected += v[i] * i;
            }
            assertEquals(expected, run("|v: vec[i64]| result(for(v, merger[i64,+](10L), |b, i, x| merge(b, x * i)))", v).asLong());
        }
    }

    @Test
    void floatSumsFollowTheDocumentedOrder() {
        double[] v = new Random(7).doubles(100_003).map(x -> (x - 0.3) * 1e6).toArray();
        double sequential = 0.5;
        for (double x : v) {
            sequential += x;
        }
        double weld = run("|v: vec[f64]| result(for(v, merger[f64,+](0.5), |b, i, x| merge(b, x)))", v).asDouble();
        assertEquals(blockedSum(0.5, v), weld);
        assertEquals(sequential, weld, Math.ulp(sequential) * v.length);
    }

    @Test
    void innerDotProductsFollowTheDocumentedOrderForEveryRowLength() {
        // Inner loops reading a matrix row by lookups: the reduction body's blocks and tail, not a SIMD kernel.
        String program = "|x: vec[f64], w: vec[f64], rows: i64| let d = len(w); "
                + "result(for(rangeiter(0L, rows, 1L), appender[f64], |out, r, row| let base = row * d; "
                + "merge(out, result(for(w, merger[f64,+], |s, j, wj| merge(s, lookup(x, base + j) * wj))))))";
        Random random = new Random(11);
        for (int d = 0; d < 10; d++) {
            int rows = 5;
            double[] x = random.doubles(rows * d).map(v -> (v - 0.4) * 1e3).toArray();
            double[] w = random.doubles(d).map(v -> v * 7 - 2).toArray();
            Value r = run(program, x, w, (long) rows);
            for (int row = 0; row < rows; row++) {
                double[] products = new double[d];
                for (int j = 0; j < d; j++) {
                    products[j] = x[row * d + j] * w[j];
                }
                assertEquals(blockedSum(0.0, products), r.getArrayElement(row).asDouble(), "d=" + d + " row=" + row);
            }
        }
    }

    @Test
    void filteredSumAndProductOfIntegers() {
        int[] v = {5, -2, 9, 4, 4, 1, -8, 3, 2};
        assertEquals(25, run("|v: vec[i32]| result(for(v, merger[i32,+], |b, i, x| if(x > 2, merge(b, x), b)))", v).asInt());
        assertEquals(69120, run("|v: vec[i32]| result(for(v, merger[i32,*], |b, i, x| merge(b, x)))", v).asInt());
        assertEquals(-8, run("|v: vec[i32]| result(for(v, merger[i32,min], |b, i, x| merge(b, x)))", v).asInt());
    }

    @Test
    void structOfMergersKeepsEachComponent() {
        double[] v = {1.5, Double.NaN, -3.0, 7.25, 0.5, 2.0, 9.0};
        Value r = run("|v: vec[f64]| let r = for(v, {merger[f64,+], merger[i64,+], merger[f64,max]}, |b, i, x| "
                + "{if(x > 0.0, merge(b.$0, x), b.$0), merge(b.$1, i), merge(b.$2, x)}); "
                + "{result(r.$0), result(r.$1), result(r.$2)}", v);
        double max = -Double.MAX_VALUE;
        for (double x : v) {
            max = max >= x ? max : x;
        }
        assertEquals(blockedSum(-0.0, new double[] {1.5, 0, 0, 7.25, 0.5, 2.0, 9.0}), r.getArrayElement(0).asDouble());
        assertEquals(21L, r.getArrayElement(1).asLong());
        assertEquals(max, r.getArrayElement(2).asDouble());
    }

    @Test
    void letsAroundAStructOfMergersRunOncePerIteration() {
        // Two lets shared by three mergers: computed once per iteration into their slots, not once per merger.
        String program = "|v: vec[f64], w: vec[i64]| let r = for(zip(v, w), {merger[f64,+], merger[i64,+], "
                + "merger[f64,max]}, |b, i, e| let y = e.$0 * 3.0 + 1.0; let k = e.$1 * 2L; "
                + "{if(y > 4.0, merge(b.$0, y), b.$0), merge(b.$1, k + i), merge(b.$2, y - f64(k))}); "
                + "{result(r.$0), result(r.$1), result(r.$2)}";
        var root = NodeBuilder.build(null, WeldLanguage.compile(program), "", false, 0);
        // The one let node left is the program's own (r); per merger and accumulator set they were 24.
        assertEquals(1, NodeUtil.findAllNodeInstances(root, LetNode.class).size());
        for (int n = 0; n < 10; n++) {
            double[] v = new double[n];
            long[] w = new long[n];
            double sum = 0.0;
            long ints = 0;
            double max = -Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                v[i] = i * 0.75 - 2.0;
                w[i] = 5L - 3L * i;
                double y = v[i] * 3.0 + 1.0;
                long k = w[i] * 2L;
                sum += y > 4.0 ? y : 0.0;
                ints += k + i;
                max = Math.max(max, y - k);
            }
            Value r = run(program, v, w);
            assertEquals(sum, r.getArrayElement(0).asDouble(), 1e-12, n + " rows");
            assertEquals(ints, r.getArrayElement(1).asLong(), n + " rows");
            assertEquals(max, r.getArrayElement(2).asDouble(), n + " rows");
        }
    }

    @Test
    void emptyLoopKeepsTheInitialValues() {
        Value r = run("|v: vec[f64]| let r = for(v, {merger[f64,+](2.5), merger[i64,*](3L)}, |b, i, x| "
                + "{merge(b.$0, x), merge(b.$1, 2L)}); {result(r.$0), result(r.$1)}", (Object) new double[0]);
        assertEquals(2.5, r.getArrayElement(0).asDouble());
        assertEquals(3L, r.getArrayElement(1).asLong());
    }

    @Test
    void mergerOverAStructRunsAsOneMergerPerField() {
        // merger[{f64, i64}, +] merges field by field: it runs as the struct of two mergers (its own accumulators per
        // field, the same order as a merger[f64,+]), from its initial value, under if and let, with a value that is
        // not a struct literal (the zipped element).
        String program = "|v: vec[f64], w: vec[i64]| result(for(zip(v, w), merger[{f64, i64}, +]({2.5, 3L}), "
                + "|b, i, e| let y = e.$0 * 2.0; if(y > 0.0, merge(b, {y, e.$1}), merge(b, e))))";
        var root = NodeBuilder.build(null, WeldLanguage.compile(program), "", false, 0);
        assertNotEquals(null, NodeUtil.findFirstNodeInstance(root, ReductionBody.class));
        assertEquals(null, NodeUtil.findFirstNodeInstance(root, weld.nodes.builder.MergeStructNode.class));
        for (int n = 0; n < 11; n++) {
            double[] v = new double[n];
            long[] w = new long[n];
            double[] merged = new double[n];
            long ints = 3;
            for (int i = 0; i < n; i++) {
                v[i] = i * 0.75 - 2.0;
                w[i] = 5L - 3L * i;
                merged[i] = v[i] * 2.0 > 0.0 ? v[i] * 2.0 : v[i];
                ints += w[i];
            }
            Value r = run(program, v, w);
            assertEquals(blockedSum(2.5, merged), r.getArrayElement(0).asDouble(), n + " rows");
            assertEquals(ints, r.getArrayElement(1).asLong(), n + " rows");
        }
    }

    @Test
    void mergerOverAStructOfMinimaAndMaxima() {
        int[] v = {5, -2, 9, 4, 4, 1, -8, 3, 2};
        Value min = run("|v: vec[i32]| result(for(v, merger[{i32, f64}, min], |b, i, x| merge(b, {x, f64(x) * 0.5})))", v);
        assertEquals(-8, min.getArrayElement(0).asInt());
        assertEquals(-4.0, min.getArrayElement(1).asDouble());
        Value max = run("|v: vec[i32]| result(for(v, merger[{i32, i64}, max], |b, i, x| merge(b, {x, i})))", v);
        assertEquals(9, max.getArrayElement(0).asInt());
        assertEquals(8L, max.getArrayElement(1).asLong());
    }

    @Test
    void mergerOverAStructInParallelTasks() {
        try (Context parallel = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2").build()) {
            Value r = parallel.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), merger[{i64, i32}, +], "
                    + "|b, i, x| if(x % 3L == 0L, merge(b, {x, 1}), b)))").execute(200_000L);
            long sum = 0;
            int count = 0;
            for (long x = 0; x < 200_000; x += 3) {
                sum += x;
                count++;
            }
            assertEquals(sum, r.getArrayElement(0).asLong());
            assertEquals(count, r.getArrayElement(1).asInt());
        }
    }
}
