package weld.tck.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyHashMap;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Java hosts: every kind of Java value Weld converts to a parameter's declared type. */
class JavaArgumentsTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Embedding.newContext();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value eval(String program) {
        return context.eval("weld", program);
    }

    /** {@code |v: vec[T]| sum of the elements as i64}. */
    private static Value sumAsI64(String elem) {
        return eval("|v: vec[" + elem + "]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))");
    }

    static Stream<Arguments> primitiveArrays() {
        return Stream.of(
                Arguments.of("i8", new byte[] {-1, 2}, 1L), Arguments.of("u8", new byte[] {-1, 2}, 257L),
                Arguments.of("i16", new short[] {-1, 2}, 1L), Arguments.of("u16", new short[] {-1, 2}, 65537L),
                Arguments.of("i32", new int[] {-1, 2}, 1L), Arguments.of("u32", new int[] {-1, 2}, 4294967297L),
                Arguments.of("i64", new long[] {-1, 2}, 1L), Arguments.of("f32", new float[] {1.5f, 2.25f}, 3L),
                Arguments.of("f64", new double[] {1.5, 2.75}, 3L), Arguments.of("i32", List.of(1, 2, 3), 6L));
    }

    @ParameterizedTest(name = "vec[{0}] from {1}")
    @MethodSource("primitiveArrays")
    void primitiveArraysOfEveryWidth(String elem, Object array, long expectedSum) {
        assertEquals(expectedSum, sumAsI64(elem).execute(array).asLong());
    }

    @Test
    void unsignedAndBoolArrays() {
        assertEquals("18446744073709551615", eval("|v: vec[u64]| lookup(v, 1L)").execute(new long[] {0, -1}).toString());
        assertEquals(2L, eval("|v: vec[bool]| len(filter(v, |x| x))").execute(new boolean[] {true, false, true}).asLong());
    }

    /** The vector the identity program returns is the host's memory itself: a later write to it shows through. */
    @Test
    void arraysAndBuffersOfTheElementTypeAreNotCopied() {
        Value identity = eval("|v: vec[f64]| v");
        double[] array = {1, 2};
        Value fromArray = identity.execute(array);
        ByteBuffer direct = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        Value fromDirect = identity.execute(direct);
        DoubleBuffer heap = DoubleBuffer.allocate(2);
        Value fromHeap = identity.execute(heap);
        array[1] = 7;
        direct.putDouble(8, 7);
        heap.put(1, 7);
        assertEquals(7.0, fromArray.getArrayElement(1).asDouble());
        assertEquals(7.0, fromDirect.getArrayElement(1).asDouble());
        assertEquals(7.0, fromHeap.getArrayElement(1).asDouble());
    }

    @Test
    void otherSourcesAreCopiedOnce() {
        Value identity = eval("|v: vec[f64]| v");
        float[] narrower = {1, 2};
        Value fromFloats = identity.execute((Object) narrower);
        narrower[1] = 7;
        assertEquals(2.0, fromFloats.getArrayElement(1).asDouble());
        List<Double> list = new ArrayList<>(List.of(1.0, 2.0));
        Value fromList = identity.execute(list);
        list.set(1, 7.0);
        assertEquals(2.0, fromList.getArrayElement(1).asDouble());
    }

    @Test
    void nioBuffersOfEveryElementType() {
        ByteBuffer bytes = ByteBuffer.wrap(new byte[] {9, (byte) 200, 1}).position(1);
        assertEquals(201L, sumAsI64("u8").execute(bytes).asLong());
        ByteBuffer ints = ByteBuffer.allocateDirect(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, -5).putInt(4, 6);
        assertEquals(1L, sumAsI64("i32").execute(ints).asLong());
        ByteBuffer bigEndian = ByteBuffer.allocate(8).putLong(0, 42);
        assertEquals(42L, sumAsI64("i64").execute(bigEndian).asLong());
        assertEquals(65537L, sumAsI64("u16").execute(ShortBuffer.wrap(new short[] {-1, 2})).asLong());
        assertEquals(1L, sumAsI64("i32").execute(IntBuffer.wrap(new int[] {-1, 2})).asLong());
        assertEquals(1L, sumAsI64("i64").execute(LongBuffer.wrap(new long[] {-1, 2})).asLong());
        assertEquals(3L, sumAsI64("f32").execute(FloatBuffer.wrap(new float[] {1.5f, 2.25f})).asLong());
        DoubleBuffer direct = ByteBuffer.allocateDirect(24).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        direct.put(new double[] {1, 2, 3}).position(1);
        assertEquals(5L, sumAsI64("f64").execute(direct).asLong());
    }

    @Test
    void nestedVectorsFromArraysOfArrays() {
        Value total = eval("|m: vec[vec[i64]]| {len(m), len(lookup(m, 1L)), sum(flatten(m))}");
        Value r = total.execute((Object) new long[][] {{1}, {2, 3}});
        assertEquals(List.of(2L, 2L, 6L), List.of(r.getArrayElement(0).asLong(), r.getArrayElement(1).asLong(), r.getArrayElement(2).asLong()));
        assertEquals(6L, total.execute(List.of(List.of(1), List.of(2, 3))).getArrayElement(2).asLong());
    }

    @Test
    void structsFromArraysAndObjects() {
        Value f = eval("|s: {i64, f64}| f64(s.$0) + s.$1");
        assertEquals(3.5, f.execute((Object) new Object[] {1L, 2.5}).asDouble());
        Map<String, Object> ordered = new LinkedHashMap<>();
        ordered.put("count", 3);
        ordered.put("mean", 0.5);
        assertEquals(3.5, f.execute(ProxyObject.fromMap(ordered)).asDouble());
        Value points = eval("|p: vec[{f64, f64}]| result(for(p, merger[f64,+], |b, i, x| merge(b, x.$0 * x.$1)))");
        assertEquals(14.0, points.execute((Object) new double[][] {{1, 2}, {3, 4}}).asDouble());
    }

    /**
     * A vector of structs of scalars from a map of columns, in the map's order: arrays of the fields' widths are read
     * in place (a later write shows through the returned vector), long[] and double[] converted.
     */
    @Test
    void structVectorsFromMapsOfColumns() {
        Map<String, Object> columns = new LinkedHashMap<>();
        int[] ids = {1, -2, 3};
        columns.put("id", ids);
        columns.put("price", new double[] {0.5, 1.5, 2.5});
        columns.put("nested", new long[] {10, 20, 30});
        Value f = eval("|t: vec[{i32, {f64, u8}}]| {t, result(for(t, merger[f64,+], |b, i, x| merge(b, f64(x.$0) * x.$1.$0 + f64(x.$1.$1))))}");
        Value r = f.execute(columns);
        assertEquals(1 * 0.5 - 2 * 1.5 + 3 * 2.5 + 60, r.getArrayElement(1).asDouble());
        Value t = r.getArrayElement(0);
        assertEquals(3, t.getArraySize());
        ids[2] = 7;
        assertEquals(7, t.getArrayElement(2).getArrayElement(0).asInt());
        assertEquals(20, t.getArrayElement(1).getArrayElement(1).getArrayElement(1).asInt());

        columns.put("nested", new long[] {10, 20, 300});
        PolyglotException range = assertThrows(PolyglotException.class, () -> f.execute(columns));
        assertTrue(range.getMessage().contains("(column 'nested': element 2: out of range)"), range.getMessage());
        columns.put("nested", new long[] {10, 20});
        PolyglotException length = assertThrows(PolyglotException.class, () -> f.execute(columns));
        assertTrue(length.getMessage().contains("(column 'nested' has 2 elements but column 'id' has 3)"), length.getMessage());
        columns.put("nested", new float[] {1, 2, 3});
        PolyglotException kind = assertThrows(PolyglotException.class, () -> f.execute(columns));
        assertTrue(kind.getMessage().contains("(column 'nested': expected a Java array of u8 but got float[])"), kind.getMessage());
        columns.remove("nested");
        PolyglotException count = assertThrows(PolyglotException.class, () -> f.execute(columns));
        assertTrue(count.getMessage().contains("(a map of 2 columns for 3 scalar fields)"), count.getMessage());
        assertThrows(PolyglotException.class, () -> eval("|v: vec[f64]| len(v)").execute(Map.of("a", new double[6])));
    }

    @Test
    void dictsFromHashLikeValues() {
        Value lookup = eval("|d: dict[i64, f64], k: i64| lookup(d, k)");
        assertEquals(9.5, lookup.execute(Map.of(2L, 9.5, 3L, 1.0), 2).asDouble());
        Map<Integer, Integer> counts = new HashMap<>(Map.of(7, 1, 8, 2));
        assertEquals(2.0, lookup.execute(counts, 8).asDouble());
        Map<Object, Object> proxied = new HashMap<>(Map.of(4, 0.25));
        assertEquals(0.25, lookup.execute(ProxyHashMap.from(proxied), 4).asDouble());
    }

    static Stream<Arguments> scalarRanges() {
        BigInteger two63 = BigInteger.ONE.shiftLeft(63);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        return Stream.of(
                Arguments.of("i8", -128, 128), Arguments.of("u8", 255, 300), Arguments.of("u8", 0, -1),
                Arguments.of("i16", -32768, 32768), Arguments.of("u16", 65535, 65536),
                Arguments.of("i32", Integer.MAX_VALUE, 1L << 31), Arguments.of("u32", 4294967295L, 4294967296L),
                Arguments.of("i64", Long.MIN_VALUE, two63), Arguments.of("u64", two64.subtract(BigInteger.ONE), two64),
                Arguments.of("u64", 0, -1), Arguments.of("i64", 3.0, 1.5), Arguments.of("f64", 1L << 53, Long.MAX_VALUE),
                Arguments.of("f32", 0.1, "0.1"));
    }

    @ParameterizedTest(name = "{0} takes {1}, rejects {2}")
    @MethodSource("scalarRanges")
    void scalarsAreRangeChecked(String type, Object inRange, Object outOfRange) {
        Value identity = eval("|x: " + type + "| x");
        Value given = context.asValue(inRange);
        Value r = identity.execute(inRange);
        if (type.startsWith("f")) {
            assertEquals(type.equals("f32") ? (float) given.asDouble() : given.asDouble(), r.asDouble());
        } else {
            assertEquals(given.asBigInteger(), r.asBigInteger());
        }
        PolyglotException e = assertThrows(PolyglotException.class, () -> identity.execute(outOfRange));
        assertTrue(e.isGuestException(), e.getMessage());
        assertTrue(e.getMessage().contains("argument 'x': expected " + type + " but got " + context.asValue(outOfRange)),
                e.getMessage());
    }

    @Test
    void boolsAreNotNumbers() {
        assertThrows(PolyglotException.class, () -> eval("|b: bool| b").execute(1));
        assertThrows(PolyglotException.class, () -> eval("|x: i32| x").execute(true));
        assertEquals(false, eval("|b: bool| !b").execute(true).asBoolean());
    }
}
