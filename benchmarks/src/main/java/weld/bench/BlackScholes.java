package weld.bench;

/** Black-Scholes call prices over 10^7 rows, summed (log, sqrt, exp and two erf per row). */
public class BlackScholes extends Bench {
    @Override
    public String program() {
        return "black_scholes.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        int n = Data.rows(10_000_000, scale);
        return new Object[] {Data.doubles(20, n, 10, 100), Data.doubles(21, n, 10, 100), Data.doubles(22, n, 0.1, 2.1),
            Data.doubles(23, n, 0.01, 0.06), Data.doubles(24, n, 0.1, 0.5)};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        double[] price = (double[]) args[0];
        double[] strike = (double[]) args[1];
        double[] t = (double[]) args[2];
        double[] rate = (double[]) args[3];
        double[] vol = (double[]) args[4];
        return Par.sum(threadCount, price.length, (from, to) -> {
            double sum = 0;
            for (int i = from; i < to; i++) {
                double s = price[i];
                double k = strike[i];
                double tt = t[i];
                double r = rate[i];
                double v = vol[i];
                double sq = v * Math.sqrt(tt);
                double d1 = (Math.log(s / k) + (r + 0.5 * v * v) * tt) / sq;
                double d2 = d1 - sq;
                double nd1 = 0.5 * (1.0 + Erf.erf(d1 * 0.7071067811865476));
                double nd2 = 0.5 * (1.0 + Erf.erf(d2 * 0.7071067811865476));
                sum += s * nd1 - k * Math.exp(-r * tt) * nd2;
            }
            return sum;
        });
    }
}
