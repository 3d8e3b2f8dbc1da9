package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Lookups over a loop's index read like iterators ({@link IndexedLookup}): which lookups qualify, results in range
 * (also in inner loops and in parallel tasks), and lookups that leave the vector: guarded ones keep their results,
 * unguarded ones fail at their own iteration and position, before and after the loop has run in range.
 */
class IndexedLookupTest {
    private static Context sequential;
    private static Context parallel;

    @BeforeAll
    static void open() {
        sequential = Context.newBuilder("weld").option("weld.Threads", "1").build();
        parallel = Context.newBuilder("weld").option("weld.Threads", "2").option("weld.Grain", "100").build();
    }

    @AfterAll
    static void close() {
        sequential.close();
        parallel.close();
    }

    /** How many lookups the program's loops read like iterators. */
    private static int indexedReads(String program) {
        var root = weld.nodes.NodeBuilder.build(null, weld.WeldLanguage.compile(program), "", true, 0);
        return com.oracle.truffle.api.nodes.NodeUtil.findAllNodeInstances(root, IndexedLookup.class).size();
    }

    @Test
    void onlyLookupsOverTheIndexWithOffsetsThatCannotFail() {
        assertEquals(1, indexedReads("|v: vec[f64], w: vec[f64]| result(for(w, merger[f64,+], |b, i, x| merge(b, lookup(v, i) * x)))"));
        assertEquals(1, indexedReads("|v: vec[i32], k: i64| result(for(v, appender[i32], |b, i, x| merge(b, lookup(v, k * 2L + i))))"));
        assertEquals(1, indexedReads("|v: vec[i32], k: i64| result(for(v, appender[i32], |b, i, x| merge(b, lookup(v, len(v) - k + i))))"));
        // The offset is bound inside the loop, divides (may fail), or is a lookup (may fail): checked where it is.
        assertEquals(0, indexedReads("|v: vec[i32]| result(for(v, appender[i32], |b, i, x| let k = i64(x); merge(b, lookup(v, k + i))))"));
        assertEquals(0, indexedReads("|v: vec[i32], k: i64| result(for(v, appender[i32], |b, i, x| merge(b, lookup(v, k / 2L + i))))"));
        assertEquals(0, indexedReads("|v: vec[i32], w: vec[i64]| result(for(v, appender[i32], |b, i, x| merge(b, lookup(v, lookup(w, 0L) + i))))"));
        // Not over the index, or a dictionary.
        assertEquals(0, indexedReads("|v: vec[i32]| result(for(v, appender[i32], |b, i, x| merge(b, lookup(v, i * 2L))))"));
        assertEquals(0, indexedReads("|v: vec[i64], d: dict[i64,i64]| result(for(v, appender[i64], |b, i, x| merge(b, lookup(d, i))))"));
    }

    @Test
    void matrixRowsInInnerLoopsSequentialAndInTasks() {
        String program = """
                |x: vec[i64], w: vec[i64]|
                  let d = len(w);
                  result(for(rangeiter(0L, len(x) / d, 1L), appender[i64], |b, r, row|
                    let base = row * d;
                    merge(b, result(for(w, merger[i64,+], |s, j, wj| merge(s, lookup(x, base + j) * wj))))))
                """;
        int rows = 500;
        long[] x = LongStream.range(0, rows * 4L).toArray();
        long[] w = {1, 10, 100, 1000};
        String expected = LongStream.range(0, rows).map(r -> 4 * r + (4 * r + 1) * 10 + (4 * r + 2) * 100 + (4 * r + 3) * 1000)
                .mapToObj(Long::toString).collect(Collectors.joining(", ", "[", "]"));
        for (Context c : new Context[] {sequential, parallel}) {
            assertEquals(expected, c.eval("weld", program).execute(x, w).toString());
        }
    }

    @Test
    void innerLoopsOfAnUnrolledReductionEachReadTheirOwnLookups() {
        // The outer merger reduction builds its update function once per accumulator set: each copy of the inner
        // loop must load its own lookups (they once read the first copy's slot).
        String program = """
                |x: vec[i64], w: vec[i64]|
                  let d = len(w);
                  let r = for(rangeiter(0L, len(x) / d, 1L), {merger[i64,+], merger[i64,max]}, |b, r, row|
                    let base = row * d;
                    let dot = result(for(w, merger[i64,+], |s, j, wj| merge(s, lookup(x, base + j) * wj)));
                    {merge(b.$0, dot), merge(b.$1, dot)});
                  {result(r.$0), result(r.$1)}
                """;
        long[] x = LongStream.rangeClosed(1, 4 * 37).toArray();
        long[] w = {1, 10, 100, 1000};
        long sum = 0;
        long max = Long.MIN_VALUE;
        for (int r = 0; r < 37; r++) {
            long dot = 0;
            for (int j = 0; j < 4; j++) {
                dot += x[r * 4 + j] * w[j];
            }
            sum += dot;
            max = Math.max(max, dot);
        }
        for (Context c : new Context[] {sequential, parallel}) {
            Value v = c.eval("weld", program).execute(x, w);
            assertEquals(sum, v.getArrayElement(0).asLong());
            assertEquals(max, v.getArrayElement(1).asLong());
        }
    }

    @Test
    void guardedLookupsPastTheEndKeepTheirResults() {
        String program = "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| "
                + "merge(b, if(i + 1L < len(v), lookup(v, i + 1L) - x, 0L))))";
        for (Context c : new Context[] {sequential, parallel}) {
            Value f = c.eval("weld", program);
            assertEquals("[1, 2, 3, 0]", f.execute(new long[] {1, 2, 4, 7}).toString());
            long[] squares = LongStream.range(0, 1000).map(i -> i * i).toArray();
            Value r = f.execute((Object) squares);
            assertEquals(1, r.getArrayElement(0).asLong());
            assertEquals(2 * 998 + 1, r.getArrayElement(998).asLong());
            assertEquals(0, r.getArrayElement(999).asLong());
        }
    }

    @Test
    void anOffsetThatIsNeverEvaluatedIsNotEvaluatedBeforeTheLoop() {
        Value f = sequential.eval("weld", "|v: vec[i64], w: vec[i64], k: i64| result(for(v, merger[i64,+], |b, i, x| "
                + "merge(b, if(x > 100L, lookup(v, lookup(w, k) + i), x))))");
        assertEquals(6L, f.execute(new long[] {1, 2, 3}, new long[] {0}, 7L).asLong());
    }

    @Test
    void outOfRangeLookupsFailAtTheirIterationAfterRunningInRange() {
        String program = "|v: vec[i64], k: i64| result(for(v, merger[i64,+], |b, i, x|\n  merge(b, lookup(v, k + i))))";
        for (Context c : new Context[] {sequential, parallel}) {
            Value f = c.eval("weld", program);
            long[] v = LongStream.range(0, 300).toArray();
            assertEquals(300L * 299 / 2, f.execute(v, 0L).asLong());
            PolyglotException e = assertThrows(PolyglotException.class, () -> f.execute(v, 5L));
            assertTrue(e.getMessage().contains("2:12") && e.getMessage().contains("index 300 out of bounds"), e.getMessage());
            PolyglotException negative = assertThrows(PolyglotException.class, () -> f.execute(v, -3L));
            assertTrue(negative.getMessage().contains("index -3 out of bounds"), negative.getMessage());
            assertEquals(300L * 299 / 2, f.execute(v, 0L).asLong());
        }
    }
}
