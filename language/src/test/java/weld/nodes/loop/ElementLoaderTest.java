package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The element loads of a loop ({@link ElementLoader}): one program called first with iterators that start at array
 * index 0 (then the counter is the index of every column) and afterwards with ones that do not, so the same nodes
 * leave their zero-start specialization (also {@code rangeiter} and {@code iter} with the literal stride
 * {@code 1L}, which load like whole vectors); strided and sliced iterators zipped with whole vectors.
 */
class ElementLoaderTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").option("weld.Threads", "1").build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void iteratorsStartingAtZeroThenElsewhere() {
        Value f = context.eval("weld", """
                |a: vec[i64], b: vec[f64], s: i64|
                  result(for(zip(iter(a, s, s + 3L, 1L), iter(b, s, s + 3L, 1L)), appender[f64],
                    |r, i, e| merge(r, f64(e.$0) * 10.0 + e.$1)))
                """);
        long[] a = {1, 2, 3, 4, 5};
        double[] b = {0.5, 0.25, 0.125, 0.0625, 0.03125};
        assertEquals("[10.5, 20.25, 30.125]", f.execute(a, b, 0L).toString());
        assertEquals("[10.5, 20.25, 30.125]", f.execute(a, b, 0L).toString());
        assertEquals("[30.125, 40.0625, 50.03125]", f.execute(a, b, 2L).toString());
        assertEquals("[10.5, 20.25, 30.125]", f.execute(a, b, 0L).toString());
    }

    @Test
    void rangeIteratorsWithTheUnitStrideFromZeroThenElsewhere() {
        Value f = context.eval("weld",
                "|s: i64, e: i64| result(for(rangeiter(s, e, 1L), appender[i64], |r, i, x| merge(r, x * 10L + i)))");
        assertEquals("[0, 11, 22]", f.execute(0L, 3L).toString());
        assertEquals("[50, 61]", f.execute(5L, 7L).toString());
        assertEquals("[0, 11, 22]", f.execute(0L, 3L).toString());
    }

    @Test
    void stridedAndSlicedIteratorsZippedWithWholeVectors() {
        Value f = context.eval("weld", """
                |a: vec[i32], b: vec[i32]|
                  result(for(zip(a, iter(b, 1L, 7L, 2L), slice(b, 4L, 3L)), merger[i32,+],
                    |r, i, e| merge(r, e.$0 * 100 + e.$1 * 10 + e.$2)))
                """);
        int[] a = {1, 2, 3};
        int[] b = {0, 1, 2, 3, 4, 5, 6};
        // Rows: (1, 1, 4), (2, 3, 5), (3, 5, 6).
        assertEquals(100 + 10 + 4 + 200 + 30 + 5 + 300 + 50 + 6, f.execute(a, b).asInt());
    }
}
