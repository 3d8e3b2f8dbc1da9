package weld.nodes.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Merges into every field of a struct of vecmergers at one index variable ({@link VecMergeGroupNode}): the same
 * results as merges written so that each runs on its own (the index {@code g + 0L} instead of {@code g}), and the
 * same errors at the same merge when an index is outside one of the vecmergers, in the order the merges are
 * written; shared vecmergers of parallel tasks too (values whose merges are exact in any order).
 */
class VecMergeGroupNodeTest {
    private static Context one;
    private static Context shared;

    @BeforeAll
    static void open() {
        one = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "1").build();
        // Vecmergers longer than 4 elements are shared by the tasks (updated atomically, one merge at a time).
        shared = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2").option("weld.Grain", "100")
                .option("weld.SharedVecMergerLength", "4").build();
    }

    @AfterAll
    static void close() {
        one.close();
        shared.close();
    }

    /** Sums per group of a filtered zip, as TPC-H Q1; {@code INDEX} is where the index expression goes. */
    private static final String GROUPS = """
            |k: vec[i32], x: vec[f64], y: vec[f32], z: vec[i32], m: i64|
              let zf = result(for(rangeiter(0L, m, 1L), appender[f64], |b, i, v| merge(b, 1.0)));
              let zs = result(for(rangeiter(0L, m, 1L), appender[f32], |b, i, v| merge(b, 1.0f)));
              let zl = result(for(rangeiter(0L, m, 1L), appender[i64], |b, i, v| merge(b, 0L)));
              let zi = result(for(rangeiter(0L, m, 1L), appender[i32], |b, i, v| merge(b, 7)));
              let r = for(zip(k, x, y, z), {vecmerger[f64,+](zf), vecmerger[f32,*](zs), vecmerger[i64,+](zl),
                                            vecmerger[i32,min](zi), vecmerger[i32,max](zi), vecmerger[f64,max](zf)},
                |b, i, e| if(e.$1 > 0.1,
                  let g = i64(e.$0);
                  {merge(b.$0, {INDEX, e.$1}), merge(b.$1, {INDEX, e.$2}), merge(b.$2, {INDEX, 1L}),
                   merge(b.$3, {INDEX, e.$3}), merge(b.$4, {INDEX, e.$3 * 2}), merge(b.$5, {INDEX, e.$1 + 0.5})},
                  b));
              {result(r.$0), result(r.$1), result(r.$2), result(r.$3), result(r.$4), result(r.$5)}
            """;

    private static Value run(Context c, String index, Object... args) {
        return c.eval("weld", GROUPS.replace("INDEX", index)).execute(args);
    }

    private static Object[] inputs(int n, int keys, long m) {
        Random r = new Random(n);
        int[] k = r.ints(n, 0, keys).toArray();
        double[] x = r.doubles(n).map(v -> Math.rint(v * 8) / 8).toArray();
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            y[i] = r.nextBoolean() ? 1f : -1f;
        }
        int[] z = r.ints(n, -50, 50).toArray();
        return new Object[] {k, x, y, z, m};
    }

    @Test
    void mergesAtOneIndexGiveTheResultsOfSeparateMerges() {
        for (int n : new int[] {0, 1, 17, 1000, 50_000}) {
            Object[] in = inputs(n, 6, 6);
            String expected = run(one, "g + 0L", in).toString();
            assertEquals(expected, run(one, "g", in).toString(), "n = " + n);
            assertEquals(expected, run(shared, "g", in).toString(), "shared, n = " + n);
        }
        // Every group's count is the number of its rows that pass the filter.
        Object[] in = inputs(1000, 6, 6);
        long[] counts = new long[6];
        for (int i = 0; i < 1000; i++) {
            if (((double[]) in[1])[i] > 0.1) {
                counts[((int[]) in[0])[i]]++;
            }
        }
        assertEquals(Arrays.toString(counts), run(one, "g", in).getArrayElement(2).toString());
    }

    @Test
    void anIndexOutsideOneVecmergerFailsAtThatMerge() {
        // Keys up to 6, vecmergers of 6: key 6 is outside all of them, and the first merge reports it.
        Object[] in = inputs(500, 7, 6);
        String expected = assertThrows(PolyglotException.class, () -> run(one, "g + 0L", in)).getMessage();
        assertTrue(expected.contains("vecmerger index 6 out of bounds for length 6"), expected);
        assertEquals(expected.replace("g + 0L", "g"),
                assertThrows(PolyglotException.class, () -> run(one, "g", in)).getMessage());
        assertEquals(expected.replace("g + 0L", "g"),
                assertThrows(PolyglotException.class, () -> run(shared, "g", in)).getMessage());
    }

    @Test
    void aShorterVecmergerFailsAtItsOwnMergeAfterTheOthers() {
        String program = "|k: vec[i64]| let r = for(k, {vecmerger[i64,+]([0L, 0L, 0L]), vecmerger[i64,+]([0L, 0L])}, "
                + "|b, i, g| {merge(b.$0, {g, 1L}), merge(b.$1, {g, 10L})}); {result(r.$0), result(r.$1)}";
        assertEquals("{[1, 1, 0], [10, 10]}", one.eval("weld", program).execute(new long[] {0, 1}).toString());
        PolyglotException e = assertThrows(PolyglotException.class,
                () -> one.eval("weld", program).execute(new long[] {0, 1, 2}));
        assertTrue(e.getMessage().contains("vecmerger index 2 out of bounds for length 2"), e.getMessage());
        assertTrue(e.getMessage().contains("1:125"), e.getMessage()); // the second merge
    }
}
