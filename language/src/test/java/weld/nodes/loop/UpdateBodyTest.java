package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * Small in-place update loops run in blocks of {@link UpdateBody#UNROLL} iterations ({@link
 * UpdateBody#VECMERGER_UNROLL} when they only merge into vecmergers) with the tail in the last repetition: every
 * length around both block sizes gives the sequential result (a vecmerger, a filtering appender, a
 * dictmerger, and a body with a loop of its own, which is not blocked), on one thread and in parallel tasks split at
 * odd places, and an error in the middle of a block is reported at its iteration.
 */
class UpdateBodyTest {
    /** Small update functions (blocked) for each builder kind, and a loop in the body (not blocked). */
    private static final String PROGRAM = """
            |k: vec[i64]|
              {result(for(k, vecmerger[i64,+](map(rangeiter(0L, 7L, 1L), |x| 0L)), |b, i, x| merge(b, {x % 7L, i}))),
               result(for(k, appender[i64], |b, i, x| if(x % 3L == 1L, merge(b, x), b))),
               tovec(result(for(k, dictmerger[i64,i64,+], |b, i, x| merge(b, {x % 5L, x})))),
               result(for(k, appender[i64], |b, i, x| merge(b, result(for(rangeiter(0L, x % 4L, 1L),
                 merger[i64,+], |s, j, y| merge(s, y + i))))))}
            """;

    private static Context context(int threads) {
        return Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                .option("weld.Grain", "3").build();
    }

    /** The program's four results, computed sequentially. */
    private static List<Object> expected(long[] k) {
        long[] counts = new long[7];
        List<Long> filtered = new ArrayList<>();
        Map<Long, Long> sums = new LinkedHashMap<>();
        List<Long> inner = new ArrayList<>();
        for (int i = 0; i < k.length; i++) {
            long x = k[i];
            counts[(int) (x % 7)] += i;
            if (x % 3 == 1) {
                filtered.add(x);
            }
            sums.merge(x % 5, x, Long::sum);
            long s = 0;
            for (long j = 0; j < x % 4; j++) {
                s += j + i;
            }
            inner.add(s);
        }
        List<Long> c = new ArrayList<>();
        for (long v : counts) {
            c.add(v);
        }
        return List.of(c, filtered, sums, inner);
    }

    private static List<Object> actual(Value r) {
        List<Long> c = new ArrayList<>();
        for (int j = 0; j < r.getArrayElement(0).getArraySize(); j++) {
            c.add(r.getArrayElement(0).getArrayElement(j).asLong());
        }
        List<Long> filtered = new ArrayList<>();
        for (int j = 0; j < r.getArrayElement(1).getArraySize(); j++) {
            filtered.add(r.getArrayElement(1).getArrayElement(j).asLong());
        }
        Map<Long, Long> sums = new LinkedHashMap<>();
        Value d = r.getArrayElement(2);
        for (int j = 0; j < d.getArraySize(); j++) {
            sums.put(d.getArrayElement(j).getArrayElement(0).asLong(), d.getArrayElement(j).getArrayElement(1).asLong());
        }
        List<Long> inner = new ArrayList<>();
        for (int j = 0; j < r.getArrayElement(3).getArraySize(); j++) {
            inner.add(r.getArrayElement(3).getArrayElement(j).asLong());
        }
        return List.of(c, filtered, sums, inner);
    }

    @Test
    void everyLengthAroundTheBlockGivesTheSequentialResult() {
        for (int threads : new int[] {1, 3}) {
            try (Context c = context(threads)) {
                Value program = c.eval("weld", PROGRAM);
                for (int n : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 23, 1001}) {
                    long[] k = new long[n];
                    for (int i = 0; i < n; i++) {
                        k[i] = (i * 7919L) % 101;
                    }
                    List<Object> want = expected(k);
                    List<Object> got = actual(program.execute((Object) k));
                    assertEquals(want.get(0), got.get(0), threads + " threads, " + n + " elements: vecmerger");
                    assertEquals(want.get(1), got.get(1), threads + " threads, " + n + " elements: appender");
                    assertEquals(want.get(2), got.get(2), threads + " threads, " + n + " elements: dictmerger");
                    assertEquals(want.get(3), got.get(3), threads + " threads, " + n + " elements: inner loop");
                }
            }
        }
    }

    @Test
    void anErrorInTheMiddleOfABlockIsReportedAtItsIteration() {
        try (Context c = context(1)) {
            Value program = c.eval("weld", "|k: vec[i64]| result(for(k, vecmerger[i64,+](map(rangeiter(0L, 4L, 1L),"
                    + " |x| 0L)),\n  |b, i, x| merge(b, {x, i})))");
            assertEquals(3L + 4L + 8L,
                    program.execute((Object) new long[] {0, 1, 2, 3, 3, 2, 1, 0, 3}).getArrayElement(3).asLong());
            PolyglotException e = assertThrows(PolyglotException.class,
                    () -> program.execute((Object) new long[] {0, 1, 2, 3, 3, 9, 1, 0, 3}));
            assertTrue(e.getMessage().contains("vecmerger index 9 out of bounds"), e.getMessage());
            assertTrue(e.getMessage().contains("2:"), "position of the merge: " + e.getMessage());
        }
    }
}
