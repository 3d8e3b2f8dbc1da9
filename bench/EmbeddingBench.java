import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Benchmark: Weld's sum of n f64 called from Java with a double[] and a direct ByteBuffer, and from JavaScript with a
 * Float64Array, each next to the same sum written in the host language, in the same JVM and run. Weld runs on all
 * worker threads (weld.Threads default), the host loops on one. Also prints the time of a call on a one-element
 * vector (the call overhead) and the heap allocated by all threads during one call on the full data (a copy would
 * allocate 8n bytes). Run it with bench/embedding.sh.
 */
public class EmbeddingBench {
    static final String SUM = "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))";

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        double[] data = new double[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i % 1000) * 0.001;
        }
        ByteBuffer direct = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
        direct.asDoubleBuffer().put(data);
        try (Context c = Context.newBuilder("js", "weld").allowAllAccess(true).build()) {
            Value sum = c.eval("weld", SUM);
            c.getBindings("js").putMember("weldSum", sum);
            c.eval("js", "var data = new Float64Array(" + n + "); for (let i = 0; i < data.length; i++) data[i] = (i % 1000) * 0.001;"
                    + "function jsSum(a) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i]; return s; }"
                    + "function weldFromJs() { return weldSum(data); }"
                    + "function jsLoop() { return jsSum(data); }"
                    + "var one = new Float64Array(1); function weldOneFromJs() { return weldSum(one); }");
            Value weldFromJs = c.getBindings("js").getMember("weldFromJs");
            Value jsLoop = c.getBindings("js").getMember("jsLoop");
            Value weldOneFromJs = c.getBindings("js").getMember("weldOneFromJs");
            double[] one = {1};
            int warm = Math.max(20, runs);
            System.out.printf("sum of %d f64, %d measured runs after %d warm-up runs (median / min ms)%n", n, runs, warm);
            report("Java double[]        -> weld", time(warm, runs, () -> sum.execute((Object) data).asDouble()));
            report("Java double[]        -> java loop", time(warm, runs, () -> javaSum(data)));
            report("Java direct ByteBuf  -> weld", time(warm, runs, () -> sum.execute(direct).asDouble()));
            report("Java direct ByteBuf  -> java loop", time(warm, runs, () -> javaSum(direct)));
            report("JS Float64Array      -> weld", time(warm, runs, () -> weldFromJs.execute().asDouble()));
            report("JS Float64Array      -> js loop", time(warm, runs, () -> jsLoop.execute().asDouble()));
            int calls = 100_000;
            report("call overhead, Java, 1 element", per(calls, time(3, 5, () -> repeat(calls, () -> sum.execute((Object) one).asDouble()))));
            report("call overhead, JS, 1 element", per(calls, time(3, 5, () -> repeat(calls, () -> weldOneFromJs.execute().asDouble()))));
            System.out.printf("heap allocated by one call (a copy would be %d bytes): double[] %d, direct %d, Float64Array %d%n",
                    8L * n, allocated(() -> sum.execute((Object) data)), allocated(() -> sum.execute(direct)),
                    allocated(() -> weldFromJs.execute()));
            System.out.printf("results: weld %.3f, java %.3f, js %.3f%n", sum.execute((Object) data).asDouble(), javaSum(data),
                    jsLoop.execute().asDouble());
        }
    }

    static double javaSum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }

    static double javaSum(ByteBuffer b) {
        double s = 0;
        for (int i = 0, n = b.capacity() / 8; i < n; i++) {
            s += b.getDouble(8 * i);
        }
        return s;
    }

    interface Run {
        double run();
    }

    static double sink;

    static double repeat(int times, Run r) {
        double s = 0;
        for (int i = 0; i < times; i++) {
            s += r.run();
        }
        return s;
    }

    static double[] per(int calls, double[] ms) {
        return new double[] {ms[0] * 1e3 / calls, ms[1] * 1e3 / calls};
    }

    static void report(String what, double[] t) {
        System.out.printf("%-36s %9.3f %9.3f%s%n", what, t[0], t[1], what.startsWith("call") ? "  (us per call)" : "");
    }

    static long allocated(Runnable r) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getTotalThreadAllocatedBytes();
        r.run();
        return threads.getTotalThreadAllocatedBytes() - before;
    }

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
}
