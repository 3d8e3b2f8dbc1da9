package weld.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * A quick A/B look at one workload outside JMH, for development: {@code Quick CLASS RUNS [field=value...]
 * [weld.X=v|engine.X=v...] [vs:weld.X=v...]}. Runs the Weld program (and, after {@code vs:}, the same program with
 * other options) and the Java version in turns in one JVM, RUNS times each after as many warm-up calls, and prints
 * the medians (with {@code -Dweld.bench.each=true}, every run's time too). Figures for the documentation come from
 * JMH (bench/run-all.sh), not from here.
 */
public final class Quick {
    public static void main(String[] args) throws Exception {
        Bench b = (Bench) Class.forName("weld.bench." + args[0]).getConstructor().newInstance();
        int runs = Integer.parseInt(args[1]);
        b.threads = "1";
        Map<String, String> base = new HashMap<>(Map.of("engine.MultiTier", "false"));
        List<Map<String, String>> variants = new ArrayList<>();
        variants.add(new HashMap<>(base));
        for (String a : Arrays.copyOfRange(args, 2, args.length)) {
            if (a.startsWith("vs:")) {
                variants.add(new HashMap<>(base));
                a = a.substring(3);
                if (a.isEmpty()) {
                    continue;
                }
            }
            String[] kv = a.split("=", 2);
            if (kv[0].startsWith("weld.") || kv[0].startsWith("engine.")) {
                variants.get(variants.size() - 1).put(kv[0], kv[1]);
            } else {
                var f = b.getClass().getField(kv[0]);
                f.set(b, f.getType() == int.class ? (Object) Integer.parseInt(kv[1]) : kv[1]);
            }
        }
        Object[] in = b.inputs(1);
        String src = Weld.source(b.program());
        int threads = b.threadCount();
        List<Context> contexts = new ArrayList<>();
        List<Value> fns = new ArrayList<>();
        for (Map<String, String> v : variants) {
            Map<String, String> o = new HashMap<>(b.options());
            o.putAll(v);
            Context c = Weld.context(threads, o);
            contexts.add(c);
            fns.add(c.eval("weld", src));
        }
        double[][] ms = new double[variants.size() + 1][runs];
        for (int r = -runs; r < runs; r++) {
            for (int k = 0; k <= variants.size(); k++) {
                long t = System.nanoTime();
                if (k < variants.size()) {
                    fns.get(k).execute(in);
                } else {
                    b.java(in, threads);
                }
                if (r >= 0) {
                    ms[k][r] = (System.nanoTime() - t) / 1e6;
                }
            }
        }
        for (int k = 0; k <= variants.size(); k++) {
            if (Boolean.getBoolean("weld.bench.each")) {
                System.out.println(Arrays.toString(Arrays.stream(ms[k]).map(x -> Math.round(x * 10) / 10.0).toArray()));
            }
            Arrays.sort(ms[k]);
            String name = k < variants.size() ? "weld " + variants.get(k) : "java";
            System.out.printf("%-70s median %8.1f ms  min %8.1f ms%n", name, ms[k][runs / 2], ms[k][0]);
        }
        contexts.forEach(Context::close);
    }
}
