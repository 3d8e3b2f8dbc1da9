package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;
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
