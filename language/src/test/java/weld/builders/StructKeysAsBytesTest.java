package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.junit.jupiter.api.Test;

import weld.programs.SequentialAndParallel;

/**
 * Keys that are flat structs of scalars and text, kept as bytes by {@link weld.runtime.KeyCodec}: group-bys by a
 * name and numbers of every carrier (text in arrays and read in place from host buffers), by two {@code i64}s, joins
 * through every kind of lookup, groupmergers, float fields compared as boxed keys were, missing keys named in errors
 * and keys given from Java, each against values computed here.
 */
class StructKeysAsBytesTest extends SequentialAndParallel {
    /** {@code n} names of 0 to 3 letters of a 3-letter alphabet, from {@code seed}. */
    private static byte[][] names(int n, long seed) {
        Random rnd = new Random(seed);
        byte[][] r = new byte[n][];
        for (int i = 0; i < n; i++) {
            r[i] = new byte[rnd.nextInt(4)];
            for (int j = 0; j < r[i].length; j++) {
                r[i][j] = (byte) ('a' + rnd.nextInt(3));
            }
        }
        return r;
    }

    /** The names as a program's argument: every third read in place from a host buffer. */
    private static Object[] rows(byte[][] names) {
        Object[] rows = new Object[names.length];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 3 == 0 ? ByteBuffer.wrap(names[i]) : names[i];
        }
        return rows;
    }

    /** A key {name, row % 3, row % 2 == 0, row % 5} of row {@code i}, ordered by name then by {@link #rank}. */
    private record Key(byte[] name, int i) {
        static final Comparator<Key> ORDER = Comparator.<Key, byte[]>comparing(Key::name, Arrays::compare)
                .thenComparingInt(k -> rank(k.i));

        static int rank(int i) {
            return i % 3 * 100 + (i % 2 == 0 ? 10 : 0) + i % 5;
        }

        @Override
        public String toString() {
            return "{" + Arrays.toString(name) + ", " + i % 3 + ", " + (i % 2 == 0) + ", " + (double) (i % 5) + "}";
        }
    }

    private static final String RANK = "p.$0.$1 * 100 + select(p.$0.$2, 10, 0) + i32(p.$0.$3)";

    /** Sorts the entries of a dictionary or groupmerger with {name, i32, bool, f64} keys as {@link Key#ORDER}. */
    private static String sorted(String dict) {
        return "sort(tovec(" + dict + "), |p, q| if(p.$0.$0 != q.$0.$0, compare(p.$0.$0, q.$0.$0), "
                + "compare(" + RANK + ", " + RANK.replace("p.", "q.") + ")))";
    }

    private static final String KEY = "{e, i32(i % 3L), i % 2L == 0L, f64(i % 5L)}";

    @Test
    void groupByANameAndNumbersOfEveryCarrier() {
        byte[][] names = names(3000, 1);
        Map<Key, long[]> m = new TreeMap<>(Key.ORDER);
        for (int i = 0; i < names.length; i++) {
            long[] a = m.computeIfAbsent(new Key(names[i], i), k -> new long[2]);
            a[0]++;
            a[1] += i;
        }
        String expected = m.entrySet().stream().map(e -> "{" + e.getKey() + ", {" + e.getValue()[0] + ", "
                + (double) e.getValue()[1] + "}}").collect(Collectors.joining(", ", "[", "]"));
        assertBoth(expected, "|v: vec[vec[i8]]| " + sorted("result(for(v, dictmerger[{vec[i8], i32, bool, f64}, "
                + "{i64, f64}, +], |b, i, e| merge(b, {" + KEY + ", {1L, f64(i)}})))"), (Object) rows(names));
        // The same merged boxed (the pair made first), and with u8 text and an i8 number.
        assertBoth(expected, "|v: vec[vec[i8]]| " + sorted("result(for(v, dictmerger[{vec[i8], i32, bool, f64}, "
                + "{i64, f64}, +], |b, i, e| let p = {" + KEY + ", {1L, f64(i)}}; merge(b, p)))"),
                (Object) rows(names));
        assertBoth(Integer.toString(m.size()), "|v: vec[vec[u8]]| len(tovec(result(for(v, dictmerger[{i8, vec[u8]}, "
                + "i64, +], |b, i, e| merge(b, {{i8(i % 3L * 100L + select(i % 2L == 0L, 10L, 0L) + i % 5L), e}, "
                + "1L})))))", (Object) rows(names));
    }

    @Test
    void groupByTwoLongs() {
        long n = 20_000;
        Map<List<Long>, Long> m = new TreeMap<>(Comparator.<List<Long>, Long>comparing(k -> k.get(0))
                .thenComparing(k -> k.get(1)));
        for (long x = 0; x < n; x++) {
            m.merge(List.of(x % 97 * 1_000_000_007L, x % 89 - 44), x, Long::sum);
        }
        long check = 0;
        long rank = 1;
        for (var e : m.entrySet()) {
            check += (e.getKey().get(0) / 7 + e.getKey().get(1) * e.getValue()) * rank++;
        }
        assertBoth("{" + m.size() + ", " + check + "}", "|n: i64| let d = result(for(rangeiter(0L, n, 1L), "
                + "dictmerger[{i64, i64}, i64, +], |b, i, x| merge(b, {{x % 97L * 1000000007L, x % 89L - 44L}, x}))); "
                + "let s = sort(tovec(d), |p, q| if(p.$0.$0 != q.$0.$0, compare(p.$0.$0, q.$0.$0), "
                + "compare(p.$0.$1, q.$0.$1))); "
                + "{len(s), result(for(s, merger[i64, +], |b, i, p| merge(b, (p.$0.$0 / 7L + p.$0.$1 * p.$1) "
                + "* (i + 1L))))}", n);
    }

    @Test
    void floatFieldsCompareAsBoxedKeysDid() {
        // -0.0 and 0.0 are two keys, every NaN one, as Double.equals has them.
        assertBoth("3", "|n: i64| len(tovec(result(for(rangeiter(0L, n, 1L), dictmerger[{f64, vec[i8]}, i64, +], "
                + "|b, i, x| merge(b, {{select(x % 3L == 0L, 0.0, select(x % 3L == 1L, -0.0, f64(x) / 0.0 * 0.0)), "
                + "[97c]}, 1L})))))", 30L);
    }

    @Test
    void joinsThroughEveryKindOfLookup() {
        byte[][] dim = names(200, 2);
        byte[][] probes = names(4000, 3);
        Map<Key, double[]> minimum = new TreeMap<>(Key.ORDER);
        for (int j = 0; j < dim.length; j++) {
            // Dimension row j has key {name, j % 3, ...}: keyed by (name, j % 30).
            double[] a = minimum.computeIfAbsent(new Key(dim[j], j % 30),
                    k -> new double[] {Double.MAX_VALUE, Double.MAX_VALUE});
            a[0] = Math.min(a[0], j * 0.5);
            a[1] = Math.min(a[1], j % 7);
        }
        double sum = 0;
        double weighted = 0;
        long found = 0;
        for (int i = 0; i < probes.length; i++) {
            double[] a = minimum.get(new Key(probes[i], i % 30));
            if (a != null) {
                sum += a[0];
                weighted += a[0] * a[1];
                found++;
            }
        }
        String dimension = "let dim = result(for(d, dictmerger[{vec[i8], i32, bool, f64}, {f64, i64}, min], "
                + "|b, i, e| merge(b, {" + KEY + ", {f64(i) * 0.5, i % 7L}})));";
        String half = "let half = result(for(d, dictmerger[{vec[i8], i32, bool, f64}, f64, min], "
                + "|b, i, e| merge(b, {" + KEY + ", f64(i) * 0.5})));";
        assertBoth("{" + sum + ", " + found + ", " + weighted + ", " + weighted + ", " + sum + "}",
                "|d: vec[vec[i8]], rows: vec[vec[i8]]| " + dimension + half
                + "result(for(rows, {merger[f64, +], merger[i64, +], merger[f64, +], merger[f64, +], merger[f64, +]}, "
                + "|b, i, e| if(keyexists(dim, " + KEY + "), "
                + "let x = lookup(dim, " + KEY + "); {merge(b.$0, lookup(half, " + KEY + ")), merge(b.$1, 1L), "
                + "merge(b.$2, x.$0 * f64(x.$1)), merge(b.$3, lookup(dim, " + KEY + ").$0 * f64(lookup(dim, " + KEY
                + ").$1)), merge(b.$4, optlookup(half, " + KEY + ").$1)}, "
                + "{b.$0, b.$1, b.$2, b.$3, merge(b.$4, optlookup(half, " + KEY + ").$1)})))",
                rows(dim), rows(probes));
        for (Context c : contexts()) {
            String error = assertThrows(PolyglotException.class, () -> c.eval("weld", "|d: vec[vec[i8]]| "
                    + dimension + " lookup(dim, {[120c, 121c], 1, true, 2.0}).$1").execute((Object) dim))
                    .getMessage();
            assertTrue(error.contains("key {[120, 121], 1, true, 2.0} not found in the dictionary"), error);
        }
    }

    @Test
    void groupmergersByANameAndNumbers() {
        byte[][] names = names(2500, 4);
        Map<Key, List<Integer>> m = new TreeMap<>(Key.ORDER);
        for (int i = 0; i < names.length; i++) {
            m.computeIfAbsent(new Key(names[i], i), k -> new ArrayList<>()).add(i);
        }
        String expected = m.entrySet().stream().map(e -> "{" + e.getKey() + ", " + e.getValue() + "}")
                .collect(Collectors.joining(", ", "[", "]"));
        assertBoth(expected, "|v: vec[vec[i8]]| " + sorted("result(for(v, groupmerger[{vec[i8], i32, bool, f64}, "
                + "i32], |b, i, e| merge(b, {" + KEY + ", i32(i)})))"), (Object) rows(names));
    }

    @Test
    void keysWithTextLiteralsMadeInTheLoop() {
        // Struct literals whose text is a vector literal are read a byte at a time; they meet the keys merged from
        // data (read by words) in one dictionary.
        long n = 3000;
        Map<String, Long> sums = new TreeMap<>();
        for (long x = 0; x < n; x++) {
            sums.merge(text(x) + ',' + x % 2, x, Long::sum);
        }
        long join = 0;
        for (long x = 0; x < n; x++) {
            join += sums.get(text(x) + ',' + x % 2) * (x % 7);
        }
        // Nine bytes: a word and an overlapping last word, read by bytes or by words.
        String literal = "{[i8(97L + x % 3L), 98c, 99c, 100c, 101c, 102c, 103c, 104c, i8(97L + x % 5L)], i32(x % 2L)}";
        assertBoth("{" + sums.size() + ", " + join + ", " + sums.size() + ", " + 2 * n + "}",
                "|n: i64, v: vec[vec[i8]]| "
                + "let d = result(for(rangeiter(0L, n, 1L), dictmerger[{vec[i8], i32}, i64, +], |b, i, x| "
                + "merge(b, {" + literal + ", x}))); "
                + "let both = result(for(rangeiter(0L, n, 1L), dictmerger[{vec[i8], i32}, i64, +], |b, i, x| "
                + "merge(merge(b, {" + literal + ", 1L}), {{lookup(v, x), i32(x % 2L)}, 1L}))); "
                + "{len(tovec(d)), result(for(rangeiter(0L, n, 1L), merger[i64, +], |b, i, x| "
                + "merge(b, lookup(d, " + literal + ") * (x % 7L)))), "
                + "len(tovec(both)), result(for(tovec(both), merger[i64, +], |b, i, p| merge(b, p.$1)))}",
                n, (Object) textRows(n));
    }

    /** The text of row {@code x} in {@link #keysWithTextLiteralsMadeInTheLoop}. */
    private static String text(long x) {
        return (char) ('a' + x % 3) + "bcdefgh" + (char) ('a' + x % 5);
    }

    /** The rows' text, as arrays. */
    private static byte[][] textRows(long n) {
        byte[][] r = new byte[(int) n][];
        for (int x = 0; x < n; x++) {
            r[x] = text(x).getBytes();
        }
        return r;
    }

    @Test
    void keysGivenFromJava() {
        for (Context c : contexts()) {
            Value d = c.eval("weld", "|v: vec[vec[i8]]| result(for(v, dictmerger[{vec[i8], i32}, i64, +], "
                    + "|b, i, e| merge(b, {{e, i32(i % 2L)}, i})))").execute((Object) new byte[][] {
                            "ab".getBytes(), "c".getBytes(), "ab".getBytes(), "ab".getBytes()});
            assertEquals(3, d.getHashSize());
            assertEquals(2L, d.getHashValue(ProxyArray.fromArray("ab".getBytes(), 0)).asLong());
            assertEquals(3L, d.getHashValue(ProxyArray.fromArray(ByteBuffer.wrap("ab".getBytes()), 1)).asLong());
            assertEquals(1L, d.getHashValue(ProxyArray.fromArray(ProxyArray.fromArray(99), 1)).asLong());
            assertEquals(-1L, d.getHashValueOrDefault(ProxyArray.fromArray("c".getBytes(), 0), -1L).asLong());
        }
    }
}
