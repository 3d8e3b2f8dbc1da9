package weld.nodes.loop.lanes;

import weld.syntax.ScalarKind;

/**
 * The conversions of {@link LaneNode.Cast} over a block of values, as plain loops (C2 vectorizes them where the
 * hardware converts in SIMD registers): {@link #convert} between the arrays of the four kinds, {@link #convertHeld}
 * between the {@code double} and {@code long} holders of {@link ScalarLaneKernel}. Both give {@code CastNode}'s
 * values: Java's conversions, a float to {@code i32} through {@code i64}.
 */
final class LaneCasts {
    private LaneCasts() {
    }

    /** {@code out[k] = to(x[o + k])} for {@code k < n}, {@code x} an array of any of the four kinds. */
    static void convert(Object x, int o, ScalarKind to, Object out, int n) {
        // instanceof rather than a pattern switch, whose first run spins a class (slow in a cold JVM).
        if (x instanceof double[] d) {
            switch (to) {
                case F64 -> System.arraycopy(d, o, out, 0, n);
                case F32 -> {
                    float[] y = (float[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = (float) d[o + k];
                    }
                }
                case I64 -> {
                    long[] y = (long[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = (long) d[o + k];
                    }
                }
                default -> {
                    int[] y = (int[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = (int) (long) d[o + k];
                    }
                }
            }
        } else if (x instanceof float[] f) {
            switch (to) {
                case F64 -> {
                    double[] y = (double[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = f[o + k];
                    }
                }
                case F32 -> System.arraycopy(f, o, out, 0, n);
                case I64 -> {
                    long[] y = (long[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = (long) f[o + k];
                    }
                }
                default -> {
                    int[] y = (int[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = (int) (long) f[o + k];
                    }
                }
            }
        } else if (x instanceof long[] l) {
            switch (to) {
                case F64 -> {
                    double[] y = (double[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = l[o + k];
                    }
                }
                case F32 -> {
                    float[] y = (float[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = l[o + k];
                    }
                }
                case I64 -> System.arraycopy(l, o, out, 0, n);
                default -> {
                    int[] y = (int[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = (int) l[o + k];
                    }
                }
            }
        } else {
            int[] i = (int[]) x;
            switch (to) {
                case F64 -> {
                    double[] y = (double[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = i[o + k];
                    }
                }
                case F32 -> {
                    float[] y = (float[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = i[o + k];
                    }
                }
                case I64 -> {
                    long[] y = (long[]) out;
                    for (int k = 0; k < n; k++) {
                        y[k] = i[o + k];
                    }
                }
                default -> System.arraycopy(i, o, out, 0, n);
            }
        }
    }

    /**
     * The same over {@link ScalarLaneKernel}'s holders: {@code x} and {@code out} are {@code double[]} for the float
     * kinds (an {@code f32} held exactly) and {@code long[]} for the integer kinds (an {@code i32} held wrapped).
     */
    static void convertHeld(Object x, int o, ScalarKind to, Object out, int n) {
        if (x instanceof double[] d) {
            if (out instanceof double[] y) {
                for (int k = 0; k < n; k++) {
                    y[k] = to == ScalarKind.F32 ? (float) d[o + k] : d[o + k];
                }
            } else {
                long[] y = (long[]) out;
                for (int k = 0; k < n; k++) {
                    long v = (long) d[o + k];
                    y[k] = to == ScalarKind.I32 ? (int) v : v;
                }
            }
        } else {
            long[] l = (long[]) x;
            if (out instanceof double[] y) {
                for (int k = 0; k < n; k++) {
                    y[k] = to == ScalarKind.F32 ? (float) l[o + k] : (double) l[o + k];
                }
            } else {
                long[] y = (long[]) out;
                for (int k = 0; k < n; k++) {
                    y[k] = to == ScalarKind.I32 ? (int) l[o + k] : l[o + k];
                }
            }
        }
    }
}
