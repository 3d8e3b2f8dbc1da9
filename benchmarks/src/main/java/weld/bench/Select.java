package weld.bench;

import java.util.Arrays;

/**
 * The values above a threshold selected into a vector: 10^7 {@code f64} in [0, 1), threshold 0.5 by default, so
 * about every other row is kept, in an order a branch cannot predict.
 */
public class Select extends Bench {
    public String threshold = "0.5";

    @Override
    public String program() {
        return "select.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        return new Object[] {Data.doubles(3, Data.rows(10_000_000, scale), 0, 1), Double.parseDouble(threshold)};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] v = (double[]) args[0];
        double t = (Double) args[1];
        return Par.reduce(threadCount, threadCount, v.length, (from, to) -> {
            double[] out = new double[16];
            int n = 0;
            for (int i = from; i < to; i++) {
                if (v[i] > t) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, 2 * n);
                    }
                    out[n++] = v[i];
                }
            }
            return Arrays.copyOf(out, n);
        }, (a, b) -> {
            double[] c = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, c, a.length, b.length);
            return c;
        });
    }
}
