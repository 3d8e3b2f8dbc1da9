package weld.builders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/** Atomic element updates under contention: four threads updating the same few elements lose no update. */
class AtomicMergesTest {
    private static final int THREADS = 4;
    private static final int PER_THREAD = 1_000_000;

    /** Runs {@code update} with every number in [0, THREADS * PER_THREAD), spread over four threads started together. */
    private static void hammer(IntConsumer update) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int first = t * PER_THREAD;
            Thread th = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (int k = first; k < first + PER_THREAD; k++) {
                    update.accept(k);
                }
            });
            th.start();
            threads.add(th);
        }
        start.countDown();
        for (Thread th : threads) {
            th.join();
        }
    }

    @Test
    void integerAddsAndComparisons() throws InterruptedException {
        long[] sums = new long[2];
        long[] maxima = {Long.MIN_VALUE, Long.MIN_VALUE};
        int[] counts = new int[2];
        int[] minima = {Integer.MAX_VALUE, Integer.MAX_VALUE};
        int[] unsignedMax = new int[1];
        hammer(k -> {
            AtomicMerges.mergeLong(ScalarKind.I64, BinOp.ADD, sums, k % 2, k);
            AtomicMerges.mergeLong(ScalarKind.I64, BinOp.MAX, maxima, k % 2, (long) k * 7 % 1_000_003);
            AtomicMerges.mergeInt(ScalarKind.I32, BinOp.ADD, counts, k % 2, 1);
            AtomicMerges.mergeInt(ScalarKind.I32, BinOp.MIN, minima, k % 2, 500_000 - k);
            AtomicMerges.mergeInt(ScalarKind.U32, BinOp.MAX, unsignedMax, 0, k == 12_345 ? -1 : k);
        });
        int n = THREADS * PER_THREAD;
        long even = 0;
        long odd = 0;
        long maxEven = Long.MIN_VALUE;
        long maxOdd = Long.MIN_VALUE;
        for (int k = 0; k < n; k++) {
            if (k % 2 == 0) {
                even += k;
                maxEven = Math.max(maxEven, (long) k * 7 % 1_000_003);
            } else {
                odd += k;
                maxOdd = Math.max(maxOdd, (long) k * 7 % 1_000_003);
            }
        }
        assertArrayEquals(new long[] {even, odd}, sums);
        assertArrayEquals(new long[] {maxEven, maxOdd}, maxima);
        assertArrayEquals(new int[] {n / 2, n / 2}, counts);
        assertArrayEquals(new int[] {500_000 - (n - 2), 500_000 - (n - 1)}, minima);
        assertEquals(-1, unsignedMax[0], "0xFFFFFFFF is the largest u32");
    }

    @Test
    void floatingPointUpdatesLoseNothing() throws InterruptedException {
        double[] sums = new double[1];
        double[] minima = {Double.POSITIVE_INFINITY};
        float[] products = {1.0f};
        float[] sumsF = new float[1];
        hammer(k -> {
            AtomicMerges.mergeDouble(BinOp.ADD, sums, 0, 0.5);
            AtomicMerges.mergeDouble(BinOp.MIN, minima, 0, -(double) (k % 9_973));
            AtomicMerges.mergeFloat(BinOp.MUL, products, 0, k % 100_000 == 0 ? 2.0f : 1.0f);
            AtomicMerges.mergeFloat(BinOp.ADD, sumsF, 0, 1.0f);
        });
        int n = THREADS * PER_THREAD;
        assertEquals(n * 0.5, sums[0]);
        assertEquals(-9_972.0, minima[0]);
        assertEquals((float) Math.pow(2, n / 100_000), products[0]);
        assertEquals((float) n, sumsF[0], "every partial sum up to 4,000,000 is exact in f32");
    }

    @Test
    void aNaNElementIsUpdatedOnce() throws InterruptedException {
        double[] a = {Double.NaN};
        float[] f = {Float.NaN};
        hammer(k -> {
            AtomicMerges.mergeDouble(BinOp.ADD, a, 0, 1.0);
            AtomicMerges.mergeFloat(BinOp.ADD, f, 0, 1.0f);
        });
        assertEquals(Double.NaN, a[0]);
        assertEquals(Float.NaN, f[0]);
    }
}
