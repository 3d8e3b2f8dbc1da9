package weld.bench;

import java.util.Arrays;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * One loop's SIMD kernel against the scalar loop ({@code weld.Vectorize=false}) in this JVM, compiled, on 10^7
 * generated elements: {@code KernelVsScalar NAME PARAMS BODY [RUNS]} with the program {@code |PARAMS| BODY}, whose
 * parameters are vectors named {@code x} and {@code y} of {@code f64}, {@code f32}, {@code i64}, {@code i32},
 * {@code i8} or {@code bool}, or nothing (a {@code rangeiter} loop). Both run in turns on one thread, first for
 * {@code -Dwarm.ms} (default 7,000: long enough for Truffle to compile both), then RUNS times each (default 15);
 * prints one JSON line with the medians, their ratio and both results. A development aid (bench/kernel-survey.sh):
 * a kernel slower than the scalar loop points at an operation the compiler left to a slow path.
 */
public final class KernelVsScalar {
    private static final int N = 10_000_000;

    public static void main(String[] args) throws Exception {
        String name = args[0];
        String src = "|" + args[1] + "| " + args[2];
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        Object[] inputs = inputs(args[1]);
        Context[] contexts = new Context[2];
        Value[] fns = new Value[2];
        for (int k = 0; k < 2; k++) {
            contexts[k] = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                    .option("engine.MultiTier", "false").option("weld.Threads", "1")
                    .option("weld.Vectorize", Boolean.toString(k == 0)).build();
            fns[k] = contexts[k].eval("weld", src);
        }
        long warmUntil = System.nanoTime() + Long.getLong("warm.ms", 7000) * 1_000_000L;
        while (System.nanoTime() < warmUntil) {
            fns[0].execute(inputs);
            fns[1].execute(inputs);
        }
        double[][] ms = new double[2][runs];
        String[] results = new String[2];
        for (int r = 0; r < runs; r++) {
            for (int k = 0; k < 2; k++) {
                long t = System.nanoTime();
                results[k] = fns[k].execute(inputs).toString();
                ms[k][r] = (System.nanoTime() - t) / 1e6;
            }
        }
        Arrays.sort(ms[0]);
        Arrays.sort(ms[1]);
        double kernel = ms[0][runs / 2];
        double scalar = ms[1][runs / 2];
        System.out.printf("{\"loop\": \"%s\", \"kernel_ms\": %.2f, \"scalar_ms\": %.2f, \"ratio\": %.2f, "
                + "\"kernel_result\": \"%s\", \"scalar_result\": \"%s\"}%n", name, kernel, scalar, kernel / scalar,
                results[0], results[1]);
        for (Context c : contexts) {
            c.close();
        }
    }

    /** The program's vectors, in parameter order: values from -1,000 to 1,000 (scaled to the kind). */
    private static Object[] inputs(String params) {
        if (params.isBlank()) {
            return new Object[0];
        }
        String[] ps = params.split(",");
        Object[] in = new Object[ps.length];
        for (int p = 0; p < ps.length; p++) {
            String type = ps[p].substring(ps[p].indexOf('[') + 1, ps[p].indexOf(']')).strip();
            Random r = new Random(p + 1);
            in[p] = switch (type) {
                case "f64" -> r.doubles(N, -1000, 1000).toArray();
                case "i64" -> r.longs(N, -1_000_000, 1_000_000).toArray();
                case "i32" -> r.ints(N, -1_000_000, 1_000_000).toArray();
                case "f32" -> {
                    float[] v = new float[N];
                    for (int i = 0; i < N; i++) {
                        v[i] = (float) (r.nextDouble() * 2000 - 1000);
                    }
                    yield v;
                }
                case "i8" -> {
                    byte[] v = new byte[N];
                    r.nextBytes(v);
                    yield v;
                }
                case "bool" -> {
                    boolean[] v = new boolean[N];
                    for (int i = 0; i < N; i++) {
                        v[i] = r.nextBoolean();
                    }
                    yield v;
                }
                default -> throw new IllegalArgumentException("no generated input for vec[" + type + "]");
            };
        }
        return in;
    }
}
