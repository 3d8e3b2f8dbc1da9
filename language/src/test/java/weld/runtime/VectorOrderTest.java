package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The order of vectors of scalars (text and other vectors of numbers), which comparisons of vectors and sorts by
 * value compute on their arrays: against an order written here in Java, element by element, signed or unsigned by
 * kind, a proper prefix first, floats by {@code <} and {@code >} only (a NaN neither before nor after anything).
 * Covers empty vectors, shared prefixes, slices at an offset, vectors read in place from host buffers (which
 * take the boxed path) mixed with vectors in arrays, and structs sorted by a text field then by a number.
 */
class VectorOrderTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "bool"})
    void sortsByValueInTheOrderOfTheElements(String type) {
        List<List<Long>> rows = rows(new Random(type.hashCode()), 1500, type.equals("bool") ? 0 : -3, 3);
        String convert = type.equals("bool") ? "map(r, |x| x > 0L)" : "map(r, |x| " + type + "(x))";
        String back = type.equals("bool") ? "map(r, |x| select(x, 1L, 0L))" : "map(r, |x| i64(x))";
        Comparator<List<Long>> order = lexicographic(type);
        for (boolean descending : new boolean[] {false, true}) {
            String cmp = descending ? "|p, q| if(q < p, -1, if(q > p, 1, 0))" : "|p, q| compare(p, q)";
            Value f = context.eval("weld", "|v: vec[vec[i64]]| let t = map(v, |r| " + convert + "); map(sort(t, "
                    + cmp + "), |r| " + back + ")");
            List<List<Long>> expected = new ArrayList<>(rows.stream().map(r -> canonical(type, r)).toList());
            expected.sort(descending ? order.reversed() : order);
            assertEquals(expected, lists(f.execute(proxy(rows))), type + (descending ? " descending" : " ascending"));
        }
    }

    @Test
    void textReadInPlaceSortsWithTextInArrays() {
        Random rnd = new Random(7);
        List<List<Long>> rows = rows(rnd, 800, -2, 2);
        List<Object> mixed = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            List<Long> r = rows.get(i);
            byte[] b = new byte[r.size()];
            for (int j = 0; j < b.length; j++) {
                b[j] = (byte) (long) r.get(j);
            }
            mixed.add(i % 2 == 0 ? ByteBuffer.wrap(b) : ProxyArray.fromList(new ArrayList<>(r)));
        }
        Value f = context.eval("weld",
                "|v: vec[vec[i8]]| map(sort(v, |p, q| compare(p, q)), |r| map(r, |x| i64(x)))");
        List<List<Long>> expected = new ArrayList<>(rows);
        expected.sort(lexicographic("i8"));
        assertEquals(expected, lists(f.execute(ProxyArray.fromList(mixed))));
    }

    @Test
    void structsSortByATextFieldThenByANumber() {
        Random rnd = new Random(11);
        List<List<Long>> names = rows(rnd, 1200, -2, 2);
        long[] numbers = new long[names.size()];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = rnd.nextInt(5);
        }
        Value f = context.eval("weld", "|v: vec[vec[i64]], x: vec[i64]| let rows = map(zip(v, x), |e| {map(e.$0, |c| "
                + "u8(c)), e.$1, i32(e.$1)}); let s = sort(rows, |p, q| if(p.$0 != q.$0, compare(q.$0, p.$0), "
                + "select(p.$1 < q.$1, -1, select(p.$1 > q.$1, 1, 0)))); map(s, |r| {map(r.$0, |c| i64(c)), r.$1})");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < numbers.length; i++) {
            order.add(i);
        }
        Comparator<List<Long>> text = lexicographic("u8");
        order.sort(Comparator.<Integer, List<Long>>comparing(i -> canonical("u8", names.get(i)), text.reversed())
                .thenComparingLong(i -> numbers[i]));
        Value r = f.execute(proxy(names), numbers);
        for (int j = 0; j < order.size(); j++) {
            Value row = r.getArrayElement(j);
            int i = order.get(j);
            assertEquals(canonical("u8", names.get(i)), longs(row.getArrayElement(0)), "row " + j);
            assertEquals(numbers[i], row.getArrayElement(1).asLong(), "row " + j);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"i8", "u8"})
    void structsSortedByTextAloneKeepTheOrderOfEqualNames(String type) {
        // Names of up to 12 bytes, a third sharing a 20-byte prefix: ties are many, and some are several chunks deep.
        Random rnd = new Random(type.hashCode() + 5);
        List<List<Long>> names = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            List<Long> r = new ArrayList<>();
            int shared = rnd.nextInt(3) == 0 ? 20 : 0;
            for (int j = 0; j < shared; j++) {
                r.add((long) (j * 37 % 256 - 128));
            }
            for (int j = rnd.nextInt(3); j > 0; j--) {
                r.add((long) new int[] {-128, -1, 0, 1, 127}[rnd.nextInt(5)]);
            }
            names.add(r);
        }
        for (boolean descending : new boolean[] {false, true}) {
            String cmp = descending ? "compare(q.$0, p.$0)" : "compare(p.$0, q.$0)";
            Value f = context.eval("weld", "|v: vec[vec[i64]]| let numbered = result(for(v, appender[{vec["
                    + type + "], i64}], |b, i, r| merge(b, {map(r, |c| " + type + "(c)), i}))); "
                    + "map(sort(numbered, |p, q| " + cmp + "), |r| r.$1)");
            Comparator<Integer> text = Comparator.comparing(i -> canonical(type, names.get(i)), lexicographic(type));
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                order.add(i);
            }
            order.sort(descending ? text.reversed() : text);
            Value r = f.execute(proxy(names));
            List<Long> got = new ArrayList<>();
            for (long j = 0; j < r.getArraySize(); j++) {
                got.add(r.getArrayElement(j).asLong());
            }
            assertEquals(order.stream().map(Integer::longValue).toList(), got, descending ? "descending" : "ascending");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"i8", "u8", "i32", "u64", "f64", "f32"})
    void comparisonsOfVectorsAndOfTheirSlices(String type) {
        Random rnd = new Random(type.hashCode() + 1);
        boolean floats = type.startsWith("f");
        String convert = floats ? "map(%s, |e| select(e == 3L, " + type + "(0.0) / " + type + "(0.0), select(e == -3L, "
                + type + "(-0.0), " + type + "(e))))" : "map(%s, |e| " + type + "(e))";
        Value f = context.eval("weld", "|a: vec[i64], b: vec[i64], from: i64| let x = " + convert.formatted("a")
                + "; let y = " + convert.formatted("b") + "; let xs = slice(x, from, len(x) - from); "
                + "{x < y, x <= y, x == y, x != y, x > y, x >= y, xs < y, xs == y, compare(x, y)}");
        Comparator<List<Long>> order = floats ? floatOrder() : lexicographic(type);
        for (int n = 0; n < 600; n++) {
            List<Long> a = rows(rnd, 1, -3, 3).get(0);
            List<Long> b = rnd.nextInt(4) == 0 ? new ArrayList<>(a) : rows(rnd, 1, -3, 3).get(0);
            int from = a.isEmpty() ? 0 : rnd.nextInt(a.size() + 1);
            List<Long> x = floats ? a : canonical(type, a);
            List<Long> y = floats ? b : canonical(type, b);
            int c = Integer.signum(order.compare(x, y));
            int cs = Integer.signum(order.compare(x.subList(from, x.size()), y));
            Value r = f.execute(a.stream().mapToLong(Long::longValue).toArray(),
                    b.stream().mapToLong(Long::longValue).toArray(), (long) from);
            List<Object> expected = List.of(c < 0, c <= 0, c == 0, c != 0, c > 0, c >= 0, cs < 0, cs == 0, c);
            List<Object> actual = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                actual.add(r.getArrayElement(i).asBoolean());
            }
            actual.add(r.getArrayElement(8).asInt());
            assertEquals(expected, actual, type + " " + a + " vs " + b + " from " + from);
        }
    }

    /** Rows of 0 to 5 elements in {@code [lo, hi]}: short, so that many share a prefix or are equal. */
    private static List<List<Long>> rows(Random rnd, int n, int lo, int hi) {
        List<List<Long>> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Long> r = new ArrayList<>();
            for (int j = rnd.nextInt(6); j > 0; j--) {
                r.add((long) (lo + rnd.nextInt(hi - lo + 1)));
            }
            rows.add(r);
        }
        return rows;
    }

    /** The values as the program reads them back: converted to {@code type} and widened to {@code i64}. */
    private static List<Long> canonical(String type, List<Long> r) {
        return r.stream().map(x -> switch (type) {
            case "bool" -> x > 0 ? 1L : 0L;
            case "i8" -> (long) (byte) (long) x;
            case "u8" -> x & 0xFF;
            case "i16" -> (long) (short) (long) x;
            case "u16" -> x & 0xFFFF;
            case "i32" -> (long) (int) (long) x;
            case "u32" -> x & 0xFFFF_FFFFL;
            default -> x;
        }).toList();
    }

    /** Element by element (unsigned for u64, the only kind whose canonical values are negative longs). */
    private static Comparator<List<Long>> lexicographic(String type) {
        return (p, q) -> {
            for (int i = 0; i < Math.min(p.size(), q.size()); i++) {
                int c = type.equals("u64") ? Long.compareUnsigned(p.get(i), q.get(i)) : Long.compare(p.get(i), q.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(p.size(), q.size());
        };
    }

    /** Floats from codes: 3 is NaN, -3 is -0.0; compared by {@code <} and {@code >} only. */
    private static Comparator<List<Long>> floatOrder() {
        return (p, q) -> {
            for (int i = 0; i < Math.min(p.size(), q.size()); i++) {
                double a = p.get(i) == 3 ? Double.NaN : p.get(i) == -3 ? -0.0 : p.get(i);
                double b = q.get(i) == 3 ? Double.NaN : q.get(i) == -3 ? -0.0 : q.get(i);
                if (a < b) {
                    return -1;
                }
                if (a > b) {
                    return 1;
                }
            }
            return Integer.compare(p.size(), q.size());
        };
    }

    private static ProxyArray proxy(List<List<Long>> rows) {
        List<Object> r = new ArrayList<>();
        for (List<Long> row : rows) {
            r.add(ProxyArray.fromList(new ArrayList<>(row)));
        }
        return ProxyArray.fromList(r);
    }

    private static List<List<Long>> lists(Value v) {
        List<List<Long>> r = new ArrayList<>();
        for (long i = 0; i < v.getArraySize(); i++) {
            r.add(longs(v.getArrayElement(i)));
        }
        return r;
    }

    private static List<Long> longs(Value row) {
        List<Long> l = new ArrayList<>();
        for (long j = 0; j < row.getArraySize(); j++) {
            l.add(row.getArrayElement(j).asLong());
        }
        return l;
    }
}
