package weld.nodes.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * Merges into several {@code f64} and {@code i64} vecmergers at one index, run as a {@link VecMergeGroupNode} (and
 * only those shapes): the sums, maxima, products and counts equal a plain Java loop's on one thread, in parallel
 * tasks with a partial per task and with shared (atomically updated) vecmergers; an index outside the shortest
 * vecmerger fails at the merge into it, with its position, after a warm-up too.
 */
class VecMergeGroupNodeTest {
    private static final String PROGRAM = """
            |k: vec[i32], x: vec[f64], zf: vec[f64], zi: vec[i64], ones: vec[f64]|
              let r = for(zip(k, x), {vecmerger[f64,+](zf), vecmerger[i64,max](zi), vecmerger[f64,*](ones),
                  vecmerger[i64,+](zi)}, |b, i, e|
                if(e.$1 >= 0.0,
                  let g = i64(e.$0);
                  {merge(b.$0, {g, e.$1 * 2.0}), merge(b.$1, {g, i}), merge(b.$2, {g, 1.0 + e.$1 / 1000000.0}),
                   merge(b.$3, {g, 1L})},
                  b));
              {result(r.$0), result(r.$1), result(r.$2), result(r.$3)}
            """;

    private static Context context(int threads, String sharedLength) {
        return Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                .option("weld.Grain", "100").option("weld.SharedVecMergerLength", sharedLength).build();
    }

    @Test
    void groupedMergesEqualAPlainLoopSequentiallyInTasksAndShared() {
        int n = 20_000;
        int groups = 6;
        SplittableRandom rnd = new SplittableRandom(5);
        int[] k = new int[n];
        double[] x = new double[n];
        double[] sums = new double[groups];
        long[] maxima = new long[groups];
        double[] products = new double[groups];
        long[] counts = new long[groups];
        java.util.Arrays.fill(products, 1.0);
        for (int i = 0; i < n; i++) {
            k[i] = rnd.nextInt(groups);
            x[i] = rnd.nextInt(-100, 1000) / 8.0;
            if (x[i] >= 0) {
                sums[k[i]] += x[i] * 2.0;
                maxima[k[i]] = Math.max(maxima[k[i]], i);
                products[k[i]] *= 1.0 + x[i] / 1000000.0;
                counts[k[i]]++;
            }
        }
        for (String[] mode : new String[][] {{"1", "1000000"}, {"2", "1000000"}, {"2", "1"}}) {
            try (Context c = context(Integer.parseInt(mode[0]), mode[1])) {
                Value f = c.eval("weld", PROGRAM);
                for (int run = 0; run < 3; run++) {
                    Value r = f.execute(k, x, new double[groups], new long[groups], ones(groups));
                    String where = "threads " + mode[0] + ", shared from length " + mode[1];
                    assertArrayEquals(sums, r.getArrayElement(0).as(double[].class), where);
                    assertArrayEquals(maxima, r.getArrayElement(1).as(long[].class), where);
                    // Products in another order (per task, then combined) round differently.
                    assertArrayEquals(products, r.getArrayElement(2).as(double[].class), 1e-9, where);
                    assertArrayEquals(counts, r.getArrayElement(3).as(long[].class), where);
                }
            }
        }
    }

    private static double[] ones(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, 1.0);
        return a;
    }

    private static int groups(String program) {
        var root = weld.nodes.NodeBuilder.build(null, weld.WeldLanguage.compile(program), "", true, 0);
        return com.oracle.truffle.api.nodes.NodeUtil.findAllNodeInstances(root, VecMergeGroupNode.class).size();
    }

    @Test
    void onlyMergesIntoF64AndI64VecmergersAtOneVariableAreGrouped() {
        String loop = "|k: vec[i64], a: vec[f64], c: vec[i64], f: vec[f32]| let r = for(k, %s, |b, i, g| %s); result(r.$0)";
        assertEquals(1, groups(loop.formatted("{vecmerger[f64,+](a), vecmerger[i64,max](c)}",
                "{merge(b.$0, {g, 1.0}), merge(b.$1, {g, i})}")));
        assertEquals(1, groups(loop.formatted("{vecmerger[f64,+](a), vecmerger[i64,+](c)}",
                "if(g > 0L, {merge(b.$0, {g, 1.0}), merge(b.$1, {g, 1L})}, b)")));
        // Different indices, a literal index, an f32 vecmerger, an appender among the fields: merged one by one.
        assertEquals(0, groups(loop.formatted("{vecmerger[f64,+](a), vecmerger[i64,+](c)}",
                "{merge(b.$0, {g, 1.0}), merge(b.$1, {i, 1L})}")));
        assertEquals(0, groups(loop.formatted("{vecmerger[f64,+](a), vecmerger[i64,+](c)}",
                "{merge(b.$0, {0L, 1.0}), merge(b.$1, {0L, 1L})}")));
        assertEquals(0, groups(loop.formatted("{vecmerger[f64,+](a), vecmerger[f32,+](f)}",
                "{merge(b.$0, {g, 1.0}), merge(b.$1, {g, 1.0f})}")));
        assertEquals(0, groups(loop.formatted("{vecmerger[f64,+](a), appender[i64]}",
                "{merge(b.$0, {g, 1.0}), merge(b.$1, g)}")));
    }

    @Test
    void anIndexOutsideTheShortestVecmergerFailsAtTheMergeIntoIt() {
        String program = """
                |k: vec[i64], a: vec[f64], c: vec[i64]|
                  let r = for(k, {vecmerger[f64,+](a), vecmerger[i64,+](c)}, |b, i, g|
                    {merge(b.$0, {g, 1.0}), merge(b.$1, {g, 1L})});
                  {result(r.$0), result(r.$1)}
                """;
        long[] keys = new long[5000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i % 3;
        }
        try (Context c = context(1, "1000000")) {
            Value f = c.eval("weld", program);
            // Warm up, then the index 3 once, at the end, past the f64 vecmerger (length 3) and then the i64 one.
            for (int run = 0; run < 20; run++) {
                assertEquals(5000.0 / 3, f.execute(keys, new double[3], new long[3]).getArrayElement(0).getArrayElement(0).asDouble(), 1);
            }
            long[] bad = keys.clone();
            bad[bad.length - 1] = 3;
            String first = assertThrows(PolyglotException.class, () -> f.execute(bad, new double[3], new long[4])).getMessage();
            assertTrue(first.contains("index 3 out of bounds for length 3") && first.contains("3:6"), first);
            String second = assertThrows(PolyglotException.class, () -> f.execute(bad, new double[4], new long[3])).getMessage();
            assertTrue(second.contains("index 3 out of bounds for length 3") && second.contains("3:29"), second);
            bad[0] = -1;
            String negative = assertThrows(PolyglotException.class, () -> f.execute(bad, new double[4], new long[4])).getMessage();
            assertTrue(negative.contains("index -1 out of bounds for length 4"), negative);
            assertEquals(2.0, f.execute(new long[] {1, 1}, new double[2], new long[2]).getArrayElement(0).getArrayElement(1).asDouble());
        }
    }
}
