package weld.tck.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.TypeLiteral;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Java hosts: Weld results as polyglot values (read-only arrays with buffers, structs, dicts, unsigned numbers). */
class JavaResultsTest {
    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
    private static Context context;

    @BeforeAll
    static void open() {
        context = Embedding.newContext();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value run(String program, Object... args) {
        return context.eval("weld", program).execute(args);
    }

    @Test
    void vectorsAreReadOnlyArrays() {
        Value v = run("|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x * x)))", 4);
        assertTrue(v.hasArrayElements());
        assertEquals(4, v.getArraySize());
        assertEquals(9L, v.getArrayElement(3).asLong());
        assertThrows(UnsupportedOperationException.class, () -> v.setArrayElement(0, 1L));
        assertEquals(List.of(0L, 1L, 4L, 9L), v.as(new TypeLiteral<List<Long>>() { }));
    }

    @Test
    void scalarVectorsAreBuffersOfTheirElements() {
        Value f64 = run("|| [1.5, -2.0]");
        assertTrue(f64.hasBufferElements());
        assertFalse(f64.isBufferWritable());
        assertEquals(16, f64.getBufferSize());
        assertEquals(-2.0, f64.readBufferDouble(NATIVE, 8));
        Value i16 = run("|| [i16(-2), i16(300)]");
        assertEquals(4, i16.getBufferSize());
        assertEquals(300, i16.readBufferShort(NATIVE, 2));
        Value u8 = run("|| [u8(255), u8(7)]");
        assertEquals((byte) 255, u8.readBufferByte(0));
        assertEquals(2.5f, run("|| [f32(2.5)]").readBufferFloat(NATIVE, 0));
        assertEquals(-1, run("|| [u32(-1)]").readBufferInt(NATIVE, 0));
        assertFalse(run("|| [{1, 2}]").hasBufferElements(), "a vector of structs has no flat buffer");
    }

    @Test
    void resultsCanBePassedBackToWeld() {
        Value v = run("|| [0.5, -1.5]");
        assertEquals(-1.0, run("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))", v).asDouble());
        assertEquals(2, run("|v: vec[f32]| len(v)", v).asLong());
        Value ints = run("|| [1L, 2L, 300L]");
        assertEquals(3, run("|v: vec[i32]| len(v)", ints).asLong());
        assertEquals(1.0, run("|s: {i64, f64}| s.$1", run("|| {1L, 1.0}")).asDouble());
    }

    @Test
    void structsAreArraysWithDollarMembers() {
        Value s = run("|a: i32, b: f64| {a, b, [a]}", 3, 0.5);
        assertEquals(3, s.getArraySize());
        assertEquals(0.5, s.getArrayElement(1).asDouble());
        assertEquals(Set.of("$0", "$1", "$2"), s.getMemberKeys());
        assertEquals(3, s.getMember("$0").asInt());
        assertEquals(3, s.getMember("$2").getArrayElement(0).asInt());
        assertThrows(UnsupportedOperationException.class, () -> s.putMember("$0", 1));
    }

    /**
     * A vector of structs of scalars has its columns as members $0, $1, ...: vectors of one field of every element,
     * with buffers of their packed values; a nested struct's column is a vector of structs with members again.
     */
    @Test
    void structVectorsHaveTheirColumnsAsMembers() {
        Value t = run("|n: i64| result(for(rangeiter(0L, n, 1L), appender[{i32, {f64, u8}}], "
                + "|b, i, x| merge(b, {i32(x), {f64(x) * 0.5, u8(x + 250L)}})))", 8);
        assertEquals(Set.of("$0", "$1"), t.getMemberKeys());
        Value ids = t.getMember("$0");
        assertEquals("vec[i32]", ids.getMetaObject().getMetaQualifiedName());
        assertEquals(8, ids.getArraySize());
        assertEquals(32, ids.getBufferSize());
        assertEquals(7, ids.readBufferInt(NATIVE, 28));
        Value nested = t.getMember("$1");
        assertEquals("vec[{f64,u8}]", nested.getMetaObject().getMetaQualifiedName());
        assertEquals(3.5, nested.getMember("$0").getArrayElement(7).asDouble());
        assertEquals((byte) 1, nested.getMember("$1").readBufferByte(7));
        assertEquals(3.5, t.getArrayElement(7).getMember("$1").getMember("$0").asDouble(), "elements are unchanged");
        Value slice = run("|t: vec[{i32, {f64, u8}}]| slice(t, 2L, 3L)", t);
        assertEquals(List.of(2, 3, 4), slice.getMember("$0").as(new TypeLiteral<List<Integer>>() { }));
        assertFalse(run("|| [1, 2]").hasMembers(), "a vector of scalars has no members");
        assertFalse(run("|| [[1], [2]]").hasMembers(), "nor a vector of vectors");
        assertThrows(UnsupportedOperationException.class, () -> t.putMember("$0", 1));
        assertEquals(null, t.getMember("$2"));
    }

    @Test
    void dictsHaveHashEntries() {
        Value d = run("|v: vec[i64]| result(for(v, dictmerger[i64,f64,+], |b, i, x| merge(b, {x % 3L, 0.5})))",
                (Object) new long[] {1, 2, 4, 5, 7});
        assertTrue(d.hasHashEntries());
        assertEquals(2, d.getHashSize());
        assertEquals(1.5, d.getHashValue(1).asDouble());
        assertEquals(1.0, d.getHashValue(2L).asDouble());
        assertTrue(d.hasHashEntry((byte) 1));
        assertFalse(d.hasHashEntry(0));
        assertEquals(-1.0, d.getHashValueOrDefault(0, -1.0).asDouble());
        Set<Long> keys = new HashSet<>();
        Value it = d.getHashKeysIterator();
        while (it.hasIteratorNextElement()) {
            keys.add(it.getIteratorNextElement().asLong());
        }
        assertEquals(Set.of(1L, 2L), keys);
        assertEquals(Map.of(1L, 1.5, 2L, 1.0), d.as(new TypeLiteral<Map<Long, Double>>() { }));
        assertThrows(UnsupportedOperationException.class, () -> d.putHashEntry(9L, 1.0));
    }

    @Test
    void unsignedScalarsKeepTheirUnsignedValue() {
        assertEquals(200, run("|| u8(200)").asInt());
        assertEquals(65535, run("|| u16(-1)").asInt());
        Value u32 = run("|| u32(-1)");
        assertFalse(u32.fitsInInt());
        assertEquals(4294967295L, u32.asLong());
        Value u64 = run("|| u64(-1L)");
        assertFalse(u64.fitsInLong());
        assertEquals(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), u64.asBigInteger());
        assertEquals(5L, run("|| u64(5L)").asLong());
        assertEquals(255, run("|| [u8(255)]").getArrayElement(0).asInt());
        assertEquals(4294967295L, run("|| {u32(-1), 1}").getMember("$0").asLong());
    }
}
