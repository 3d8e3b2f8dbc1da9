package weld.bench;

/** One gradient step of logistic regression on a 10^6 x 64 f64 matrix (row-major). */
public class LogRegStep extends Bench {
    static final int D = 64;

    @Override
    public String program() {
        return "logreg_step.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        int n = Data.rows(1_000_000, scale);
        return new Object[] {Data.doubles(60, n * D, -1, 1), Data.intsAsDoubles(61, n, 0, 2), Data.doubles(62, D, -0.1, 0.1), 0.1};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] x = (double[]) args[0];
        double[] y = (double[]) args[1];
        double[] w = (double[]) args[2];
        double rate = (Double) args[3];
        int n = y.length;
        double[] g = Par.reduce(threadCount, 4 * threadCount, n, (from, to) -> {
            double[] acc = new double[D];
            for (int r = from; r < to; r++) {
                int base = r * D;
                double dot = 0;
                for (int j = 0; j < D; j++) {
                    dot += x[base + j] * w[j];
                }
                double err = 1.0 / (1.0 + Math.exp(-dot)) - y[r];
                for (int j = 0; j < D; j++) {
                    acc[j] += x[base + j] * err;
                }
            }
            return acc;
        }, (a, b) -> {
            for (int j = 0; j < D; j++) {
                a[j] += b[j];
            }
            return a;
        });
        double[] out = new double[D];
        for (int j = 0; j < D; j++) {
            out[j] = w[j] - rate * g[j] / n;
        }
        return out;
    }
}
