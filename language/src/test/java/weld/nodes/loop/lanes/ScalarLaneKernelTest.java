package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Random;

import org.junit.jupiter.api.Test;

import weld.ir.Expr;
import weld.nodes.loop.VectorReductionBody;

/**
 * The scalar blocks that the interpreter runs while a kernel warms up, against the lane kernel's vector blocks
 * (both checked against the scalar loop through {@link VectorReductionBody} by {@code VectorReductionBodyTest}):
 * the same merges over every length up to a few blocks and from an offset, for each element kind ({@code f32} and
 * {@code i32} results rounded and wrapped like their own arithmetic), comparisons, masks and blends, negation,
 * square roots and math functions, the merger operators kernels take, a loop-invariant value, and indexed vecmerger
 * merges.
 */
class ScalarLaneKernelTest {
    private static final int LENGTH = 2_000;

    private static void assertSameMerges(String program, Object store, Object t, Object initial) {
        LanePlanner.Plan plan = Plans.plan(program);
        assertNotNull(plan, program);
        Object[] invariants = invariants(plan, t);
        Object[] stores = {store};
        long[] bases = {0};
        for (long from : new long[] {0, 5}) {
            for (long to : new long[] {from, from + 1, from + 3, from + 37, from + 512, from + 1500, LENGTH}) {
                Object got = plan.kernel().scalarBlocks().run(stores, bases, from, to, invariants,
                        new Object[] {initial})[0];
                Object expected = plan.kernel().run(stores, bases, from, to, invariants, new Object[] {initial})[0];
                String at = program + " [" + from + ", " + to + ")";
                if (expected instanceof Double e) {
                    assertEquals(e, (Double) got, 1e-9 * Math.max(1, Math.abs(e)), at);
                } else if (expected instanceof Float e) {
                    assertEquals(e, (Float) got, 1e-4f * Math.max(1, Math.abs(e)), at);
                } else {
                    assertEquals(expected, got, at);
                }
            }
        }
    }

    private static Object[] invariants(LanePlanner.Plan plan, Object t) {
        return plan.invariants().stream().map(e -> e instanceof Expr.Literal l ? l.value() : t).toArray();
    }

    private static double[] doubles() {
        return new Random(17).doubles(LENGTH).map(x -> (x - 0.3) * 100).toArray();
    }

