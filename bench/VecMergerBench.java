import java.util.Arrays;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Benchmark: where a parallel loop should switch from per-task vecmerger copies to one shared vecmerger with atomic
 * updates. Counts 10^7 random keys into vectors of 10^2 .. 10^7 elements (or the comma-separated lengths of a third
 * argument) with 2 threads, both ways, same JVM. Run it with bench/vecmerger.sh.
 */
public class VecMergerBench {
    public static void main(String[] args) {
        int warmup = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        String program = "|k: vec[i64], z: vec[i64]| result(for(k, vecmerger[i64,+](z), |b, i, x| merge(b, {x, 1L})))";
        Random rnd = new Random(3);
        int[] lengths = args.length > 2 ? Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {100, 10_000, 100_000, 1_000_000, 2_000_000, 4_000_000, 10_000_000};
        for (int length : lengths) {
            long[] keys = new long[10_000_000];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = rnd.nextInt(length);
            }
            long[] zeros = new long[length];
            double[] ms = new double[2];
            for (int mode = 0; mode < 2; mode++) {
                String shared = mode == 0 ? "" + Integer.MAX_VALUE : "1";
                try (Context c = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                        .option("weld.Threads", "2").option("weld.SharedVecMergerLength", shared).build()) {
                    Value f = c.eval("weld", program);
                    double[] t = new double[runs];
                    for (int i = 0; i < warmup; i++) {
                        f.execute(keys, zeros);
                    }
                    for (int i = 0; i < runs; i++) {
                        long s = System.nanoTime();
                        f.execute(keys, zeros);
                        t[i] = (System.nanoTime() - s) / 1e6;
                    }
                    Arrays.sort(t);
                    ms[mode] = t[runs / 2];
                }
            }
            System.out.printf("vector length %,11d: per-task copies %8.1f ms, shared atomic %8.1f ms%n", length, ms[0], ms[1]);
        }
    }
}
