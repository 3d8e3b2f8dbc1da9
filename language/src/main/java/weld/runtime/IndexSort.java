package weld.runtime;

/**
 * A stable merge sort of the indices {@code 0..n-1} by an order on them, for sorting columns without boxing their
 * elements: runs of {@value #RUN} by insertion, then pairwise merges of doubling width, a pair already in order
 * copied after one comparison.
 */
public final class IndexSort {
    private static final int RUN = 16;

    private IndexSort() {
    }

    /** An order on indices: negative, zero or positive as element {@code a} sorts before, with or after {@code b}. */
    @FunctionalInterface
    public interface Order {
        int compare(int a, int b);
    }

    /** The indices {@code 0..n-1} sorted stably by {@code order}. */
    public static int[] sorted(int n, Order order) {
        MemoryBudget.charge(8L * n + 32);
        int[] source = new int[n];
        for (int i = 0; i < n; i++) {
            source[i] = i;
        }
        for (int lo = 0; lo < n; lo += RUN) {
            insertionSort(source, lo, Math.min(n, lo + RUN), order);
        }
        int[] target = new int[n];
        for (int width = RUN; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width);
                int hi = Math.min(n, lo + 2 * width);
                merge(source, target, lo, mid, hi, order);
            }
            int[] t = source;
            source = target;
            target = t;
        }
        return source;
    }

    private static void insertionSort(int[] p, int lo, int hi, Order order) {
        for (int i = lo + 1; i < hi; i++) {
            int x = p[i];
            int j = i - 1;
            while (j >= lo && order.compare(p[j], x) > 0) {
                p[j + 1] = p[j];
                j--;
            }
            p[j + 1] = x;
        }
    }

    private static void merge(int[] from, int[] to, int lo, int mid, int hi, Order order) {
        if (mid >= hi || order.compare(from[mid - 1], from[mid]) <= 0) {
            System.arraycopy(from, lo, to, lo, hi - lo);
            return;
        }
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            to[k++] = order.compare(from[j], from[i]) < 0 ? from[j++] : from[i++];
        }
        System.arraycopy(from, i, to, k, mid - i);
        System.arraycopy(from, j, to, k + mid - i, hi - j);
    }
}
