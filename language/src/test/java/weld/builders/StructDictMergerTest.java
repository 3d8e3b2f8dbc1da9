package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.Test;

import weld.programs.SequentialAndParallel;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * Dictmergers whose values are structs of numbers ({@link StructDictMerger}): sums and counts, every operator on
 * every carrier (unsigned kinds included), keys that make direct and hash tables (the free-slot
 * key too), growth of the value columns, the boxed merge paths, the partials of parallel loops, results read like
 * other dictionaries, and lookups bound field by field ({@link weld.nodes.local.LetLookupNode}), each against values
 * computed here.
 */
class StructDictMergerTest extends SequentialAndParallel {
    /** {@code [{k, v}, ...]} of {@code m} by key, each value written by {@code value}. */
    private static <V> String entries(Map<Long, V> m, java.util.function.Function<V, String> value) {
        return new TreeMap<>(m).entrySet().stream().map(e -> "{" + e.getKey() + ", " + value.apply(e.getValue()) + "}")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    /** The group-by's entries sorted by key: {@code sort(tovec(d), by key)}. */
    private static String sortedEntries(String dict) {
        return "sort(tovec(" + dict + "), |p, q| compare(p.$0, q.$0))";
    }

    /** Sums and counts per key {@code key(x)} of {@code x < n}: {@code {sum of x * 0.5, count}}. */
    private static String sumsAndCounts(long n, LongFunction<Long> key) {
        Map<Long, double[]> m = new TreeMap<>();
        for (long x = 0; x < n; x++) {
            double[] a = m.computeIfAbsent(key.apply(x), k -> new double[2]);
            a[0] += x * 0.5;
            a[1]++;
        }
        return entries(m, a -> "{" + a[0] + ", " + (long) a[1] + "}");
    }

    private static WeldType.Builder dictMerger(WeldType key, WeldType value, BinOp op) {
        return new WeldType.Builder(weld.syntax.BuilderKind.DICTMERGER, java.util.List.of(key, value), op);
    }

    @Test
    void typesWithStructValuesOfNumbersQualify() {
        WeldType.Struct pair = WeldType.Struct.of(WeldType.Scalar.F64, WeldType.Scalar.I64);
        assertTrue(StructDictMerger.supports(dictMerger(WeldType.Scalar.I64, pair, BinOp.ADD)));
        assertTrue(StructDictMerger.supports(dictMerger(WeldType.Scalar.I32,
                WeldType.Struct.of(WeldType.Scalar.I64, pair), BinOp.MAX)));
        assertTrue(StructDictMerger.supports(dictMerger(WeldType.Scalar.F64, pair, BinOp.ADD)), "a packed float key");
        assertFalse(StructDictMerger.supports(dictMerger(WeldType.Scalar.BOOL, pair, BinOp.ADD)));
        assertFalse(StructDictMerger.supports(dictMerger(new WeldType.Vec(WeldType.Scalar.I64), pair, BinOp.ADD)));
        assertFalse(StructDictMerger.supports(dictMerger(WeldType.Scalar.I64,
                WeldType.Struct.of(WeldType.Scalar.BOOL, WeldType.Scalar.I64), BinOp.MAX)));
        assertFalse(StructDictMerger.supports(dictMerger(WeldType.Scalar.I64, WeldType.Scalar.I64,
                BinOp.ADD)));
    }

    @Test
    void sumsAndCountsOverDirectAndHashTables() {
        long n = 5000;
        String groupBy = "result(for(rangeiter(0L, n, 1L), dictmerger[i64, {f64, i64}, +], |b, i, x| "
                + "merge(b, {KEY, {f64(x) * 0.5, 1L}})))";
        // Few small keys (a direct table), then keys over a wide range (a hash table, whose free-slot key is the
        // i64 minimum), then more keys than the columns' first capacity.
        assertBoth(sumsAndCounts(n, x -> x % 7), "|n: i64| " + sortedEntries(groupBy.replace("KEY", "x % 7L")), n);
        assertBoth(sumsAndCounts(n, x -> x % 3 == 0 ? Long.MIN_VALUE : x * 1_000_003L % 101 * 1_000_000_007L),
                "|n: i64| " + sortedEntries(groupBy.replace("KEY",
                        "select(x % 3L == 0L, -9223372036854775807L - 1L, x * 1000003L % 101L * 1000000007L)")), n);
        assertBoth(sumsAndCounts(n, x -> x / 2), "|n: i64| " + sortedEntries(groupBy.replace("KEY", "x / 2L")), n);
        // Lookups and membership of the result.
        double sum3 = 0;
        for (long x = 3; x < n; x += 7) {
            sum3 += x * 0.5;
        }
        assertBoth("{" + sum3 + ", false, 7}", "|n: i64| let d = " + groupBy.replace("KEY", "x % 7L")
                + "; {lookup(d, 3L).$0, keyexists(d, 7L), len(tovec(d))}", n);
    }

    @Test
    void everyOperatorOnEveryCarrier() {
        long n = 3000;
        // {i32, f32, u8, u64} values of key x % 11: each field is a function of x.
        String fields = "{i32(x % 97L) - 48, f32(x % 13L) - 6.0f, u8(x * 37L % 256L), "
                + "u64(x * 7919L % 1000L * 18446744073709551L)}";
        String read = "result(for(" + sortedEntries("result(for(rangeiter(0L, n, 1L), dictmerger[i32, {i32, f32, u8, "
                + "u64}, OP], |b, i, x| merge(b, {i32(x % 11L), " + fields + "})))") + ", appender[{i32, i64, f64, "
                + "i64, i64}], |b, i, e| merge(b, {e.$0, i64(e.$1.$0), f64(e.$1.$1), i64(e.$1.$2), i64(e.$1.$3)})))";
        for (String op : new String[] {"+", "*", "min", "max"}) {
            Map<Long, long[]> ints = new TreeMap<>();
            Map<Long, Float> floats = new TreeMap<>();
            for (long x = 0; x < n; x++) {
                long k = x % 11;
                long[] v = {(int) (x % 97) - 48, x * 37 % 256, x * 7919 % 1000 * 18446744073709551L};
                float f = (float) (x % 13) - 6.0f;
                long[] a = ints.get(k);
                if (a == null) {
                    ints.put(k, v);
                    floats.put(k, f);
                    continue;
                }
                a[0] = (int) combine(op, a[0], v[0], false);
                a[1] = combine(op, a[1], v[1], true) & 0xFF;
                a[2] = combine(op, a[2], v[2], true);
                floats.put(k, switch (op) {
                    case "+" -> floats.get(k) + f;
                    case "*" -> floats.get(k) * f;
                    case "min" -> Math.min(floats.get(k), f);
                    default -> Math.max(floats.get(k), f);
                });
            }
            StringBuilder expected = new StringBuilder("[");
            for (long k : ints.keySet()) {
                long[] a = ints.get(k);
                expected.append(k == 0 ? "" : ", ").append("{").append(k).append(", ").append(a[0]).append(", ")
                        .append((double) floats.get(k)).append(", ").append(a[1]).append(", ")
                        .append(a[2]).append("}");
            }
            assertBoth(expected.append("]").toString(), "|n: i64| " + read.replace("OP", op), n);
        }
    }

    @Test
    void valuesThatAreNotLiteralsMergeBoxed() {
        long n = 2000;
        String expected = sumsAndCounts(n, x -> x % 13);
        // The value a variable, then the whole pair a variable.
        assertBoth(expected, "|n: i64| " + sortedEntries("result(for(rangeiter(0L, n, 1L), dictmerger[i64, {f64, i64}, "
                + "+], |b, i, x| let v = {f64(x) * 0.5, 1L}; merge(b, {x % 13L, v})))"), n);
        assertBoth(expected, "|n: i64| " + sortedEntries("result(for(result(for(rangeiter(0L, n, 1L), "
                + "appender[{i64, {f64, i64}}], |b, i, x| merge(b, {x % 13L, {f64(x) * 0.5, 1L}}))), "
                + "dictmerger[i64, {f64, i64}, +], |b, i, p| merge(b, p)))"), n);
    }

    @Test
    void structDictmergersInsideStructsOfBuildersAndNestedLoops() {
        long n = 1200;
        Map<Long, double[]> m = new TreeMap<>();
        for (long r = 0; r < n / 100; r++) {
            for (long x = 0; x < 100; x++) {
                double[] a = m.computeIfAbsent((r * 100 + x) % 17, k -> new double[2]);
                a[0] += x * 0.5;
                a[1]++;
            }
        }
        String expected = entries(m, a -> "{" + a[0] + ", " + (long) a[1] + "}");
        assertBoth("{" + expected + ", " + n + "}", "|n: i64| let r = for(rangeiter(0L, n / 100L, 1L), "
                + "{dictmerger[i64, {f64, i64}, +], merger[i64, +]}, |b, i, row| for(rangeiter(0L, 100L, 1L), b, "
                + "|c, j, x| {merge(c.$0, {(row * 100L + x) % 17L, {f64(x) * 0.5, 1L}}), merge(c.$1, 1L)})); "
                + "{" + sortedEntries("result(r.$0)") + ", result(r.$1)}", n);
    }

    @Test
    void resultsReadLikeOtherDictionaries() {
        // A merge after a result (linear builders never do it) leaves the result as it was.
        assertBoth("{{1.0, 1}, {6.0, 6}, 2, {false, {0.0, 0}}, true, [{1, {6.0, 6}}, {2, {1.0, 1}}]}",
                "|n: i64| let b1 = for(rangeiter(1L, n, 1L), dictmerger[i64, {f64, i64}, +], |b, i, x| "
                + "merge(b, {x, {1.0, 1L}})); let d1 = result(b1); let d2 = result(merge(b1, {1L, {5.0, 5L}})); "
                + "{lookup(d1, 1L), lookup(d2, 1L), len(tovec(d1)), optlookup(d1, 9L), keyexists(d2, 2L), "
                + "tovec(deserialize[dict[i64, {f64, i64}]](serialize(d2)))}", 3L);
        for (Context c : contexts()) {
            org.graalvm.polyglot.Value d = c.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), "
                    + "dictmerger[i32, {i64, f64}, max], |b, i, x| merge(b, {i32(x % 3L), {x, f64(x) * 0.5}})))")
                    .execute(10L);
            assertTrue(d.hasHashEntries());
            assertEquals(3, d.getHashSize());
            assertEquals(3.5, d.getHashValue(1).getArrayElement(1).asDouble());
            assertEquals(9L, d.getHashValue(0).getArrayElement(0).asLong());
            assertTrue(d.getHashValue(5) == null || d.getHashValue(5).isNull());
            String error = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class,
                    () -> c.eval("weld", "|n: i64| lookup(result(for(rangeiter(0L, n, 1L), dictmerger[i64, {f64, i64},"
                            + " +], |b, i, x| merge(b, {x, {1.0, 1L}}))), 7L)").execute(3L)).getMessage();
            assertTrue(error.contains("key 7 not found"), error);
        }
    }

    @Test
    void lookupsBindTheValuesFieldsWithoutAStruct() {
        long n = 4000;
        // A join's probe: each row looks its key up in a dictionary of 100 struct values {x * 0.5, x % 7, u8}.
        double sum = 0;
        for (long x = 0; x < n; x++) {
            long k = x * 7919 % 100;
            sum += k * 0.5 * (k % 7) + (k * 3 % 256);
        }
        String dict = "result(for(rangeiter(0L, 100L, 1L), dictmerger[i64, {f64, i64, u8}, +], |b, i, x| "
                + "merge(b, {x, {f64(x) * 0.5, x % 7L, u8(x * 3L % 256L)}})))";
        String probe = "result(for(rangeiter(0L, n, 1L), merger[f64, +], |b, i, x| "
                + "let e = lookup(d, x * 7919L % 100L); merge(b, e.$0 * f64(e.$1) + f64(e.$2))))";
        assertBoth(Double.toString(sum), "|n: i64| let d = " + dict + "; " + probe, n);
        // The same dictionary deserialized (a map of boxed entries), and the whole value used as a struct.
        assertBoth(Double.toString(sum), "|n: i64| let d = deserialize[dict[i64, {f64, i64, u8}]](serialize(" + dict
                + ")); " + probe, n);
        // Fields of lookups written inline, into either dictionary.
        String inline = "result(for(rangeiter(0L, n, 1L), merger[f64, +], |b, i, x| merge(b, "
                + "lookup(d, x * 7919L % 100L).$0 * f64(lookup(d, x * 7919L % 100L).$1) "
                + "+ f64(lookup(d, x * 7919L % 100L).$2))))";
        assertBoth(Double.toString(sum), "|n: i64| let d = " + dict + "; " + inline, n);
        assertBoth(Double.toString(sum), "|n: i64| let d = deserialize[dict[i64, {f64, i64, u8}]](serialize(" + dict
                + ")); " + inline, n);
        // A join that keeps the rows whose key exists (keyexists and optlookup probe the entries with the key
        // unboxed): half of the keys 0..199 are in the dictionary.
        double kept = 0;
        for (long x = 0; x < n; x++) {
            long k = x * 7919 % 200;
            kept += k < 100 ? k * 0.5 * (k % 7) + (k * 3 % 256) + 1 : 0;
        }
        assertBoth(Double.toString(kept), "|n: i64| let d = " + dict + "; result(for(rangeiter(0L, n, 1L), "
                + "merger[f64, +], |b, i, x| let k = x * 7919L % 200L; if(keyexists(d, k), let e = lookup(d, k); "
                + "merge(b, e.$0 * f64(e.$1) + f64(e.$2) + select(optlookup(d, k).$0, 1.0, 100.0)), "
                + "merge(b, select(optlookup(d, k).$0, 1000.0, 0.0) + optlookup(d, k).$1.$0))))", n);
        assertBoth("{{1.5, 3, 9}, 1.5}", "|n: i64| let d = " + dict + "; let e = lookup(d, n); {e, e.$0}", 3L);
        for (Context c : contexts()) {
            String error = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class,
                    () -> c.eval("weld", "|n: i64| let d = " + dict + "; let e = lookup(d, n); e.$1").execute(100L))
                    .getMessage();
            assertTrue(error.contains("key 100 not found"), error);
        }
    }
}
