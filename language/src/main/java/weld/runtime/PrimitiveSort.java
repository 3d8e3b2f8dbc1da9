package weld.runtime;

import java.util.Arrays;

/** Sorted copies of primitive arrays of numbers, ascending or descending. */
public final class PrimitiveSort {
    private PrimitiveSort() {
    }

    /**
     * Elements {@code [offset, offset + n)} of {@code store} (a {@code byte[]}, {@code short[]}, {@code int[]},
     * {@code long[]}, {@code float[]} or {@code double[]} holding kind {@code k}), sorted into a new array.
     */
    public static Object sorted(weld.syntax.ScalarKind k, Object store, int offset, int n, boolean descending) {
        Object r = Storage.newArray(k, n);
        System.arraycopy(store, offset, r, 0, n);
        switch (r) {
            case byte[] a -> {
                Arrays.sort(a);
                if (descending) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        byte x = a[i];
                        a[i] = a[j];
                        a[j] = x;
                    }
                }
            }
            case short[] a -> {
                Arrays.sort(a);
                if (descending) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        short x = a[i];
                        a[i] = a[j];
                        a[j] = x;
                    }
                }
            }
            case int[] a -> {
                Arrays.sort(a);
                if (descending) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        int x = a[i];
                        a[i] = a[j];
                        a[j] = x;
                    }
                }
            }
            case long[] a -> {
                Arrays.sort(a);
                if (descending) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        long x = a[i];
                        a[i] = a[j];
                        a[j] = x;
                    }
                }
            }
            case float[] a -> {
                Arrays.sort(a);
                if (descending) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        float x = a[i];
                        a[i] = a[j];
                        a[j] = x;
                    }
                }
            }
            case double[] a -> {
                Arrays.sort(a);
                if (descending) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        double x = a[i];
                        a[i] = a[j];
                        a[j] = x;
                    }
                }
            }
            default -> throw new IllegalArgumentException("not an array of numbers: " + k);
        }
        return r;
    }
}
