package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import weld.nodes.loop.lanes.Plans;

/**
 * Vecmerger merges at an index computed from the elements run as the interpreter's scatter blocks
 * ({@link ScatterMergeBody}): the results equal those with {@code weld.Vectorize} off exactly, for every tail
 * length, vecmergers counting in {@code int}s and not, the other kinds and operators, parallel tasks, and indices
 * outside the vecmerger (the same error at the same iteration); and which loops the planner accepts.
 */
class ScatterMergeBodyTest {
    private static final String COUNT = "|k: vec[i32], g: vec[i64]| result(for(k, vecmerger[i64,+](g), "
            + "|b, i, x| merge(b, {i64(x), 1L})))";
    private static SimdContexts contexts;

    @BeforeAll
    static void open() {
        contexts = new SimdContexts();
    }

    @AfterAll
    static void close() {
        contexts.close();
    }

    private static Value run(Context c, String program, Object... args) {
        return c.eval("weld", program).execute(args);
    }

    private static void assertSame(String program, Object... args) {
        String expected = run(contexts.scalar, program, args).toString();
        for (Context c : contexts.withKernels()) {
            assertEquals(expected, run(c, program, args).toString(), program);
        }
    }

    private static int[] keys(int n, int range, int seed) {
        return new Random(seed).ints(n, 0, range).toArray();
    }

    @Test
    void keyCountingOverEveryTailLength() {
        for (int n = 0; n < 150; n++) {
            assertSame(COUNT, keys(n, 7, n), new long[] {3, 0, 0, 1, 0, 0, 9});
        }
        for (int n : new int[] {1000, 4099, 70_000}) {
            assertSame(COUNT, keys(n, 50, n), new long[50]);
        }
    }

    @Test
    void countsInIntsWhereTheLoopIsLongerThanTheVecmerger() {
        // 2^11 elements or more and at least as many iterations: the vecmerger counts in ints (NarrowCounting).
        long[] prior = new Random(8).longs(5000, 0, 1L << 40).toArray();
        assertSame(COUNT, keys(200_000, 5000, 9), prior);
        // An increment of 2, then a second loop counting into the first one's result at a computed index.
        assertSame("|k: vec[i32], g: vec[i64]| let c = result(for(k, vecmerger[i64,+](g), |b, i, x| "
                + "merge(b, {i64(x), 2L}))); "
                + "result(for(k, vecmerger[i64,+](c), |b, i, x| merge(b, {i64(x) / 2L, 1L})))",
                keys(100_000, 3000, 10), new long[3000]);
    }

