package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import weld.builders.VecMerger;

/**
 * Counting into a large {@code vecmerger[i64,+]} in {@code int} counters ({@link NarrowCounting}): the counts are
 * the {@code long} merges' on one thread and in parallel tasks, with constants other than 1, several merges per
 * iteration and merges of variables into the same vecmerger; a loop whose bound is past {@code int} range keeps the
 * {@code long} elements, and counters near the bound are added to the elements before the next loop counts.
 */
class NarrowCountingTest {
    private static final int LENGTH = VecMerger.NARROW_MIN_LENGTH;
    /** Keys per loop in the tests of the bound: 2^17, so that constants up to 2^16 reach past {@code int} range. */
    private static final int KEYS = 1 << 17;

    /** Counts keys (from 1), merges the iteration index at every seventh, and counts each key's double with 3. */
    private static final String COUNTS = """
            |keys: vec[i32], init: vec[i64]|
              result(for(keys, vecmerger[i64,+](init), |b, i, k|
                let b1 = merge(b, {i64(k), 1L});
                let b2 = if(i %% 7L == 0L, merge(b1, {i64(k), i}), b1);
                merge(b2, {i64(k * 2) %% %dL, 3L})))
            """.formatted(LENGTH);

    private static Context context(int threads) {
        return Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                .option("weld.Grain", "1000").build();
    }

    @Test
    void intCountsAreTheLongMergesOnOneThreadAndInTasks() {
        int n = 3 * LENGTH;
        int[] keys = new int[n];
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < n; i++) {
            keys[i] = r.nextInt(LENGTH);
        }
        long[] init = new long[LENGTH];
        long[] expected = new long[LENGTH];
        for (int j = 0; j < LENGTH; j++) {
            init[j] = j * 1000L - 5;
            expected[j] = init[j];
        }
        for (int i = 0; i < n; i++) {
            expected[keys[i]] += 1;
            if (i % 7 == 0) {
                expected[keys[i]] += i;
            }
            expected[(keys[i] * 2) % LENGTH] += 3;
        }
        for (int threads : new int[] {1, 2}) {
            try (Context c = context(threads)) {
                Value f = c.eval("weld", COUNTS);
                for (int call = 0; call < 3; call++) {
                    assertArrayEquals(expected, longs(f.execute(keys, init)), threads + " threads, call " + call);
                }
            }
        }
    }

    @Test
    void aRunWhoseCountsCouldPassIntRangeKeepsTheLongElements() {
        // 2^17 iterations of 65,536 into one element: 2^33.
        String p = "|keys: vec[i32]| result(for(keys, vecmerger[i64,+](map(rangeiter(0L, %dL, 1L), |x| 0L)), "
                + "|b, i, k| merge(b, {i64(k), 65536L})))";
        try (Context c = context(1)) {
            long[] r = longs(c.eval("weld", p.formatted(LENGTH)).execute(new int[KEYS]));
            assertEquals(1L << 33, r[0]);
        }
    }

    @Test
    void countsNearTheBoundAreAddedBeforeTheNextLoopCounts() {
        // Each loop adds 2^17 * 16,383 = 2,147,352,576 to element 0, within int range; both together are not.
        String p = """
                |keys: vec[i32]|
                  let b = for(keys, vecmerger[i64,+](map(rangeiter(0L, %dL, 1L), |x| 0L)), |b, i, k|
                    merge(b, {i64(k), 16383L}));
                  result(for(keys, b, |b, i, k| merge(b, {i64(k), 16383L})))
                """.formatted(LENGTH);
        for (int threads : new int[] {1, 2}) {
            try (Context c = context(threads)) {
                long[] r = longs(c.eval("weld", p).execute(new int[KEYS]));
                assertEquals(2L * KEYS * 16383, r[0], threads + " threads");
            }
        }
    }

    private static long[] longs(Value v) {
        long[] r = new long[(int) v.getArraySize()];
        for (int i = 0; i < r.length; i++) {
            r[i] = v.getArrayElement(i).asLong();
        }
        return r;
    }
}
