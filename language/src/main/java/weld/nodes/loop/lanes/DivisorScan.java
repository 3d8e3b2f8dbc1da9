package weld.nodes.loop.lanes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Finds where a kernel must stop before an integer divisor it reads from an array: the first element that is 0 (a
 * division by zero, which the scalar loop reports at its row, or not at all where a guard keeps the division from
 * that row) or -1 (the minimum divided by -1 wraps in the scalar loop). The kernel computes every lane, so it runs
 * only up to there.
 */
public final class DivisorScan {
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

    private DivisorScan() {
    }

    /**
     * The first index in {@code [from, to)} of {@code store} (an {@code int[]} or {@code long[]}) whose element is 0
     * or -1, or {@code to} if there is none. A vector at a time: {@code x} is 0 or -1 exactly where {@code x + 1},
     * shifted right by one without sign, is 0.
     */
    @TruffleBoundary
    public static long clearUntil(Object store, long from, long to) {
        return store instanceof int[] a ? ints(a, (int) from, (int) to) : longs((long[]) store, (int) from, (int) to);
    }

    private static int ints(int[] a, int from, int to) {
        int k = from;
        for (int up = from + INTS.loopBound(to - from); k < up; k += INTS.length()) {
            if (IntVector.fromArray(INTS, a, k).add(1).lanewise(VectorOperators.LSHR, 1).eq(0).anyTrue()) {
                break;
            }
        }
        for (; k < to; k++) {
            if (a[k] == 0 || a[k] == -1) {
                return k;
            }
        }
        return to;
    }

    private static int longs(long[] a, int from, int to) {
        int k = from;
        for (int up = from + LONGS.loopBound(to - from); k < up; k += LONGS.length()) {
            if (LongVector.fromArray(LONGS, a, k).add(1).lanewise(VectorOperators.LSHR, 1).eq(0).anyTrue()) {
                break;
            }
        }
        for (; k < to; k++) {
            if (a[k] == 0 || a[k] == -1) {
                return k;
            }
        }
        return to;
    }
}
