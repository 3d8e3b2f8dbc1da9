package weld.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import weld.WeldContext;

/**
 * Parallel loops with 4 worker threads: every builder kind gives exactly the sequential result (appender and
 * groupmerger orders included), several workers really ran, and an error in one task is reported once.
 */
class ParallelLoopTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "4").option("weld.Grain", "1000").build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value run(String program, Object... args) {
        return context.eval("weld", program).execute(args);
    }

    private static int workersSeen() {
        context.enter();
        try {
            return WeldContext.get(null).workersSeen();
        } finally {
            context.leave();
        }
    }

    @Test
    void mergersAreExactAcrossThreads() {
        long n = 2_000_000;
        assertEquals(n * (n - 1) / 2, run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))", n).asLong());
        assertEquals(n - 1, run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,max], |b, i, x| merge(b, x)))", n).asLong());
        assertEquals(7L, run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,min](7L), |b, i, x| merge(b, x + 10L)))", n).asLong());
        Value s = run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[{i64, f64},+], |b, i, x| merge(b, {1L, 0.5})))", n);
        assertEquals(n, s.getArrayElement(0).asLong());
        assertEquals(n * 0.5, s.getArrayElement(1).asDouble());
        // The calling thread takes tasks too, so in a fresh context it may finish them all before a pool thread
        // starts; run again until one has.
        for (int i = 0; i < 20 && workersSeen() < 2; i++) {
            run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))", n);
        }
        assertTrue(workersSeen() > 1, "more than one worker ran: " + workersSeen());
    }

    @Test
    void theThreadRunningALoopRunsTasksToo() {
        long n = 1_000_000;
        assertEquals(n, run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, 1L)))", n).asLong());
        context.enter();
        try {
            assertTrue(WeldContext.get(null).ranTasks(Thread.currentThread()), "the calling thread ran tasks");
        } finally {
            context.leave();
        }
    }

    @Test
    void hostThreadsRunningLoopsAtOnceShareThePool() throws Exception {
        // Each calling thread takes tasks of its own loop; the pool's threads - 1 workers serve both loops.
        String sum = "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))";
        String counts = "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), dictmerger[i64,i64,+], |b, i, x| merge(b, {x % 7L, 1L}))))";
        long n = 3_000_000;
        java.util.concurrent.ExecutorService host = java.util.concurrent.Executors.newFixedThreadPool(3);
        try {
            java.util.List<java.util.concurrent.Future<String>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 6; t++) {
                String program = t % 2 == 0 ? sum : counts;
                results.add(host.submit(() -> {
                    Value r = context.eval("weld", program).execute(n);
                    return r.hasArrayElements() ? Long.toString(r.getArraySize()) + ":" + r.getArrayElement(0).getArrayElement(1).asLong()
                            : Long.toString(r.asLong());
                }));
            }
            for (int t = 0; t < 6; t++) {
                String expected = t % 2 == 0 ? Long.toString(n * (n - 1) / 2) : "7:" + ((n + 6) / 7);
                assertEquals(expected, results.get(t).get());
            }
        } finally {
            host.shutdownNow();
        }
    }

    @Test
    void appenderKeepsIterationOrder() {
        int n = 1_000_000;
        Value v = run("|n: i64| let b = merge(appender[i64], -1L); result(for(rangeiter(0L, n, 1L), b, |b, i, x| if(x % 3L == 0L, b, merge(b, x))))", (long) n);
        assertEquals(1 + n - (n + 2) / 3, v.getArraySize());
        assertEquals(-1L, v.getArrayElement(0).asLong());
        long expected = 1;
        for (long i = 1; i < v.getArraySize(); i++) {
            assertEquals(expected, v.getArrayElement(i).asLong());
            expected += expected % 3 == 2 ? 2 : 1;
        }
    }

    @Test
    void keyedBuildersAreExact() {
        long n = 1_000_000;
        Value d = run("|n: i64| result(for(rangeiter(0L, n, 1L), dictmerger[i64,i64,+], |b, i, x| merge(b, {x % 10L, 1L})))", n);
        assertEquals(10, d.getHashSize());
        assertEquals(n / 10, d.getHashValue(3L).asLong());
        Value v = run("|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[i64,+]([5L, 5L, 5L]), |b, i, x| merge(b, {x % 3L, 1L})))", n);
        assertEquals(5 + (n + 2) / 3, v.getArrayElement(0).asLong());
        Value g = run("|n: i64| result(for(rangeiter(0L, n, 1L), groupmerger[i64,i64], |b, i, x| merge(b, {x % 2L, x})))", n);
        Value odd = g.getHashValue(1L);
        assertEquals(n / 2, odd.getArraySize());
        for (long i = 0; i < odd.getArraySize(); i += 9973) {
            assertEquals(2 * i + 1, odd.getArrayElement(i).asLong(), "group values in iteration order");
        }
    }

    @Test
    void vecMergerCopiesOfEveryCarrierCombineExactly() {
        long n = 1_000_000;
        Value f = run("|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[f64,+]([0.5, 0.5, 0.5, 0.5]), |b, i, x| merge(b, {x % 4L, 0.25})))", n);
        Value m = run("|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[i32,max]([0, 0]), |b, i, x| merge(b, {x % 2L, i32(x)})))", n);
        Value p = run("|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[f32,*]([1.0f]), |b, i, x| merge(b, {0L, select(x % 100000L == 0L, 2.0f, 1.0f)})))", n);
        for (int i = 0; i < 4; i++) {
            assertEquals(0.5 + n / 4 * 0.25, f.getArrayElement(i).asDouble());
        }
        assertEquals(n - 2, m.getArrayElement(0).asInt());
        assertEquals(n - 1, m.getArrayElement(1).asInt());
        assertEquals(1024.0f, p.getArrayElement(0).asFloat());
    }

    @Test
    void sharedVecMergerWithAtomicUpdatesIsExact() {
        try (Context shared = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                .option("weld.Threads", "4").option("weld.Grain", "1000").option("weld.SharedVecMergerLength", "1").build()) {
            long n = 1_000_000;
            Value v = shared.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[f64,+]([0.5, 0.5]), |b, i, x| merge(b, {x % 2L, 1.0})))")
                    .execute(n);
            assertEquals(0.5 + n / 2, v.getArrayElement(0).asDouble());
            assertEquals(0.5 + n / 2, v.getArrayElement(1).asDouble());
            Value s = shared.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[{i64, i32},max]([{0L, 0}]), |b, i, x| merge(b, {0L, {x, 1}})))")
                    .execute(n);
            assertEquals(n - 1, s.getArrayElement(0).getArrayElement(0).asLong());
            // Every number carrier, through the typed atomic updates: an add, a compare-and-set operator.
            Value l = shared.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[i64,+]([0L, 0L, 0L]), |b, i, x| merge(b, {x % 3L, x})))")
                    .execute(n);
            long[] sums = new long[3];
            for (long x = 0; x < n; x++) {
                sums[(int) (x % 3)] += x;
            }
            for (int k = 0; k < 3; k++) {
                assertEquals(sums[k], l.getArrayElement(k).asLong());
            }
            Value m = shared.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[i32,max]([0, 0]), |b, i, x| merge(b, {x % 2L, i32(x % 1000L)})))")
                    .execute(n);
            assertEquals(998, m.getArrayElement(0).asInt());
            assertEquals(999, m.getArrayElement(1).asInt());
            Value f = shared.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[f32,+]([0.0f]), |b, i, x| merge(b, {0L, 1.0f})))")
                    .execute(n);
            assertEquals((float) n, f.getArrayElement(0).asFloat());
        }
    }

    @Test
    void structOfBuildersAndNestedLoops() {
        Value r = run("|n: i64, m: vec[i64]| let r = for(rangeiter(0L, n, 1L), {merger[i64,+], appender[i64]}, |bs, i, x| "
                + "{for(m, bs.$0, |b, j, y| merge(b, x * y)), if(x < 3L, merge(bs.$1, x), bs.$1)}); {result(r.$0), result(r.$1)}",
                100_000L, new long[] {1, 2});
        assertEquals(3L * (100_000L * 99_999L / 2), r.getArrayElement(0).asLong());
        assertEquals(3, r.getArrayElement(1).getArraySize());
    }

    @Test
    void aShortOuterLoopLeavesTheSplittingToItsInnerLoop() {
        long[] big = new long[2_000_000];
        java.util.Arrays.fill(big, 3L);
        try (Context fresh = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "4").build()) {
            Value r = fresh.eval("weld", "|v: vec[i64]| result(for([1L, 2L], merger[i64,+], |b, i, k| for(v, b, |b2, j, x| merge(b2, k * x))))")
                    .execute((Object) big);
            assertEquals(9L * big.length, r.asLong());
            fresh.enter();
            try {
                assertTrue(WeldContext.get(null).workersSeen() >= 1, "the inner loop ran as parallel tasks");
            } finally {
                fresh.leave();
            }
        }
    }

    @Test
    void innerLoopTasksSeeWhatTheLoopReadsFromEnclosingCode() {
        // The tasks of the inner loop start from a copy of the slots the loop reads: a parameter, a let, the outer
        // loop's index, the fields of its zipped element, a lookup by its index, and the builder passed in.
        int n = 2_000_000;
        long[] v = new long[n];
        for (int j = 0; j < n; j++) {
            v[j] = j % 7;
        }
        long[] w = {5, -3, 11};
        long[] ks = {1, 2, 3};
        long[] ms = {100, 200, 300};
        long expected = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < n; j++) {
                expected += v[j] * ks[i] * 10 + ms[i] + 2 * w[i] + i + 4;
            }
        }
        Value r = run("|v: vec[i64], w: vec[i64], ks: vec[i64], ms: vec[i64], q: i64| result(for(zip(ks, ms), merger[i64,+], "
                + "|b, i, km| let s = km.$0 * 10L; let c = lookup(w, i); "
                + "for(v, b, |b2, j, x| merge(b2, x * s + km.$1 + c + i + lookup(w, i) + q))))", v, w, ks, ms, 4L);
        assertEquals(expected, r.asLong());
        assertTrue(workersSeen() > 1, "the inner loop ran as parallel tasks");
    }

    @Test
    void anErrorInOneTaskIsReportedOnce() {
        PolyglotException e = assertThrows(PolyglotException.class, () -> run(
                "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| if(x == 777777L, merge(b, x / 0L), merge(b, x))))",
                1_000_000L));
        assertTrue(e.getMessage().startsWith("runtime error at 1:"), e.getMessage());
        assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
        assertEquals(499_999_500_000L, run("|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))", 1_000_000L).asLong(),
                "the context is still usable");
    }
}
