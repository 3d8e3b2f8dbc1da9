package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Polyglot values to JSON: integers exact, floats by their boxed width, dictionaries sorted by key. */
class ResultEncoderTest {
    static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder().allowHostAccess(HostAccess.ALL).build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    static String json(Object host) {
        return ResultEncoder.encode(context.asValue(host));
    }

    static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(63);

    @Test
    void numbers() {
        assertEquals("2.0", json(2.0));
        assertEquals("2.0", json(2.0f));
        assertEquals("0.1", json(0.1f));
        assertEquals("0.10000000149011612", json((double) 0.1f));
        assertEquals("-0.0", json(-0.0));
        assertEquals("7", json(7));
        assertEquals("-128", json((byte) -128));
        assertEquals("-9223372036854775808", json(Long.MIN_VALUE));
        assertEquals("18446744073709551615", json(U64_MAX));
        assertEquals("9223372036854775808", json(TWO_63)); // exactly a double too: still printed as an integer
        assertEquals("[\"NaN\", \"Infinity\", \"-Infinity\"]",
                json(ProxyArray.fromArray(Float.NaN, Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)));
        assertEquals("[true, null, [1, 2.5]]", json(ProxyArray.fromArray(true, null, ProxyArray.fromArray(1L, 2.5))));
    }

    @Test
    void weldVectorsOfEveryScalarKindAreReadFromTheirBuffers() {
        try (Context weld = Context.create("weld")) {
            String[][] cases = {
                {"[true, false]", "[true, false]"},
                {"[i8(-128), i8(127)]", "[-128, 127]"},
                {"[u8(255), u8(0)]", "[255, 0]"},
                {"[i16(-32768), i16(7)]", "[-32768, 7]"},
                {"[u16(65535)]", "[65535]"},
                {"[-2147483648, 2147483647]", "[-2147483648, 2147483647]"},
                {"[u32(4294967295L), u32(1)]", "[4294967295, 1]"},
                {"[-9223372036854775808L, 1L]", "[-9223372036854775808, 1]"},
                {"[u64(-1L), u64(9223372036854775807L)]", "[18446744073709551615, 9223372036854775807]"},
                {"[0.1f, f32(1.0) / f32(0.0)]", "[0.1, \"Infinity\"]"},
                {"[0.1, 0.0 / 0.0, -1.0 / 0.0, -0.0]", "[0.1, \"NaN\", \"-Infinity\", -0.0]"},
            };
            for (String[] c : cases) {
                Value v = weld.eval("weld", "|| " + c[0]).execute();
                assertNotNull(PackedElements.of(v), c[0]);
                assertEquals(c[1], ResultEncoder.encode(v), c[0]);
            }
            Value empty = weld.eval("weld", "|v: vec[f64]| v").execute((Object) new double[0]);
            assertEquals("[]", ResultEncoder.encode(empty));
            Value big = weld.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x * x)))")
                    .execute(300_000L);
            String json = ResultEncoder.encode(big);
            assertTrue(json.endsWith(", " + 299_999L * 299_999L + "]"), "past the first megabyte chunk");
            assertEquals(300_000, json.split(", ").length);
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            ResultEncoder.print(big, new PrintStream(printed, false, StandardCharsets.UTF_8));
            assertEquals(json + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8), "printed in pieces");
            assertNull(PackedElements.of(weld.eval("weld", "|| [{1, 2.0}]").execute()), "structs go element by element");
        }
    }

    private static String dict(Object... keys) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keys.length; i++) {
            m.put(keys[i], (long) i);
        }
        return json(ProxyHashMap.from(m));
    }

    @Test
    void dictionariesAreSortedPairs() {
        assertEquals("[[-1, 3], [9223372036854775807, 2], [9223372036854775808, 1], [18446744073709551615, 0]]",
                dict(U64_MAX, TWO_63, Long.MAX_VALUE, -1L));
        assertEquals("[[false, 1], [true, 0]]", dict(true, false));
        assertEquals("[[\"-Infinity\", 1], [-0.5, 2], [0.25, 0]]", dict(0.25, Double.NEGATIVE_INFINITY, -0.5));
        assertEquals("[[[0, 5], 2], [[1], 1], [[1, 2], 0]]",
                dict(ProxyArray.fromList(List.of(1L, 2L)), ProxyArray.fromList(List.of(1L)), ProxyArray.fromList(List.of(0L, 5L))));
        assertEquals("[[[1, 2.5], 1], [[2, 0.5], 0]]",
                dict(ProxyArray.fromArray(2L, 0.5), ProxyArray.fromArray(1L, 2.5)));
        assertEquals("[]", dict());
    }
}
