package weld.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Checks outside JMH, each printing one JSON line per workload.
 * <ul>
 * <li>{@code first CLASS [field=value...]}: parse-to-first-result in a fresh JVM: a new context (not timed), then
 * eval of the program and its first call on small inputs (10^-4 of the benchmark size), timed; then the median of
 * 10 more fresh contexts. It also checks that the Weld result (default passes and weld.Passes=none, 1 and all
 * threads) matches the Java version on those inputs, and exits 1 if not.</li>
 * <li>{@code checksum CLASS [field=value...]}: the Java (1 thread) result's checksum at full size, compared by the
 * runner with the C harness's.</li>
 * </ul>
 */
public final class Check {
    private static final double SMALL = 1e-4;

    public static void main(String[] args) throws Exception {
        Bench b = (Bench) Class.forName(args[1]).getConstructor().newInstance();
        b.threads = "all";
        for (String a : Arrays.copyOfRange(args, 2, args.length)) {
            String[] kv = a.split("=", 2);
            var f = b.getClass().getField(kv[0]);
            f.set(b, f.getType() == int.class ? (Object) Integer.parseInt(kv[1]) : kv[1]);
        }
        String name = b.getClass().getSimpleName() + (args.length > 2 ? " " + String.join(" ", Arrays.copyOfRange(args, 2, args.length)) : "");
        if (args[0].equals("checksum")) {
            double c = Checksum.of(b.java(b.inputs(1), 1));
            System.out.printf("{\"workload\": \"%s\", \"java_checksum\": %.17g}%n", name, c);
            return;
        }
        Object[] in = b.inputs(SMALL);
        String src = Weld.source(b.program());
        double first = firstResult(b, src, in);
        List<Double> warm = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            warm.add(firstResult(b, src, in));
        }
        warm.sort(null);
        double expected = Checksum.of(b.java(in, 1));
        List<String> bad = new ArrayList<>();
        for (String passes : new String[] {"all", "none"}) {
            for (int threads : new int[] {1, 0}) {
                try (Context ctx = Weld.context(threads, Map.of("weld.Passes", passes))) {
                    double got = Checksum.of(ctx.eval("weld", src).execute(in));
                    if (!Checksum.close(got, expected)) {
                        bad.add("passes=" + passes + " threads=" + threads + ": " + got + " != java " + expected);
                    }
                }
            }
        }
        System.out.printf("{\"workload\": \"%s\", \"first_ms\": %.1f, \"warm_median_ms\": %.1f, \"matches_java\": %b}%n",
                name, first, warm.get(warm.size() / 2), bad.isEmpty());
        if (!bad.isEmpty()) {
            System.err.println(name + ": Weld and Java differ: " + bad);
            System.exit(1);
        }
    }

    /** Milliseconds from eval of the source to the first result, in a fresh context. */
    private static double firstResult(Bench b, String src, Object[] in) {
        try (Context ctx = Weld.context(0, b.options())) {
            long t = System.nanoTime();
            Value r = ctx.eval("weld", src).execute(in);
            double ms = (System.nanoTime() - t) / 1e6;
            Checksum.of(r);
            return ms;
        }
    }
}