    @Test
    void otherKindsAndOperators() {
        int[] k = keys(5000, 97, 11);
        // Quarters: sums exact in any order, as parallel tasks' partial vecmergers combine them in another.
        double[] w = new Random(12).ints(5000, -400, 400).asDoubleStream().map(x -> x / 4).toArray();
        int[] v = new Random(13).ints(5000, -1000, 1000).toArray();
        assertSame("|k: vec[i32], w: vec[f64], g: vec[f64]| result(for(zip(k, w), vecmerger[f64,+](g), "
                + "|b, i, e| merge(b, {i64(e.$0), e.$1 * 2.0 - 1.0})))", k, w, new double[97]);
        assertSame("|k: vec[i32], v: vec[i32], g: vec[i32]| result(for(zip(k, v), vecmerger[i32,+](g), "
                + "|b, i, e| merge(b, {i64(e.$0), e.$1 * 3 + 1})))", k, v, new int[97]);
        assertSame("|k: vec[i32], v: vec[i32], g: vec[i32]| result(for(zip(k, v), vecmerger[i32,max](g), "
                + "|b, i, e| merge(b, {i64(e.$0), e.$1})))", k, v, new int[97]);
        assertSame("|k: vec[i32], v: vec[i32], g: vec[i32]| result(for(zip(k, v), vecmerger[i32,min](g), "
                + "|b, i, e| merge(b, {i64(e.$0), e.$1})))", k, v, new int[97]);
        float[] f = new float[5000];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) w[i];
        }
        assertSame("|k: vec[i32], f: vec[f32], g: vec[f32]| result(for(zip(k, f), vecmerger[f32,+](g), "
                + "|b, i, e| merge(b, {i64(e.$0), e.$1 * 0.5f})))", k, f, new float[97]);
        long[] l = new Random(14).longs(5000, 0, 97).toArray();
        assertSame("|l: vec[i64], g: vec[i64]| result(for(l, vecmerger[i64,+](g), |b, i, x| merge(b, {x, x + 1L})))",
                l, new long[97]);
    }

    @Test
    void anIndexOutsideTheVecmergerFailsAtItsIteration() {
        for (int bad : new int[] {-1, 50, Integer.MAX_VALUE}) {
            for (int at : new int[] {0, 40, 511, 512, 4097}) {
                int[] k = keys(5000, 50, at);
                k[at] = bad;
                String expected = assertThrows(PolyglotException.class, () -> run(contexts.scalar, COUNT, k,
                        new long[50])).getMessage();
                for (Context c : contexts.withKernels()) {
                    assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, COUNT, k,
                            new long[50])).getMessage());
                }
            }
        }
    }

    @Test
    void plannedForMergesAtAComputedIndexOnly() {
        assertNotNull(Plans.scatterPlan(COUNT));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], w: vec[f64], g: vec[f64]| result(for(zip(k, w), "
                + "vecmerger[f64,+](g), |b, i, e| let j = i64(e.$0) + 1L; merge(b, {j, e.$1})))"));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], g: vec[i64]| result(for(k, vecmerger[i64,+](g), "
                + "|b, i, x| if(x > 0, merge(b, {i64(x), 1L}), b)))"));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], w: vec[f64], g: vec[f64], c: vec[i64]| result(for(zip(k, w), "
                + "{vecmerger[f64,+](g), vecmerger[i64,+](c)}, |b, i, x| if(x.$1 < 0.0, b, "
                + "{merge(b.$0, {i64(x.$0), x.$1}), merge(b.$1, {i64(x.$0), 1L})})))"));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], w: vec[f64]| result(for(zip(k, w), dictmerger[i32,f64,+], "
                + "|b, i, e| merge(b, {e.$0, e.$1})))"));
        assertNotNull(Plans.scatterPlan("|w: vec[f64]| result(for(w, appender[f64], |b, i, x| "
                + "if(x > 0.5, merge(b, x), b)))"));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], w: vec[f64]| result(for(zip(k, w), groupmerger[i32,f64], "
                + "|b, i, e| merge(b, {e.$0, e.$1})))"));
        // Struct elements with a field of no kernel kind; keys other than i32 and i64 (the dictmergers of other
        // tables); a key of another kind than the dictmerger's.
        assertNull(Plans.scatterPlan("|w: vec[f64]| result(for(w, appender[{f64,bool}], |b, i, x| "
                + "if(x > 0.5, merge(b, {x, x > 0.7}), b)))"));
        assertNull(Plans.scatterPlan("|k: vec[f64], w: vec[f64]| result(for(zip(k, w), dictmerger[f64,f64,+], "
                + "|b, i, e| merge(b, {e.$0, e.$1})))"));
        assertNull(Plans.scatterPlan("|k: vec[i32], w: vec[f64]| result(for(zip(k, w), dictmerger[{i32,i32},f64,+], "
                + "|b, i, e| merge(b, {{e.$0, e.$0}, e.$1})))"));
        // Two merges into one vecmerger in an iteration, a field left out, a merge in both branches: not scatters.
        assertNull(Plans.scatterPlan("|k: vec[i32], g: vec[i64]| result(for(k, vecmerger[i64,+](g), "
                + "|b, i, x| merge(merge(b, {i64(x), 1L}), {0L, 2L})))"));
        assertNull(Plans.scatterPlan("|k: vec[i32], g: vec[i64]| result(for(k, {vecmerger[i64,+](g), "
                + "vecmerger[i64,+](g)}, |b, i, x| {merge(b.$0, {i64(x), 1L}), b.$1}))"));
        assertNull(Plans.scatterPlan("|k: vec[i32], g: vec[i64]| result(for(k, vecmerger[i64,+](g), "
                + "|b, i, x| if(x > 0, merge(b, {i64(x), 1L}), merge(b, {0L, 1L}))))"));
    }

    /** TPC-H Q1's shape: a struct of vecmergers of several kinds, merged at one computed index under a filter. */
    private static final String GROUPED = "|k: vec[i32], w: vec[f64], v: vec[i32], f: vec[f32], "
            + "g: vec[f64], c: vec[i64], h: vec[i32], e: vec[f32]| "
            + "let r = for(zip(k, w, v, f), {vecmerger[f64,+](g), vecmerger[i64,+](c), vecmerger[i32,max](h), "
            + "vecmerger[f32,+](e)}, |b, i, x| if(x.$2 % 3 != 0, let j = i64(x.$0); "
            + "{merge(b.$0, {j, x.$1 * 2.0}), merge(b.$1, {j, 1L}), merge(b.$2, {j, x.$2}), merge(b.$3, {j, x.$3})}, b)); "
            + "{result(r.$0), result(r.$1), result(r.$2), result(r.$3)}";

    @Test
    void theProgramsHereArePlanned() {
        // Without an i64 multiplication or division (no kernel for them without AVX-512), so they run as scatter
        // blocks on every machine.
        assertNotNull(Plans.scatterPlan(GROUPED));
        assertNotNull(Plans.scatterPlan(GROUPED.replace("merge(b.$2, {j, x.$2})", "merge(b.$2, {j + j, x.$2})")));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], v: vec[i32]| result(for(zip(k, v), dictmerger[i64,i32,max], "
                + "|b, i, e| if(e.$1 > 0, merge(b, {i64(e.$0 * 3), e.$1}), b)))"));
        assertNotNull(Plans.scatterPlan("|k: vec[i32], w: vec[f64]| let r = for(zip(k, w), {groupmerger[i64,i32], "
                + "appender[f64]}, |b, i, e| if(e.$1 > 0.4, {merge(b.$0, {i64(e.$0 % 17), e.$0 + 1}), "
                + "merge(b.$1, e.$1)}, b)); {tovec(result(r.$0)), result(r.$1)}"));
    }

    private static Object[] groupedInputs(int n, int groups, int seed) {
        Random r = new Random(seed);
        int[] k = r.ints(n, 0, groups).toArray();
        // Quarters: sums exact in any order, as parallel tasks' partial vecmergers combine them in another.
        double[] w = r.ints(n, -400, 400).asDoubleStream().map(x -> x / 4).toArray();
        int[] v = r.ints(n, -1000, 1000).toArray();
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = r.nextInt(-400, 400) / 4f;
        }
        return new Object[] {k, w, v, f, new double[groups], new long[groups], new int[groups], new float[groups]};
    }

    @Test
    void structsOfVecmergersUnderAConditionOverEveryTailLength() {
        for (int n = 0; n < 150; n += 7) {
            assertSame(GROUPED, groupedInputs(n, 6, n));
        }
        for (int n : new int[] {1000, 4099, 70_000}) {
            assertSame(GROUPED, groupedInputs(n, 6, n));
            assertSame(GROUPED, groupedInputs(n, 3000, n));
        }
        // The merges in the else branch, under two conditions; one vecmerger counting in the then branch.
        assertSame("|k: vec[i32], w: vec[f64], g: vec[f64], c: vec[i64]| result(for(zip(k, w), "
                + "{vecmerger[f64,+](g), vecmerger[i64,+](c)}, |b, i, x| if(x.$1 < 0.0, b, if(x.$0 > 2, "
                + "{merge(b.$0, {i64(x.$0) - 1L, x.$1}), merge(b.$1, {i64(x.$0), 1L})}, b)))).$1",
                new Random(3).ints(9000, 0, 3000).toArray(),
                new Random(4).ints(9000, -40, 400).asDoubleStream().map(x -> x / 4).toArray(),
                new double[3000], new long[3000]);
        assertSame("|k: vec[i32], g: vec[i64]| result(for(k, vecmerger[i64,+](g), "
                + "|b, i, x| if(x % 4 == 1, merge(b, {i64(x), 1L}), b)))", keys(100_000, 5000, 5), new long[5000]);
    }

    /** Keys in {@code [0, range)}, every {@code every}-th of them made a large negative one. */
    private static int[] spreadKeys(int n, int range, int seed, int every) {
        int[] k = keys(n, range, seed);
        for (int i = 0; i < n; i += every) {
            k[i] = -k[i] * 100_003;
        }
        return k;
    }

    /** {@code program} on the first {@code n} of keys {@code k} and values {@code w}, for tails n < 150, and on all. */
    private static void assertSameOverTails(String program, int[] k, double[] w) {
        for (int n = 0; n < 150; n += 11) {
            assertSame(program, Arrays.copyOf(k, n), Arrays.copyOf(w, n));
        }
        assertSame(program, k, w);
    }

    @Test
    void dictmergersOfIntegerKeys() {
        int[] k = spreadKeys(70_000, 3000, 21, 5);
        double[] w = new Random(22).ints(70_000, -400, 400).asDoubleStream().map(x -> x / 4).toArray();
        int[] v = new Random(23).ints(70_000, -1000, 1000).toArray();
        // Group-by sums; the dictionary's entries (and so their order) as the scalar loop's.
        assertSameOverTails("|k: vec[i32], w: vec[f64]| tovec(result(for(zip(k, w), dictmerger[i32,f64,+], "
                + "|b, i, e| merge(b, {e.$0, e.$1}))))", k, w);
        // i64 keys computed from the elements, i32 max, f32 and i64 sums, under a condition; a struct with a vecmerger.
        assertSame("|k: vec[i32], v: vec[i32]| tovec(result(for(zip(k, v), dictmerger[i64,i32,max], "
                + "|b, i, e| if(e.$1 > 0, merge(b, {i64(e.$0 * 3), e.$1}), b))))", k, v);
        float[] f = new float[w.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) w[i];
        }
        assertSame("|k: vec[i32], f: vec[f32], g: vec[i64]| let r = for(zip(k, f), {dictmerger[i32,f32,+], "
                + "dictmerger[i32,i64,+], vecmerger[i64,+](g)}, |b, i, e| {merge(b.$0, {e.$0 % 7, e.$1}), "
                + "merge(b.$1, {e.$0, 1L}), merge(b.$2, {i, 2L})}); "
                + "{tovec(result(r.$0)), tovec(result(r.$1)), result(r.$2)}", k, f, new long[70_000]);
    }

    /** 70,000 rows of {@code f64} in [0, 1), {@code i32} in [-50, 50), large {@code i64}s and the {@code f64}s as {@code f32}. */
    private static Object[] filterColumns(int seed) {
        Random r = new Random(seed);
        int n = 70_000;
        double[] w = r.doubles(n).toArray();
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = (float) w[i];
        }
        return new Object[] {w, r.ints(n, -50, 50).toArray(), r.longs(n, -1L << 40, 1L << 40).toArray(), f};
    }

    @Test
    void filtersIntoAppenders() {
        Object[] columns = filterColumns(31);
        double[] w = (double[]) columns[0];
        int[] k = (int[]) columns[1];
        long[] l = (long[]) columns[2];
        float[] f = (float[]) columns[3];
        String doubles = "|w: vec[f64], t: f64| result(for(w, appender[f64], |b, i, x| if(x > t, merge(b, x * 2.0), b)))";
        for (int len = 0; len < 150; len += 9) {
            assertSame(doubles, Arrays.copyOf(w, len), 0.5);
        }
        assertSame(doubles, w, 0.5);
        assertSame(doubles, w, 2.0);
        assertSame("|k: vec[i32]| result(for(k, appender[i32], |b, i, x| if(x % 3 == 0, merge(b, x * 7), b)))", k);
        assertSame("|l: vec[i64]| result(for(l, appender[i64], |b, i, x| if(x < 0L, b, merge(b, x + i))))", l);
        assertSame("|f: vec[f32]| result(for(f, appender[f32], |b, i, x| if(x > 0.25f, merge(b, x * 0.5f), b)))", f);
        // Columns of the rows that pass two conditions, beside a vecmerger counting them by key.
        assertSame("|w: vec[f64], k: vec[i32], g: vec[i64]| let r = for(zip(w, k), {appender[f64], appender[i32], "
                + "vecmerger[i64,+](g)}, |b, i, e| if(e.$0 > 0.3, if(e.$1 != 7, {merge(b.$0, e.$0), "
                + "merge(b.$1, e.$1), merge(b.$2, {i64(e.$1) + 50L, 1L})}, b), b)); "
                + "{result(r.$0), result(r.$1), result(r.$2)}", w, k, new long[100]);
    }

    @Test
    void filtersKeepingRowsIntoAppendersOfStructs() {
        Object[] columns = filterColumns(32);
        double[] w = (double[]) columns[0];
        int[] k = (int[]) columns[1];
        long[] l = (long[]) columns[2];
        float[] f = (float[]) columns[3];
        // The zipped row itself, over tails and across many blocks (the appender grows a block at a time).
        String rows = "|w: vec[f64], k: vec[i32]| result(for(zip(w, k), appender[{f64,i32}], |b, i, x| "
                + "if(x.$0 > 0.5, merge(b, x), b)))";
        assertNotNull(Plans.scatterPlan(rows));
        for (int len = 0; len < 150; len += 9) {
            assertSame(rows, Arrays.copyOf(w, len), Arrays.copyOf(k, len));
        }
        assertSame(rows, w, k);
        // Rows built from the fields, of the four kinds, beside a merger, under two conditions.
        String built = "|w: vec[f64], k: vec[i32], l: vec[i64], f: vec[f32]| let r = for(zip(w, k, l, f), "
                + "{merger[i64,+], appender[{i64,f32,f64,i32}]}, |b, i, x| if(x.$1 != 7, {merge(b.$0, 1L), "
                + "if(x.$0 < 0.3, b.$1, merge(b.$1, {x.$2 + i, x.$3 * 2.0f, x.$0, x.$1 * 3}))}, b)); "
                + "{result(r.$0), result(r.$1)}";
        assertNotNull(Plans.scatterPlan(built));
        assertSame(built, w, k, l, f);
    }

    @Test
    void groupmergersOfIntegerKeys() {
        int[] k = spreadKeys(70_000, 300, 41, 7);
        double[] w = new Random(42).doubles(70_000).toArray();
        assertSameOverTails("|k: vec[i32], w: vec[f64]| tovec(result(for(zip(k, w), groupmerger[i32,f64], "
                + "|b, i, e| merge(b, {e.$0, e.$1 * 2.0}))))", k, w);
        // i64 keys and i32 values under a condition, beside an appender of the same iterations' values.
        assertSame("|k: vec[i32], w: vec[f64]| let r = for(zip(k, w), {groupmerger[i64,i32], appender[f64]}, "
                + "|b, i, e| if(e.$1 > 0.4, {merge(b.$0, {i64(e.$0 % 17), e.$0 + 1}), merge(b.$1, e.$1)}, b)); "
                + "{tovec(result(r.$0)), result(r.$1)}", k, w);
    }

    /**
     * Mergers of every kind and operator beside an appender, each field's merge under its own condition or none:
     * {@code weld.Vectorize} off, one thread, is the reference, so values are chosen for results exact in any order
     * (quarters, odd factors wrapping modulo 2^32, powers of two), as parallel tasks combine their partials in another.
     */
    private static final String MERGERS = "|w: vec[f64], k: vec[i32], l: vec[i64], f: vec[f32], p: vec[f64]| "
            + "let r = for(zip(w, k, l, f, p), {merger[f64,+](10.25), appender[f64], merger[i32,*], merger[i64,max], "
            + "merger[f32,+], merger[f64,min], merger[i32,min], merger[f64,*], merger[i64,+]}, |b, i, e| "
            + "{merge(b.$0, e.$0), if(e.$0 > 0.0, merge(b.$1, e.$0 * 2.0), b.$1), "
            + "if(e.$1 % 5 == 0, b.$2, merge(b.$2, e.$1 * 2 + 1)), merge(b.$3, e.$2 + i), "
            + "if(e.$3 < 10.0f, merge(b.$4, e.$3), b.$4), merge(b.$5, e.$0), merge(b.$6, e.$1), "
            + "if(e.$1 > 0, if(e.$0 < 50.0, merge(b.$7, e.$4), b.$7), b.$7), merge(b.$8, e.$2 - i)}); "
            + "{result(r.$0), result(r.$1), result(r.$2), result(r.$3), result(r.$4), result(r.$5), result(r.$6), "
            + "result(r.$7), result(r.$8)}";

    private static Object[] mergerInputs(int n, int seed) {
        Random r = new Random(seed);
        double[] w = r.ints(n, -400, 400).asDoubleStream().map(x -> x / 4).toArray();
        int[] k = r.ints(n, -50, 50).toArray();
        long[] l = r.longs(n, -1L << 40, 1L << 40).toArray();
        float[] f = new float[n];
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            f[i] = r.nextInt(-400, 400) / 4f;
            int c = r.nextInt(100);
            p[i] = c == 0 ? 2.0 : c == 1 ? 0.5 : c < 50 ? -1.0 : 1.0;
        }
        return new Object[] {w, k, l, f, p};
    }

    @Test
    void mergersBesideOtherBuildersUnderTheirOwnConditions() {
        assertNotNull(Plans.scatterPlan(MERGERS));
        for (int n = 0; n < 150; n += 13) {
            assertSame(MERGERS, mergerInputs(n, n));
        }
        for (int n : new int[] {4099, 70_000}) {
            assertSame(MERGERS, mergerInputs(n, n));
        }
        // A condition on the struct and one on a field, the field's merge in its else branch; a vecmerger whose
        // indices are outside where its own condition keeps it from merging.
        String guarded = "|w: vec[f64], k: vec[i64], g: vec[i64]| let r = for(zip(w, k), {merger[f64,+], "
                + "vecmerger[i64,+](g), merger[i64,+]}, |b, i, e| if(e.$1 != 3L, {merge(b.$0, e.$0), "
                + "if(e.$0 <= 0.5, b.$1, merge(b.$1, {e.$1, 1L})), merge(b.$2, 1L)}, b)); "
                + "{result(r.$0), result(r.$1), result(r.$2)}";
        assertNotNull(Plans.scatterPlan(guarded));
        Random r = new Random(51);
        double[] w = r.ints(70_000, 0, 8).asDoubleStream().map(x -> x / 4).toArray();
        long[] k = r.longs(70_000, 0, 100).toArray();
        for (int i = 0; i < k.length; i += 37) {
            if (w[i] <= 0.5) {
                k[i] = -1;
            }
        }
        assertSame(guarded, w, k, new long[100]);
        // ... and an index outside where it merges fails at its row, as in the scalar loop.
        for (int at : new int[] {0, 600, 4097}) {
            double[] wa = w.clone();
            long[] ka = k.clone();
            wa[at] = 1.0;
            ka[at] = 100;
            String expected = assertThrows(PolyglotException.class, () -> run(contexts.scalar, guarded, wa, ka,
                    new long[100])).getMessage();
            for (Context c : contexts.withKernels()) {
                assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, guarded, wa, ka,
                        new long[100])).getMessage());
            }
        }
    }

    @Test
    void mergersRoundAsTheScalarLoopOnOneThread() {
        // Sums of arbitrary doubles and floats depend on their order: on one thread, the blocks keep the loop's.
        Random r = new Random(53);
        double[] w = r.doubles(70_000, -1e6, 1e6).toArray();
        float[] f = new float[w.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) (w[i] / 3);
        }
        String sums = "|w: vec[f64], f: vec[f32]| let r = for(zip(w, f), {merger[f64,+], merger[f32,+], "
                + "appender[f64]}, |b, i, e| {merge(b.$0, e.$0 / 7.0), merge(b.$1, e.$1), "
                + "if(e.$0 > 9e5, merge(b.$2, e.$0), b.$2)}); {result(r.$0), result(r.$1), len(result(r.$2))}";
        assertNotNull(Plans.scatterPlan(sums));
        String expected = run(contexts.scalar, sums, w, f).toString();
        assertEquals(expected, run(contexts.simd, sums, w, f).toString());
        assertEquals(expected, run(contexts.warmingUp, sums, w, f).toString());
    }

    @Test
    void aSumAndAFilterFusedHorizontally() {
        // Two loops over one vector, which horizontal fusion makes one loop over {merger, appender}.
        String twoLoops = "|w: vec[f64]| let s = result(for(w, merger[f64,+], |b, i, x| merge(b, x))); "
                + "let f = result(for(w, appender[f64], |b, i, x| if(x > 0.5, merge(b, x), b))); {s, f}";
        assertNotNull(Plans.optimizedScatterPlan(twoLoops));
        double[] w = new Random(52).ints(70_000, 0, 4).asDoubleStream().map(x -> x / 4).toArray();
        assertSame(twoLoops, (Object) w);
    }

    @Test
    void mergersPlannedInAStructBesideOthersOnly() {
        // A lone merger is a reduction; a field's merge under a condition whose other branch is another field.
        assertNull(Plans.scatterPlan("|w: vec[f64]| result(for(w, merger[f64,+], |b, i, x| merge(b, x)))"));
        assertNull(Plans.scatterPlan("|w: vec[f64]| result(for(w, {appender[f64], appender[f64]}, |b, i, x| "
                + "{if(x > 0.5, merge(b.$0, x), b.$1), merge(b.$1, x)}))"));
        // Merges in both branches of a field's condition.
        assertNull(Plans.scatterPlan("|w: vec[f64]| result(for(w, {merger[f64,+], appender[f64]}, |b, i, x| "
                + "{if(x > 0.5, merge(b.$0, x), merge(b.$0, 1.0)), merge(b.$1, x)}))"));
    }

    @Test
    void anIndexOutsideAStructOfVecmergersFailsAtItsIteration() {
        for (int at : new int[] {0, 40, 511, 512, 4097}) {
            for (int field = 0; field < 2; field++) {
                Object[] in = groupedInputs(5000, 6, at);
                int[] k = (int[]) in[0];
                int[] v = (int[]) in[2];
                // Field 0 (index j) or field 2 (index j + j, keys 0-2) gets an index outside at row `at`.
                String program = GROUPED;
                if (field == 1) {
                    program = GROUPED.replace("merge(b.$2, {j, x.$2})", "merge(b.$2, {j + j, x.$2})");
                    for (int i = 0; i < k.length; i++) {
                        k[i] %= 3;
                    }
                }
                // Filtered-out rows with indices outside: no error.
                for (int i = 1; i < k.length; i += 97) {
                    k[i] = 99;
                    v[i] = 3;
                }
                assertSame(program, in);
                k[at] = field == 0 ? 6 : 3;
                v[at] = 1;
                String failing = program;
                String expected = assertThrows(PolyglotException.class, () -> run(contexts.scalar, failing, in))
                        .getMessage();
                for (Context c : contexts.withKernels()) {
                    assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, failing, in))
                            .getMessage());
                }
            }
        }
    }
}
