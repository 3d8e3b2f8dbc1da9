package weld.bench;

/**
 * Three chained loops over 10^7 f64 (filter x > 0.5, map 2x + 1, sum), fused by the default passes
 * ({@link ChainedUnfused}: without passes). The Java version is the fused loop.
 */
public class Chained extends Bench {
    @Override
    public String program() {
        return "chained.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        return new Object[] {Data.doubles(70, Data.rows(10_000_000, scale), 0, 1)};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] v = (double[]) args[0];
        return Par.sum(threadCount, v.length, (from, to) -> {
            double s = 0;
            for (int i = from; i < to; i++) {
                if (v[i] > 0.5) {
                    s += v[i] * 2.0 + 1.0;
                }
            }
            return s;
        });
    }
}
