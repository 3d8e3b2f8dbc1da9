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
    }

    @Test
    void sharesLookupsEvaluatedFirst() {
        assertTransforms(PASS, "|v: vec[i32]| lookup(v, 1L) + lookup(v, 1L)",
                "|v: vec[i32]| let t = lookup(v, 1L); t + t");
        assertTransforms(PASS, "|d: dict[i64, {f64, i64}], k: i64| lookup(d, k).$0 * f64(lookup(d, k).$1)",
                "|d: dict[i64, {f64, i64}], k: i64| let t = lookup(d, k); t.$0 * f64(t.$1)");
        // Operands that cannot fail before it are fine.
        assertTransforms(PASS, "|v: vec[i32], x: i32| (x + 1) + lookup(v, 1L) + lookup(v, 1L)",
                "|v: vec[i32], x: i32| let t = lookup(v, 1L); (x + 1) + t + t");
    }

    @Test
    void doesNotShareLookupsAfterAFailureOrWithFailingOperands() {
        // Another error may come first: moving the lookup before it would report the lookup's.
        assertUnchanged(PASS, "|v: vec[i32], x: i32, y: i32| (x / y) + lookup(v, 1L) + lookup(v, 1L)");
        assertUnchanged(PASS, "|v: vec[i32], c: bool, w: vec[i32]| "
                + "if(c, lookup(w, 2L), 0) + lookup(v, 1L) + lookup(v, 1L)");
        assertUnchanged(PASS, "|v: vec[i32], x: i64, y: i64| lookup(v, x / y) + lookup(v, x / y)");
    }

    @Test
    void neverSharesBuilders() {
        assertUnchanged(PASS, "|v: vec[i32]| {result(merge(appender[i32], 1)), result(merge(appender[i32], 1))}");
    }
}
