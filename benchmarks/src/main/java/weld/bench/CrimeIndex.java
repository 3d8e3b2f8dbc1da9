package weld.bench;

/** The paper's linear-model crime index over 10^7 cities: filter, weighted sum of four columns, average. */
public class CrimeIndex extends Bench {
    @Override
    public String program() {
        return "crime_index.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        int n = Data.rows(10_000_000, scale);
        return new Object[] {Data.intsAsDoubles(30, n, 0, 1_000_000), Data.doubles(31, n, 0, 1), Data.doubles(32, n, 0, 1),
            Data.doubles(33, n, 0, 1), Data.doubles(34, n, 0, 1), 500_000.0};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] pop = (double[]) args[0];
        double[] f0 = (double[]) args[1];
        double[] f1 = (double[]) args[2];
        double[] f2 = (double[]) args[3];
        double[] f3 = (double[]) args[4];
        double t = (Double) args[5];
        double[] r = Par.reduce(threadCount, 4 * threadCount, pop.length, (from, to) -> {
            double s = 0;
            long n = 0;
            for (int i = from; i < to; i++) {
                if (pop[i] > t) {
                    s += 0.3 * f0[i] + 0.2 * f1[i] + 0.4 * f2[i] + 0.1 * f3[i] + 0.05;
                    n++;
                }
            }
            return new double[] {s, n};
        }, (a, b) -> new double[] {a[0] + b[0], a[1] + b[1]});
        return r[0] / r[1];
    }
}
