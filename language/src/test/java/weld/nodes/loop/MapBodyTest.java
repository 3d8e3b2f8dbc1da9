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
        var root = weld.nodes.NodeBuilder.build(null, weld.WeldLanguage.compile(program), "", true);
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
