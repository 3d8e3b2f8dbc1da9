package weld.tck;

import java.math.BigInteger;
import java.util.List;

import org.graalvm.polyglot.Value;

/** Compares a polyglot result with an expected value of the models: exact integers, floats bit for bit, lists as arrays. */
final class Results {
    private Results() {
    }

    static boolean matches(Object expected, Value actual) {
        return switch (expected) {
            case BigInteger b -> actual.isNumber() && actual.fitsInBigInteger() && actual.asBigInteger().equals(b);
            case Double d -> actual.isNumber() && actual.fitsInDouble() && sameDouble(d, actual.asDouble());
            case Boolean b -> actual.isBoolean() && actual.asBoolean() == b;
            case List<?> list -> actual.hasArrayElements() && actual.getArraySize() == list.size() && elementsMatch(list, actual);
            default -> throw new IllegalArgumentException("no comparison for " + expected.getClass());
        };
    }

    private static boolean elementsMatch(List<?> list, Value actual) {
        for (int i = 0; i < list.size(); i++) {
            if (!matches(list.get(i), actual.getArrayElement(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameDouble(double a, double b) {
        return Double.doubleToLongBits(a) == Double.doubleToLongBits(b);
    }
}
