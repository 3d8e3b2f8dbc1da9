package weld.bench;

import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * What a fresh JVM does with a program on full-size data, before it has compiled anything: {@code FirstCalls
 * CLASS:CALLS[:field=value...]...} runs each workload in turn in this JVM (a new context each, all threads unless
 * {@code -Dthreads=N}, inputs scaled by {@code -Dscale}, default 1) and prints the eval time and the time of each
 * call. Engine options come from {@code -Dpolyglot.engine.*} (Truffle's defaults otherwise: two tiers); each result
 * is checked against the Java version's.
 */
public final class FirstCalls {
    public static void main(String[] args) throws Exception {
        double scale = Double.parseDouble(System.getProperty("scale", "1"));
        for (String spec : args) {
            String[] p = spec.split(":");
            Bench b = (Bench) Class.forName("weld.bench." + p[0]).getConstructor().newInstance();
            int calls = Integer.parseInt(p[1]);
            b.threads = System.getProperty("threads", "all");
            for (int i = 2; i < p.length; i++) {
                String[] kv = p[i].split("=", 2);
                var f = b.getClass().getField(kv[0]);
                f.set(b, f.getType() == int.class ? (Object) Integer.parseInt(kv[1]) : kv[1]);
            }
            Object[] in = b.inputs(scale);
            double expected = Checksum.of(b.java(in, b.threadCount()));
            StringBuilder line = new StringBuilder(spec);
            long t0 = System.nanoTime();
            try (Context c = Weld.context(b.threadCount(), Map.of())) {
                Value fn = c.eval("weld", Weld.source(b.program()));
                line.append(String.format(" context and eval %.0f ms, calls:", (System.nanoTime() - t0) / 1e6));
                long total = System.nanoTime();
                for (int k = 0; k < calls; k++) {
                    long s = System.nanoTime();
                    Value r = fn.execute(in);
                    line.append(String.format(" %.0f", (System.nanoTime() - s) / 1e6));
                    if (!Checksum.close(Checksum.of(r), expected)) {
                        throw new IllegalStateException(spec + ": call " + (k + 1) + " differs from Java's result");
                    }
                }
                line.append(String.format(" ms, total %.0f ms", (System.nanoTime() - total) / 1e6));
            }
            System.out.println(line);
        }
    }
}
