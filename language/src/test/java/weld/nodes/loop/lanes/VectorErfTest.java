package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import weld.nodes.expression.MathFunctions;
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

    /** Over 2^16 arguments from every range, mixed in vectors: at most 1 ulp from the scalar function. */
    @Test
    void withinOneUlpOfTheScalarFunction() {
        double[] v = mixedArguments(1 << 16);
        double[] out = erf(v);
        for (int i = 0; i < v.length; i++) {
            double e = MathFunctions.erf(v[i]);
            assertEquals(e, out[i], Math.ulp(e), "erf(" + v[i] + ")");
        }
    }

    /**
     * A lane's result is the same whether its vector holds arguments of one range (the sorted arguments) or of
     * several (the shuffled ones): the two ways of evaluating the polynomials agree bit for bit. Arguments of 1.25
     * and more go through the Vector API's {@code exp}, which may differ in the last bit between its code before
     * and after C2 compiles it (the two calls here can run either), so those are compared within 1 ulp.
     */
    @Test
    void aLanesResultDoesNotDependOnTheOtherLanes() {
        double[] v = mixedArguments(1 << 14);
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        double[] mixed = erf(v);
        double[] grouped = erf(sorted);
        Map<Double, Double> byArgument = new HashMap<>();
        for (int i = 0; i < v.length; i++) {
            byArgument.put(v[i], mixed[i]);
        }
        int exact = 0;
        for (int i = 0; i < sorted.length; i++) {
            double expected = byArgument.get(sorted[i]);
            if (Math.abs(sorted[i]) < 1.25) {
                assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(grouped[i]),
                        "erf(" + sorted[i] + ")");
                exact++;
            } else {
                assertEquals(expected, grouped[i], Math.ulp(expected), "erf(" + sorted[i] + ")");
            }
        }
        assertTrue(exact > sorted.length / 3, exact + " compared bit for bit");
    }

    /**
     * Once C2 has compiled it, {@code erf} allocates nothing per vector: every vector stays in registers. (When the
     * quotient of the polynomials fed results blended under {@code if}s, C2 made it an object: 10 bytes per value.)
     * Rounds of 2^16 mixed arguments until one allocates under a byte per value, for up to 30 seconds.
     */
    @Test
    void compiledItAllocatesNothingPerVector() {
        double[] v = mixedArguments(1 << 16);
        double[] out = new double[v.length + DoubleLanes.S.length()];
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + 30_000_000_000L;
        double fewest = Double.MAX_VALUE;
        while (fewest >= 1 && System.nanoTime() < deadline) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int block = 0; block < v.length; block += 512) {
                DoubleLanes.unary(UnaryOp.ERF, v, block, out, 512);
            }
            fewest = Math.min(fewest, (threads.getCurrentThreadAllocatedBytes() - before) / (double) v.length);
        }
        assertTrue(fewest < 1, "bytes allocated per value: " + fewest);
    }

    private static double[] mixedArguments(int n) {
        Random r = new Random(11);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (r.nextDouble() * 2 - 1) * (i % 3 == 0 ? 7 : i % 3 == 1 ? 1.5 : 3);
        }
        return v;
    }

    private static double[] erf(double[] v) {
        double[] out = new double[v.length + DoubleLanes.S.length()];
        DoubleLanes.unary(UnaryOp.ERF, v, 0, out, v.length);
        return out;
    }
}
