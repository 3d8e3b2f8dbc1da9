package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.junit.jupiter.api.Test;

import weld.programs.SequentialAndParallel;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.types.WeldType;

/**
 * Dictmergers whose keys do not pack into a {@code long} and whose values are numbers or structs of numbers
 * ({@link ObjectKeyDictMerger}): group-bys by text into sums and counts, every operator on every carrier, keys that
 * are equal in different representations (slices, host buffers), struct and vector keys, growth of the index and of
 * the value columns, the boxed merge paths, the partials of parallel loops, and the results read like other
 * dictionaries, each against values computed here.
 */
class ObjectKeyDictMergerTest extends SequentialAndParallel {
    private static final WeldType TEXT = new WeldType.Vec(WeldType.Scalar.I8);

    /** {@code n} names of 0 to 4 letters of a 5-letter alphabet (781 possible), from {@code seed}. */
    private static byte[][] names(int n, long seed) {
        Random rnd = new Random(seed);
        byte[][] r = new byte[n][];
        for (int i = 0; i < n; i++) {
            r[i] = new byte[rnd.nextInt(5)];
            for (int j = 0; j < r[i].length; j++) {
                r[i][j] = (byte) ('a' + rnd.nextInt(5));
            }
        }
        return r;
    }

    /** A name as Weld prints a {@code vec[i8]}. */
    private static String text(byte[] name) {
        return Arrays.toString(name);
    }

