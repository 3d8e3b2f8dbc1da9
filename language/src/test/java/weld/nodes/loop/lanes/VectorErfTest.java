package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import weld.syntax.UnaryOp;

/** The lane-wise {@code erf} against Weld's scalar {@code erf} in each of fdlibm's argument ranges and at their edges. */
class VectorErfTest {
    @Test
    void matchesTheScalarFunctionInEveryRange() {
        double[] points = {0.0, -0.0, 1e-300, -1e-30, 0x1p-28, -0x1p-29, 0.3, -0.84374, 0.84375, 1.0, -1.2499, 1.25,
            2.0, -2.857, 2.858, 5.99, -6.0, 7.5, 40.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        double[] v = new double[4099];
        for (int i = 0; i < v.length; i++) {
            v[i] = i < points.length ? points[i] : (i - 2048) / 300.0;
        }
        double[] out = new double[v.length + DoubleLanes.S.length()];
        DoubleLanes.unary(UnaryOp.ERF, v, 0, out, v.length);
        try (Context c = Context.create("weld")) {
            Value expected = c.eval("weld", "|v: vec[f64]| result(for(v, appender[f64], |b, i, x| merge(b, erf(x))))")
                    .execute((Object) v);
            for (int i = 0; i < v.length; i++) {
                double e = expected.getArrayElement(i).asDouble();
                if (Double.isNaN(e)) {
                    assertTrue(Double.isNaN(out[i]), "erf(NaN)");
                } else {
                    assertEquals(e, out[i], 2 * Math.ulp(e), "erf(" + v[i] + ")");
                    assertEquals(Math.copySign(1.0, e), Math.copySign(1.0, out[i]), "sign of erf(" + v[i] + ")");
                }
            }
        }
    }
}
