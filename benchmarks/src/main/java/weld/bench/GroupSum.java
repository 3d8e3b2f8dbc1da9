package weld.bench;

import org.openjdk.jmh.annotations.Param;

/** Group-by sum of 10^7 (i32 key, f64 value) rows with a dictmerger. */
public class GroupSum extends Bench {
    @Param({"1000", "1000000"})
    public int keys;

    @Override
    public String program() {
        return "group_sum.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        int n = Data.rows(10_000_000, scale);
        return new Object[] {Data.ints(50, n, 0, keys), Data.doubles(51, n, 0, 1)};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        int[] k = (int[]) args[0];
        double[] v = (double[]) args[1];
        return Par.reduce(threadCount, threadCount, k.length, (from, to) -> {
            IntDoubleTable t = new IntDoubleTable(Math.min(keys, to - from));
            for (int i = from; i < to; i++) {
                t.add(k[i], v[i]);
            }
            return t;
        }, IntDoubleTable::addAll);
    }
}