    /** {@code [{name, value}, ...]} of {@code m} in the order of the names, each value written by {@code value}. */
    private static <V> String entries(Map<byte[], V> m, Function<V, String> value) {
        return m.entrySet().stream().map(e -> "{" + text(e.getKey()) + ", " + value.apply(e.getValue()) + "}")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static <V> Map<byte[], V> byName() {
        return new TreeMap<>(Arrays::compare);
    }

    /** Per name of {@code names}: {sum of i * 0.5 over its rows i, count of its rows}. */
    private static Map<byte[], double[]> sumsAndCounts(byte[][] names) {
        Map<byte[], double[]> m = byName();
        for (int i = 0; i < names.length; i++) {
            double[] a = m.computeIfAbsent(names[i], k -> new double[2]);
            a[0] += i * 0.5;
            a[1]++;
        }
        return m;
    }

    /** The group-by's entries sorted by key. */
    private static String sortedEntries(String dict) {
        return "sort(tovec(" + dict + "), |p, q| compare(p.$0, q.$0))";
    }

    private static WeldType.Builder dictMerger(WeldType key, WeldType value) {
        return new WeldType.Builder(BuilderKind.DICTMERGER, List.of(key, value), BinOp.ADD);
    }

    @Test
    void typesWithKeysThatDoNotPackAndValuesOfNumbersQualify() {
        WeldType.Struct pair = WeldType.Struct.of(WeldType.Scalar.F64, WeldType.Scalar.I64);
        assertTrue(ObjectKeyDictMerger.supports(dictMerger(TEXT, WeldType.Scalar.F64)));
        assertTrue(ObjectKeyDictMerger.supports(dictMerger(TEXT, pair)));
        assertTrue(ObjectKeyDictMerger.supports(dictMerger(WeldType.Struct.of(TEXT, WeldType.Scalar.I32), pair)));
        assertTrue(ObjectKeyDictMerger.supports(dictMerger(WeldType.Scalar.BOOL, WeldType.Scalar.I64)));
        assertFalse(ObjectKeyDictMerger.supports(dictMerger(WeldType.Scalar.I64, pair)), "a StructDictMerger");
        assertFalse(ObjectKeyDictMerger.supports(dictMerger(WeldType.Scalar.I64, WeldType.Scalar.I64)),
                "a ScalarDictMerger");
        assertFalse(ObjectKeyDictMerger.supports(dictMerger(TEXT, WeldType.Scalar.BOOL)));
        assertFalse(ObjectKeyDictMerger.supports(dictMerger(TEXT,
                WeldType.Struct.of(WeldType.Scalar.BOOL, WeldType.Scalar.I64))));
        assertFalse(ObjectKeyDictMerger.supports(dictMerger(TEXT, TEXT)));
    }

    @Test
    void sumsAndCountsByName() {
        byte[][] names = names(6000, 1);
        Map<byte[], double[]> m = sumsAndCounts(names);
        String expected = entries(m, a -> "{" + a[0] + ", " + (long) a[1] + "}");
        assertBoth(expected, "|v: vec[vec[i8]]| " + sortedEntries("result(for(v, dictmerger[vec[i8], {f64, i64}, +], "
                + "|b, i, e| merge(b, {e, {f64(i) * 0.5, 1L}})))"), (Object) names);
        String counts = entries(m, a -> Long.toString((long) a[1]));
        assertBoth(counts, "|v: vec[vec[i8]]| " + sortedEntries("result(for(v, dictmerger[vec[i8], i64, +], "
                + "|b, i, e| merge(b, {e, 1L})))"), (Object) names);
        // The entries in the order of their first merge, as a boxed dictionary kept them.
        String firstSeen = Arrays.stream(names).map(ByteBuffer::wrap).distinct()
                .map(b -> text(b.array())).collect(Collectors.joining(", ", "[", "]"));
        assertBoth(firstSeen, "|v: vec[vec[i8]]| map(tovec(result(for(v, dictmerger[vec[i8], i64, +], "
                + "|b, i, e| merge(b, {e, 1L})))), |p| p.$0)", (Object) names);
    }

    @Test
    void everyOperatorOnEveryCarrier() {
        byte[][] names = names(3000, 2);
        String fields = "{i32(i % 97L) - 48, f32(i % 13L) - 6.0f, u8(i * 37L % 256L), "
                + "u64(i * 7919L % 1000L * 18446744073709551L), i16(i % 301L) - 150si, f64(i % 7L) - 3.0}";
        String read = "map(" + sortedEntries("result(for(v, dictmerger[vec[i8], {i32, f32, u8, u64, i16, f64}, OP], "
                + "|b, i, e| merge(b, {e, " + fields + "})))") + ", |e| {e.$0, i64(e.$1.$0), f64(e.$1.$1), "
                + "i64(e.$1.$2), i64(e.$1.$3), i64(e.$1.$4), e.$1.$5})";
        for (String op : new String[] {"+", "*", "min", "max"}) {
            Map<byte[], long[]> ints = byName();
            Map<byte[], float[]> f32 = byName();
            Map<byte[], double[]> f64 = byName();
            for (long i = 0; i < names.length; i++) {
                byte[] k = names[(int) i];
                long[] v = {(int) (i % 97) - 48, i * 37 % 256, i * 7919 % 1000 * 18446744073709551L,
                        (short) (i % 301 - 150)};
                float f = (float) (i % 13) - 6.0f;
                double d = (double) (i % 7) - 3.0;
                long[] a = ints.get(k);
                if (a == null) {
                    ints.put(k, v);
                    f32.put(k, new float[] {f});
                    f64.put(k, new double[] {d});
                    continue;
                }
                a[0] = (int) combine(op, a[0], v[0], false);
                a[1] = combine(op, a[1], v[1], true) & 0xFF;
                a[2] = combine(op, a[2], v[2], true);
                a[3] = (short) combine(op, a[3], v[3], false);
                float[] g = f32.get(k);
                double[] h = f64.get(k);
                switch (op) {
                    case "+" -> {
                        g[0] += f;
                        h[0] += d;
                    }
                    case "*" -> {
                        g[0] *= f;
                        h[0] *= d;
                    }
                    case "min" -> {
                        g[0] = Math.min(g[0], f);
                        h[0] = Math.min(h[0], d);
                    }
                    default -> {
                        g[0] = Math.max(g[0], f);
                        h[0] = Math.max(h[0], d);
                    }
                }
            }
            StringBuilder sb = new StringBuilder("[");
            for (byte[] k : ints.keySet()) {
                long[] a = ints.get(k);
                sb.append(sb.length() == 1 ? "" : ", ").append("{").append(text(k)).append(", ").append(a[0])
                        .append(", ").append((double) f32.get(k)[0]).append(", ").append(a[1]).append(", ")
                        .append(a[2]).append(", ").append(a[3]).append(", ").append(f64.get(k)[0]).append("}");
            }
            assertBoth(sb.append("]").toString(), "|v: vec[vec[i8]]| " + read.replace("OP", op), (Object) names);
        }
    }

    @Test
    void scalarValuesOfEveryCarrier() {
        byte[][] names = names(2500, 3);
        for (String type : new String[] {"i8", "u16", "i32", "u32", "i64", "u64", "f32", "f64"}) {
            for (String op : new String[] {"+", "max"}) {
                boolean real = type.startsWith("f");
                Map<byte[], long[]> ints = byName();
                Map<byte[], double[]> reals = byName();
                for (long i = 0; i < names.length; i++) {
                    long x = i * 7919 % 2000 - 1000;
                    long v = switch (type) {
                        case "i8" -> (byte) x;
                        case "u16" -> x & 0xFFFF;
                        case "i32" -> x * 1_000_003;
                        case "u32" -> x * 1_000_003 & 0xFFFFFFFFL;
                        default -> x * 1_000_000_007L;
                    };
                    boolean unsigned = type.startsWith("u");
                    long[] a = ints.get(names[(int) i]);
                    if (a == null) {
                        ints.put(names[(int) i], new long[] {v});
                        reals.put(names[(int) i], new double[] {type.equals("f32") ? (float) (x * 0.25) : x * 0.25});
                        continue;
                    }
                    long c = combine(op, a[0], v, unsigned);
                    a[0] = switch (type) {
                        case "i8" -> (byte) c;
                        case "u16" -> c & 0xFFFF;
                        case "i32" -> (int) c;
                        case "u32" -> c & 0xFFFFFFFFL;
                        default -> c;
                    };
                    double[] r = reals.get(names[(int) i]);
                    double y = type.equals("f32") ? (float) (x * 0.25) : x * 0.25;
                    r[0] = op.equals("+") ? (type.equals("f32") ? (float) (r[0] + y) : r[0] + y) : Math.max(r[0], y);
                }
                String value = real ? type + "(f64(x) * 0.25)" : switch (type) {
                    case "i8", "u16" -> type + "(x)";
                    case "i32", "u32" -> type + "(x * 1000003L)";
                    default -> type + "(x * 1000000007L)";
                };
                String expected = real ? entries(reals, r -> Double.toString(r[0]))
                        : entries(ints, a -> Long.toString(a[0]));
                assertBoth(expected, "|v: vec[vec[i8]]| map(" + sortedEntries("result(for(v, dictmerger[vec[i8], "
                        + type + ", " + op + "], |b, i, e| let x = i * 7919L % 2000L - 1000L; merge(b, {e, " + value
                        + "})))") + ", |p| {p.$0, " + (real ? "f64(p.$1)" : "i64(p.$1)") + "})", (Object) names);
            }
        }
    }

    @Test
    void keysEqualInEveryRepresentationMeetInOneEntry() {
        // Slices of one long text, texts made by a loop, and texts read in place from host buffers.
        byte[] all = "abcabcab".getBytes();
        Value f = sequential.eval("weld", "|v: vec[vec[i8]], all: vec[i8]| let d = result(for(rangeiter(0L, 6L, 1L), "
                + "dictmerger[vec[i8], i64, +], |b, i, x| merge(b, {slice(all, x, 3L), 1L}))); "
                + "let d2 = result(for(v, dictmerger[vec[i8], i64, +], |b, i, e| merge(b, {e, 10L}))); "
                + "{sort(tovec(d), |p, q| compare(p.$0, q.$0)), lookup(d, [97c, 98c, 99c]), "
                + "sort(tovec(d2), |p, q| compare(p.$0, q.$0))}");
        Object[] texts = {ByteBuffer.wrap("abc".getBytes()), "abc".getBytes(), ByteBuffer.wrap("bca".getBytes()),
                ByteBuffer.wrap("xabcx".getBytes(), 1, 3).slice()};
        assertEquals("{[{[97, 98, 99], 2}, {[98, 99, 97], 2}, {[99, 97, 98], 2}], 2, "
                + "[{[97, 98, 99], 30}, {[98, 99, 97], 10}]}", f.execute(texts, all).toString());
    }

    @Test
    void textWithBytesOverAHundredAndTwentySevenMeetsInOneEntrySignedOrUnsigned() {
        // Every byte value, as i8 and as u8 text: arrays hashed in compiled code, host buffers (read in place)
        // hashed by their boxed elements, the same keys in either order.
        Random rnd = new Random(9);
        List<Object> texts = new java.util.ArrayList<>();
        Map<byte[], long[]> counts = new TreeMap<>(Arrays::compareUnsigned);
        for (int i = 0; i < 3000; i++) {
            byte[] b = new byte[1 + rnd.nextInt(2)];
            for (int j = 0; j < b.length; j++) {
                b[j] = (byte) (rnd.nextInt(4) * 85);
            }
            texts.add(i % 3 == 0 ? ByteBuffer.wrap(b) : b);
            counts.computeIfAbsent(b, k -> new long[1])[0]++;
        }
        String expected = counts.entrySet().stream().map(e -> {
            StringBuilder t = new StringBuilder("[");
            for (byte x : e.getKey()) {
                t.append(t.length() == 1 ? "" : ", ").append(x & 0xFF);
            }
            return "{" + t + "], " + e.getValue()[0] + "}";
        }).collect(Collectors.joining(", ", "[", "]"));
        for (String kind : new String[] {"i8", "u8"}) {
            String program = "|v: vec[vec[" + kind + "]]| let d = result(for(v, dictmerger[vec[" + kind + "], i64, +], "
                    + "|b, i, e| merge(b, {e, 1L}))); let t = map(tovec(d), |p| {map(p.$0, |c| i64(c) & 255L), p.$1}); "
                    + "sort(t, |p, q| compare(p.$0, q.$0))";
            for (Context c : contexts()) {
                assertEquals(expected, c.eval("weld", program).execute((Object) texts.toArray()).toString(), kind);
            }
        }
    }

    @Test
    void structAndBooleanKeysAndVectorsOfNumbers() {
        byte[][] names = names(2000, 4);
        Map<byte[], long[]> m = byName();
        for (int i = 0; i < names.length; i++) {
            m.computeIfAbsent(names[i], k -> new long[3])[i % 3] += i;
        }
        // {name, i % 3} keys, sorted by name then number.
        StringBuilder expected = new StringBuilder("[");
        m.forEach((k, a) -> {
            for (int r = 0; r < 3; r++) {
                if (a[r] > 0 || hasRow(names, k, r)) {
                    expected.append(expected.length() == 1 ? "" : ", ").append("{{").append(text(k)).append(", ")
                            .append(r).append("}, {").append(a[r]).append(", ").append((double) a[r]).append("}}");
                }
            }
        });
        assertBoth(expected.append("]").toString(), "|v: vec[vec[i8]]| sort(tovec(result(for(v, "
                + "dictmerger[{vec[i8], i32}, {i64, f64}, +], |b, i, e| merge(b, {{e, i32(i % 3L)}, {i, f64(i)}})))), "
                + "|p, q| if(p.$0.$0 != q.$0.$0, compare(p.$0.$0, q.$0.$0), compare(p.$0.$1, q.$0.$1)))",
                (Object) names);
        long evens = 0;
        long odds = 0;
        for (long x = 0; x < 1000; x++) {
            evens += x % 2 == 0 ? x : 0;
            odds += x % 2 == 1 ? x : 0;
        }
        assertBoth("{" + evens + ", " + odds + ", 2}", "|n: i64| let d = result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[bool, i64, +], |b, i, x| merge(b, {x % 2L == 0L, x}))); "
                + "{lookup(d, true), lookup(d, false), len(tovec(d))}", 1000L);
        assertBoth("[{[0, 1], 500.0}, {[1, 2], 1000.0}]", "|n: i64| sort(tovec(result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[vec[i64], f64, +], |b, i, x| merge(b, {[x % 2L, x % 2L + 1L], 1.0 + f64(x % 2L)})))), "
                + "|p, q| compare(p.$0, q.$0))", 1000L);
    }

    private static boolean hasRow(byte[][] names, byte[] k, int r) {
        for (int i = r; i < names.length; i += 3) {
            if (Arrays.equals(names[i], k)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void manyKeysGrowTheIndexAndTheColumns() {
        // 200,000 distinct names of 3 bytes plus a repeat of each: past the first capacity of every array.
        long n = 400_000;
        assertBoth("{200000, 2, 3, 599998}", "|n: i64| let d = result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[vec[i8], {i64, i64}, +], |b, i, x| let y = x % 200000L; "
                + "merge(b, {[i8(y / 65536L), i8(y / 256L % 256L), i8(y % 256L)], {1L, x}}))); "
                + "{len(tovec(d)), lookup(d, [0c, 0c, 3c]).$0, lookup(d, [3c, 13c, 63c]).$0 - lookup(d, "
                + "[3c, 13c, 63c]).$0 + 3L, lookup(d, [3c, 13c, 63c]).$1}", n);
    }

    @Test
    void valuesThatAreNotLiteralsMergeBoxed() {
        byte[][] names = names(1500, 5);
        Map<byte[], double[]> m = sumsAndCounts(names);
        String expected = entries(m, a -> "{" + a[0] + ", " + (long) a[1] + "}");
        assertBoth(expected, "|v: vec[vec[i8]]| " + sortedEntries("result(for(v, dictmerger[vec[i8], {f64, i64}, +], "
                + "|b, i, e| let x = {f64(i) * 0.5, 1L}; merge(b, {e, x})))"), (Object) names);
        assertBoth(expected, "|v: vec[vec[i8]]| " + sortedEntries("result(for(result(for(v, appender[{vec[i8], "
                + "{f64, i64}}], |b, i, e| merge(b, {e, {f64(i) * 0.5, 1L}}))), dictmerger[vec[i8], {f64, i64}, +], "
                + "|b, i, p| merge(b, p)))"), (Object) names);
        String counts = entries(m, a -> Long.toString((long) a[1]));
        assertBoth(counts, "|v: vec[vec[i8]]| " + sortedEntries("result(for(v, dictmerger[vec[i8], i64, +], "
                + "|b, i, e| let p = {e, 1L}; merge(b, p)))"), (Object) names);
    }

    @Test
    void insideStructsOfBuildersAndNestedLoops() {
        byte[][] names = names(1200, 6);
        Map<byte[], long[]> m = byName();
        for (int i = 0; i < names.length; i++) {
            for (int j = 0; j < 3; j++) {
                m.computeIfAbsent(names[i], k -> new long[1])[0] += j;
            }
        }
        assertBoth("{" + entries(m, a -> Long.toString(a[0])) + ", " + 3 * names.length + "}",
                "|v: vec[vec[i8]]| let r = for(v, {dictmerger[vec[i8], i64, +], merger[i64, +]}, |b, i, e| "
                + "for(rangeiter(0L, 3L, 1L), b, |c, j, x| {merge(c.$0, {e, x}), merge(c.$1, 1L)})); "
                + "{" + sortedEntries("result(r.$0)") + ", result(r.$1)}", (Object) names);
    }

    @Test
    void resultsReadLikeOtherDictionaries() {
        // A merge after a result (linear builders never do it) leaves the result as it was.
        assertBoth("{{1.0, 1}, {6.0, 6}, 2, {false, {0.0, 0}}, true, [{[1], {6.0, 6}}, {[2], {1.0, 1}}]}",
                "|n: i64| let b1 = for(rangeiter(1L, n, 1L), dictmerger[vec[i64], {f64, i64}, +], |b, i, x| "
                + "merge(b, {[x], {1.0, 1L}})); let d1 = result(b1); let d2 = result(merge(b1, {[1L], {5.0, 5L}})); "
                + "{lookup(d1, [1L]), lookup(d2, [1L]), len(tovec(d1)), optlookup(d1, [9L]), keyexists(d2, [2L]), "
                + "sort(tovec(deserialize[dict[vec[i64], {f64, i64}]](serialize(d2))), |p, q| compare(p.$0, q.$0))}",
                3L);
        for (Context c : contexts()) {
            Value d = c.eval("weld", "|v: vec[vec[i8]]| result(for(v, dictmerger[vec[i8], {i64, f64}, max], "
                    + "|b, i, e| merge(b, {e, {i, f64(i) * 0.5}})))").execute((Object) new byte[][] {
                            "ab".getBytes(), "c".getBytes(), "ab".getBytes()});
            assertTrue(d.hasHashEntries());
            assertEquals(2, d.getHashSize());
            assertEquals(1.0, d.getHashValue(ProxyArray.fromArray(97, 98)).getArrayElement(1).asDouble());
            assertEquals(1L, d.getHashValue(ProxyArray.fromArray(99)).getArrayElement(0).asLong());
            String error = assertThrows(PolyglotException.class, () -> c.eval("weld", "|n: i64| lookup(result("
                    + "for(rangeiter(0L, n, 1L), dictmerger[vec[i64], i64, +], |b, i, x| merge(b, {[x], 1L}))), "
                    + "[7L])").execute(3L)).getMessage();
            assertTrue(error.contains("not found"), error);
        }
    }

    @Test
    void joinsByTextReadTheValuesOfEveryKind() {
        // A dimension of 300 names to values of each kind, probed by 4000 rows of names, some of them absent (a
        // name of 5 letters) and some read in place from host buffers.
        byte[][] dim = names(300, 7);
        Random rnd = new Random(8);
        Object[] rows = new Object[4000];
        byte[][] rowNames = new byte[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            rowNames[i] = i % 10 == 0 ? "abcde".getBytes() : dim[rnd.nextInt(dim.length)];
            rows[i] = i % 4 == 0 ? ByteBuffer.wrap(rowNames[i]) : rowNames[i];
        }
        Map<byte[], Integer> first = byName();
        for (int j = 0; j < dim.length; j++) {
            first.putIfAbsent(dim[j], j);
        }
        String dict = "result(for(d, dictmerger[vec[i8], T, max], |b, j, e| merge(b, {e, T(j * 3L - 400L)})))";
        for (String t : new String[] {"i8", "u16", "i32", "u32", "i64", "f32", "f64"}) {
            // The max per name of its values as the type holds them (unsigned ones masked, so that numeric order
            // is theirs); the sum over the rows of the probes' values, and the count of rows found.
            Map<byte[], Double> max = byName();
            for (int j = 0; j < dim.length; j++) {
                long x = j * 3L - 400;
                double v = switch (t) {
                    case "i8" -> (byte) x;
                    case "u16" -> x & 0xFFFF;
                    case "u32" -> x & 0xFFFFFFFFL;
                    case "f32" -> (float) x;
                    default -> x;
                };
                max.merge(dim[j], v, Math::max);
            }
            double sum = 0;
            long found = 0;
            for (byte[] r : rowNames) {
                Double v = max.get(r);
                if (v != null) {
                    sum += v;
                    found++;
                }
            }
            String program = "|d: vec[vec[i8]], rows: vec[vec[i8]]| let dim = " + dict.replace("T", t) + "; "
                    + "result(for(rows, {merger[f64, +], merger[i64, +], merger[i64, +]}, |b, i, r| "
                    + "if(keyexists(dim, r), {merge(b.$0, f64(lookup(dim, r))), merge(b.$1, 1L), "
                    + "merge(b.$2, select(optlookup(dim, r).$0, 0L, 1L))}, {b.$0, b.$1, merge(b.$2, "
                    + "select(optlookup(dim, r).$0, 1L, 0L) + i64(optlookup(dim, r).$1) * 7L)})))";
            assertBoth("{" + sum + ", " + found + ", 0}", program, dim, rows);
        }
        // Struct values bound field by field, and the same read as a whole struct.
        // min merges field by field: the first j's half, and the least j % 7 of the name's entries.
        Map<byte[], Long> leastMod = byName();
        for (int j = 0; j < dim.length; j++) {
            leastMod.merge(dim[j], (long) (j % 7), Math::min);
        }
        double weighted = 0;
        for (byte[] r : rowNames) {
            Integer j = first.get(r);
            weighted += j == null ? 0 : j * 0.5 * leastMod.get(r);
        }
        String structs = "let dim = result(for(d, dictmerger[vec[i8], {f64, i64}, min], |b, j, e| "
                + "merge(b, {e, {f64(j) * 0.5, j % 7L}})))";
        assertBoth(Double.toString(weighted), "|d: vec[vec[i8]], rows: vec[vec[i8]]| " + structs + "; "
                + "result(for(rows, merger[f64, +], |b, i, r| if(keyexists(dim, r), let e = lookup(dim, r); "
                + "merge(b, e.$0 * f64(e.$1)), b)))", dim, rows);
        assertBoth(Double.toString(weighted), "|d: vec[vec[i8]], rows: vec[vec[i8]]| " + structs + "; "
                + "result(for(rows, merger[f64, +], |b, i, r| if(keyexists(dim, r), "
                + "merge(b, lookup(dim, r).$0 * f64(lookup(dim, r).$1)), b)))", dim, rows);
        for (Context c : contexts()) {
            String error = assertThrows(PolyglotException.class, () -> c.eval("weld", "|d: vec[vec[i8]]| "
                    + structs + "; lookup(dim, [120c, 121c]).$1").execute((Object) dim)).getMessage();
            assertTrue(error.contains("key [120, 121] not found in the dictionary"), error);
            error = assertThrows(PolyglotException.class, () -> c.eval("weld", "|d: vec[vec[i8]]| let dim = "
                    + dict.replace("T", "i64") + "; lookup(dim, [120c])").execute((Object) dim)).getMessage();
            assertTrue(error.contains("key [120] not found in the dictionary"), error);
        }
    }

    @Test
    void textKeysKeptAsBytesSerializeAndConvertLikeOtherVectors() {
        byte[][] names = names(500, 10);
        Map<byte[], double[]> m = sumsAndCounts(names);
        String expected = entries(m, a -> "{" + a[0] + ", " + (long) a[1] + "}");
        String groupBy = "result(for(v, dictmerger[vec[i8], {f64, i64}, +], |b, i, e| "
                + "merge(b, {e, {f64(i) * 0.5, 1L}})))";
        // Through serialize/deserialize (a boxed dictionary), and the keys made into other vectors.
        assertBoth(expected, "|v: vec[vec[i8]]| " + sortedEntries("deserialize[dict[vec[i8], {f64, i64}]](serialize("
                + groupBy + "))"), (Object) names);
        assertBoth(entries(m, a -> Long.toString((long) a[1])), "|v: vec[vec[i8]]| let d = " + groupBy + "; "
                + "sort(map(tovec(d), |p| {map(p.$0, |c| c), p.$1.$1}), |p, q| compare(p.$0, q.$0))", (Object) names);
    }

    @Test
    void entriesCountAgainstTheMemoryLimit() {
        for (int threads : new int[] {1, 2}) {
            try (Context c = Context.newBuilder("weld").option("weld.MemoryLimit", "1m")
                    .option("weld.Threads", Integer.toString(threads)).option("weld.Grain", "1000").build()) {
                // Keys kept as objects, and text kept as bytes (4-byte names of x).
                for (String key : new String[] {"[x]", "[i8(x), i8(x / 256L), i8(x / 65536L), 1c]"}) {
                    String type = key.startsWith("[x]") ? "vec[i64]" : "vec[i8]";
                    Value groups = c.eval("weld", "|n: i64| len(tovec(result(for(rangeiter(0L, n, 1L), "
                            + "dictmerger[" + type + ", {i64, f64}, +], |b, i, x| "
                            + "merge(b, {" + key + ", {1L, 1.0}})))))");
                    assertEquals(100L, groups.execute(100L).asLong());
                    PolyglotException e = assertThrows(PolyglotException.class, () -> groups.execute(1_000_000L));
                    assertTrue(e.getMessage().contains("memory limit exceeded"), e.getMessage());
                    assertEquals(100L, groups.execute(100L).asLong(), "the context stays usable");
                }
            }
        }
    }
}
