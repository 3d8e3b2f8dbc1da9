package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import weld.programs.SequentialAndParallel;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * Groupmergers appended to columns and grouped at {@code result} ({@link ColumnGroupMerger}): keys in order of
 * first merge and values in merge order (sequentially and across the partials of parallel loops), integer and
 * packed struct keys, keys that are objects (text read from arrays and in place from host buffers, vectors, structs
 * holding text) kept once each, scalar, bool and struct values, merges that are not literals, groupmergers in
 * structs of builders, the groups' vectors (slices of one store) used like any vector, and the boxed groupmerger
 * for other types, each against groups computed here.
 */
class ColumnGroupMergerTest extends SequentialAndParallel {
    /** {@code [{key, [values...]}, ...]}: the values of x < n grouped by key, keys in order of first appearance. */
    private static String groups(long n, LongFunction<String> key, LongFunction<String> value) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (long x = 0; x < n; x++) {
            m.computeIfAbsent(key.apply(x), k -> new ArrayList<>()).add(value.apply(x));
        }
        return m.entrySet().stream().map(e -> "{" + e.getKey() + ", " + e.getValue() + "}")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static WeldType.Builder groupMerger(WeldType key, WeldType value) {
        return new WeldType.Builder(weld.syntax.BuilderKind.GROUPMERGER, List.of(key, value), BinOp.ADD);
    }

    @Test
    void typesOfTableKeysAndColumnValuesQualify() {
        WeldType.Struct pair = WeldType.Struct.of(WeldType.Scalar.I32, WeldType.Scalar.BOOL);
        assertTrue(ColumnGroupMerger.supports(groupMerger(WeldType.Scalar.I64, WeldType.Scalar.F64)));
        assertTrue(ColumnGroupMerger.supports(groupMerger(pair, pair)));
        assertTrue(ColumnGroupMerger.supports(groupMerger(WeldType.Scalar.U8, WeldType.Scalar.BOOL)));
        assertTrue(ColumnGroupMerger.supports(groupMerger(WeldType.Scalar.F64, WeldType.Scalar.I64)), "a float key");
        assertTrue(ColumnGroupMerger.supports(groupMerger(new WeldType.Vec(WeldType.Scalar.I8), pair)), "text keys");
        assertTrue(ColumnGroupMerger.supports(groupMerger(WeldType.Struct.of(new WeldType.Vec(WeldType.Scalar.I8),
                WeldType.Scalar.I64), WeldType.Scalar.F64)), "a struct key holding text");
        assertFalse(ColumnGroupMerger.supports(groupMerger(WeldType.Scalar.BOOL, WeldType.Scalar.I64)));
        assertFalse(ColumnGroupMerger.supports(groupMerger(WeldType.Scalar.I64,
                new WeldType.Vec(WeldType.Scalar.I64))));
    }

    @Test
    void keysInOrderOfFirstMergeValuesInMergeOrder() {
        long n = 3000;
        assertBoth(groups(n, x -> Long.toString(x * 7919 % 37), x -> Double.toString(x * 0.5)),
                "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), groupmerger[i64, f64], |b, i, x| "
                        + "merge(b, {x * 7919L % 37L, f64(x) * 0.5}))))", n);
        // Packed struct keys; struct values with a bool; bool and u8 values.
        assertBoth(groups(n, x -> "{" + (x % 3 - 1) + ", " + (x % 2 == 0) + "}",
                x -> "{" + x + ", " + (x % 5 == 0) + "}"),
                "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), groupmerger[{i32, bool}, {i64, bool}], |b, i, x| "
                        + "merge(b, {{i32(x % 3L) - 1, x % 2L == 0L}, {x, x % 5L == 0L}}))))", n);
        assertBoth(groups(n, x -> Long.toString(x % 4), x -> Boolean.toString(x % 3 == 0)),
                "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), groupmerger[u8, bool], |b, i, x| "
                        + "merge(b, {u8(x % 4L), x % 3L == 0L}))))", n);
    }

    @Test
    void mergesThatAreNotLiteralsAndGroupmergersInStructs() {
        long n = 1500;
        String expected = groups(n, x -> Long.toString(x % 11), x -> Long.toString(x * 3));
        assertBoth(expected, "|n: i64| tovec(result(for(result(for(rangeiter(0L, n, 1L), appender[{i64, i64}], "
                + "|b, i, x| merge(b, {x % 11L, x * 3L}))), groupmerger[i64, i64], |b, i, p| merge(b, p))))", n);
        // The pairs of a vector merged three times over, into a groupmerger sized for 3 merges: it grows.
        String thrice = groups(3 * n, x -> Long.toString(x % n % 11), x -> Long.toString(x % n * 3));
        assertBoth(thrice, "|n: i64| let v = result(for(rangeiter(0L, n, 1L), appender[{i64, i64}], |b, i, x| "
                + "merge(b, {x % 11L, x * 3L}))); tovec(result(for(rangeiter(0L, 3L, 1L), groupmerger[i64, i64], "
                + "|b, r, z| for(v, b, |c, j, p| merge(c, p)))))", n);
        assertBoth("{" + expected + ", " + n + "}", "|n: i64| let r = for(rangeiter(0L, n / 100L, 1L), "
                + "{groupmerger[i64, i64], merger[i64, +]}, |b, i, row| for(rangeiter(0L, 100L, 1L), b, "
                + "|c, j, y| let x = row * 100L + y; {merge(c.$0, {x % 11L, x * 3L}), merge(c.$1, 1L)})); "
                + "{tovec(result(r.$0)), result(r.$1)}", n);
    }

