package weld.bench;

import java.util.stream.IntStream;

/**
 * Deterministic generated data: element {@code i} of stream {@code s} is SplitMix64 of {@code s * golden + i}, so
 * the Java, C and NumPy runners produce bit-identical inputs without sharing files.
 */
public final class Data {
    private Data() {
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, 1): the top 53 bits of the mixed counter. */
    public static double uniform(long stream, long i) {
        return (mix(stream * 0x9E3779B97F4A7C15L + i) >>> 11) * 0x1.0p-53;
    }

    /** {@code n} values uniform in [lo, hi). */
    public static double[] doubles(long stream, int n, double lo, double hi) {
        double[] a = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = lo + (hi - lo) * uniform(stream, i));
        return a;
    }

    /** {@code n} integers uniform in [lo, hi). */
    public static int[] ints(long stream, int n, int lo, int hi) {
        int[] a = new int[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = lo + (int) ((hi - lo) * uniform(stream, i)));
        return a;
    }

    /** {@code n} integers uniform in [lo, hi), as f64. */
    public static double[] intsAsDoubles(long stream, int n, int lo, int hi) {
        double[] a = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = lo + (int) ((hi - lo) * uniform(stream, i)));
        return a;
    }

    /** {@code n} scaled by {@code scale}, at least 1. */
    public static int rows(long n, double scale) {
        return (int) Math.max(1, Math.round(n * scale));
    }
}
