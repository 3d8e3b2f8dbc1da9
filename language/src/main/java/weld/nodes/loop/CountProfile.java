package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

/**
 * The iteration count of a loop with a SIMD kernel, speculated to be the same small number every time (the width of
 * a matrix row, of a fixed-size record): while it is, compiled code sees the count as a constant behind one
 * comparison, so the kernel's first repetition runs a known number of vector steps, which Graal unrolls completely
 * (no loop control, no tail, no checks between the steps). The first count above {@value #MAX}, or the first that
 * differs, makes the profile generic for good (one deoptimization). Measured on the logistic-regression step
 * (64-element dot product and update per matrix row; one JVM, the previous jar in alternation): 102-117 -> 82-90
 * ms. The same profile on every {@code for} (its count as a constant for the whole loop) slowed key counting with
 * 100 keys down (55 -> 70 ms) and added nothing here, so only kernels have it.
 *
 * <p>Shared by the copies of a loop body that parallel tasks run: each compiled use compares the count with the
 * value it was compiled for, so a racy update only costs a deoptimization.
 */
final class CountProfile {
    /** The largest count taken as a constant: longer loops gain nothing from it, and their unrolled code is big. */
    static final long MAX = 256;
    private static final long UNSET = -1;
    private static final long GENERIC = -2;

    @CompilationFinal private long seen = UNSET;

    /** {@code n}, as a compilation constant while it is the count this profile has always seen. */
    long profile(long n) {
        long s = seen;
        if (s >= 0) {
            if (n == s) {
                return s;
            }
            CompilerDirectives.transferToInterpreterAndInvalidate();
            seen = GENERIC;
        } else if (s == UNSET) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            seen = n >= 0 && n <= MAX ? n : GENERIC;
        }
        return n;
    }
}
