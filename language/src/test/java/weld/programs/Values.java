package weld.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.graalvm.polyglot.Value;

/** Deep comparison of polyglot values: exact for integers and booleans, relative tolerance for floats. */
final class Values {
    private Values() {
    }

    static void assertMatches(Value expected, Value actual, double tol, String where) {
        if (expected.isBoolean()) {
            assertTrue(actual.isBoolean(), where + ": expected a bool, got " + actual);
            assertEquals(expected.asBoolean(), actual.asBoolean(), where);
        } else if (expected.isNumber()) {
            assertTrue(actual.isNumber(), where + ": expected a number, got " + actual);
            if (expected.fitsInBigInteger() && !isFloat(expected)) {
                assertEquals(expected.asBigInteger(), actual.asBigInteger(), where);
            } else {
                double e = expected.asDouble();
                double a = actual.asDouble();
                boolean ok = Double.isNaN(e) ? Double.isNaN(a) : e == a || Math.abs(e - a) <= tol * Math.max(Math.abs(e), Math.abs(a));
                assertTrue(ok, where + ": expected " + e + " but got " + a);
            }
        } else if (expected.hasHashEntries()) {
            assertTrue(actual.hasHashEntries(), where + ": expected a dict, got " + actual);
            List<Value[]> es = entries(expected);
            List<Value[]> as = entries(actual);
            assertEquals(es.size(), as.size(), where + ": dict size");
            for (int i = 0; i < es.size(); i++) {
                assertMatches(es.get(i)[0], as.get(i)[0], tol, where + " key " + i);
                assertMatches(es.get(i)[1], as.get(i)[1], tol, where + " value " + i);
            }
        } else if (expected.hasArrayElements()) {
            assertTrue(actual.hasArrayElements(), where + ": expected an array, got " + actual);
            assertEquals(expected.getArraySize(), actual.getArraySize(), where + ": length");
            for (long i = 0; i < expected.getArraySize(); i++) {
                assertMatches(expected.getArrayElement(i), actual.getArrayElement(i), tol, where + "[" + i + "]");
            }
        } else {
            fail(where + ": cannot compare " + expected);
        }
    }

    private static boolean isFloat(Value v) {
        Object o = v.as(Object.class);
        return o instanceof Double || o instanceof Float;
    }

    /** Dictionary entries sorted by the text of their key (Weld leaves the order open). */
    private static List<Value[]> entries(Value d) {
        List<Value[]> r = new ArrayList<>();
        Value it = d.getHashEntriesIterator();
        while (it.hasIteratorNextElement()) {
            Value e = it.getIteratorNextElement();
            r.add(new Value[] {e.getArrayElement(0), e.getArrayElement(1)});
        }
        r.sort(Comparator.comparing(e -> e[0].toString()));
        return r;
    }
}
