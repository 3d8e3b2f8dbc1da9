package weld.launcher;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * The order of dictionary keys in JSON results: numbers by exact value, {@code false} before {@code true}, arrays
 * element by element with a proper prefix first.
 */
final class JsonOrder {
    private JsonOrder() {
    }

    static int compare(Object a, Object b) {
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return Boolean.compare(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                int c = compare(x.get(i), y.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(x.size(), y.size());
        }
        return decimal(a).compareTo(decimal(b));
    }

    private static BigDecimal decimal(Object o) {
        return switch (o) {
            case Long l -> BigDecimal.valueOf(l);
            case BigInteger b -> new BigDecimal(b);
            case Float f when Float.isFinite(f) -> new BigDecimal(f);
            case Double d when Double.isFinite(d) -> new BigDecimal(d);
            case Double d -> d > 0 ? BigDecimal.valueOf(Double.MAX_VALUE).multiply(BigDecimal.TEN) : BigDecimal.valueOf(-Double.MAX_VALUE).multiply(BigDecimal.TEN);
            case Float f -> f > 0 ? BigDecimal.valueOf(Double.MAX_VALUE).multiply(BigDecimal.TEN) : BigDecimal.valueOf(-Double.MAX_VALUE).multiply(BigDecimal.TEN);
            default -> BigDecimal.ZERO;
        };
    }
}
