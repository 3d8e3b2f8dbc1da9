package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.oracle.truffle.api.nodes.NodeUtil;

import weld.WeldLanguage;
import weld.nodes.NodeBuilder;
import weld.nodes.loop.lanes.LanePlanner;
import weld.nodes.loop.lanes.Plans;

/**
 * SIMD merger reductions ({@link VectorReductionBody}) against the scalar loop (option {@code weld.Vectorize} off):
 * integer results are exact, floating-point sums equal within rounding, for lengths around the lane counts, the
 * block and the chunk size, slices with offsets, zips, predicated updates, structs of mergers, external buffers and
 * parallel tasks; and which loops the planner accepts.
 */
class VectorReductionBodyTest {
    /** {@link weld.nodes.loop.lanes.LanePlanner#WIDE_I64}: whether kernels take i64 multiplications, division, conversions. */
    private static final boolean WIDE_I64 = weld.nodes.loop.lanes.LanePlanner.WIDE_I64;

    private static SimdContexts contexts;
    private static Context simd;
    private static Context scalar;
    private static Context parallel;
    private static final int[] LENGTHS = lengths();

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

    /** 0, the scalar cut-off and every tail length after it, block and chunk boundaries. */
    private static int[] lengths() {
        int[] extra = {0, 1, 63, 511, 512, 513, 1025, 65535, 65536, 65537, 200_003};
        int[] r = new int[extra.length + 40];
        for (int i = 0; i < 40; i++) {
            r[i] = KernelBody.MIN_ITERATIONS + i;
        }
        System.arraycopy(extra, 0, r, 40, extra.length);
        return r;
    }

    private static Value run(Context c, String program, Object... args) {
        return c.eval("weld", program).execute(args);
    }

    private static void assertSame(String program, Object... args) {
        Value expected = run(scalar, program, args);
        for (Context c : contexts.withKernels()) {
            Value actual = run(c, program, args);
            if (expected.fitsInLong()) {
                assertEquals(expected.asLong(), actual.asLong(), program);
            } else if (expected.hasArrayElements() || expected.hasMembers()) {
                assertEquals(expected.toString(), actual.toString(), program);
            } else {
                double e = expected.asDouble();
                double relative = program.contains("f32") ? 1e-5 : 1e-9;
                assertEquals(e, actual.asDouble(), relative * Math.max(1, Math.abs(e)), program);
            }
        }
    }

    private static double[] doubles(int n) {
        return new Random(n).doubles(n).map(x -> (x - 0.3) * 100).toArray();
    }

    private static long[] longs(int n) {
        return new Random(n).longs(n).map(x -> x >> 3).toArray();
    }

    /** Masks of comparisons on one kind selecting values of another, and masks combined and selected. */
    @Test
    void masksOfOneKindSelectValuesOfAnother() {
        for (int n : new int[] {64, 65, 127, 1000, 4099, 70_001}) {
            int[] k = new Random(n).ints(n, 0, 10).toArray();
            double[] x = doubles(n);
            x[n / 2] = Double.NaN;
            // Multiples of 1/8: sums exact in any order, so structs (compared as text) are equal.
            double[] eighths = java.util.Arrays.stream(x).map(v -> Double.isNaN(v) ? v : Math.rint(v * 8) / 8).toArray();
            assertSame("|k: vec[i32], x: vec[f64]| result(for(zip(k, x), merger[f64,+], |b, i, e| "
                    + "if(e.$0 > 5 && e.$1 < 20.0, merge(b, e.$1 * 2.0 + 1.0), b)))", k, x);
            assertSame("|k: vec[i32], x: vec[f64]| let r = for(zip(k, x), {merger[f64,+], merger[i64,+], merger[i32,max]}, "
                    + "|b, i, e| if(e.$0 <= 3 || e.$1 > 60.0, {merge(b.$0, -e.$1), merge(b.$1, 1L), merge(b.$2, e.$0)}, b)); "
                    + "{result(r.$0), result(r.$1), result(r.$2)}", k, eighths);
            assertSame("|k: vec[i32], x: vec[f64]| result(for(zip(k, x), merger[i32,+], |b, i, e| "
                    + "merge(b, select(select(e.$1 > 0.0, e.$0 < 7, e.$0 >= 2), e.$0 * 3, 1))))", k, x);
        }
    }

