package weld.nodes.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Comparators that run on structs of scalars, whose parameters are bound field by field ({@link SortOperands}):
 * nested fields, unsigned and narrow kinds, the whole struct used as a value, fields read in a loop inside the
 * comparator, and sorts inside parallel loops, each against the stable order computed here with the same rule.
 */
class SortOperandsTest {
    private static Context sequential;
    private static Context parallel;

    @BeforeAll
    static void open() {
        sequential = Context.newBuilder("weld").option("weld.Threads", "1").build();
        parallel = Context.newBuilder("weld").option("weld.Threads", "2").option("weld.Grain", "50").build();
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

    /** The ids {@code 0 <= x < n} in the stable order of {@code order}. */
    private static String ids(long n, Comparator<Long> order) {
        List<Long> ids = new ArrayList<>(LongStream.range(0, n).boxed().toList());
        ids.sort(order);
        return ids.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
    }

    /** Elements {@code {x, {f64, i16}, u8, bool}} of {@code x < n}, with the field values below. */
    private static final String NESTED = "result(for(rangeiter(0L, n, 1L), appender[{i64, {f64, i16}, u8, bool}], "
            + "|b, i, x| merge(b, {x, {f64(x % 13L) * 0.5, i16((x * 37L) % 601L - 300L)}, u8((x * 11L) % 256L), "
            + "x % 3L == 0L})))";
    private static final String IDS = "result(for(s, appender[i64], |b, i, e| merge(b, e.$0)))";

    private static double half(long x) {
        return (x % 13) * 0.5;
    }

    private static int narrow(long x) {
        return (int) ((x * 37) % 601 - 300);
    }

    private static int unsigned(long x) {
        return (int) ((x * 11) % 256);
    }

    @Test
    void nestedNarrowAndUnsignedFields() {
        long n = 3000;
        Comparator<Long> order = Comparator.<Long, Boolean>comparing(x -> x % 3 != 0)
                .thenComparing(x -> -unsigned(x)).thenComparing(SortOperandsTest::narrow);
        assertBoth(ids(n, order), "|n: i64| let s = sort(" + NESTED + ", |p, q| select(p.$3 != q.$3, select(p.$3, -1, "
                + "1), select(p.$2 != q.$2, compare(q.$2, p.$2), compare(p.$1.$1, q.$1.$1)))); " + IDS, n);
        // A nested struct compared field by field through a let. (Computed keys: a comparator of plain fields is
        // recognized and does not run, see SortOrder.)
        Comparator<Long> inner = Comparator.<Long>comparingDouble(SortOperandsTest::half)
                .thenComparing(x -> -narrow(x));
        assertBoth(ids(n, inner), "|n: i64| let s = sort(" + NESTED + ", |p, q| let a = p.$1; let b = q.$1; "
                + "select(a.$0 != b.$0, compare(a.$0 * 3.0, b.$0 * 3.0), compare(b.$1, a.$1))); " + IDS, n);
    }

    @Test
    void theWholeStructAsAValue() {
        long n = 500;
        Comparator<Long> order = Comparator.comparingLong(x -> -(x % 5));
        assertBoth(ids(n, order), "|n: i64| let v = result(for(rangeiter(0L, n, 1L), appender[{i64, f64}], "
                + "|b, i, x| merge(b, {x, f64(x % 5L)}))); let s = sort(v, |p, q| select(p == q, 0, "
                + "compare(lookup([p, q], 1L).$1, p.$1))); " + IDS, n);
        // Whole structs bound by let, compared, and a struct of both parameters.
        assertBoth(ids(n, order), "|n: i64| let v = result(for(rangeiter(0L, n, 1L), appender[{i64, f64}], "
                + "|b, i, x| merge(b, {x, f64(x % 5L)}))); let s = sort(v, |p, q| let pq = {q, p}; "
                + "compare(pq.$0.$1, pq.$1.$1)); " + IDS, n);
    }

    @Test
    void fieldsReadInALoopInsideTheComparator() {
        long n = 800;
        Comparator<Long> order = Comparator.comparingLong(x -> (x % 7) + 2 * (x % 7) % 5);
        assertBoth(ids(n, order), "|n: i64| let v = result(for(rangeiter(0L, n, 1L), appender[{i64, i32}], "
                + "|b, i, x| merge(b, {x, i32(x % 7L)}))); let s = sort(v, |p, q| compare(i64(p.$1) + result(for(rangeiter(1L, 3L, 1L), merger[i64, +], "
                + "|b, i, k| merge(b, select(k == 2L, k * i64(p.$1) % 5L, 0L)))), i64(q.$1) + result(for(rangeiter(1L, "
                + "3L, 1L), merger[i64, +], |b, i, k| merge(b, select(k == 2L, k * i64(q.$1) % 5L, 0L)))))); " + IDS, n);
    }

    @Test
    void sortsOfStructsInsideParallelLoops() {
        long rows = 300;
        StringBuilder expected = new StringBuilder("[");
        for (long r = 0; r < rows; r++) {
            long row = r;
            // 20 elements {j, f32((j * r) % 11) - 5}, descending by the f32 then by j; the first element's id.
            Comparator<Long> order = Comparator.<Long>comparingDouble(j -> -((float) ((j * row) % 11) - 5f))
                    .thenComparing(j -> j);
            List<Long> ids = new ArrayList<>(LongStream.range(0, 20).boxed().toList());
            ids.sort(order);
            expected.append(r == 0 ? "" : ", ").append(ids.get(0) * 100 + ids.get(19));
        }
        assertBoth(expected.append("]").toString(), "|rows: i64| result(for(rangeiter(0L, rows, 1L), appender[i64], "
                + "|b, i, r| let v = result(for(rangeiter(0L, 20L, 1L), appender[{i64, f32}], |c, j, x| "
                + "merge(c, {x, f32((x * r) % 11L) - 5.0f}))); let s = sort(v, |p, q| select(p.$1 != q.$1, "
                + "compare(q.$1 * 2.0f, p.$1 * 2.0f), compare(p.$0, q.$0))); merge(b, lookup(s, 0L).$0 * 100L + lookup(s, 19L).$0)))",
                rows);
    }
}
