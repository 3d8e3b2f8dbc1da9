package weld.bench;

/** Total population of the cities above 500,000 (paper Listings 7-10) over 10^8 cities. */
public class FilterSum extends Bench {
    @Override
    public String program() {
        return "filter_sum.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        return new Object[] {Data.intsAsDoubles(2, Data.rows(100_000_000, scale), 0, 1_000_000), 500_000.0};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] v = (double[]) args[0];
        double t = (Double) args[1];
        return Par.sum(threadCount, v.length, (from, to) -> {
            double s = 0;
            for (int i = from; i < to; i++) {
                if (v[i] > t) {
                    s += v[i];
                }
            }
            return s;
        });
    }
}
