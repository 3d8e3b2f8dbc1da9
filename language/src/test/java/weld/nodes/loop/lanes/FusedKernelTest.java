package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

import weld.ir.Expr;

/**
 * The fused kernel, which only compiled code runs, against the lane kernel's blocks, which the interpreter runs
 * (both checked against the scalar loop by {@code VectorReductionBodyTest}): the same merges for every number of
 * vector steps up to a few unrolled groups and a long run, at offsets, for each element kind, masks and blends,
 * square roots and negation, and a loop-invariant value; kernels with math functions, which run in stages, also
 * when they merge into a vecmerger at the loop index.
 */
class FusedKernelTest {
    private static final int LENGTH = 10_000;

    /**
     * Runs both kernels over 0 to 19 and many vector steps, from 0 and 3, and compares their merged results; the
     * program's parameter {@code t}, if any, is {@code t}.
     */
    private static void assertSameMerges(String program, Object store, Object t, Object initial) {
        assertSameMergesOfAll(program, store, t, new Object[] {initial});
    }

    /**
     * {@link #assertSameMerges} for a program with an {@code i64} multiplication, minimum or maximum or a conversion
     * from or to {@code i64}: a kernel only where those are vector instructions ({@link LanePlanner#WIDE_I64}), a
     * scalar loop elsewhere.
     */
    private static void assertSameMergesWide(String program, Object store, Object t, Object initial) {
        if (!LanePlanner.WIDE_I64) {
            assertNull(Plans.plan(program), program);
            return;
        }
        assertSameMerges(program, store, t, initial);
    }

    /** The same for every merger of the kernel, {@code initial} holding their initial values. */
    private static void assertSameMergesOfAll(String program, Object store, Object t, Object[] initial) {
        LanePlanner.Plan plan = Plans.plan(program);
        assertNotNull(plan, program);
        FusedKernel fused = plan.kernel().fused();
        assertNotNull(fused, program);
        Object[] invariants = plan.invariants().stream()
                .map(e -> e instanceof Expr.Literal l ? l.value() : t).toArray();
        Object[] stores = {store};
        for (long from : new long[] {0, 3}) {
            for (int steps : steps(fused.lanes())) {
                long[] bases = {0};
                Object[] acc = initial.clone();
                fused.run(stores, bases, from, steps, invariants, acc);
                Object[] expected = plan.kernel().run(stores, bases, from, from + (long) steps * fused.lanes(),
                        invariants, initial.clone());
                for (int j = 0; j < initial.length; j++) {
                    String at = program + " from " + from + ", " + steps + " steps, merger " + j;
                    if (expected[j] instanceof Double e) {
                        assertEquals(e, (Double) acc[j], 1e-9 * Math.max(1, Math.abs(e)), at);
                    } else if (expected[j] instanceof Float e) {
                        assertEquals(e, (Float) acc[j], 1e-4f * Math.max(1, Math.abs(e)), at);
                    } else {
                        assertEquals(expected[j], acc[j], at);
                    }
                }
            }
        }
    }

    private static int[] steps(int lanes) {
        int[] r = new int[21];
        for (int i = 0; i < 20; i++) {
            r[i] = i;
        }
        r[20] = (LENGTH - 3) / lanes;
        return r;
    }

    private static double[] doubles() {
        return new Random(7).doubles(LENGTH).map(x -> (x - 0.3) * 100).toArray();
    }

