package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Java hosts: NIO buffers as vectors read in place (heap and direct, every byte order, typed and byte buffers), and
 * results read back through the interop buffer, member and hash messages.
 */
class HostBufferTest {
    private static Context context;
    private static Value sumF64;
    private static Value firstAndLast;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2").option("weld.Grain", "1")
                .build();
        sumF64 = eval("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))");
        firstAndLast = eval("|v: vec[f64]| {lookup(v, 0L), lookup(v, len(v) - 1L)}");
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value eval(String program) {
        return context.eval("weld", program);
    }

    private static ByteBuffer doubles(ByteBuffer b, double... values) {
        b.asDoubleBuffer().put(values);
        return b;
    }

    @Test
    void directByteBuffersAreReadInTheirByteOrder() {
        ByteBuffer big = doubles(ByteBuffer.allocateDirect(32), 1, 2, 3, 4);
        ByteBuffer little = doubles(ByteBuffer.allocateDirect(32).order(ByteOrder.LITTLE_ENDIAN), 1, 2, 3, 5);
        assertEquals(10.0, sumF64.execute(big).asDouble());
        assertEquals(11.0, sumF64.execute(little).asDouble());
        assertEquals(5.0, firstAndLast.execute(little).getArrayElement(1).asDouble());
    }

    @Test
    void heapByteBuffersAndTheirPositionAreRespected() {
        ByteBuffer b = doubles(ByteBuffer.allocate(40), 100, 1, 2, 3, 4).position(8);
        assertEquals(10.0, sumF64.execute(b).asDouble());
        assertEquals(1.0, firstAndLast.execute(b).getArrayElement(0).asDouble());
    }

    @Test
    void typedBuffersOfTheElementTypeAreVectors() {
        assertEquals(9.0, sumF64.execute(DoubleBuffer.wrap(new double[] {7, 2, 3, 4}).position(1)).asDouble());
        DoubleBuffer direct = ByteBuffer.allocateDirect(24).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        direct.put(new double[] {1, 2, 3}).flip();
        assertEquals(6.0, sumF64.execute(direct).asDouble());
        assertEquals(6.0, sumF64.execute(DoubleBuffer.wrap(new double[] {1, 2, 3}).asReadOnlyBuffer()).asDouble());
        Value sumI32 = eval("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))");
        assertEquals(6L, sumI32.execute(IntBuffer.wrap(new int[] {1, 2, 3})).asLong());
        Value sumU16 = eval("|v: vec[u16]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))");
        ShortBuffer s = ByteBuffer.allocateDirect(4).order(ByteOrder.BIG_ENDIAN).asShortBuffer().put(new short[] {-1, 1});
        assertEquals(65536L, sumU16.execute(s.flip()).asLong());
        Value maxU64 = eval("|v: vec[u64]| lookup(v, 0L)");
        assertEquals("18446744073709551615", maxU64.execute(LongBuffer.wrap(new long[] {-1})).toString());
    }

    @Test
    void buffersThatCannotHoldTheElementsAreErrors() {
        PolyglotException typed = assertThrows(PolyglotException.class, () -> sumF64.execute(IntBuffer.allocate(2)));
        assertTrue(typed.isGuestException());
        assertTrue(typed.getMessage().contains("argument 'v': expected vec[f64]"), typed.getMessage());
        assertTrue(typed.getMessage().contains("IntBuffer holds i32 elements"), typed.getMessage());
        PolyglotException bytes = assertThrows(PolyglotException.class, () -> sumF64.execute(ByteBuffer.allocate(12)));
        assertTrue(bytes.getMessage().contains("12 bytes is not a whole number of 8-byte elements"), bytes.getMessage());
    }

    @Test
    void directBuffersSortByValueAndByComparator() {
        ByteBuffer b = doubles(ByteBuffer.allocateDirect(48).order(ByteOrder.LITTLE_ENDIAN), 9, 3, -4, 0.5, -1, 2)
                .position(8);
        Value sorted = eval("|v: vec[f64]| {sort(v, |a, b| compare(a, b)), sort(v, |a, b| compare(b * b, a * a))}");
        Value r = sorted.execute(b);
        assertEquals("[-4.0, -1.0, 0.5, 2.0, 3.0]", r.getArrayElement(0).toString());
        assertEquals("[-4.0, 3.0, 2.0, -1.0, 0.5]", r.getArrayElement(1).toString());
    }

    @Test
    void directBuffersWorkInParallelLoops() {
        int n = 100_000;
        ByteBuffer b = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
        for (int i = 0; i < n; i++) {
            b.putDouble(8 * i, i);
        }
        Value squares = eval("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| merge(b, x * x)))");
        Value r = squares.execute(b);
        assertEquals(n, r.getArraySize());
        assertEquals((double) (n - 1) * (n - 1), r.getArrayElement(n - 1).asDouble());
        assertEquals((double) n * (n - 1) / 2, sumF64.execute(b).asDouble());
    }

