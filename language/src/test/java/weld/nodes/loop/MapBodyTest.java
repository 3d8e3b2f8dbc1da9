package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import java.util.stream.LongStream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Maps that write their values in place ({@link MapBody}): sequential and split into parallel tasks (one shared
 * array, no concatenation), after values already in the appender, with a wrong size hint, over zips, with the
 * index, for every element carrier, and with a runtime error in the middle.
 */
class MapBodyTest {
    private static Context sequential;
    private static Context parallel;

    @BeforeAll
    static void open() {
        sequential = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "1").build();
        parallel = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2")
                .option("weld.Grain", "1000").build();
    }

    @AfterAll
    static void close() {
        sequential.close();
        parallel.close();
    }

    private static void assertBoth(String expected, String program, Object... args) {
        for (Context c : new Context[] {sequential, parallel}) {
            assertEquals(expected, c.eval("weld", program).execute(args).toString(), program);
        }
    }

    private static String list(LongStream s) {
        return s.mapToObj(Long::toString).collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }

    private static int mapBodies(String program) {
        var root = weld.nodes.NodeBuilder.build(null, weld.WeldLanguage.compile(program), "", true, 0);
        return com.oracle.truffle.api.nodes.NodeUtil.findAllNodeInstances(root, MapBody.class).size();
    }

    @Test
    void onlyUnconditionalMergesOfOneValueAreMaps() {
        assertEquals(1, mapBodies("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| let y = x * 2.0; merge(b, y + 1.0)))"));
        assertEquals(0, mapBodies("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| if(x > 0.0, merge(b, x), b)))"));
        assertEquals(0, mapBodies("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| merge(merge(b, x), x)))"));
        assertEquals(0, mapBodies("|v: vec[f64]| result(for(simditer(v), appender[f64], |b, i, x| merge(b, x)))"));
        assertEquals(0, mapBodies("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))"));
    }

    @Test
    void parallelTasksWriteTheirRangesInOrder() {
        long[] v = LongStream.range(0, 100_003).toArray();
        for (Context c : new Context[] {sequential, parallel}) {
            Value r = c.eval("weld", "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| merge(b, x * 3L + i)))").execute(v);
            assertEquals(v.length, r.getArraySize());
            for (int i = 0; i < v.length; i += 997) {
                assertEquals(4L * i, r.getArrayElement(i).asLong());
            }
            assertEquals(4L * (v.length - 1), r.getArrayElement(v.length - 1).asLong());
        }
    }

    @Test
    void valuesGoAfterThoseAlreadyMergedWhateverTheSizeHint() {
        long[] v = LongStream.range(0, 5000).toArray();
        String expected = list(LongStream.concat(LongStream.of(7, 8), LongStream.range(0, 5000).map(x -> -x)));
        assertBoth(expected, "|v: vec[i64]| let a = merge(merge(appender[i64](3L), 7L), 8L); "
                + "result(for(v, a, |b, i, x| merge(b, 0L - x)))", v);
        assertBoth(list(LongStream.range(0, 5000).map(x -> x + 1)),
                "|v: vec[i64]| result(for(v, appender[i64](2L), |b, i, x| let y = x + 1L; merge(b, y)))", v);
    }

    @Test
    void literalMapsFillTheirRangeAfterWhatIsAlreadyThere() {
        // Longer than a fill chunk, so the sequential loop fills in several repetitions and the tasks their ranges.
        long n = MapBody.FILL_CHUNK * 2L + 5;
        for (Context c : new Context[] {sequential, parallel}) {
            Value r = c.eval("weld", "|n: i64| {result(for(rangeiter(0L, n, 1L), merge(appender[i64], 9L), |b, i, x| "
                    + "merge(b, -4L))), result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, x| merge(b, -0.0))), "
                    + "result(for(rangeiter(0L, n, 1L), appender[i32], |b, i, x| merge(b, 7))), "
                    + "result(for(rangeiter(0L, n, 1L), appender[f32], |b, i, x| merge(b, 2.5f))), "
                    + "result(for(rangeiter(0L, n, 1L), appender[bool], |b, i, x| merge(b, true))), "
                    + "result(for(rangeiter(0L, n, 1L), appender[i8], |b, i, x| merge(b, 3c)))}").execute(n);
            assertEquals(n + 1, r.getMember("$0").getArraySize());
            assertEquals(9L, r.getMember("$0").getArrayElement(0).asLong());
            for (long i : new long[] {0, 1, MapBody.FILL_CHUNK - 1, MapBody.FILL_CHUNK, n - 1}) {
                assertEquals(-4L, r.getMember("$0").getArrayElement(i + 1).asLong());
                assertEquals(Double.doubleToRawLongBits(-0.0),
                        Double.doubleToRawLongBits(r.getMember("$1").getArrayElement(i).asDouble()));
                assertEquals(7, r.getMember("$2").getArrayElement(i).asInt());
                assertEquals(2.5f, r.getMember("$3").getArrayElement(i).asFloat());
                assertTrue(r.getMember("$4").getArrayElement(i).asBoolean());
                assertEquals(3, r.getMember("$5").getArrayElement(i).asByte());
            }
        }
        assertEquals(1, mapBodies("|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, 0L)))"));
    }

    /**
     * The interpreter fills by doubling copies of the first element: every element of every length around the copies'
     * powers of two and the fill chunk gets the value, after what was already there (one loop per program, as
     * horizontal fusion would make two loops over the same range one loop into a struct of appenders).
     */
    @Test
    void literalFillsReachEveryElement() {
        Value longs = sequential.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), merge(appender[i64], 9L), "
                + "|b, i, x| merge(b, -4L)))");
        Value doubles = sequential.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, x| "
                + "merge(b, 1.5)))");
        assertEquals(1, mapBodies("|n: i64| result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, x| merge(b, 1.5)))"));
        long chunk = MapBody.FILL_CHUNK;
        for (long n : new long[] {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 1000, chunk - 1, chunk, chunk + 1, 2 * chunk + 5}) {
            Value l = longs.execute(n);
            Value d = doubles.execute(n);
            assertEquals(n + 1, l.getArraySize());
            assertEquals(n, d.getArraySize());
            assertEquals(9L, l.getArrayElement(0).asLong());
            for (long i = 0; i < n; i++) {
                assertEquals(-4L, l.getArrayElement(i + 1).asLong(), "n " + n + ", element " + i);
                assertEquals(1.5, d.getArrayElement(i).asDouble(), "n " + n + ", element " + i);
            }
        }
    }

    /**
     * A literal with all bits zero writes nothing (the reserved elements hold it already), after values already in
     * the appender and past its grown capacity; {@code -0.0} is not such a literal.
     */
    @Test
    void zeroLiteralsReadAsZeroWithoutBeingWritten() {
        String longs = "|n: i64| result(for(rangeiter(0L, n, 1L), for(rangeiter(0L, 40L, 1L), appender[i64], "
                + "|b, i, x| merge(b, 7L)), |b, i, x| merge(b, 0L)))";
        String negativeZeros = "|n: i64| result(for(rangeiter(0L, n, 1L), merge(appender[f64], 2.0), |b, i, x| merge(b, -0.0)))";
        long n = MapBody.FILL_CHUNK + 3;
        for (Context c : new Context[] {sequential, parallel}) {
            Value l = c.eval("weld", longs).execute(n);
            Value d = c.eval("weld", negativeZeros).execute(n);
            assertEquals(40 + n, l.getArraySize());
            for (long i = 0; i < 40 + n; i++) {
                assertEquals(i < 40 ? 7L : 0L, l.getArrayElement(i).asLong(), "element " + i);
            }
            assertEquals(2.0, d.getArrayElement(0).asDouble());
            for (long i = 1; i <= n; i++) {
                assertEquals(Double.NEGATIVE_INFINITY, 1 / d.getArrayElement(i).asDouble(), "element " + i);
            }
        }
        assertBoth("[false, false, false]", "|n: i64| result(for(rangeiter(0L, n, 1L), appender[bool], |b, i, x| merge(b, false)))", 3L);
        assertBoth("[0, 0]", "|n: i64| result(for(rangeiter(0L, n, 1L), appender[i32], |b, i, x| merge(b, 0)))", 2L);
    }

    @Test
    void everyCarrierAndZips() {
        int n = 3001;
        int[] a = IntStream.range(0, n).toArray();
        double[] d = IntStream.range(0, n).mapToDouble(i -> i / 2.0).toArray();
        assertBoth(list(LongStream.range(0, n).map(i -> (byte) (i * 3))),
                "|a: vec[i32]| result(for(a, appender[i8], |b, i, x| merge(b, i8(x * 3))))", a);
        for (Context c : new Context[] {sequential, parallel}) {
            Value r = c.eval("weld", "|a: vec[i32], d: vec[f64]| {result(for(zip(a, d), appender[f64], |b, i, e| "
                    + "merge(b, f64(e.$0) + e.$1))), result(for(a, appender[bool], |b, i, x| merge(b, x % 2 == 0))), "
                    + "result(for(d, appender[f32], |b, i, x| merge(b, f32(x)))), "
                    + "result(for(a, appender[{i32, i64}], |b, i, x| merge(b, {x, i})))}").execute(a, d);
            for (int i : new int[] {0, 1, 1500, n - 1}) {
                assertEquals(i * 1.5, r.getMember("$0").getArrayElement(i).asDouble());
                assertEquals(i % 2 == 0, r.getMember("$1").getArrayElement(i).asBoolean());
                assertEquals((float) (i / 2.0), r.getMember("$2").getArrayElement(i).asFloat());
                assertEquals((long) i, r.getMember("$3").getArrayElement(i).getMember("$1").asLong());
            }
        }
    }

    @Test
    void aRuntimeErrorInTheMiddleIsReportedAndTheContextGoesOn() {
        long[] v = LongStream.range(0, 20_000).map(x -> x == 12_345 ? 0 : 1).toArray();
        for (Context c : new Context[] {sequential, parallel}) {
            PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("weld",
                    "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| merge(b, 10L / x)))").execute(v));
            assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
            assertEquals(3L, c.eval("weld", "|x: i64| x + 1L").execute(2L).asLong());
        }
    }
}
