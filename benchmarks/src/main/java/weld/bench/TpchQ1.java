package weld.bench;

/**
 * TPC-H Q1 on generated lineitem columns, scale factor 1: per group (flag * 2 + status) the sums of quantity,
 * price, discounted price, charge and discount and the count; the result has the shape of the program's.
 */
public class TpchQ1 extends Bench {
    @Override
    public String program() {
        return "tpch_q1.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        Lineitem l = new Lineitem(scale);
        return new Object[] {l.shipdate, l.flag, l.status, l.quantity, l.price, l.discount, l.tax};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        int[] ship = (int[]) args[0];
        int[] flag = (int[]) args[1];
        int[] status = (int[]) args[2];
        double[] qty = (double[]) args[3];
        double[] price = (double[]) args[4];
        double[] disc = (double[]) args[5];
        double[] tax = (double[]) args[6];
        Object[] r = Par.reduce(threadCount, 4 * threadCount, ship.length, (from, to) -> {
            double[][] s = new double[5][6];
            long[] count = new long[6];
            for (int i = from; i < to; i++) {
                if (ship[i] <= 10471) {
                    int g = flag[i] * 2 + status[i];
                    double dp = price[i] * (1 - disc[i]);
                    s[0][g] += qty[i];
                    s[1][g] += price[i];
                    s[2][g] += dp;
                    s[3][g] += dp * (1 + tax[i]);
                    s[4][g] += disc[i];
                    count[g]++;
                }
            }
            return new Object[] {s[0], s[1], s[2], s[3], s[4], count};
        }, TpchQ1::combine);
        return r;
    }

    private static Object[] combine(Object[] a, Object[] b) {
        for (int k = 0; k < 5; k++) {
            double[] x = (double[]) a[k];
            double[] y = (double[]) b[k];
            for (int g = 0; g < 6; g++) {
                x[g] += y[g];
            }
        }
        long[] x = (long[]) a[5];
        long[] y = (long[]) b[5];
        for (int g = 0; g < 6; g++) {
            x[g] += y[g];
        }
        return a;
    }
}