    @Test
    void sumsForEveryTailLength() {
        for (int n : LENGTHS) {
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+](0.5), |b, i, x| merge(b, x)))", doubles(n));
            assertSame("|v: vec[i64]| result(for(v, merger[i64,+](3L), |b, i, x| merge(b, x * 3L - 1L)))", longs(n));
        }
    }

    @Test
    void predicatedUpdatesBlendInsteadOfBranching() {
        for (int n : new int[] {0, 77, 1000, 70_001}) {
            double[] v = doubles(n);
            assertSame("|v: vec[f64], t: f64| result(for(v, merger[f64,+], |b, i, x| if(x > t, merge(b, x * 2.0), b)))", v, 10.0);
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, select(x < 0.0, -x, x / 4.0))))", v);
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.0 && x <= 50.0, merge(b, x), "
                    + "if(x == 1.0, b, merge(b, 1.0)))))", v);
            long[] w = longs(n);
            assertSame("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| if(x != 0L && x % 2L == 0L, merge(b, 1L), b)))", w);
            assertSame("|v: vec[i64]| result(for(v, merger[i64,max], |b, i, x| let y = min(x, 5L); merge(b, y)))", w);
        }
    }

    @Test
    void accumulatorsWiderThanTheElementsSetTheLanes() {
        for (int n : new int[] {64, 65, 1000}) {
            int[] k = new Random(n).ints(n, -5, 30).toArray();
            // The merge folds away (no lane node of kind f64 / i64 is left), the accumulators are still 64-bit.
            assertSame("|k: vec[i32]| result(for(k, merger[f64,+], |b, i, e| if(false, merge(b, 0.5), b)))", k);
            assertSame("|k: vec[i32]| result(for(k, merger[i64,*], |b, i, e| if(false, merge(b, 2L), b)))", k);
            assertSame("|k: vec[i32]| result(for(k, merger[f64,+], |b, i, e| merge(b, 0.5)))", k);
        }
    }

    @Test
    void integerOverflowWraps() {
        long[] v = new long[1000];
        java.util.Arrays.fill(v, Long.MAX_VALUE / 3);
        assertSame("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x * 7L)))", v);
        int[] w = new int[999];
        java.util.Arrays.fill(w, 1 << 29);
        assertSame("|v: vec[i32]| result(for(v, merger[i32,*], |b, i, x| merge(b, x + 3)))", w);
    }

    @Test
    void slicesZipsAndStructsOfMergers() {
        double[] v = doubles(5000);
        float[] f = new float[5000];
        int[] k = new int[5000];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) v[i];
            k[i] = (int) (v[i] * 7);
        }
        assertSame("|v: vec[f64]| result(for(iter(v, 3L, 4093L, 1L), merger[f64,+], |b, i, x| merge(b, x)))", v);
        assertSame("|v: vec[f64]| result(for(slice(v, 17L, 4000L), merger[f64,*](1.0), |b, i, x| merge(b, 1.0 + x / 1e5)))", v);
        assertSame("|f: vec[f32], k: vec[i32]| result(for(zip(f, k), merger[f32,+], |b, i, x| "
                + "if(x.$1 > 10, merge(b, x.$0 * 2.0f), b)))", f, k);
        assertSame("|f: vec[f32], k: vec[i32]| let r = for(zip(f, k), {merger[i64,+], merger[i32,min], merger[i32,+]}, "
                + "|b, i, x| {if(x.$0 > 0.0f, merge(b.$0, 1L), b.$0), merge(b.$1, x.$1), merge(b.$2, x.$1 * 3)}); "
                + "{result(r.$0), result(r.$1), result(r.$2)}", f, k);
    }

    @Test
    void mergersOverStructsRunAsKernels() {
        // merger[{..}, op] merges field by field: it runs as one merger per field, as a kernel too.
        String sums = "|k: vec[i32], x: vec[f64]| result(for(zip(k, x), merger[{f64, i64, i32}, +], |b, i, e| "
                + "if(e.$0 > 2, merge(b, {e.$1 * 0.5, 1L, e.$0}), b)))";
        var root = NodeBuilder.build(null, WeldLanguage.compile(sums), "", true, 0);
        assertNotNull(NodeUtil.findFirstNodeInstance(root, VectorReductionBody.class), "a kernel runs the struct merger");
        for (int n : new int[] {0, 31, 64, 1000, 70_001}) {
            int[] k = new Random(n).ints(n, 0, 10).toArray();
            // Multiples of 1/8: sums exact in any order, so structs (compared as text) are equal.
            double[] x = java.util.Arrays.stream(doubles(n)).map(v -> Math.rint(v * 8) / 8).toArray();
            assertSame(sums, k, x);
            assertSame("|x: vec[f64]| result(for(x, merger[{f64, f64}, max], |b, i, v| merge(b, {v, -v})))", x);
        }
    }

    /** Values whose conversions saturate, wrap, round or truncate: NaN, infinities, past i32 and i64, halves. */
    private static double[] edgeDoubles(int n) {
        double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 3e9, -3e9, 1e19, -1e19,
            -0.5, 0.5, -2.75, 2.75, 0x1p53 + 2, -0.0, 4.5e15};
        double[] v = doubles(n);
        for (int i = 0; i < n; i++) {
            if (i % 5 == 0) {
                v[i] = special[(i / 5) % special.length];
            }
        }
        return v;
    }

    /** Conversions between f64, f32, i64 and i32 run in the kernel with CastNode's values (a float to i32 via i64). */
    @Test
    void conversionsRunAsKernels() {
        for (int n : new int[] {0, 31, 64, 65, 1000, 70_001}) {
            double[] d = edgeDoubles(n);
            float[] f = new float[n];
            long[] l = longs(n);
            int[] k = new int[n];
            for (int i = 0; i < n; i++) {
                f[i] = (float) d[i];
                k[i] = (int) l[i];
                if (i % 7 == 0) {
                    l[i] = i % 2 == 0 ? Long.MIN_VALUE : (1L << 53) + 1;
                }
            }
            // Integer sums wrap, so they are exact in any order.
            for (String to : new String[] {"i64", "i32"}) {
                assertSame("|v: vec[f64]| result(for(v, merger[" + to + ",+], |b, i, x| merge(b, " + to + "(x))))", d);
                assertSame("|v: vec[f32]| result(for(v, merger[" + to + ",+], |b, i, x| merge(b, " + to + "(x * 2.0f))))", f);
            }
            assertSame("|v: vec[i64]| result(for(v, merger[i32,+], |b, i, x| merge(b, i32(x) * 3)))", l);
            assertSame("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x) * 3L)))", k);
            // Float results: inputs without NaN, sums within rounding.
            double[] finite = doubles(n);
            assertSame("|v: vec[f32]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.0f, merge(b, f64(x)), b)))", f);
            assertSame("|v: vec[i64]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(x) * 1e-9)))", l);
            assertSame("|v: vec[i64]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(f32(x)))))", l);
            assertSame("|v: vec[i32]| result(for(v, merger[f64,+], |b, i, x| merge(b, sqrt(f64(x) * f64(x)))))", k);
            assertSame("|v: vec[i32]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(f32(x)))))", k);
            if (n <= 1000) {
                // Short f32 sums: their rounding, in another order, stays within the comparison's 1e-5.
                assertSame("|v: vec[f64]| result(for(v, merger[f32,+], |b, i, x| merge(b, f32(x) * 0.5f)))", finite);
            }
            // A conversion feeding a math function and one of its results (a kernel in stages).
            assertSame("|v: vec[i32]| result(for(v, merger[f64,+], |b, i, x| merge(b, exp(f64(x % 50) / 10.0))))", k);
            assertSame("|v: vec[f64]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(log(x * x + 1.0) * 1e3))))",
                    finite);
        }
        assertNotNull(plan("|v: vec[i32]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(x))))"));
        assertNull(plan("|v: vec[f64]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(i8(x)))))"), "i8");
        assertNull(plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(x > 0.0))))"), "bool");
    }

    /** The loop index is a kernel value: the iteration's number from 0, also over slices and in parallel tasks. */
    @Test
    void theIndexIsAKernelValue() {
        for (int n : LENGTHS) {
            double[] v = doubles(n + 5);
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x * f64(i % 1000L))))", v);
            assertSame("|v: vec[f64]| result(for(iter(v, 5L, len(v), 1L), {merger[i64,+], merger[i64,max]}, |b, i, x| "
                    + "{merge(b.$0, i * 3L), if(x > 10.0, merge(b.$1, i), b.$1)}))", v);
            assertSame("|v: vec[f64], k: vec[i32]| result(for(zip(v, k), merger[i32,+], |b, i, e| "
                    + "merge(b, i32(i) * e.$1)))", doubles(n), new Random(n).ints(n, -9, 9).toArray());
        }
    }

    /** Rows of {i32, f64, i64}: {i % 17 - 8, i / 4 - 3, 3i}, as host arrays (stored in columns). */
    private static Object[] rows(int n) {
        Object[] rows = new Object[n];
        for (int i = 0; i < n; i++) {
            rows[i] = new Object[] {i % 17 - 8, i * 0.25 - 3.0, 3L * i};
        }
        return rows;
    }

    /** Fields of a vector of structs are kernel values, read from their columns, also through a zip. */
    @Test
    void fieldsOfStructVectorsAreReadFromTheirColumns() {
        String sums = "|v: vec[{i32, f64, i64}]| result(for(v, {merger[f64,+], merger[i64,+]}, |b, i, e| "
                + "{if(e.$0 > 0, merge(b.$0, e.$1 * 2.0), b.$0), merge(b.$1, e.$2 + i64(e.$0))}))";
        String zipped = "|v: vec[{i32, f64, i64}], w: vec[f64]| result(for(zip(w, v), merger[f64,+], |b, i, e| "
                + "merge(b, e.$1.$1 * e.$0 + f64(e.$1.$0))))";
        String slice = "|v: vec[{i32, f64, i64}]| result(for(iter(v, 3L, len(v), 1L), merger[i64,max], |b, i, e| "
                + "merge(b, e.$2 - i64(e.$0) * 5L)))";
        for (String p : new String[] {sums, zipped}) {
            assertNotNull(plan(p), p);
        }
        // an i64 multiplication and maximum: a kernel only where they are vector instructions
        assertEquals(WIDE_I64, plan(slice) != null, slice);
        for (int n : new int[] {3, 31, 64, 65, 1000, 70_001}) {
            assertSame(sums, (Object) rows(n));
            assertSame(zipped, rows(n), doubles(n));
            assertSame(slice, (Object) rows(n));
        }
        // The whole struct, or a field that is a struct, is not a kernel value.
        assertNull(plan("|v: vec[{i64, i64}]| result(for(v, merger[i64,+], |b, i, e| merge(b, {e, 1L}.$0.$1)))"));
        assertNull(plan("|v: vec[{{i64, f64}, i64}]| result(for(v, merger[i64,+], |b, i, e| merge(b, e.$0.$0)))"));
    }

    /** A vector of bool is a kernel input: its elements are masks (a filter column, or a flag field in columns). */
    @Test
    void boolVectorsAreMasks() {
        String filtered = "|m: vec[bool], x: vec[f64]| result(for(zip(m, x), {merger[f64,+], merger[i64,+]}, |b, i, e| "
                + "if(e.$0, {merge(b.$0, e.$1), merge(b.$1, 1L)}, b)))";
        String combined = "|m: vec[bool], x: vec[f64]| result(for(zip(m, x), merger[f64,+], |b, i, e| "
                + "merge(b, select(e.$0 && e.$1 > 10.0 || !e.$0 && e.$1 < 0.0, e.$1, 1.0))))";
        String count = "|m: vec[bool]| result(for(m, merger[i64,+], |b, i, x| if(x, merge(b, 1L), b)))";
        String flags = "|v: vec[{bool, f64}]| result(for(v, merger[f64,+], |b, i, e| if(e.$0, merge(b, e.$1), b)))";
        for (String p : new String[] {combined, count, flags}) {
            assertNotNull(plan(p), p);
        }
        for (int n : new int[] {0, 31, 64, 65, 1000, 70_001}) {
            boolean[] m = new boolean[n];
            Object[] rows = new Object[n];
            double[] x = java.util.Arrays.stream(doubles(n)).map(v -> Math.rint(v * 8) / 8).toArray();
            Random r = new Random(n);
            for (int i = 0; i < n; i++) {
                m[i] = r.nextInt(3) == 0;
                rows[i] = new Object[] {m[i], x[i]};
            }
            assertSame(filtered, m, x);
            assertSame(combined, m, x);
            assertSame(count, m);
            assertSame(flags, (Object) rows);
        }
    }

    /**
     * Vectors of i8 (text) and u8 are kernel inputs, compared and converted as i32 values; byte arithmetic stays
     * scalar.
     */
    @Test
    void bytesAreComparedAndConverted() {
        String count = "|s: vec[i8]| result(for(s, merger[i64,+], |b, i, c| if(c == 108c, merge(b, 1L), b)))";
        String widened = "|s: vec[i8]| result(for(s, {merger[i64,+], merger[i32,max]}, |b, i, c| {merge(b.$0, i64(c)), "
                + "merge(b.$1, select(c > 0c && c != 127c, i32(c), -1))}))";
        String zipped = "|s: vec[i8], x: vec[f64]| result(for(zip(s, x), merger[f64,+], |b, i, e| "
                + "merge(b, f64(e.$0) * e.$1)))";
        String unsigned = "|s: vec[u8]| result(for(s, {merger[i64,+], merger[f64,+]}, |b, i, c| "
                + "{if(c > u8(200), merge(b.$0, i64(c)), b.$0), merge(b.$1, f64(c) * 0.5)}))";
        for (String p : new String[] {count, widened, zipped, unsigned}) {
            // bytes beside 64-bit values: a kernel only with 512-bit vectors (8 lanes of 64 bits)
            assertEquals(WIDE_I64, plan(p) != null, p);
        }
        for (int n : new int[] {0, 31, 64, 65, 1000, 70_001}) {
            byte[] s = new byte[n];
            new Random(n).nextBytes(s);
            for (int i = 0; i < n; i += 7) {
                s[i] = 108;
            }
            assertSame(count, s);
            assertSame(widened, s);
            assertSame(zipped, s, doubles(n));
            // u8 values are zero-extended: 200..255 are the bytes -56..-1.
            assertEquals(run(scalar, unsigned, (Object) s).toString(), run(simd, unsigned, (Object) s).toString());
            for (Context c : contexts.withKernels()) {
                assertEquals(run(scalar, unsigned, (Object) s).toString(), run(c, unsigned, (Object) s).toString());
            }
        }
        String fields = "|v: vec[{u8, i8, f64}]| result(for(v, merger[f64,+], |b, i, e| "
                + "if(e.$0 > u8(100) && e.$1 < 0c, merge(b, e.$2 + f64(e.$1)), b)))";
        assertEquals(WIDE_I64, plan(fields) != null, fields);
        for (int n : new int[] {31, 64, 1000, 70_001}) {
            Object[] rows = new Object[n];
            Random r = new Random(n);
            for (int i = 0; i < n; i++) {
                rows[i] = new Object[] {r.nextInt(256), r.nextInt(256) - 128, i * 0.5};
            }
            assertSame(fields, (Object) rows);
        }
        assertNull(plan("|s: vec[i8]| result(for(s, merger[i32,+], |b, i, c| merge(b, i32(c + 1c))))"), "i8 arithmetic");
        assertNull(plan("|s: vec[i8]| result(for(s, merger[i8,+], |b, i, c| merge(b, c)))"), "an i8 merger");
        assertNull(plan("|s: vec[i8], t: i8| result(for(s, merger[i64,+], |b, i, c| if(c == t, merge(b, 1L), b)))"),
                "an i8 variable");
    }

    /** A unit-stride rangeiter's element, start + index, is a kernel value; other strides run the scalar loop. */
    @Test
    void unitStrideRangesRunAsKernels() {
        for (int n : LENGTHS) {
            for (long start : new long[] {0, -7, 1L << 40}) {
                assertSame("|a: i64, n: i64| result(for(rangeiter(a, a + n, 1L), merger[i64,+], |b, i, x| merge(b, x * x)))",
                        start, (long) n);
                assertSame("|a: i64, n: i64| result(for(rangeiter(a, a + n, 1L), {merger[f64,+], merger[i64,max]}, "
                        + "|b, i, x| {if(x % 3L == 0L, merge(b.$0, sqrt(f64(x) * f64(x)) * 0.5), b.$0), merge(b.$1, -x)}))",
                        start, (long) n);
            }
        }
        assertSame("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i32,+], |b, i, x| merge(b, i32(x))))", 100_000L);
        assertSame("|n: i64| result(for(rangeiter(0L, n, 1L), merger[f64,+], |b, i, x| merge(b, exp(f64(x) / 1e5))))",
                100_000L);
        assertNotNull(plan("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))"));
        assertEquals(WIDE_I64,
                plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, f64(i))))") != null,
                "the index, converted from i64 where that is a vector instruction");
        assertNull(plan("|n: i64| result(for(rangeiter(0L, n, 2L), merger[i64,+], |b, i, x| merge(b, x)))"), "stride");
    }

    @Test
    void externalBuffersRunTheScalarLoop() {
        DoubleBuffer direct = ByteBuffer.allocateDirect(8 * 1000).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        for (int i = 0; i < 1000; i++) {
            direct.put(i, i);
        }
        assertEquals(499500.0, run(simd, "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))", direct).asDouble());
    }

    @Test
    void integerDivisionByZeroIsStillAnError() {
        long[] v = longs(1000);
        PolyglotException e = assertThrows(PolyglotException.class,
                () -> run(simd, "|v: vec[i64], d: i64| result(for(v, merger[i64,+], |b, i, x| merge(b, x / d)))", v, 0L));
        assertTrue(e.getMessage().contains("zero"), e.getMessage());
    }

    /**
     * {@code i32} {@code /} and {@code %} by a loop-invariant divisor run in the kernel (through {@code f64} lanes)
     * with the scalar loop's results, from the extremes of {@code i32} to small values; with a divisor of 0 the
     * scalar loop runs, so the error is where the scalar loop reports it and a division it never reaches is none;
     * with -1 too, so the {@code i32} minimum wraps as it does there.
     */
    @Test
    void integerDivisionByAnInvariantRunsInTheKernel() {
        String byConstant = "|v: vec[i32]| result(for(v, {merger[i32,+], merger[i64,+]}, |b, i, x| "
                + "{merge(b.$0, x % 7), if(x % 2 == 0, merge(b.$1, i64(x / -3)), b.$1)}))";
        String byParameter = "|v: vec[i32], d: i32| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x / d + x % d))))";
        String guarded = "|v: vec[i32], d: i32| result(for(v, merger[i64,+], |b, i, x| "
                + "if(d != 0, merge(b, i64(x % d)), merge(b, i64(x)))))";
        assertNotNull(plan(byConstant));
        assertNotNull(plan(byParameter));
        assertNotNull(plan(guarded));
        assertEquals(java.util.List.of(0), plan(byParameter).divisors());
        assertNull(plan("|v: vec[i32], w: vec[i32]| result(for(zip(v, w), merger[i32,+], |b, i, x| merge(b, x.$0 / (x.$1 * 2))))"),
                "a divisor computed per iteration");
        assertNull(plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x % 2.0)))"), "float remainder");
        for (int n : new int[] {40, 1000, 70_001}) {
            int[] v = new int[n];
            Random r = new Random(n);
            for (int i = 0; i < n; i++) {
                v[i] = i % 5 == 0 ? new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1}[i / 5 % 5] : r.nextInt();
            }
            assertSame(byConstant, v);
            for (int d : new int[] {1, 2, -2, 7, 1000, -65537, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0}) {
                assertSame(guarded, v, d);
                if (d != 0) {
                    assertSame(byParameter, v, d);
                }
            }
        }
        int[] v = new int[1000];
        String expected = assertThrows(PolyglotException.class, () -> run(scalar, byParameter, v, 0)).getMessage();
        assertTrue(expected.contains("division by zero"), expected);
        for (Context c : contexts.withKernels()) {
            assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, byParameter, v, 0)).getMessage());
        }
    }

    /**
     * {@code i64} {@code /} and {@code %} by a loop-invariant divisor run in the kernel (through {@code f64} lanes
     * where every operand of a vector is below 2^52 in magnitude, value by value otherwise): results as the scalar
     * loop's for timestamps bucketed by a day, for the extremes of {@code i64} among them, and for divisors past
     * 2^52; a zero divisor fails with the scalar loop's error.
     */
    @Test
    void longDivisionByAnInvariantRunsInTheKernel() {
        String buckets = "|v: vec[i64], d: i64| result(for(v, {merger[i64,+], merger[i64,max]}, |b, i, x| "
                + "{merge(b.$0, x / d), if(x % d > d / 2L, merge(b.$1, x % d), b.$1)}))";
        String byConstant = "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x % 1000L + x / -7L)))";
        // i64 division and a merger[i64,max]: a kernel only where they are vector instructions
        assertEquals(WIDE_I64, plan(buckets) != null);
        assertEquals(WIDE_I64, plan(byConstant) != null);
        if (WIDE_I64) {
            assertEquals(java.util.List.of(0, 1), plan(buckets).divisors(), "d and 2L");
        }
        assertNull(plan("|v: vec[i64], w: vec[i64]| result(for(zip(v, w), merger[i64,+], |b, i, x| merge(b, x.$0 / (x.$1 + 1L))))"),
                "a divisor computed per iteration");
        for (int n : new int[] {40, 1000, 70_001}) {
            Random r = new Random(n);
            long start = 1_700_000_000_000L;
            long[] millis = new long[n];
            long[] mixed = new long[n];
            for (int i = 0; i < n; i++) {
                millis[i] = start + r.nextLong(400L * 86_400_000L) - (i % 3 == 0 ? 3 * start : 0);
                mixed[i] = i % 97 == 0 ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 1L << 52, -(1L << 52)}[i / 97 % 4]
                        : r.nextLong() >> r.nextInt(64);
            }
            assertSame(byConstant, millis);
            assertSame(byConstant, mixed);
            for (long d : new long[] {86_400_000L, 3_600_000L, -7L, 1L, (1L << 52) + 3, Long.MAX_VALUE, Long.MIN_VALUE, -1L}) {
                assertSame(buckets, millis, d);
                assertSame(buckets, mixed, d);
            }
        }
        long[] v = new long[1000];
        String expected = assertThrows(PolyglotException.class, () -> run(scalar, buckets, v, 0L)).getMessage();
        assertTrue(expected.contains("division by zero"), expected);
        for (Context c : contexts.withKernels()) {
            assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, buckets, v, 0L)).getMessage());
        }
    }

    /**
     * {@code /} and {@code %} by an element the loop reads (an iterator's, a struct column's) run in the kernel up to
     * the first divisor that is 0 or -1, whose rows the scalar body runs: a zero under a guard is no error, one that
     * is divided by fails as in the scalar loop, and the minimum divided by -1 wraps as there.
     */
    @Test
    void divisionByAnElementRunsInTheKernelUpToAZeroOrMinusOne() {
        String ints = "|v: vec[i32], w: vec[i32]| result(for(zip(v, w), merger[i32,+], |b, i, x| merge(b, x.$0 / x.$1 + x.$0 % x.$1)))";
        String guarded = "|v: vec[i64], w: vec[i64]| result(for(zip(v, w), merger[i64,+], |b, i, x| "
                + "if(x.$1 != 0L, merge(b, x.$0 / x.$1 + x.$0 % x.$1), b)))";
        String columns = "|p: vec[{i64, i64}]| result(for(p, merger[i64,+], |b, i, e| merge(b, e.$0 / e.$1)))";
        assertEquals(java.util.List.of(1), plan(ints).divisorInputs());
        if (WIDE_I64) {
            assertEquals(java.util.List.of(1), plan(guarded).divisorInputs());
            assertEquals(java.util.List.of(2), plan(columns).divisorInputs(), "after the iterator and the first column");
        } else {
            assertNull(plan(guarded), "i64 division: a scalar loop without AVX-512");
            assertNull(plan(columns), "i64 division: a scalar loop without AVX-512");
        }
        for (int n : new int[] {40, 1000, 70_001}) {
            Random r = new Random(n);
            int[] v = new int[n];
            int[] w = new int[n];
            long[] lv = new long[n];
            long[] lw = new long[n];
            long[][] pairs = new long[n][];
            for (int i = 0; i < n; i++) {
                v[i] = i % 501 == 0 ? Integer.MIN_VALUE : r.nextInt() >> r.nextInt(32);
                int d = r.nextInt(2001) - 1000;
                w[i] = d == 0 || i % 613 == 0 ? -1 : d;
                lv[i] = i % 499 == 0 ? Long.MIN_VALUE : r.nextLong() >> r.nextInt(64);
                // Zeros in runs and alone; -1 beside the minimum.
                lw[i] = i % 1000 < 40 || r.nextInt(50) == 0 ? 0 : i % 499 == 0 ? -1 : r.nextLong() >> r.nextInt(64);
                pairs[i] = new long[] {lv[i], lw[i] == 0 ? 3 : lw[i]};
            }
            assertSame(ints, v, w);
            assertSame(guarded, lv, lw);
            Object[] structs = java.util.Arrays.stream(pairs).map(p -> org.graalvm.polyglot.proxy.ProxyArray.fromArray(p[0], p[1]))
                    .toArray();
            assertSame(columns, (Object) structs);
        }
        long[] v = longs(70_001);
        long[] w = new long[v.length];
        java.util.Arrays.fill(w, 7L);
        w[50_000] = 0;
        String unguarded = "|v: vec[i64], w: vec[i64]| result(for(zip(v, w), merger[i64,+], |b, i, x| merge(b, x.$0 / x.$1)))";
        String expected = assertThrows(PolyglotException.class, () -> run(scalar, unguarded, v, w)).getMessage();
        assertTrue(expected.contains("division by zero"), expected);
        for (Context c : contexts.withKernels()) {
            assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, unguarded, v, w)).getMessage());
        }
    }

    private static LanePlanner.Plan plan(String program) {
        return Plans.plan(program);
    }

    @Test
    void aFilteredStructOfMergersIsPredicatedAndVectorized() {
        for (int n : new int[] {0, 77, 1000, 70_001}) {
            double[] v = doubles(n);
            double[] w = doubles(n + 1);
            String program = "|v: vec[f64], w: vec[f64], t: f64| let r = for(zip(v, slice(w, 1L, len(v))), "
                    + "{merger[f64,+], merger[i64,+]}, |b, i, e| if(e.$0 > t, {merge(b.$0, 0.3 * e.$1 + 0.05), "
                    + "merge(b.$1, 1L)}, b)); {result(r.$0), result(r.$1)}";
            Value expected = run(scalar, program, v, w, 12.5);
            for (Context c : contexts.withKernels()) {
                Value actual = run(c, program, v, w, 12.5);
                double sum = expected.getArrayElement(0).asDouble();
                assertEquals(sum, actual.getArrayElement(0).asDouble(), 1e-9 * Math.max(1, Math.abs(sum)));
                assertEquals(java.util.Arrays.stream(v).filter(x -> x > 12.5).count(), actual.getArrayElement(1).asLong());
            }
        }
    }

    @Test
    void mathFunctionsRunOnLanesWithinRounding() {
        for (int n : new int[] {77, 1000, 70_001}) {
            double[] v = doubles(n);
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, exp(x / 20.0) + log(x * x + 1.0) + sqrt(x * x + 2.0))))", v);
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, sin(x) * cos(x) + tanh(x / 9.0) + atan(x) - (-x))))", v);
            assertSame("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, erf(x / 15.0) + erf(x / 80.0) + erf(x * 1e-12))))", v);
            assertSame("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, -x)))", longs(n));
        }
    }

    /** {@code lookup(x, o + i)} over the loop index is read like one more iterator, and still fails in place. */
    @Test
    void lookupsOverTheIndexRunInTheKernelAndStillFailWhereTheScalarLoopDoes() {
        double[] x = doubles(10_000);
        String dot = "|x: vec[f64], w: vec[f64], o: i64| result(for(w, merger[f64,+], |s, j, y| merge(s, lookup(x, o + j) * y)))";
        for (int n : new int[] {64, 1023, 1024, 5000, 9_990}) {
            double[] w = doubles(n);
            for (long o : new long[] {0, 1, 10_000 - n}) {
                assertSame(dot, x, w, o);
            }
            assertSame("|x: vec[f64], w: vec[f64]| result(for(w, merger[f64,+], |s, j, y| "
                    + "if(lookup(x, j) > 10.0, merge(s, lookup(x, j + 3L) - y), s)))", x, w);
        }
        double[] w = doubles(6000);
        String expected = assertThrows(PolyglotException.class, () -> run(scalar, dot, x, w, 4001L)).getMessage();
        assertTrue(expected.contains("index 10000 out of bounds"), expected);
        for (Context c : contexts.withKernels()) {
            assertEquals(expected, assertThrows(PolyglotException.class, () -> run(c, dot, x, w, 4001L)).getMessage());
        }
        assertNotNull(plan("|x: vec[f64], w: vec[f64]| result(for(w, merger[f64,+], |s, j, y| merge(s, lookup(x, j) * y)))"));
        assertNull(plan("|x: vec[f64], w: vec[f64]| result(for(w, merger[f64,+], |s, j, y| merge(s, lookup(x, j * 2L) * y)))"),
                "not a unit-stride lookup");
        assertNull(plan("|x: vec[f64], w: vec[i64]| result(for(w, merger[f64,+], |s, j, y| merge(s, lookup(x, y + j))))"),
                "offset varies");
    }

    @Test
    void thePlannerTakesElementWiseUpdatesOnly() {
        assertNotNull(plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.5, merge(b, x), b)))"));
        assertNotNull(plan("|v: vec[i32], w: vec[i32]| result(for(zip(v, w), merger[i32,max], |b, i, x| merge(b, x.$0 - x.$1)))"));
        assertNull(plan("|v: vec[f64]| result(for(v, merger[f64,max], |b, i, x| merge(b, x)))"), "NaN order");
        assertNull(plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, max(x, 0.0))))"), "NaN semantics");
        assertNull(plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x != 0.5, merge(b, x), b)))"), "NaN !=");
        assertNull(plan("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, 3L / (x - 1L))))"),
                "integer division by a computed value");
        assertNull(plan("|v: vec[u64]| result(for(v, merger[u64,+], |b, i, x| merge(b, x)))"), "unsigned");
        assertNull(plan("|v: vec[f64]| result(for(iter(v, 0L, 10L, 2L), merger[f64,+], |b, i, x| merge(b, x)))"), "stride");
        assertNull(plan("|v: vec[f64], s: i64| result(for(iter(v, 0L, 10L, s), merger[f64,+], |b, i, x| merge(b, x)))"),
                "a stride known only at run time");
        assertNotNull(plan("|v: vec[f64]| result(for(iter(v, 3L, 90L, 1L), merger[f64,+], |b, i, x| merge(b, x)))"),
                "the literal unit stride");
        assertNotNull(plan("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, erf(x) * exp(-x) + sqrt(x))))"));
        assertNotNull(plan("|v: vec[f32]| result(for(v, merger[f32,+], |b, i, x| merge(b, sqrt(-x))))"));
        assertNull(plan("|v: vec[f32]| result(for(v, merger[f32,+], |b, i, x| merge(b, exp(x))))"), "f32 math");
    }
}
