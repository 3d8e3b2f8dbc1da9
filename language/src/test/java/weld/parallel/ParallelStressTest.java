package weld.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 10^8 merges across 4 worker threads into each builder kind, checked exactly. (The appender appends one-byte
 * values and the groupmerger small ones, so that 10^8 kept values fit the test JVM's heap.)
 */
class ParallelStressTest {
    private static final long N = 100_000_000L;
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "4").build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value run(String program, long n) {
        return context.eval("weld", program).execute(n);
    }

    @Test
    void merger() {
        assertEquals(N * (N - 1) / 2, run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))", N).asLong());
    }

    @Test
    void dictmerger() {
        Value d = run("|n: i64| result(for(rangeiter(0L, n, 1L), dictmerger[i64,i64,+], |b, i, x| merge(b, {x % 7L, x})))", N);
        long sum = 0;
        for (long k = 0; k < 7; k++) {
            long count = (N - k + 6) / 7;
            long expected = k * count + 7 * (count * (count - 1) / 2);
            assertEquals(expected, d.getHashValue(k).asLong());
            sum += d.getHashValue(k).asLong();
        }
        assertEquals(N * (N - 1) / 2, sum);
    }

    @Test
    void vecmerger() {
        Value v = run("|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[i64,+]([0L, 0L, 0L, 0L, 0L]), |b, i, x| merge(b, {x % 5L, 1L})))", N);
        for (int k = 0; k < 5; k++) {
            assertEquals(N / 5, v.getArrayElement(k).asLong());
        }
    }

    @Test
    void appender() {
        Value v = run("|n: i64| let a = result(for(rangeiter(0L, n, 1L), appender[i8], |b, i, x| merge(b, i8(x % 100L))));"
                + " {len(a), lookup(a, 0L), lookup(a, 99999999L), result(for(a, merger[i64,+], |b, i, x| merge(b, i64(x))))}", N);
        assertEquals(N, v.getArrayElement(0).asLong());
        assertEquals(0, v.getArrayElement(1).asInt());
        assertEquals(99, v.getArrayElement(2).asInt());
        assertEquals(N / 100 * 4950, v.getArrayElement(3).asLong());
    }

    @Test
    void groupmerger() {
        Value g = run("|n: i64| let d = result(for(rangeiter(0L, n, 1L), groupmerger[i64,i64], |b, i, x| merge(b, {x % 2L, x % 100L})));"
                + " let odd = lookup(d, 1L); {len(lookup(d, 0L)), len(odd), lookup(odd, 12345L),"
                + " result(for(odd, merger[i64,+], |b, i, x| merge(b, x)))}", N);
        assertEquals(N / 2, g.getArrayElement(0).asLong());
        assertEquals(N / 2, g.getArrayElement(1).asLong());
        assertEquals((2 * 12345L + 1) % 100, g.getArrayElement(2).asLong(), "values of a group in iteration order");
        assertEquals(N / 100 * 2500, g.getArrayElement(3).asLong(), "odd residues 1 + 3 + ... + 99 per hundred");
    }
}