    @Test
    void doublesMasksAndMathFunctions() {
        double[] v = doubles();
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,+](0.5), |b, i, x| merge(b, x * 2.0 - 1.0 / x)))", v,
                null, 0.5);
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,*](1.0), |b, i, x| merge(b, 1.0 + x / 1e5)))", v,
                null, 1.0);
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, sqrt(x * x) - (-x))))", v, null,
                0.0);
        assertSameMerges("|v: vec[f64], t: f64| result(for(v, merger[f64,+], |b, i, x| "
                + "if(x > t && x <= 60.0 || x == 1.5 || x < -25.0, merge(b, select(x >= 0.0, exp(x / 50.0), log(-x))), b)))",
                v, 12.5, 0.0);
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, erf(x / 20.0) + tanh(x))))", v,
                null, 0.0);
    }

    @Test
    void floatsAndIntegersRoundAndWrapLikeTheirOwnArithmetic() {
        int[] k = new Random(18).ints(LENGTH, -1_000_000, 1_000_000).toArray();
        long[] l = new Random(19).longs(LENGTH).toArray();
        float[] f = new float[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            f[i] = k[i] / 7f;
        }
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i32,+], |b, i, x| merge(b, x * x - 3)))", k, null, 0);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i32,*](1), |b, i, x| merge(b, select(x > 0, x - 1, 1))))",
                k, null, 1);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i32,max], |b, i, x| merge(b, min(x, 7) - (-x))))", k, null,
                Integer.MIN_VALUE);
        // i64 multiplications, minima and maxima: kernels only where they are vector instructions
        if (LanePlanner.WIDE_I64) {
            assertSameMerges("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| if(x != 0L && x < 100L, merge(b, x * 3L), b)))",
                    l, null, 0L);
            assertSameMerges("|v: vec[i64]| result(for(v, merger[i64,min], |b, i, x| merge(b, max(x, -5L) + x)))", l,
                    null, Long.MAX_VALUE);
        }
        assertSameMerges("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| if(x != 0L && x < 100L, merge(b, x + 3L), b)))",
                l, null, 0L);
        assertSameMerges("|v: vec[f32]| result(for(v, merger[f32,+], |b, i, x| if(x > 0.0f, merge(b, x * 2.0f / 3.0f), b)))",
                f, null, 0f);
        assertSameMerges("|v: vec[f32]| result(for(v, merger[f32,+], |b, i, x| merge(b, sqrt(x * x + 1.0f) - x)))", f,
                null, 0f);
        // Counted exactly: how often a wrapped i32 square is positive, and a float quotient times its divisor is
        // the float again (which rounding each step to float decides).
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, select(x * x > 0, 1L, 0L))))",
                k, null, 0L);
        assertSameMerges("|v: vec[f32]| result(for(v, merger[i64,+], |b, i, x| "
                + "merge(b, select(x / 3.1f * 3.1f == x, 1L, 0L))))", f, null, 0L);
    }

    /**
     * Each comparison on values that a three-way order gets wrong if it is careless (NaN, which no ordered comparison
     * holds for, and the two zeros, which are equal) and on integers, through a choice between two {@code i64}s and
     * between two {@code f64}s, counted exactly and against Java's own comparisons.
     */
    @Test
    void comparisonsAndChoicesOnNaNZerosAndIntegers() {
        double[] special = {Double.NaN, -0.0, 0.0, 1.5, -1.5, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        double[] v = new double[LENGTH];
        long[] l = new long[LENGTH];
        Random r = new Random(23);
        long expectedDoubles = 0;
        long expectedLongs = 0;
        double expectedChoices = 0;
        for (int i = 0; i < LENGTH; i++) {
            v[i] = special[r.nextInt(special.length)];
            l[i] = r.nextInt(7) - 3;
            double x = v[i];
            expectedDoubles += (x < 0.0 ? 1 : 0) + (x <= 0.0 ? 2 : 0) + (x > 0.0 ? 4 : 0) + (x >= 0.0 ? 8 : 0)
                    + (x == 0.0 ? 16 : 0);
            long y = l[i];
            expectedLongs += (y < 0 ? 1 : 0) + (y <= 0 ? 2 : 0) + (y > 0 ? 4 : 0) + (y >= 0 ? 8 : 0)
                    + (y == 0 ? 16 : 0) + (y != 0 ? 32 : 0);
            expectedChoices += x >= 0.0 ? 2.0 : -0.5;
        }
        String doubles = "|v: vec[f64]| result(for(v, merger[i64,+], |b, i, x| merge(b, select(x < 0.0, 1L, 0L) "
                + "+ select(x <= 0.0, 2L, 0L) + select(x > 0.0, 4L, 0L) + select(x >= 0.0, 8L, 0L) "
                + "+ select(x == 0.0, 16L, 0L))))";
        String longs = "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, select(x < 0L, 1L, 0L) "
                + "+ select(x <= 0L, 2L, 0L) + select(x > 0L, 4L, 0L) + select(x >= 0L, 8L, 0L) "
                + "+ select(x == 0L, 16L, 0L) + select(x != 0L, 32L, 0L))))";
        String choices = "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, select(x >= 0.0, 2.0, -0.5))))";
        assertEquals(expectedDoubles, run(doubles, v, 0L));
        assertEquals(expectedLongs, run(longs, l, 0L));
        assertEquals(expectedChoices, run(choices, v, 0.0));
        assertSameMerges(doubles, v, null, 0L);
        assertSameMerges(longs, l, null, 0L);
        assertSameMerges(choices, v, null, 0.0);
    }

    private static Object run(String program, Object store, Object initial) {
        LanePlanner.Plan plan = Plans.plan(program);
        assertNotNull(plan, program);
        return plan.kernel().scalarBlocks().run(new Object[] {store}, new long[] {0}, 0, LENGTH,
                invariants(plan, null), new Object[] {initial})[0];
    }

    @Test
    void indexedMergesCombineEachElementOnce() {
        double[] v = doubles();
        LanePlanner.Plan plan = indexedPlan("|v: vec[f64], g: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| "
                + "merge(b, {i, x * 0.5 - 1.0})))");
        double[] target = new Random(20).doubles(LENGTH).toArray();
        double[] expected = target.clone();
        for (int i = 3; i < 1700; i++) {
            expected[i] += v[i] * 0.5 - 1.0;
        }
        plan.kernel().scalarBlocks().runIndexedMerge(new Object[] {v}, new long[] {0}, 3, 1700,
                invariants(plan, null), target);
        assertArrayEquals(expected, target);
        int[] k = new Random(21).ints(LENGTH, -1000, 1000).toArray();
        LanePlanner.Plan ints = indexedPlan("|v: vec[i32], g: vec[i32]| result(for(v, vecmerger[i32,*](g), |b, i, x| "
                + "merge(b, {i, x + 2})))");
        int[] products = new Random(22).ints(LENGTH, -50_000, 50_000).toArray();
        int[] expectedProducts = products.clone();
        for (int i = 0; i < LENGTH; i++) {
            expectedProducts[i] *= k[i] + 2;
        }
        ints.kernel().scalarBlocks().runIndexedMerge(new Object[] {k}, new long[] {0}, 0, LENGTH,
                invariants(ints, null), products);
        assertArrayEquals(expectedProducts, products);
    }

    private static LanePlanner.Plan indexedPlan(String program) {
        LanePlanner.Plan plan = Plans.indexedPlan(program);
        assertNotNull(plan, program);
        return plan;
    }
}
