package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import weld.programs.SequentialAndParallel;

/**
 * Dictmergers and dictionaries keyed by structs of integers and bools ({@link weld.runtime.PackedKey}): group-bys on
 * two columns into scalar and struct values over direct and hash tables, keys of every width up to 64 bits, keys
 * that are not literals, lookups of every form, results read like other dictionaries, and keys too wide to pack,
 * each against values computed here, sequentially and in parallel.
 */
class StructKeyDictTest extends SequentialAndParallel {
    /** A two-field key, ordered as Weld compares structs (field by field, signed). */
    private record Key(long a, long b) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            return a != o.a ? Long.compare(a, o.a) : Long.compare(b, o.b);
        }

        @Override
        public String toString() {
            return "{" + a + ", " + b + "}";
        }
    }

    /** {@code [{key, value}, ...]} of the sums of {@code x * 0.5} (and counts, if {@code counts}) per key of x < n. */
    private static String sums(long n, LongFunction<Key> key, boolean counts) {
        Map<Key, double[]> m = new TreeMap<>();
        for (long x = 0; x < n; x++) {
            double[] a = m.computeIfAbsent(key.apply(x), k -> new double[2]);
            a[0] += x * 0.5;
            a[1]++;
        }
        return m.entrySet().stream().map(e -> "{" + e.getKey() + ", " + (counts
                ? "{" + e.getValue()[0] + ", " + (long) e.getValue()[1] + "}" : e.getValue()[0]) + "}")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static String sorted(String dict) {
        return "sort(tovec(" + dict + "), |p, q| compare(p.$0, q.$0))";
    }

    private static String groupBy(String key, String value, String valueType) {
        return "result(for(rangeiter(0L, n, 1L), dictmerger[{i32, i32}, " + valueType + ", +], |b, i, x| "
                + "merge(b, {" + key + ", " + value + "})))";
    }

    @Test
    void groupByOnTwoColumnsIntoScalarsAndStructs() {
        long n = 6000;
        // Small codes (a direct table), then negative and wide fields (a hash table).
        String small = "{i32(x % 3L), i32(x % 4L)}";
        String wide = "{i32(x % 5L) - 2, i32(x * 7919L % 1000L) * 1000000}";
        LongFunction<Key> smallKey = x -> new Key(x % 3, x % 4);
        LongFunction<Key> wideKey = x -> new Key(x % 5 - 2, x * 7919 % 1000 * 1_000_000);
        assertBoth(sums(n, smallKey, false), "|n: i64| " + sorted(groupBy(small, "f64(x) * 0.5", "f64")), n);
        assertBoth(sums(n, wideKey, false), "|n: i64| " + sorted(groupBy(wide, "f64(x) * 0.5", "f64")), n);
        assertBoth(sums(n, smallKey, true), "|n: i64| " + sorted(groupBy(small, "{f64(x) * 0.5, 1L}", "{f64, i64}")), n);
        assertBoth(sums(n, wideKey, true), "|n: i64| " + sorted(groupBy(wide, "{f64(x) * 0.5, 1L}", "{f64, i64}")), n);
    }

    @Test
    void keysAndPairsThatAreNotLiterals() {
        long n = 3000;
        String expected = sums(n, x -> new Key(x % 7, -(x % 3)), false);
        String keyed = "result(for(rangeiter(0L, n, 1L), dictmerger[{i32, i32}, f64, +], |b, i, x| "
                + "let k = {i32(x % 7L), 0 - i32(x % 3L)}; merge(b, {k, f64(x) * 0.5})))";
        assertBoth(expected, "|n: i64| " + sorted(keyed), n);
        String pairs = "result(for(result(for(rangeiter(0L, n, 1L), appender[{{i32, i32}, f64}], |b, i, x| "
                + "merge(b, {{i32(x % 7L), 0 - i32(x % 3L)}, f64(x) * 0.5}))), dictmerger[{i32, i32}, f64, +], "
                + "|b, i, p| merge(b, p)))";
        assertBoth(expected, "|n: i64| " + sorted(pairs), n);
        String structPairs = pairs.replace("f64}]", "{f64, i64}}]").replace("f64(x) * 0.5}", "{f64(x) * 0.5, 1L}}")
                .replace("{i32, i32}, f64, +]", "{i32, i32}, {f64, i64}, +]");
        assertBoth(sums(n, x -> new Key(x % 7, -(x % 3)), true), "|n: i64| " + sorted(structPairs), n);
    }

    @Test
    void keysOfEveryWidth() {
        // {u8, bool, i16}: extremes of each field; {u32, i32}: 64 bits; {i64}: one field.
        assertBoth("[{{0, false, -32768}, 1}, {{255, true, -1}, 1}, {{255, true, 32767}, 2}]",
                "|n: i64| " + sorted("result(for([{u8(255), true, i16(32767)}, {u8(0), false, i16(-32768)}, "
                        + "{u8(255), true, i16(-1)}, {u8(255), true, i16(32767)}], dictmerger[{u8, bool, i16}, i64, +], "
                        + "|b, i, k| merge(b, {k, 1L})))"), 0L);
        assertBoth("[{4294967295, 2147483647, 2.5}, {0, -1, 3.5}, {4294967295, -2147483648, 4.5}]",
                "|n: i64| let d = result(for([{u32(4294967295L), 2147483647}, {u32(0), -1}, {u32(4294967295L), "
                        + "-2147483647 - 1}, {u32(4294967295L), 2147483647}, {u32(0), -1}, "
                        + "{u32(4294967295L), -2147483647 - 1}], dictmerger[{u32, i32}, f64, +], |b, i, k| "
                        + "merge(b, {k, f64(i) * 0.5 + 0.5}))); result(for(tovec(d), appender[{i64, i32, f64}], |b, i, e| "
                        + "merge(b, {i64(e.$0.$0), e.$0.$1, e.$1})))", 0L);
        assertBoth("{3, 3.0, false}", "|n: i64| let d = result(for(rangeiter(0L, n, 1L), dictmerger[{i64}, f64, +], "
                + "|b, i, x| merge(b, {{x % 3L - 9223372036854775807L - 1L}, f64(x)}))); "
                + "{len(tovec(d)), lookup(d, {-9223372036854775807L - 1L}), keyexists(d, {0L})}", 6L);
    }

    @Test
    void lookupsOfEveryForm() {
        long n = 2000;
        // Dictionaries of 12 groups, scalar and struct values; each row looks up its group and one that is absent.
        String scalars = groupBy("{i32(x % 3L) - 1, i32(x % 4L)}", "f64(x)", "f64");
        String structs = groupBy("{i32(x % 3L) - 1, i32(x % 4L)}", "{f64(x), 1L}", "{f64, i64}");
        double[] sum = new double[12];
        long[] count = new long[12];
        for (long x = 0; x < n; x++) {
            sum[(int) (x % 12)] += x;
            count[(int) (x % 12)]++;
        }
        double expected = 0;
        for (long x = 0; x < n; x++) {
            int g = (int) (x * 5 % 12);
            expected += sum[g] + sum[g] / count[g] + count[g];
        }
        String probe = "result(for(rangeiter(0L, n, 1L), merger[f64, +], |b, i, x| let g = x * 5L % 12L; "
                + "let k = {i32(g % 3L) - 1, i32(g % 4L)}; let e = lookup(t, k); "
                + "merge(b, lookup(s, {i32(g % 3L) - 1, i32(g % 4L)}) + e.$0 / f64(e.$1) + f64(lookup(t, k).$1) "
                + "+ select(keyexists(s, {5, 5}), 1000.0, 0.0) + select(optlookup(t, {7, 0}).$0, 1000.0, 0.0))))";
        assertBoth(Double.toString(expected), "|n: i64| let s = " + scalars + "; let t = " + structs + "; " + probe, n);
        assertBoth("{{true, " + sum[5] + "}, {true, {" + sum[5] + ", " + count[5] + "}}, false, {false, 0.0}}",
                "|n: i64| let s = " + scalars + "; let t = " + structs + "; {optlookup(s, {1, 1}), "
                        + "optlookup(t, {1, 1}), keyexists(t, {2, 1}), optlookup(s, {-2, 1})}", n);
        for (Context c : contexts()) {
            for (String dict : new String[] {scalars, structs}) {
                String error = assertThrows(PolyglotException.class, () -> c.eval("weld", "|n: i64| "
                        + "let d = " + dict + "; lookup(d, {7, -3})").execute(n)).getMessage();
                assertTrue(error.contains("key {7, -3} not found"), error);
            }
        }
    }

    @Test
    void resultsReadLikeOtherDictionaries() {
        String dict = "result(for(rangeiter(0L, n, 1L), dictmerger[{i32, bool}, {f64, i64}, +], |b, i, x| "
                + "merge(b, {{i32(x % 3L), x % 2L == 0L}, {f64(x), 1L}})))";
        assertBoth("[{{0, false}, {12.0, 2}}, {{0, true}, {6.0, 2}}, {{1, false}, {8.0, 2}}, {{1, true}, {14.0, 2}}, "
                + "{{2, false}, {16.0, 2}}, {{2, true}, {10.0, 2}}]", "|n: i64| " + sorted(
                        "deserialize[dict[{i32, bool}, {f64, i64}]](serialize(" + dict + "))"), 12L);
        // A dictionary of scalars deserialized is a table of packed keys again: looked up, listed, serialized.
        assertBoth("{12.0, true, false, [{{2, true}, 10.0}, {{0, false}, 12.0}]}", "|n: i64| let d = "
                + "deserialize[dict[{i32, bool}, f64]](serialize(result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[{i32, bool}, f64, +], |b, i, x| merge(b, {{i32(x % 3L), x % 2L == 0L}, f64(x)}))))); "
                + "{lookup(d, {0, false}), keyexists(d, {1, true}), keyexists(d, {3, true}), "
                + "slice(" + sorted("d").replace("compare(p.$0, q.$0)", "compare(p.$1, q.$1)") + ", 2L, 2L)}", 12L);
        for (Context c : contexts()) {
            Value d = c.eval("weld", "|n: i64| " + dict).execute(12L);
            assertEquals(6, d.getHashSize());
            Value key = c.eval("weld", "|a: i32, b: bool| {a, b}").execute(1, false);
            assertEquals(8.0, d.getHashValue(key).getArrayElement(0).asDouble());
            Value entries = d.getHashEntriesIterator();
            long keys = 0;
            while (entries.hasIteratorNextElement()) {
                Value e = entries.getIteratorNextElement();
                keys += e.getArrayElement(0).getArrayElement(0).asInt();
            }
            assertEquals(6, keys, "the first fields of the keys 0, 1, 2 twice each");
        }
    }

    @Test
    void floatKeysAndFloatFieldsCompareAsBoxedFloats() {
        // Keys x / 4 - 2 in f64 and f32, with -0.0, 0.0 and NaN among them: Double.equals decides equality.
        long n = 40;
        java.util.Map<Double, Double> m = new java.util.LinkedHashMap<>();
        for (long x = 0; x < n; x++) {
            double k = x % 10 == 3 ? Double.NaN : x % 10 == 7 ? -0.0 : x % 10 / 4.0 - 2.0;
            m.merge(k, x * 0.5, Double::sum);
        }
        String expected = m.entrySet().stream().map(e -> "{" + e.getKey() + ", " + e.getValue() + "}")
                .collect(Collectors.joining(", ", "[", "]"));
        String key = "select(x % 10L == 3L, 0.0 / 0.0, select(x % 10L == 7L, 0.0 * (0.0 - 1.0), "
                + "f64(x % 10L) / 4.0 - 2.0))";
        assertBoth(expected, "|n: i64| tovec(result(for(rangeiter(0L, n, 1L), dictmerger[f64, f64, +], |b, i, x| "
                + "merge(b, {" + key + ", f64(x) * 0.5}))))", n);
        assertBoth("{" + m.get(-0.0) + ", " + m.get(0.0) + "}", "|n: i64| let d = result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[f64, f64, +], |b, i, x| merge(b, {" + key + ", f64(x) * 0.5}))); "
                + "{lookup(d, 0.0 * (0.0 - 1.0)), lookup(d, 0.0)}", n);
        // f32 fields in a struct key, struct values, and a groupmerger keyed by f64.
        assertBoth("{" + m.get(Double.NaN) + ", true, false, " + m.size() + "}", "|n: i64| let d = "
                + "result(for(rangeiter(0L, n, 1L), dictmerger[{f32, i32}, {f64, i64}, +], |b, i, x| "
                + "merge(b, {{f32(" + key + "), 1}, {f64(x) * 0.5, 1L}}))); let g = result(for(rangeiter(0L, n, 1L), "
                + "groupmerger[f64, i64], |b, i, x| merge(b, {" + key + ", x}))); "
                + "{lookup(d, {f32(0.0 / 0.0), 1}).$0, keyexists(g, 0.0 - 2.0), keyexists(d, {f32(0.0), 2}), "
                + "len(tovec(g))}", n);
    }

    @Test
    void keysTooWideToPackStayBoxed() {
        long n = 500;
        assertBoth(sums(n, x -> new Key(x % 4 * 10_000_000_000L, x % 3), false), "|n: i64| " + sorted(
                "result(for(rangeiter(0L, n, 1L), dictmerger[{i64, i32}, f64, +], |b, i, x| "
                        + "merge(b, {{x % 4L * 10000000000L, i32(x % 3L)}, f64(x) * 0.5})))"), n);
    }
}
