package weld.bench;

import org.openjdk.jmh.annotations.Param;

/** Counting 5 x 10^7 i32 keys drawn from [0, range) with a vecmerger. */
public class CountKeys extends Bench {
    @Param({"100", "10000", "1000000"})
    public int range;

    @Override
    public String program() {
        return "count_keys.weld";
    }

    @Override
    public Object[] inputs(double scale) {
        return new Object[] {Data.ints(40, Data.rows(50_000_000, scale), 0, range), (long) range};
    }

    @Override
    public Object java(Object[] args, int threadCount) {
        int[] keys = (int[]) args[0];
        int r = (int) (long) (Long) args[1];
        return Par.reduce(threadCount, threadCount, keys.length, (from, to) -> {
            long[] c = new long[r];
            for (int i = from; i < to; i++) {
                c[keys[i]]++;
            }
            return c;
        }, (a, b) -> {
            for (int i = 0; i < r; i++) {
                a[i] += b[i];
            }
            return a;
        });
    }
}
