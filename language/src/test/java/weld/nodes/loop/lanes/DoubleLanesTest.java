package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

import org.junit.jupiter.api.Test;

import weld.syntax.UnaryOp;

/** Each math function's block operation on {@code double} lanes against {@link Math}, every lane and the tail. */
class DoubleLanesTest {
    private static final Map<UnaryOp, DoubleUnaryOperator> SCALAR = Map.ofEntries(
            Map.entry(UnaryOp.NEG, x -> -x), Map.entry(UnaryOp.SQRT, Math::sqrt), Map.entry(UnaryOp.EXP, Math::exp),
            Map.entry(UnaryOp.LOG, Math::log), Map.entry(UnaryOp.SIN, Math::sin), Map.entry(UnaryOp.COS, Math::cos),
            Map.entry(UnaryOp.TAN, Math::tan), Map.entry(UnaryOp.ASIN, Math::asin), Map.entry(UnaryOp.ACOS, Math::acos),
            Map.entry(UnaryOp.ATAN, Math::atan), Map.entry(UnaryOp.SINH, Math::sinh), Map.entry(UnaryOp.COSH, Math::cosh),
            Map.entry(UnaryOp.TANH, Math::tanh));

    @Test
    void everyFunctionMatchesMathWithinTwoUlps() {
        Random r = new Random(3);
        int n = 3 * DoubleLanes.S.length() + 3;
        double[] a = new double[n + 5];
        for (int i = 0; i < a.length; i++) {
            a[i] = 0.01 + r.nextDouble() * 0.98;
        }
        for (var e : SCALAR.entrySet()) {
            double[] out = new double[n + DoubleLanes.S.length()];
            DoubleLanes.unary(e.getKey(), a, 5, out, n);
            for (int k = 0; k < n; k++) {
                double expected = e.getValue().applyAsDouble(a[5 + k]);
                assertEquals(expected, out[k], 2 * Math.ulp(expected), e.getKey() + "(" + a[5 + k] + ")");
            }
        }
    }
}
