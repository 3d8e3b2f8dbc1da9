package weld.bench;

/** TPC-H Q6 on generated lineitem columns, scale factor 1. */
public class TpchQ6 extends Bench {
    @Override
    public String program() {
        return "tpch_q6.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        Lineitem l = new Lineitem(scale);
        return new Object[] {l.shipdate, l.discount, l.quantity, l.price};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        int[] ship = (int[]) args[0];
        double[] disc = (double[]) args[1];
        double[] qty = (double[]) args[2];
        double[] price = (double[]) args[3];
        return Par.sum(threadCount, ship.length, (from, to) -> {
            double s = 0;
            for (int i = from; i < to; i++) {
                if (ship[i] >= 8766 && ship[i] < 9131 && disc[i] >= 0.05 && disc[i] <= 0.07 && qty[i] < 24) {
                    s += price[i] * disc[i];
                }
            }
            return s;
        });
    }
}
