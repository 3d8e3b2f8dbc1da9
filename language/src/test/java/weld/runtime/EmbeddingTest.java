package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Calling Weld through the polyglot API: argument conversion, results as interop values, and errors. */
class EmbeddingTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static Value eval(String program) {
        return context.eval("weld", program);
    }

    @Test
    void evalReturnsAnExecutableFunction() {
        Value f = eval("|a: i64, b: i64| a * b");
        assertTrue(f.canExecute());
        assertEquals(42L, f.execute(6, 7).asLong());
        assertTrue(f.toString().contains("|a: i64, b: i64| -> i64"), f.toString());
    }

    @Test
    void unsignedResultsKeepTheirUnsignedValue() {
        assertEquals(200, eval("|| u8(200)").execute().asInt());
        assertEquals(4_000_000_000L, eval("|| u32(-294967296)").execute().asLong());
        Value max = eval("|| u64(-1L)").execute();
        assertFalse(max.fitsInLong());
        assertEquals(new BigInteger("18446744073709551615"), max.asBigInteger());
        Value v = eval("|| [u64(-1L), u64(3L)]").execute();
        assertEquals(new BigInteger("18446744073709551615"), v.getArrayElement(0).asBigInteger());
        assertEquals(3L, v.getArrayElement(1).asLong());
    }

    @Test
    void hostPrimitiveArraysAreVectors() {
        double[] data = {1.5, 2.5, 4.0};
        assertEquals(8.0, eval("|v: vec[f64]| sum(v)").execute((Object) data).asDouble());
        assertEquals(6L, eval("|v: vec[i64]| sum(v)").execute((Object) new long[] {1, 2, 3}).asLong());
        assertEquals(255, eval("|v: vec[u8]| lookup(v, 0L)").execute((Object) new byte[] {(byte) 255}).asInt());
        assertEquals(3, eval("|v: vec[i32]| len(v)").execute(List.of(1, 2, 3)).asInt());
    }

    @Test
    void resultsAreArraysAndHashes() {
        Value s = eval("|| {1, [2.5, 3.5], {true}}").execute();
        assertEquals(3, s.getArraySize());
        assertEquals(3.5, s.getArrayElement(1).getArrayElement(1).asDouble());
        Value d = eval("|v: vec[i32]| result(for(v, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L})))")
                .execute((Object) new int[] {7, 7, 8});
        assertTrue(d.hasHashEntries());
        assertEquals(2, d.getHashSize());
        assertEquals(2L, d.getHashValue(7).asLong());
    }

    @Test
    void textKeysAreLookedUpWithJavaBytesBuffersAndArrays() {
        Value d = eval("|v: vec[vec[i8]]| result(for(v, dictmerger[vec[i8], i64, +], |b, i, x| merge(b, {x, i})))")
                .execute((Object) new byte[][] {"ab".getBytes(), "c".getBytes(), "ab".getBytes()});
        assertEquals(2, d.getHashSize());
        assertEquals(2L, d.getHashValue("ab".getBytes()).asLong());
        assertEquals(1L, d.getHashValue(ByteBuffer.wrap("xcx".getBytes(), 1, 1).slice()).asLong());
        assertEquals(2L, d.getHashValue(ProxyArray.fromArray(97, 98)).asLong());
        assertTrue(d.hasHashEntry("c".getBytes()));
        assertFalse(d.hasHashEntry("abc".getBytes()));
        assertFalse(d.hasHashEntry("ab"), "a string is not a vec[i8]");
        assertFalse(d.hasHashEntry(new int[] {97, 300}), "300 is out of an i8's range");
    }

    @Test
    void badArgumentsNameTheParameterAndTheType() {
        Value f = eval("|small: u8, v: vec[f64]| i64(small)");
        PolyglotException range = assertThrows(PolyglotException.class, () -> f.execute(300, new double[0]));
        assertTrue(range.getMessage().contains("argument 'small': expected u8 but got 300 (out of range)"), range.getMessage());
        PolyglotException type = assertThrows(PolyglotException.class, () -> f.execute(1, "text"));
        assertTrue(type.getMessage().contains("argument 'v': expected vec[f64]"), type.getMessage());
        PolyglotException element = assertThrows(PolyglotException.class,
                () -> f.execute(1, ProxyArray.fromArray(1.0, true)));
        assertTrue(element.getMessage().contains("element 1"), element.getMessage());
        PolyglotException arity = assertThrows(PolyglotException.class, () -> f.execute(1));
        assertTrue(arity.isGuestException() && arity.getMessage().contains("takes 2 arguments but got 1"),
                arity.getMessage());
    }

    @Test
    void errorsCarryKindAndPosition() {
        PolyglotException parse = assertThrows(PolyglotException.class, () -> eval("|x: i32| (x"));
        assertTrue(parse.isSyntaxError());
        assertEquals(12, parse.getSourceLocation().getStartColumn());
        PolyglotException type = assertThrows(PolyglotException.class, () -> eval("|x: i32|\n x + 1L"));
        assertFalse(type.isSyntaxError());
        assertTrue(type.getMessage().startsWith("type error at 2:4:"), type.getMessage());
        assertEquals(2, type.getSourceLocation().getStartLine());
        PolyglotException runtime = assertThrows(PolyglotException.class,
                () -> eval("|v: vec[i32]|\n  lookup(v, 5L)").execute((Object) new int[1]));
        assertTrue(runtime.getMessage().startsWith("runtime error at 2:3: index 5 out of bounds"), runtime.getMessage());
        assertFalse(runtime.isInternalError());
    }

    @Test
    void missingUdfSymbolIsARuntimeErrorWithPosition() {
        PolyglotException e = assertThrows(PolyglotException.class, () -> eval("|x: i64| cudf[no_such_fn, i64](x)"));
        assertTrue(e.getMessage().startsWith("runtime error at 1:10: C function 'no_such_fn' not found"), e.getMessage());
    }

    /**
     * Java arrays of rows ({@code byte[][]}, {@code long[][]}) convert row by row without an interop read per row:
     * rows of the element type read in place, others converted and range-checked, anything else as any argument.
     */
    @Test
    void javaArraysOfRowsConvertRowByRow() {
        byte[][] text = {{97, 98}, {}, {-1, 99}};
        Value sums = eval("|v: vec[vec[i8]]| map(v, |r| result(for(r, merger[i64, +], |b, i, x| merge(b, i64(x)))))");
        assertEquals("[195, 0, 98]", sums.execute((Object) text).toString());
        Value unsigned = eval("|v: vec[vec[u8]]| map(v, |r| result(for(r, merger[i64, +], |b, i, x| merge(b, i64(x)))))");
        assertEquals("[195, 0, 354]", unsigned.execute((Object) text).toString());
        long[][] longs = {{1, -2}, {3}};
        assertEquals("[[1, -2], [3]]", eval("|v: vec[vec[i64]]| v").execute((Object) longs).toString());
        assertEquals("[[1, -2], [3]]", eval("|v: vec[vec[i16]]| v").execute((Object) longs).toString());
        PolyglotException e = assertThrows(PolyglotException.class,
                () -> eval("|v: vec[vec[u8]]| v").execute((Object) longs));
        assertTrue(e.getMessage().contains("element 0: element 1: out of range"), e.getMessage());
        Object[] mixed = {new byte[] {1}, null};
        e = assertThrows(PolyglotException.class, () -> eval("|v: vec[vec[i8]]| v").execute((Object) mixed));
        assertTrue(e.getMessage().contains("element 1: expected vec[i8]"), e.getMessage());
        Object[] lists = {new byte[] {1}, ProxyArray.fromArray(2, 3)};
        assertEquals("[[1], [2, 3]]", eval("|v: vec[vec[i8]]| v").execute((Object) lists).toString());
    }
}
