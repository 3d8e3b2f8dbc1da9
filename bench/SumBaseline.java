import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Benchmark: the sum of a .npy vector of f64 through Weld next to a plain Java loop over the same array, in the
 * same JVM, both on one thread (weld.Threads=1), with the engine options below. Prints the median and minimum ms
 * of the measured runs.
 * Run it with bench/sum-vs-java.sh.
 */
public class SumBaseline {
    public static void main(String[] args) throws Exception {
        double[] data = readNpy(Path.of(args[0]));
        int warmup = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        String program = Files.readString(Path.of(args[3]));
        try (Context c = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                .option("weld.Threads", "1")
                .option("engine.MultiTier", "false").option("engine.BackgroundCompilation", "false").build()) {
            Value sum = c.eval("weld", program);
            double[] weld = time(warmup, runs, () -> sum.execute((Object) data).asDouble());
            double[] java = time(warmup, runs, () -> javaSum(data));
            System.out.printf("elements %d, %d warm-up runs, %d measured runs%n", data.length, warmup, runs);
            System.out.printf("weld  sum: median %.2f ms, min %.2f ms (result %.6f)%n", weld[0], weld[1], sum.execute((Object) data).asDouble());
            System.out.printf("java  sum: median %.2f ms, min %.2f ms (result %.6f)%n", java[0], java[1], javaSum(data));
            System.out.printf("ratio weld/java (median): %.2f%n", weld[0] / java[0]);
        }
    }

    static double javaSum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }

    interface Run {
        double run();
    }

    static double sink;

    static double[] time(int warmup, int runs, Run r) {
        for (int i = 0; i < warmup; i++) {
            sink += r.run();
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            sink += r.run();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return new double[] {ms[runs / 2], ms[0]};
    }

    static double[] readNpy(Path p) throws Exception {
        byte[] b = Files.readAllBytes(p);
        int headerLen = (b[8] & 0xFF) | (b[9] & 0xFF) << 8;
        ByteBuffer buf = ByteBuffer.wrap(b, 10 + headerLen, b.length - 10 - headerLen).order(ByteOrder.LITTLE_ENDIAN);
        double[] a = new double[buf.remaining() / 8];
        buf.asDoubleBuffer().get(a);
        return a;
    }
}
