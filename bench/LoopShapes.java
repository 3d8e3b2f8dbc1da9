import java.util.Arrays;
import java.util.Random;
import java.util.function.DoubleSupplier;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Benchmark: five loop shapes over 10^7 random f64 (sum, filter then sum, a selective filter of five comparisons
 * keeping 2% then sum, map into an appender, a struct of three
 * mergers), each through Weld, through Weld with its SIMD reductions off (weld.Vectorize=false) and as a plain Java
 * loop, alternating in the same JVM, one thread (weld.Threads=1). Prints median and minimum ms and the ratios to Java. Run it with bench/loops.sh [N] [WARMUP] [RUNS] [SHAPES].
 */
public class LoopShapes {
    static final String[][] PROGRAMS = {
        {"sum", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))"},
        {"filter-sum", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.5, merge(b, x), b)))"},
        {"selective", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| "
                + "if(x >= 0.1 && x < 0.12 && x > 0.05 && x < 0.5 && x * 3.0 > 0.2, merge(b, x * 2.0), b)))"},
        {"map", "|v: vec[f64]| result(for(v, appender[f64], |b, i, x| merge(b, x * 2.0 + 1.0)))"},
        {"struct", "|v: vec[f64]| let r = for(v, {merger[f64,+], merger[i64,+], merger[f64,max]}, |b, i, x| "
                + "{merge(b.$0, x), merge(b.$1, 1L), merge(b.$2, x)}); result(r.$0) + f64(result(r.$1)) + result(r.$2)"},
    };

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        String only = args.length > 3 ? args[3] : "sum,filter-sum,selective,map,struct";
        double[] v = new Random(42).doubles(n).toArray();
        try (Context c = context(true); Context scalar = context(false)) {
            for (String[] p : PROGRAMS) {
                if (!Arrays.asList(only.split(",")).contains(p[0])) {
                    continue;
                }
                DoubleSupplier weld = weld(c, p, v);
                DoubleSupplier weldScalar = weld(scalar, p, v);
                DoubleSupplier java = java(p[0], v);
                double[][] ms = time(warmup, runs, weld, weldScalar, java);
                System.out.printf("%-10s weld median %7.2f min %7.2f | weld scalar median %7.2f min %7.2f | java median %7.2f"
                        + " min %7.2f | ratio to java median %.2f, scalar %.2f | results %.6g %.6g %.6g%n", p[0], ms[0][0],
                        ms[0][1], ms[1][0], ms[1][1], ms[2][0], ms[2][1], ms[0][0] / ms[2][0], ms[1][0] / ms[2][0],
                        weld.getAsDouble(), weldScalar.getAsDouble(), java.getAsDouble());
            }
        }
    }

    static Context context(boolean vectorize) {
        return Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                .option("weld.Threads", "1").option("weld.Vectorize", Boolean.toString(vectorize))
                .option("engine.MultiTier", "false").option("engine.BackgroundCompilation", "false").build();
    }

    static DoubleSupplier weld(Context c, String[] program, double[] v) {
        Value f = c.eval("weld", program[1]);
        return program[0].equals("map")
                ? () -> f.execute((Object) v).getArrayElement(v.length - 1).asDouble()
                : () -> f.execute((Object) v).asDouble();
    }

    static DoubleSupplier java(String shape, double[] v) {
        return switch (shape) {
            case "sum" -> () -> {
                double s = 0;
                for (double x : v) {
                    s += x;
                }
                return s;
            };
            case "filter-sum" -> () -> {
                double s = 0;
                for (double x : v) {
                    if (x > 0.5) {
                        s += x;
                    }
                }
                return s;
            };
            case "selective" -> () -> {
                double s = 0;
                for (double x : v) {
                    if (x >= 0.1 && x < 0.12 && x > 0.05 && x < 0.5 && x * 3.0 > 0.2) {
                        s += x * 2.0;
                    }
                }
                return s;
            };
            case "map" -> () -> {
                double[] out = new double[v.length];
                for (int i = 0; i < v.length; i++) {
                    out[i] = v[i] * 2.0 + 1.0;
                }
                return out[v.length - 1];
            };
            default -> () -> {
                double s = 0;
                long count = 0;
                double max = Double.NEGATIVE_INFINITY;
                for (double x : v) {
                    s += x;
                    count++;
                    max = Math.max(max, x);
                }
                return s + count + max;
            };
        };
    }

    static double sink;

    /** Alternates the runs of each side; returns {median, min} ms for each. */
    static double[][] time(int warmup, int runs, DoubleSupplier... sides) {
        for (int i = 0; i < warmup; i++) {
            for (DoubleSupplier s : sides) {
                sink += s.getAsDouble();
            }
        }
        double[][] t = new double[sides.length][runs];
        for (int i = 0; i < runs; i++) {
            for (int j = 0; j < sides.length; j++) {
                long start = System.nanoTime();
                sink += sides[j].getAsDouble();
                t[j][i] = (System.nanoTime() - start) / 1e6;
            }
        }
        double[][] r = new double[sides.length][];
        for (int j = 0; j < sides.length; j++) {
            Arrays.sort(t[j]);
            r[j] = new double[] {t[j][runs / 2], t[j][0]};
        }
        return r;
    }
}
