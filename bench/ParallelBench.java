import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Benchmark: parallel speed-up of a compute-bound loop (Black-Scholes over 10^7 rows) and a memory-bound one (sum of
 * 10^8 f64), each run with weld.Threads=1 and weld.Threads=2 in the same JVM. Prints median ms and the ratio
 * 1 thread / 2 threads. Run it with bench/parallel.sh.
 */
public class ParallelBench {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int warmup = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        Random rnd = new Random(7);
        int rows = 10_000_000;
        double[][] bs = new double[5][rows];
        for (int i = 0; i < rows; i++) {
            bs[0][i] = 10 + 90 * rnd.nextDouble();
            bs[1][i] = 10 + 90 * rnd.nextDouble();
            bs[2][i] = 0.1 + 2 * rnd.nextDouble();
            bs[3][i] = 0.01 + 0.05 * rnd.nextDouble();
            bs[4][i] = 0.1 + 0.4 * rnd.nextDouble();
        }
        double[] big = new double[100_000_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (i % 1000) * 0.001;
        }
        String blackScholes = Files.readString(dir.resolve("../benchmarks/programs/black_scholes.weld"));
        String sum = "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))";
        for (String[] w : new String[][] {{"black-scholes 1e7 rows", blackScholes}, {"sum 1e8 f64", sum}}) {
            Object[] input = w[0].startsWith("black") ? new Object[] {bs[0], bs[1], bs[2], bs[3], bs[4]} : new Object[] {big};
            double[] ms = new double[3];
            double result = 0;
            for (int threads = 1; threads <= 2; threads++) {
                try (Context c = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "" + threads).build()) {
                    Value f = c.eval("weld", w[1]);
                    double[] t = new double[runs];
                    for (int i = 0; i < warmup; i++) {
                        result = f.execute(input).asDouble();
                    }
                    for (int i = 0; i < runs; i++) {
                        long s = System.nanoTime();
                        result = f.execute(input).asDouble();
                        t[i] = (System.nanoTime() - s) / 1e6;
                    }
                    Arrays.sort(t);
                    ms[threads] = t[runs / 2];
                }
            }
            System.out.printf("%-24s 1 thread %8.1f ms   2 threads %8.1f ms   speed-up %.2fx   (result %.6g)%n",
                    w[0], ms[1], ms[2], ms[1] / ms[2], result);
        }
    }
}
