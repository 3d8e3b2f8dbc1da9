package weld.nodes.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import weld.nodes.loop.lanes.LaneKernel;
import weld.nodes.loop.lanes.Plans;

/**
 * How long a kernel runs as scalar blocks before the interpreter and first-tier code take its vector blocks: the
 * option's value where one is given, by default a short warm-up for kernels with math functions (whose SIMD math
 * wins once C2 has compiled it) and for runs shorter than {@link KernelBody#LONG_RUN}, and none for the other long
 * runs, which keep the scalar blocks until last-tier code.
 */
class KernelWarmupTest {
    private static LaneKernel kernel(String program) {
        return Plans.plan(program).kernel();
    }

    @Test
    void byDefaultOnlyMathFunctionsAndShortRunsLeaveTheScalarBlocks() {
        LaneKernel filterSum = kernel("|v: vec[f64], t: f64| result(for(v, merger[f64,+], |b, i, x| "
                + "if(x > t, merge(b, x), b)))");
        LaneKernel math = kernel("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, exp(x) * sqrt(x))))");
        assertEquals(Integer.MAX_VALUE, KernelBody.warmup(-1, filterSum));
        assertEquals(KernelBody.MATH_WARMUP, KernelBody.warmup(-1, math));
        assertEquals(KernelBody.MATH_WARMUP, KernelBody.shortRunWarmup(-1));
    }

    @Test
    void aGivenWarmupHoldsForEveryKernel() {
        LaneKernel sum = kernel("|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x + 3L)))");
        LaneKernel math = kernel("|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, log(x))))");
        for (int option : new int[] {0, 3, 1 << 20}) {
            assertEquals(option, KernelBody.warmup(option, sum));
            assertEquals(option, KernelBody.warmup(option, math));
            assertEquals(option, KernelBody.shortRunWarmup(option));
        }
    }
}