    @Test
    void doubleSumsProductsAndMasks() {
        double[] v = doubles();
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,+](0.5), |b, i, x| merge(b, x * 2.0 - 1.0)))", v,
                null, 0.5);
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,*](1.0), |b, i, x| merge(b, 1.0 + x / 1e5)))", v,
                null, 1.0);
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, select(x < 0.0, 0.0 - x, x / 4.0))))",
                v, null, 0.0);
        assertSameMerges("|v: vec[f64], t: f64| result(for(v, merger[f64,+], |b, i, x| if(x > t, merge(b, x), b)))", v,
                12.5, 0.0);
        assertSameMerges("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, sqrt(x * x + 2.0) - (-x))))", v,
                null, 0.0);
    }

    @Test
    void integerAndFloatKinds() {
        long[] l = new Random(8).longs(LENGTH).map(x -> x >> 3).toArray();
        int[] k = new Random(9).ints(LENGTH, -1000, 1000).toArray();
        float[] f = new float[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            f[i] = k[i] / 7f;
        }
        assertSameMergesWide("|v: vec[i64]| result(for(v, merger[i64,+](3L), |b, i, x| merge(b, x * 3L - 1L)))", l,
                null, 3L);
        assertSameMerges("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| if(x != 0L && x < 100L, merge(b, 1L), b)))",
                l, null, 0L);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i32,min], |b, i, x| merge(b, x * 3 + 1)))", k,
                null, Integer.MAX_VALUE);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i32,+], |b, i, x| merge(b, select(x > 5, x, 1))))", k,
                null, 0);
        assertSameMerges("|v: vec[f32]| result(for(v, merger[f32,+], |b, i, x| if(x > 0.0f, merge(b, x * 2.0f), b)))", f,
                null, 0f);
    }

    /**
     * The iterations to peel put the widest input's next element on a cache line (taking the array to start on one):
     * for every start, of {@code f64}, {@code i32} and byte inputs, with and without an iterator offset; none for a
     * short run.
     */
    @Test
    void alignmentPeelsToACacheLine() {
        String[][] programs = {
            {"8", "|v: vec[f64], w: vec[i32]| result(for(zip(w, v), merger[f64,+], |b, i, x| merge(b, f64(x.$0) * x.$1)))"},
            {"4", "|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))"},
            // i32 accumulators: byte vectors of 8 lanes on 256-bit vectors (64-bit ones would need 512-bit vectors)
            {"1", "|v: vec[i8]| result(for(v, merger[i32,+], |b, i, x| merge(b, i32(x))))"},
        };
        for (String[] p : programs) {
            int size = Integer.parseInt(p[0]);
            FusedKernel fused = Plans.plan(p[1]).kernel().fused();
            assertNotNull(fused, p[1]);
            int base = weld.runtime.UnsafeAccess.UNSAFE.arrayBaseOffset(size == 8 ? double[].class
                    : size == 4 ? int[].class : byte[].class);
            for (long offset : new long[] {0, 5}) {
                for (long from = 0; from < 200; from++) {
                    long[] bases = {offset, offset};
                    int peel = fused.alignment(bases, from, FusedKernel.ALIGNED_MIN_ITERATIONS);
                    assertTrue(peel >= 0 && peel * size < 64, p[1] + " from " + from + ": " + peel);
                    assertEquals(0, (base + (offset + from + peel) * size) % 64, p[1] + " from " + from);
                    assertEquals(0, fused.alignment(bases, from, FusedKernel.ALIGNED_MIN_ITERATIONS - 1),
                            "a short run is not aligned");
                }
            }
        }
    }

    @Test
    void integerDivisionRunsAsTheVectorBlocks() {
        for (String program : new String[] {"|v: vec[i32]| result(for(v, merger[i32,+], |b, i, x| merge(b, x % 7)))",
                "|v: vec[i32], d: i32| result(for(v, merger[i32,+], |b, i, x| merge(b, x / d)))"}) {
            assertNotNull(Plans.plan(program), program);
            assertNull(Plans.plan(program).kernel().fused(), program);
        }
    }

    @Test
    void conversionsBetweenTheFourKinds() {
        double[] d = doubles();
        d[5] = Double.NaN;
        d[6] = 1e19;
        d[7] = -3e9;
        long[] l = new Random(8).longs(LENGTH).map(x -> x >> 3).toArray();
        int[] k = new Random(9).ints(LENGTH, -1000, 1000).toArray();
        float[] f = new float[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            f[i] = (float) d[i];
        }
        for (String to : new String[] {"i64", "i32"}) {
            for (String from : new String[] {"f64", "f32"}) {
                String program = "|v: vec[" + from + "]| result(for(v, merger[" + to + ",+], |b, i, x| merge(b, " + to
                        + "(x))))";
                if (to.equals("i64") && !LanePlanner.WIDE_I64) {
                    assertNull(Plans.plan(program), program);
                    continue;
                }
                assertNotNull(Plans.plan(program), program);
                assertNull(Plans.plan(program).kernel().fused(), "Graal compiles no float-to-integer vector conversion");
            }
        }
        assertSameMergesWide("|v: vec[i64]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(x) * 1e-9)))", l, null, 0.0);
        assertSameMergesWide("|v: vec[i64]| result(for(v, merger[i32,+], |b, i, x| merge(b, i32(x))))", l, null, 0);
        assertSameMergesWide("|v: vec[i64]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(f32(x)))))", l, null, 0.0);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(x) * 0.5)))", k, null, 0.0);
        assertSameMergesWide("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x) * 3L)))", k, null, 0L);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x) + 3L)))", k, null, 0L);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[f32,+], |b, i, x| merge(b, f32(x) * 0.125f)))", k, null, 0f);
        assertSameMerges("|v: vec[f32]| result(for(v, merger[f64,+], |b, i, x| if(x < 20.0f, merge(b, f64(x)), b)))", f,
                null, 0.0);
        assertSameMerges("|v: vec[i32]| result(for(v, merger[f64,+], |b, i, x| merge(b, exp(f64(x) / 500.0))))", k,
                null, 0.0);
        assertSameMergesWide("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i * i64(x))))", k, null, 0L);
        assertSameMergesWide("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, exp(f64(i) / 5e3) * x)))", doubles(),
                null, 0.0);
    }

    @Test
    void boolVectorsAsMasks() {
        boolean[] m = new boolean[LENGTH];
        Random r = new Random(12);
        for (int i = 0; i < LENGTH; i++) {
            m[i] = r.nextInt(3) == 0;
        }
        assertSameMerges("|m: vec[bool]| result(for(m, merger[i64,+], |b, i, x| if(x, merge(b, 1L), b)))", m, null, 0L);
        assertSameMergesWide("|m: vec[bool]| result(for(m, merger[f64,+], |b, i, x| merge(b, select(!x, f64(i), 0.5))))", m,
                null, 0.0);
    }

    /**
     * Bytes widened to the accumulators' kind. A kernel's lanes are the vector size over its widest kind, and bytes
     * load as byte vectors of at least 64 bits: bytes into 64-bit accumulators fuse only with 512-bit vectors (4
     * lanes of 256 bits would be 32-bit byte vectors), and otherwise run as the scalar loop (their vector blocks were
     * 2.3x slower than it); into 32-bit ones they fuse with 256-bit vectors too.
     */
    @Test
    void bytesWidenedToInts() {
        byte[] s = new byte[LENGTH];
        new Random(13).nextBytes(s);
        assertSameMerges("|s: vec[i8]| result(for(s, merger[i32,+], |b, i, c| merge(b, i32(c) * 3)))", s, null, 0);
        String[] wide = {
            "|s: vec[i8]| result(for(s, merger[i64,+], |b, i, c| if(c == 108c || c < -100c, merge(b, i64(c)), b)))",
            "|s: vec[i8]| result(for(s, merger[f64,+], |b, i, c| merge(b, f64(c) * 0.5)))",
            "|s: vec[u8]| result(for(s, merger[i64,+], |b, i, c| if(c >= u8(128), merge(b, i64(c)), b)))"};
        Object[] initial = {0L, 0.0, 0L};
        boolean fuses = jdk.incubator.vector.VectorShape.preferredShape().vectorBitSize() >= 512;
        for (int k = 0; k < wide.length; k++) {
            if (fuses) {
                assertSameMerges(wide[k], s, null, initial[k]);
            } else {
                assertNull(Plans.plan(wide[k]), "bytes beside 64-bit values: a scalar loop without 8 lanes of them");
            }
        }
    }

    @Test
    void unitStrideRanges() {
        for (long start : new long[] {0, -5, 1L << 40}) {
            String program = "|n: i64| result(for(rangeiter(0L, n, 1L), {merger[i64,+], merger[f64,+]}, |b, i, x| "
                    + "{merge(b.$0, x * 3L), merge(b.$1, sqrt(f64(x) * f64(x) + 1.0))}))";
            LanePlanner.Plan plan = Plans.plan(program);
            if (!LanePlanner.WIDE_I64) {
                assertNull(plan, "an i64 multiplication and conversion: a scalar loop without AVX-512");
                return;
            }
            FusedKernel fused = plan.kernel().fused();
            Object[] invariants = plan.invariants().stream().map(e -> ((Expr.Literal) e).value()).toArray();
            for (int steps : steps(fused.lanes())) {
                for (long from : new long[] {0, 3}) {
                    Object[] acc = {0L, 0.0};
                    fused.run(new Object[] {null}, new long[] {start}, from, steps, invariants, acc);
                    long to = from + (long) steps * fused.lanes();
                    Object[] expected = plan.kernel().run(new Object[] {null}, new long[] {start}, from, to,
                            invariants, new Object[] {0L, 0.0});
                    Object[] scalar = plan.kernel().scalarBlocks().run(new Object[] {null}, new long[] {start}, from,
                            to, invariants, new Object[] {0L, 0.0});
                    long sum = 0;
                    for (long x = start + from; x < start + to; x++) {
                        sum += x * 3;
                    }
                    String at = "start " + start + " from " + from + ", " + steps + " steps";
                    assertEquals(sum, acc[0], at);
                    assertEquals(sum, expected[0], at);
                    assertEquals(sum, scalar[0], at);
                    assertEquals((Double) scalar[1], (Double) acc[1], 1e-9 * Math.abs((Double) scalar[1]), at);
                    assertEquals((Double) scalar[1], (Double) expected[1], 1e-9 * Math.abs((Double) scalar[1]), at);
                }
            }
        }
    }

    @Test
    void mathFunctionsRunInStages() {
        double[] v = doubles();
        String[] programs = {
            // One stage boundary, the function's argument an element or arithmetic; the element read again after it.
            "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x * exp(x / 100.0))))",
            "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, log(x * x + 1.0))))",
            // Chains of functions (three stages), a value computed in stage 0 read in the last, and two mergers.
            "|v: vec[f64]| result(for(v, {merger[f64,+], merger[f64,*]}, |b, i, x| let y = x * 0.5 + 1.0;"
                + " {merge(b.$0, erf(exp(x / 50.0) - 1.0) * y), merge(b.$1, 1.0 + tanh(x) / 1e4)}))",
            // A mask and a blend in the last stage, on a function's result and an element.
            "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| let e = sin(x); if(e > 0.0 && x < 20.0, merge(b, e + x), b)))",
            // A function of a loop-invariant value (broadcast into a buffer).
            "|v: vec[f64], t: f64| result(for(v, merger[f64,+], |b, i, x| merge(b, x * exp(t))))",
        };
        for (String p : programs) {
            LanePlanner.Plan plan = Plans.plan(p);
            assertNotNull(plan, p);
            assertTrue(plan.kernel().fused() != null && plan.kernel().fused().staged(), p);
        }
        assertSameMerges(programs[0], v, null, 0.0);
        assertSameMerges(programs[1], v, null, 0.0);
        assertSameMergesOfAll(programs[2], v, null, new Object[] {0.0, 1.0});
        assertSameMerges(programs[3], v, null, 0.0);
        assertSameMerges(programs[4], v, 0.25, 0.0);
    }

    @Test
    void mathFunctionsInIndexedMergesRunInStages() {
        double[] v = doubles();
        String[] programs = {
            "|v: vec[f64], g: vec[f64]| result(for(v, vecmerger[f64,+](g), |b, i, x| merge(b, {i, exp(x / 100.0) * x})))",
            // Two stages after the first, a mask on a function's result, and a product merger.
            "|v: vec[f64], g: vec[f64]| result(for(v, vecmerger[f64,*](g), |b, i, x| let e = erf(log(x * x + 1.0));"
                + " merge(b, {i, select(e > 0.5, e, 1.0 + x / 1e3)})))",
        };
        for (String p : programs) {
            LanePlanner.Plan plan = Plans.indexedPlan(p);
            assertNotNull(plan, p);
            FusedKernel fused = plan.kernel().fused();
            assertTrue(fused != null && fused.staged(), p);
            Object[] invariants = plan.invariants().stream().map(e -> ((Expr.Literal) e).value()).toArray();
            for (long from : new long[] {0, 3}) {
                for (int steps : steps(fused.lanes())) {
                    double[] target = new Random(11).doubles(LENGTH).map(x -> x + 0.5).toArray();
                    double[] expected = target.clone();
                    long to = from + (long) steps * fused.lanes();
                    plan.kernel().scalarBlocks().runIndexedMerge(new Object[] {v}, new long[] {0}, from, to, invariants,
                            expected);
                    fused.runIndexedMerge(new Object[] {v}, new long[] {0}, from, steps, invariants, target);
                    String at = p + " from " + from + ", " + steps + " steps";
                    for (int i = 0; i < LENGTH; i++) {
                        assertEquals(expected[i], target[i], 1e-12 * Math.max(1, Math.abs(expected[i])), at + ", element " + i);
                    }
                    if (steps == 0) {
                        assertArrayEquals(expected, target, at);
                    }
                }
            }
        }
    }
}
