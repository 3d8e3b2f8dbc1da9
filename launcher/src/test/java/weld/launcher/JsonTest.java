package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The JSON reader, the result writer and the order of dictionary keys. */
class JsonTest {
    @Test
    void integersKeepAllTheirDigits() throws Exception {
        assertEquals(new BigInteger("18446744073709551615"), Json.parse("18446744073709551615"));
        assertEquals(Long.MIN_VALUE, Json.parse("-9223372036854775808"));
        assertEquals(5L, Json.parse(" 5 "));
        assertEquals(-0.0, Json.parse("-0.0"));
        assertEquals(2.5e-3, Json.parse("2.5e-3"));
    }

    @Test
    void structures() throws Exception {
        assertEquals(List.of(1L, List.of(true, false), List.of()), Json.parse("[1, [true, false], []]"));
        Map<?, ?> m = (Map<?, ?>) Json.parse("{\"id\": \"c1\", \"args\": [\"NaN\", null]}");
        assertEquals("c1", m.get("id"));
        assertEquals(java.util.Arrays.asList("NaN", null), m.get("args"));
    }

    @Test
    void syntaxErrorsHavePositions() {
        Json.SyntaxError e = assertThrows(Json.SyntaxError.class, () -> Json.parse("[1,\n 2,, 3]"));
        assertTrue(e.getMessage().startsWith("invalid JSON at 2:4"), e.getMessage());
        assertThrows(Json.SyntaxError.class, () -> Json.parse("[1] x"));
        assertThrows(Json.SyntaxError.class, () -> Json.parse("\"open"));
    }

    @Test
    void badEscapesAndDeepNestingAreSyntaxErrors() {
        Json.SyntaxError e = assertThrows(Json.SyntaxError.class, () -> Json.parse("\"\\uZZZZ\""));
        assertTrue(e.getMessage().contains("bad \\u escape"), e.getMessage());
        assertThrows(Json.SyntaxError.class, () -> Json.parse("\"\\u12"));
        String deep = "[".repeat(Json.MAX_DEPTH + 1) + "]".repeat(Json.MAX_DEPTH + 1);
        e = assertThrows(Json.SyntaxError.class, () -> Json.parse(deep));
        assertTrue(e.getMessage().contains("nested more than"), e.getMessage());
        assertEquals(List.of(List.of(List.of())), assertDoesNotThrow(() -> Json.parse("[[[]]]")));
    }

    @Test
    void readThenWriteIsTheIdentity() throws Exception {
        for (String json : List.of("18446744073709551615", "-9223372036854775808", "9223372036854775808", "\"NaN\"",
                "[\"Infinity\", \"-Infinity\"]", "-0.0", "[[1, [2.5, []]], [true, false], null]", "1.0E300",
                "4.9E-324", "[0.1, -7]")) {
            assertEquals(json, write(Json.parse(json)));
        }
    }

    private static String write(Object o) {
        StringBuilder sb = new StringBuilder();
        ResultEncoder.write(sb, o);
        return sb.toString();
    }

    @Test
    void floatsRoundTripAndNonFiniteValuesAreStrings() {
        assertEquals("0.1", write(0.1f));
        assertEquals("0.1", write(0.1));
        assertEquals("-0.0", write(-0.0));
        assertEquals("4.9E-324", write(Double.MIN_VALUE));
        assertEquals("\"NaN\"", write(Double.NaN));
        assertEquals("[\"Infinity\", \"-Infinity\"]", write(List.of(Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)));
        assertEquals("[18446744073709551615, -1]", write(List.of(new BigInteger("18446744073709551615"), -1L)));
    }

    @Test
    void dictionaryKeyOrder() {
        assertTrue(JsonOrder.compare(-5L, 3L) < 0);
        assertTrue(JsonOrder.compare(new BigInteger("18446744073709551615"), Long.MAX_VALUE) > 0);
        assertTrue(JsonOrder.compare(false, true) < 0);
        assertTrue(JsonOrder.compare(List.of(1L, 2L), List.of(1L, 2L, 0L)) < 0);
        assertTrue(JsonOrder.compare(List.of(2L), List.of(1L, 9L)) > 0);
        assertTrue(JsonOrder.compare(0.5, 1L) < 0);
    }
}
