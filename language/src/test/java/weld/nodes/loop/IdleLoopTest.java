package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Loops whose update function returns its builder unchanged ({@code |b, i, x| b}) run no iteration: the result is
 * the initial builder's, and the iterators are still checked (zipped lengths, {@code iter} bounds), on one thread
 * and in parallel tasks, with the optimizer's passes on and off.
 */
class IdleLoopTest {
    private static Context context(int threads, String passes) {
        return Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                .option("weld.Grain", "2").option("weld.Passes", passes).build();
    }

    @ParameterizedTest
    @CsvSource({"1, all", "2, all", "1, none", "2, none"})
    void theResultIsTheInitialBuilders(int threads, String passes) {
        try (Context c = context(threads, passes)) {
            long[] v = new long[1000];
            Value r = c.eval("weld", """
                    |v: vec[i64]| {result(for(v, appender[i32], |b, i, x| b)),
                                   result(for(v, merger[i64,+](5L), |b, i, x| b)),
                                   result(for(zip(v, v), vecmerger[i64,+]([1L, 2L]), |b, i, x| b)),
                                   result(for(v, appender[i64], |b, i, x| if(false, merge(b, x), b))),
                                   result(for(v, merger[i64,+], |b, i, x|
                                     merge(b, result(for(v, merger[i64,max](7L), |b2, j, y| b2)))))}
                    """).execute((Object) v);
            assertEquals(0, r.getArrayElement(0).getArraySize());
            assertEquals(5L, r.getArrayElement(1).asLong());
            assertEquals(2L, r.getArrayElement(2).getArrayElement(1).asLong());
            assertEquals(0, r.getArrayElement(3).getArraySize());
            assertEquals(7L * v.length, r.getArrayElement(4).asLong());
        }
    }

    @ParameterizedTest
    @CsvSource({"1, all", "2, all", "1, none", "2, none"})
    void theIteratorsAreStillChecked(int threads, String passes) {
        try (Context c = context(threads, passes)) {
            PolyglotException zip = assertThrows(PolyglotException.class, () -> c.eval("weld",
                    "|v: vec[i64], w: vec[i64]| result(for(zip(v, w), merger[i64,+], |b, i, x| b))")
                    .execute(new long[10], new long[9]));
            assertTrue(zip.getMessage().contains("zipped iterators have different lengths"), zip.getMessage());
            PolyglotException range = assertThrows(PolyglotException.class, () -> c.eval("weld",
                    "|v: vec[i64]| result(for(iter(v, 0L, 20L, 1L), appender[i64], |b, i, x| b))")
                    .execute((Object) new long[10]));
            assertTrue(range.getMessage().startsWith("runtime error at 1:"), range.getMessage());
        }
    }
}
