package weld.tck.lazy;

import java.util.Arrays;
import java.util.function.DoubleSupplier;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Measures {@code (a * b + c).sum()} over 10^7 f64 with the array libraries {@code lazy/ndarray.js} and
 * {@code lazy/ndarray.py}: lazy (the whole expression evaluated as one optimized Weld program) against eager (one Weld
 * call per operation), in the same context. Prints the median and minimum ms per expression. Run it with
 * {@code bench/lazy-fusion.sh}; arguments: elements, warm-up runs, measured runs.
 */
public final class FusionBenchmark {
    private FusionBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 21;
        System.out.printf("(a * b + c).sum() over %d f64, %d warm-up runs, %d measured runs%n", n, warmup, runs);
        try (Context js = Context.newBuilder("js", "weld").allowAllAccess(true).build()) {
            Value nd = js.eval(Scripts.source("js", "ndarray.js"));
            Value run = js.eval("js", """
                    (nd, n) => {
                        const data = () => Float64Array.from({length: n}, (_, i) => (i % 1000) / 1000);
                        const [a, b, c] = [data(), data(), data()];
                        return eager => {
                            const [x, y, z] = [a, b, c].map(v => nd.array(v, {eager}));
                            return x.mul(y).add(z).sum().value();
                        };
                    }""").execute(nd, n);
            report("javascript", run, warmup, runs);
        }
        try (Context py = Context.newBuilder("python", "weld").allowAllAccess(true).build()) {
            Scripts.definePythonModule(py, "ndarray", Scripts.text("ndarray.py"));
            Value run = py.eval("python", """
                    def setup(n):
                        import array
                        import ndarray as nd
                        a, b, c = (array.array("d", [(i % 1000) / 1000 for i in range(n)]) for _ in range(3))
                        def run(eager):
                            x, y, z = (nd.array(v, eager) for v in (a, b, c))
                            return float((x * y + z).sum())
                        return run
                    setup""").execute(n);
            report("python", run, warmup, runs);
        }
    }

    /** Runs lazy and eager alternately, so that both see the same load on the machine. */
    private static void report(String language, Value run, int warmup, int runs) {
        DoubleSupplier lazy = () -> run.execute(false).asDouble();
        DoubleSupplier eager = () -> run.execute(true).asDouble();
        for (int i = 0; i < warmup; i++) {
            lazy.getAsDouble();
            eager.getAsDouble();
        }
        double[] lazyMs = new double[runs];
        double[] eagerMs = new double[runs];
        for (int i = 0; i < runs; i++) {
            lazyMs[i] = ms(lazy);
            eagerMs[i] = ms(eager);
        }
        Arrays.sort(lazyMs);
        Arrays.sort(eagerMs);
        System.out.printf("%-10s lazy : median %8.2f ms, min %8.2f ms (result %.6f)%n", language, lazyMs[runs / 2],
                lazyMs[0], lazy.getAsDouble());
        System.out.printf("%-10s eager: median %8.2f ms, min %8.2f ms (result %.6f)%n", language, eagerMs[runs / 2],
                eagerMs[0], eager.getAsDouble());
        System.out.printf("%-10s eager/lazy: median %.2f, min %.2f%n", language, eagerMs[runs / 2] / lazyMs[runs / 2],
                eagerMs[0] / lazyMs[0]);
    }

    private static double ms(DoubleSupplier r) {
        long t = System.nanoTime();
        r.getAsDouble();
        return (System.nanoTime() - t) / 1e6;
    }
}
