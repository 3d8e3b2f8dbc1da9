package weld.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Checks of one workload outside JMH, printed as one JSON line; usage: {@code Check CLASS [field=value...]}.
 * <ul>
 * <li>Parse-to-first-result, meant for a fresh JVM: a new context (not timed), then eval of the program and its
 * first call on small inputs (10^-4 of the benchmark size), timed; then the median of 10 more fresh contexts.
 * With {@code -Dweld.bench.afterOthers=true}, only the first result after the other workloads' programs have run
 * once each in this JVM (each in its own context): the program's own cost in a JVM that has run Weld before.</li>
 * <li>That the Weld result (default passes and weld.Passes=none, 1 and all threads) matches the Java version on
 * those inputs; exits 1 if not.</li>
 * <li>The Java (1 thread) result's checksum at full size, which the runner compares with the C harness's.</li>
 * </ul>
 */
public final class Check {
    private static final double SMALL = 1e-4;

    public static void main(String[] args) throws Exception {
        Bench b = (Bench) Class.forName(args[0]).getConstructor().newInstance();
        b.threads = "all";
        for (String a : Arrays.copyOfRange(args, 1, args.length)) {
            String[] kv = a.split("=", 2);
            var f = b.getClass().getField(kv[0]);
            f.set(b, f.getType() == int.class ? (Object) Integer.parseInt(kv[1]) : kv[1]);
        }
        String name = b.getClass().getSimpleName() + (args.length > 1 ? " " + String.join(" ", Arrays.copyOfRange(args, 1, args.length)) : "");
        Object[] in = b.inputs(SMALL);
        String src = Weld.source(b.program());
        if (Boolean.getBoolean("weld.bench.afterOthers")) {
            for (Bench other : others(b)) {
                firstResult(other, Weld.source(other.program()), other.inputs(SMALL));
            }
            double[] first = firstResult(b, src, in);
            System.out.printf("{\"workload\": \"%s\", \"first_after_others_ms\": %.1f}%n", name, first[0] + first[1]);
            return;
        }
        double[] first = firstResult(b, src, in);
        List<Double> warm = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double[] w = firstResult(b, src, in);
            warm.add(w[0] + w[1]);
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
        in = null;
        double full = Checksum.of(b.java(b.inputs(1), 1));
        System.out.printf("{\"workload\": \"%s\", \"first_ms\": %.1f, \"first_eval_ms\": %.1f, \"warm_median_ms\": %.1f, "
                + "\"matches_java\": %b, \"java_checksum\": %.17g}%n", name, first[0] + first[1], first[0],
                warm.get(warm.size() / 2), bad.isEmpty(), full);
        if (!bad.isEmpty()) {
            System.err.println(name + ": Weld and Java differ: " + bad);
            System.exit(1);
        }
    }

    /** The other workloads (another program than {@code b}'s). */
    private static List<Bench> others(Bench b) {
        CountKeys counts = new CountKeys();
        counts.range = 10_000;
        GroupSum groups = new GroupSum();
        groups.keys = 1000;
        List<Bench> others = new ArrayList<>();
        for (Bench o : new Bench[] {new Sum(), new FilterSum(), new TpchQ6(), new TpchQ1(), new BlackScholes(),
                new CrimeIndex(), counts, groups, new LogRegStep(), new Chained(), new Select()}) {
            if (!o.program().equals(b.program())) {
                o.threads = "all";
                others.add(o);
            }
        }
        return others;
    }

    /** Milliseconds of eval of the source and of the first call, in a fresh context. */
    private static double[] firstResult(Bench b, String src, Object[] in) {
        try (Context ctx = Weld.context(0, b.options())) {
            long t0 = System.nanoTime();
            Value f = ctx.eval("weld", src);
            long t1 = System.nanoTime();
            Value r = f.execute(in);
            long t2 = System.nanoTime();
            Checksum.of(r);
            return new double[] {(t1 - t0) / 1e6, (t2 - t1) / 1e6};
        }
    }
}
