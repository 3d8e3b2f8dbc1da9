package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class CseTest {
    private static final String PASS = "cse";

    @Test
    void sharesARepeatedExpression() {
        assertTransforms(PASS, "|x: i32, y: i32| (x * y + 1) / (x * y - 1)",
                "|x: i32, y: i32| let t = x * y; (t + 1) / (t - 1)");
    }

    @Test
    void sharesInsideALoopBody() {
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, exp(x) * exp(x))))",
                "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, let t = exp(x); t * t)))");
    }

    @Test
    void doesNotHoistOutOfBranchesOrOverFailures() {
        assertUnchanged(PASS, "|c: bool, x: i32, y: i32| if(c, x * y, x * y + 1)");
        assertUnchanged(PASS, "|x: i32, y: i32| (x / y) + (x / y)");
        assertUnchanged(PASS, "|v: vec[i32]| lookup(v, 1L) + lookup(v, 1L)");
    }

    @Test
    void neverSharesBuilders() {
        assertUnchanged(PASS, "|v: vec[i32]| {result(merge(appender[i32], 1)), result(merge(appender[i32], 1))}");
    }
}
