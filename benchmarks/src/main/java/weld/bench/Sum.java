package weld.bench;

/** Sum of 10^8 f64. */
public class Sum extends Bench {
    @Override
    public String program() {
        return "sum.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        return new Object[] {Data.doubles(1, Data.rows(100_000_000, scale), 0, 1)};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] v = (double[]) args[0];
        return Par.sum(threadCount, v.length, (from, to) -> {
            double s = 0;
            for (int i = from; i < to; i++) {
                s += v[i];
            }
            return s;
        });
    }
}
