package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/** {@code weld.MemoryLimit}: going over it is a runtime error, and the context stays usable afterwards. */
class MemoryLimitTest {
    private static final String SQUARES = "|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x * x)))";
    private static final String GROUPS = "|n: i64| result(for(rangeiter(0L, n, 1L), dictmerger[i64, i64, +], "
            + "|b, i, x| merge(b, {x, 1L})))";

    private static Context context(String limit, int threads) {
        return Context.newBuilder("weld").option("weld.MemoryLimit", limit)
                .option("weld.Threads", Integer.toString(threads)).option("weld.Grain", "1000").build();
    }

    @Test
    void appendersOverTheLimitFailAndTheContextStaysUsable() {
        for (int threads : new int[] {1, 2}) {
            try (Context c = context("1m", threads)) {
                Value squares = c.eval("weld", SQUARES);
                assertEquals(10_000, squares.execute(10_000L).getArraySize());
                PolyglotException e = assertThrows(PolyglotException.class, () -> squares.execute(1_000_000L));
                assertTrue(e.isGuestException(), e.getMessage());
                assertTrue(e.getMessage().contains("memory limit exceeded: the program allocated more than 1048576 bytes"),
                        e.getMessage());
                assertEquals(10_000, squares.execute(10_000L).getArraySize(), "the budget is per evaluation");
            }
        }
    }

    @Test
    void tablesPresizedFromEarlierRunsStayWithinALowerLimit() {
        try (Engine engine = Engine.create();
             Context big = Context.newBuilder("weld").engine(engine).option("weld.Threads", "1").build();
             Context small = Context.newBuilder("weld").engine(engine).option("weld.MemoryLimit", "2m")
                     .option("weld.Threads", "1").build()) {
            Source groups = Source.create("weld", GROUPS);
            assertEquals(300_000, big.eval(groups).execute(300_000L).getHashSize());
            // The shared program would now presize its table for 300,000 entries (about 19 MB).
            assertEquals(100, small.eval(groups).execute(100L).getHashSize());
        }
    }

    @Test
    void dictionaryEntriesCountAgainstTheLimit() {
        try (Context c = context("64k", 1)) {
            Value groups = c.eval("weld", GROUPS);
            assertEquals(100, groups.execute(100L).getHashSize());
            PolyglotException e = assertThrows(PolyglotException.class, () -> groups.execute(100_000L));
            assertTrue(e.getMessage().contains("memory limit exceeded"), e.getMessage());
        }
    }

    @Test
    void sizesTakeSuffixesAndBadOnesAreRejected() {
        try (Context c = context("0", 1)) {
            assertEquals(1_000_000, c.eval("weld", SQUARES).execute(1_000_000L).getArraySize(), "0: no limit");
        }
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> context("12q", 1));
        assertTrue(bad.getMessage().contains("not a size in bytes"), bad.getMessage());
    }
}
