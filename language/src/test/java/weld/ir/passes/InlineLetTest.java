package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class InlineLetTest {
    private static final String PASS = "inline-let";

    @Test
    void inlinesAValueUsedOnceIntoALoopsIterator() {
        assertTransforms(PASS, "|v: vec[i32]| let a = result(for(v, appender[i32], |b, i, x| merge(b, x * 2))); "
                        + "result(for(a, merger[i32,+], |s, j, y| merge(s, y)))",
                "|v: vec[i32]| result(for(result(for(v, appender[i32], |b, i, x| merge(b, x * 2))), merger[i32,+], "
                        + "|s, j, y| merge(s, y)))");
    }

    @Test
    void inlinesTrivialValuesEverywhere() {
        assertTransforms(PASS, "|v: vec[i64], p: {i64, i64}| let k = 2L; let q = p.$1; "
                        + "result(for(v, merger[i64,+], |b, i, x| merge(b, x * k + q + k)))",
                "|v: vec[i64], p: {i64, i64}| result(for(v, merger[i64,+], |b, i, x| merge(b, x * 2L + p.$1 + 2L)))");
    }

    @Test
    void neverMovesWorkIntoALoopBody() {
        assertUnchanged(PASS, "|v: vec[i64], n: i64| let k = n * n; result(for(v, merger[i64,+], |b, i, x| merge(b, x * k)))");
    }

    @Test
    void dropsUnusedValuesThatCannotFail() {
        assertTransforms(PASS, "|x: i32| let y = x * 2; x", "|x: i32| x");
        assertUnchanged(PASS, "|x: i32| let y = assert(x > 0); x");
        assertUnchanged(PASS, "|v: vec[i32]| let y = lookup(v, 3L); 1");
    }

    @Test
    void keepsTheOrderOfValuesThatMayFail() {
        assertTransforms(PASS, "|v: vec[i64]| let a = lookup(v, 5L); let c = lookup(v, 7L); c + a",
                "|v: vec[i64]| let a = lookup(v, 5L); lookup(v, 7L) + a");
        assertUnchanged(PASS, "|v: vec[i64], c: bool| let a = lookup(v, 5L); if(c, a, 0L)");
    }
}
