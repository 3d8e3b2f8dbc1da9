package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import weld.builders.Appender;
import weld.builders.VecMerger;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Vectors of structs of scalars stored in columns ({@link StructLayout}, {@link StructColumns}): which element
 * types get columns, the builders that make them, copies and gathers, and every way a program makes or reads such
 * a vector, sequentially and in parallel tasks, checked against values computed here. (Every vector of such
 * structs is checked to be in columns by an assertion in {@link WeldVector}'s constructor, on in tests.)
 */
class StructColumnsTest {
    private static final WeldType.Struct PAIR = WeldType.Struct.of(WeldType.Scalar.I32, WeldType.Scalar.F64);
    private static Context sequential;
    private static Context parallel;

    @BeforeAll
    static void open() {
        sequential = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "1").build();
        parallel = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2")
                .option("weld.Grain", "100").build();
    }

    @AfterAll
    static void close() {
        sequential.close();
        parallel.close();
    }

    @Test
    void structsOfScalarsAndSuchStructsHaveColumns() {
        StructLayout l = StructLayout.of(WeldType.Struct.of(WeldType.Scalar.U8, WeldType.Scalar.BOOL, WeldType.Scalar.of(ScalarKind.F32)));
        assertNotNull(l);
        assertEquals(3, l.columnCount());
        assertEquals(ScalarKind.BOOL, l.kind(1));
        assertNull(StructLayout.of(WeldType.Scalar.I64));
        assertNull(StructLayout.of(WeldType.Struct.of()));
        StructLayout nested = StructLayout.of(WeldType.Struct.of(WeldType.Scalar.I64, PAIR, WeldType.Scalar.U8));
        assertEquals(4, nested.columnCount());
        assertEquals(ScalarKind.F64, nested.kind(2));
        assertEquals(3, nested.columnOf(2));
        assertNull(StructLayout.of(WeldType.Struct.of(WeldType.Scalar.I64, new WeldType.Vec(WeldType.Scalar.I64))));
        assertNull(StructLayout.of(WeldType.Struct.of(WeldType.Scalar.I64,
                WeldType.Struct.of(WeldType.Scalar.I64, new WeldType.Vec(WeldType.Scalar.I64)))));
        assertNull(StructLayout.of(WeldType.Struct.of(WeldType.Scalar.I64, WeldType.Struct.of())));
    }

    private static WeldStruct pair(int a, double b) {
        return new WeldStruct(PAIR, new Object[] {a, b});
    }

    private static String text(WeldVector v) {
        return IntStream.range(0, v.length).mapToObj(i -> v.get(i).toString()).collect(Collectors.joining(" "));
    }

    @Test
    void appendersGrowColumnsAndConcatenatePartials() {
        MemoryBudget.run(0, () -> {
            Appender a = new Appender(PAIR, 0);
            Appender b = new Appender(PAIR, 0);
            for (int i = 0; i < 40; i++) {
                a.appendObject(pair(i, i * 0.5));
                b.appendStruct(StructLayout.of(PAIR), pair(-i, -i * 0.5));
            }
            a.appendAll(b);
            WeldVector v = a.result();
            StructColumns c = assertInstanceOf(StructColumns.class, v.store);
            assertEquals(80, v.length);
            assertEquals(39, ((int[]) c.column(0))[39]);
            assertEquals(-19.5, ((double[]) c.column(1))[79]);
            assertEquals(pair(-1, -0.5), v.get(41));
            // Copies and gathers of a view keep the columns and the values.
            WeldVector view = v.slice(38, 4);
            Object copy = Storage.copyOfRange(view.store, view.offset, view.offset + view.length);
            assertEquals(text(view), text(new WeldVector(PAIR, copy, 0, 4)));
            Object gathered = Storage.gather(null, view.store, view.offset, new int[] {3, 2, 1, 0});
            assertEquals("{-1, -0.5} {0, 0.0} {39, 19.5} {38, 19.0}", text(new WeldVector(PAIR, gathered, 0, 4)));
            return null;
        });
    }

    @Test
    void vecmergersOfStructsGiveColumns() {
        MemoryBudget.run(0, () -> {
            WeldVector init = new WeldVector(PAIR, StructLayout.of(PAIR).columnsOf(new Object[] {pair(1, 1.0), pair(2, 2.0)}), 0, 2);
            VecMerger m = new VecMerger(PAIR, BinOp.ADD, init);
            m.mergeBoxed(1, pair(10, 0.5));
            WeldVector r = m.result();
            assertInstanceOf(StructColumns.class, r.store);
            assertEquals("{1, 1.0} {12, 2.5}", text(r));
            assertEquals("{1, 1.0} {2, 2.0}", text(init));
            return null;
        });
    }

    private static void assertBoth(String expected, String program, Object... args) {
        for (Context c : new Context[] {sequential, parallel}) {
            assertEquals(expected, c.eval("weld", program).execute(args).toString(), program);
        }
    }

    /** {@code [{k, v}, ...]} for the pairs {@code (i % 7, i * 0.25)} of {@code i < n}, in {@code order}. */
    private static String pairs(int n, Comparator<int[]> order) {
        return pairs(n, i -> true, order);
    }

    /** {@link #pairs(int, Comparator)} of the {@code i} that pass {@code filter}. */
    private static String pairs(int n, java.util.function.IntPredicate filter, Comparator<int[]> order) {
        List<int[]> p = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (filter.test(i)) {
                p.add(new int[] {i % 7, i});
            }
        }
        p.sort(order);
        return p.stream().map(x -> "{" + x[0] + ", " + x[1] * 0.25 + "}").collect(Collectors.joining(", ", "[", "]"));
    }

    private static final String PAIRS = "result(for(rangeiter(0L, n, 1L), appender[{i32, f64}], |b, i, x| "
            + "merge(b, {i32(x % 7L), f64(x) * 0.25})))";

    @Test
    void programsMakeAndReadColumns() {
        int n = 1000;
        assertBoth(pairs(n, (a, b) -> 0), "|n: i64| " + PAIRS, (long) n);
        // A filter: an appender merge that is not a map.
        assertBoth(pairs(n, i -> i % 7 == 0, (a, b) -> 0),
                "|n: i64| result(for(" + PAIRS + ", appender[{i32, f64}], |b, i, e| if(e.$0 == 0, merge(b, e), b)))",
                (long) n);
        // Reads: iteration, lookups, zips with a column, slices.
        double sum = IntStream.range(0, n).mapToDouble(i -> (i % 7) * i * 0.25).sum();
        assertBoth("{" + sum + ", {5, 249.75}, 3}", "|n: i64| let v = " + PAIRS + "; "
                + "{result(for(v, merger[f64,+], |b, i, e| merge(b, f64(e.$0) * e.$1))), lookup(v, 999L), "
                + "len(slice(v, 997L, 10L))}", (long) n);
        // Sorts: a recognized field order (descending, ties in order) and a comparator that must run.
        Comparator<int[]> byKeyDescending = (a, b) -> Integer.compare(b[0], a[0]);
        assertBoth(pairs(n, byKeyDescending), "|n: i64| sort(" + PAIRS + ", |p, q| compare(q.$0, p.$0))", (long) n);
        Comparator<int[]> derived = Comparator.comparingInt(a -> (a[1] * 31) % 101);
        assertBoth(pairs(n, derived), "|n: i64| sort(" + PAIRS + ", |p, q| compare(i64(p.$1 * 4.0) * 31L % 101L, "
                + "i64(q.$1 * 4.0) * 31L % 101L))", (long) n);
    }

    @Test
    void literalsDictionariesAndGroupsMakeColumns() {
        assertBoth("[{1, 2.0}, {3, 4.0}]", "|a: i32| [{a, 2.0}, {a + 2, 4.0}]", 1);
        assertBoth("[{0, 2.0}, {1, 4.0}]", "|n: i64| sort(tovec(result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[i64, f64, +], |b, i, x| merge(b, {x % 2L, f64(x)})))), |p, q| compare(p.$0, q.$0))", 4L);
        assertBoth("[{0, [{0, 0.0}, {2, 1.0}]}, {1, [{1, 0.5}, {3, 1.5}]}]", "|n: i64| sort(tovec(result(for("
                + "rangeiter(0L, n, 1L), groupmerger[i64, {i64, f64}], |b, i, x| merge(b, {x % 2L, {x, f64(x) * 0.5}})))), "
                + "|p, q| compare(p.$0, q.$0))", 4L);
        assertBoth("[{2, 1.0}, {3, 2.0}]", "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[{i64, f64}, +]("
                + "[{0L, 0.0}, {1L, 0.0}]), |b, i, x| merge(b, {x % 2L, {1L, f64(x) * 0.5}})))", 4L);
    }

    @Test
    void typedDictionariesCopyTheirEntriesIntoColumns() {
        // Keys and values of each carrier, the key that marks a free slot (i64's minimum) included.
        assertBoth("[{-9223372036854775808, 4.0}, {0, 7.0}, {7, 1.5}]", "|n: i64| sort(tovec(result(for("
                + "[-9223372036854775808L, 7L, 0L, -9223372036854775808L, 0L], dictmerger[i64, f32, +], |b, i, k| "
                + "merge(b, {k, f32(i) + 0.5f})))), |p, q| compare(p.$0, q.$0))", 0L);
        assertBoth("[{1, 65535}, {200, 3}]", "|n: i64| sort(tovec(result(for([200, 1, 200], dictmerger[u8, u16, max], "
                + "|b, i, k| merge(b, {u8(k), select(k == 1, u16(65535), u16(i + 1L))})))), |p, q| compare(p.$0, q.$0))", 0L);
        assertBoth("[{-3, 9}, {2, 4}]", "|n: i64| sort(tovec(result(for([2, -3, 2], dictmerger[i32, i64, *], "
                + "|b, i, k| merge(b, {k, i64(k) * i64(k) / select(i == 2L, 4L, 1L)})))), |p, q| compare(p.$0, q.$0))", 0L);
    }

    @Test
    void nestedStructsAreFlattenedIntoColumns() {
        // Group-by with a struct of sums: tovec gives {key, {sum, count}}; sorted by the key (recognized) and by the
        // nested sum (the comparator runs), read back through a loop and a lookup.
        String groups = "tovec(result(for(rangeiter(0L, n, 1L), dictmerger[i64, {f64, i64}, +], |b, i, x| "
                + "merge(b, {x % 3L, {f64(x), 1L}}))))";
        assertBoth("[{0, {18.0, 4}}, {1, {12.0, 3}}, {2, {15.0, 3}}]",
                "|n: i64| sort(" + groups + ", |p, q| compare(p.$0, q.$0))", 10L);
        assertBoth("{[{1, {12.0, 3}}, {2, {15.0, 3}}, {0, {18.0, 4}}], 10, {2, {15.0, 3}}}",
                "|n: i64| let s = sort(" + groups + ", |p, q| compare(p.$1.$0, q.$1.$0)); "
                + "{s, result(for(s, merger[i64,+], |b, i, e| merge(b, e.$1.$1))), lookup(s, 1L)}", 10L);
        assertBoth("[{1, {0.5, true}}, {3, {1.5, true}}]", "|n: i64| result(for(rangeiter(0L, n, 1L), "
                + "appender[{i64, {f64, bool}}], |b, i, x| if(x % 2L == 1L, merge(b, {x, {f64(x) * 0.5, x > 0L}}), b)))", 4L);
    }

    @Test
    void hostValuesSerializationAndExportRoundTrip() {
        Value f = sequential.eval("weld", "|v: vec[{i32, f64}]| {v, deserialize[vec[{i32, f64}]](serialize(v))}");
        Value r = f.execute(sequential.eval("weld", "|n: i64| " + PAIRS).execute(3L));
        assertEquals("{[{0, 0.0}, {1, 0.25}, {2, 0.5}], [{0, 0.0}, {1, 0.25}, {2, 0.5}]}", r.toString());
        assertEquals(0.5, r.getArrayElement(1).getArrayElement(2).getMember("$1").asDouble());
        Value fromHost = f.execute((Object) new Object[] {new Object[] {7, 1.5}, new Object[] {8, 2.5}});
        assertEquals("{[{7, 1.5}, {8, 2.5}], [{7, 1.5}, {8, 2.5}]}", fromHost.toString());
    }
}
