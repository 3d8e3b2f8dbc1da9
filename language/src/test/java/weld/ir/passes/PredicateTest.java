package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class PredicateTest {
    private static final String PASS = "predicate";

    @Test
    void aCheapGuardedMergeBecomesASelect() {
        assertTransforms(PASS, "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| if(x > 10L, merge(b, x), b)))",
                "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, select(x > 10L, x, 0L))))");
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.5, merge(b, x), b)))",
                "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, select(x > 0.5, x, -0.0))))");
        assertTransforms(PASS, "|v: vec[i32]| result(for(v, merger[i32,min], |b, i, x| if(x > 1, merge(b, x), b)))",
                "|v: vec[i32]| result(for(v, merger[i32,min], |b, i, x| merge(b, select(x > 1, x, 2147483647))))");
    }

    @Test
    void theAnnotationDecides() {
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, merger[f64,*], |b, i, x| @(predicate:true) "
                        + "if(x > 0.5, merge(b, exp(x) * log(x) + sqrt(x) * x - x / 2.0), b)))",
                "|v: vec[f64]| result(for(v, merger[f64,*], |b, i, x| "
                        + "merge(b, select(x > 0.5, exp(x) * log(x) + sqrt(x) * x - x / 2.0, 1.0))))");
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| @(predicate:false) if(x > 10L, merge(b, x), b)))");
    }

    @Test
    void expensiveOrFailingValuesAndFloatMinMaxKeepTheBranch() {
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.5, merge(b, exp(x) * log(x)), b)))");
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| @(predicate:true) "
                + "if(x < len(v), merge(b, lookup(v, x)), b)))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, merger[f64,max], |b, i, x| if(x > 0.5, merge(b, x), b)))");
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| if(x > 10L, merge(b, x), b)))");
    }
}