    @Test
    void scalarVectorsAreReadOnlyBuffersOfTheirElements() {
        Value r = eval("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| merge(b, x * 2.0)))")
                .execute(new double[] {1, 2, 3});
        assertTrue(r.hasBufferElements());
        assertFalse(r.isBufferWritable());
        assertEquals(24, r.getBufferSize());
        assertEquals(4.0, r.readBufferDouble(ByteOrder.LITTLE_ENDIAN, 8));
        assertEquals(Double.doubleToLongBits(6.0), r.readBufferLong(ByteOrder.LITTLE_ENDIAN, 16));
        assertEquals(Long.reverseBytes(Double.doubleToLongBits(6.0)), r.readBufferLong(ByteOrder.BIG_ENDIAN, 16));
        byte[] all = new byte[24];
        r.readBuffer(0, all, 0, 24);
        assertEquals(2.0, ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getDouble(0));
        assertThrows(IndexOutOfBoundsException.class, () -> r.readBufferDouble(ByteOrder.LITTLE_ENDIAN, 17));
        Value slice = eval("|v: vec[i32]| slice(v, 1L, 2L)").execute(new int[] {10, 20, 30});
        assertEquals(8, slice.getBufferSize());
        assertEquals(30, slice.readBufferInt(ByteOrder.LITTLE_ENDIAN, 4));
        Value bools = eval("|v: vec[i32]| result(for(v, appender[bool], |b, i, x| merge(b, x > 15)))")
                .execute(new int[] {10, 20});
        assertEquals(1, bools.readBufferByte(1));
        assertFalse(eval("|| [[1]]").execute().hasBufferElements());
    }

    @Test
    void aVectorsMetaObjectIsItsType() {
        Value u32 = eval("|| [u32(1), u32(4000000000L)]").execute();
        Value meta = u32.getMetaObject();
        assertTrue(meta.isMetaObject());
        assertEquals("vec[u32]", meta.getMetaQualifiedName());
        assertEquals("vec[u32]", meta.getMetaSimpleName());
        assertTrue(meta.isMetaInstance(u32));
        assertFalse(meta.isMetaInstance(eval("|| [1, 2]").execute()), "a vec[i32] has the same bytes");
        assertFalse(meta.isMetaInstance(5));
        assertEquals("vec[{i32,f64}]", eval("|| [{1, 2.0}]").execute().getMetaObject().getMetaQualifiedName());
        assertEquals("vec[vec[i8]]", eval("|| [[i8(1)]]").execute().getMetaObject().getMetaQualifiedName());
    }

    @Test
    void weldVectorsPassBackAsTheyAre() {
        Value ints = eval("|| [1, 300, 3]").execute();
        assertEquals(304L, eval("|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i64(x))))")
                .execute(ints).asLong());
        Value widened = eval("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x)))");
        assertEquals(304L, widened.execute(ints).asLong(), "another element type converts the values, not the bytes");
    }

    @Test
    void structsHaveDollarMembers() {
        Value s = eval("|x: i64, y: f64| {x, y, {x}}").execute(3, 2.5);
        assertEquals(3, s.getMemberKeys().size());
        assertTrue(s.getMemberKeys().contains("$2"));
        assertEquals(2.5, s.getMember("$1").asDouble());
        assertEquals(3L, s.getMember("$2").getMember("$0").asLong());
        assertFalse(s.hasMember("$3"));
        assertFalse(s.hasMember("$01"));
    }

    @Test
    void structsFromObjectsTakeTheMembersInOrder() {
        Value f = eval("|s: {i64, f64}| s.$0 + i64(s.$1)");
        assertEquals(6L, f.execute(new Pair(4, 2.5)).asLong());
    }

    /** A host object with two public fields (members in declaration order). */
    public static final class Pair {
        public final long a;
        public final double b;

        Pair(long a, double b) {
            this.a = a;
            this.b = b;
        }
    }

    @Test
    void dictionariesLookUpKeysOfAnyNumericRepresentation() {
        Value d = eval("|k: vec[i64]| result(for(k, dictmerger[i64,i64,+], |b, i, x| merge(b, {x, 1L})))")
                .execute(new long[] {5, 5, 7});
        assertEquals(2, d.getHashSize());
        assertEquals(2L, d.getHashValue(5).asLong());
        assertEquals(2L, d.getHashValue(5L).asLong());
        assertTrue(d.hasHashEntry((short) 7));
        assertFalse(d.hasHashEntry(9));
        assertFalse(d.hasHashEntry("5"));
        Value lookup = eval("|d: dict[i64, f64]| lookup(d, 2L)");
        assertEquals(9.5, lookup.execute(Map.of(2, 9.5)).asDouble());
    }

    @Test
    void wrongArityIsAGuestError() {
        PolyglotException e = assertThrows(PolyglotException.class, () -> sumF64.execute(1, 2));
        assertTrue(e.isGuestException());
        assertTrue(e.getMessage().contains("takes 1 argument but got 2"), e.getMessage());
    }
}