    @Test
    void groupsAreVectorsLikeAnyOther() {
        long n = 2000;
        // Sums, lengths and sorted copies of groups; a group as a vecmerger's initial vector leaves the others alone.
        double sum3 = 0;
        long len3 = 0;
        for (long x = 0; x < n; x++) {
            if (x % 7 == 3) {
                sum3 += x;
                len3++;
            }
        }
        String g = "result(for(rangeiter(0L, n, 1L), groupmerger[i64, f64], |b, i, x| merge(b, {x % 7L, f64(x)})))";
        assertBoth("{" + sum3 + ", " + len3 + ", true, false, [" + (n - 1.0) + ", " + (n - 8.0) + "], 4.0, 104.0, 11.0}",
                "|n: i64| let g = " + g + "; let v = result(for(rangeiter(0L, 5L, 1L), vecmerger[f64, +](lookup(g, 4L)), "
                        + "|b, i, x| merge(b, {x, 100.0}))); "
                        + "{result(for(lookup(g, 3L), merger[f64, +], |b, i, x| merge(b, x))), len(lookup(g, 3L)), "
                        + "keyexists(g, 6L), keyexists(g, 7L), slice(sort(lookup(g, 4L), |a, b| compare(b, a)), 0L, 2L), "
                        + "lookup(lookup(g, 4L), 0L), lookup(v, 0L), lookup(lookup(g, 4L), 1L)}", n);
    }

    @Test
    void objectKeysGroupInOrderOfFirstMergeAcrossPartials() {
        // Text keys of 0 to 3 letters, from arrays and (every third row) read in place from host buffers.
        java.util.Random rnd = new java.util.Random(5);
        int n = 3000;
        Object[] names = new Object[n];
        String[] text = new String[n];
        for (int i = 0; i < n; i++) {
            byte[] b = new byte[rnd.nextInt(4)];
            for (int j = 0; j < b.length; j++) {
                b[j] = (byte) ('a' + rnd.nextInt(3));
            }
            names[i] = i % 3 == 0 ? java.nio.ByteBuffer.wrap(b) : b;
            text[i] = java.util.Arrays.toString(b);
        }
        for (org.graalvm.polyglot.Context c : contexts()) {
            assertEquals(groups(n, x -> text[(int) x], x -> "{" + x * 0.5 + ", " + (x % 2 == 0) + "}"),
                    c.eval("weld", "|v: vec[vec[i8]]| tovec(result(for(v, groupmerger[vec[i8], {f64, bool}], "
                            + "|b, i, e| merge(b, {e, {f64(i) * 0.5, i % 2L == 0L}}))))").execute((Object) names)
                            .toString());
            // The merge a variable (the boxed path), into a groupmerger in a struct of builders.
            assertEquals(groups(n, x -> text[(int) x], x -> Long.toString(x)), c.eval("weld",
                    "|v: vec[vec[i8]]| tovec(result(for(v, {groupmerger[vec[i8], i64], merger[i64, +]}, |b, i, e| "
                            + "let p = {e, i}; {merge(b.$0, p), merge(b.$1, 1L)}).$0))").execute((Object) names)
                    .toString());
        }
        // Vector keys and struct keys holding a vector.
        long m = 2000;
        assertBoth(groups(m, x -> "[" + x % 3 + ", " + x % 2 + "]", x -> Long.toString(x)),
                "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), groupmerger[vec[i64], i64], |b, i, x| "
                        + "merge(b, {[x % 3L, x % 2L], x}))))", m);
        assertBoth(groups(m, x -> "{[" + x % 3 + "], " + x % 5 + "}", x -> Integer.toString((int) (x % 7))),
                "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), groupmerger[{vec[i64], i32}, i32], |b, i, x| "
                        + "merge(b, {{[x % 3L], i32(x % 5L)}, i32(x % 7L)}))))", m);
    }

    @Test
    void otherTypesStayBoxed() {
        long n = 300;
        assertBoth(groups(n, x -> Double.toString(x % 3 / 2.0), x -> "[" + x + "]"),
                "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), groupmerger[f64, vec[i64]], |b, i, x| "
                        + "merge(b, {f64(x % 3L) / 2.0, [x]}))))", n);
    }
}
