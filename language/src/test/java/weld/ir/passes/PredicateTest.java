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
    }

    @Test
    void aStructOfAppendersAndMergersUnderOneConditionIsPredicatedFieldByField() {
        assertTransforms(PASS, "|v: vec[i64]| result(for(v, {merger[i64,+], appender[i64]}, |b, i, x| "
                        + "if(x > 1L, {merge(b.$0, x), merge(b.$1, x)}, b)))",
                "|v: vec[i64]| result(for(v, {merger[i64,+], appender[i64]}, |b, i, x| "
                        + "{merge(b.$0, select(x > 1L, x, 0L)), @(predicate:true) if(x > 1L, merge(b.$1, x), b.$1)}))");
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, {appender[f64], merger[i64,+], appender[f64]}, |b, i, x| "
                        + "if(x > 0.5, {merge(b.$0, x), merge(b.$1, 1L), b.$2}, b)))",
                "|v: vec[f64]| result(for(v, {appender[f64], merger[i64,+], appender[f64]}, |b, i, x| "
                        + "{@(predicate:true) if(x > 0.5, merge(b.$0, x), b.$0), merge(b.$1, select(x > 0.5, 1L, 0L)), b.$2}))");
        // An append whose value may fail keeps the branch around the whole struct.
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, {appender[i64], merger[i64,+]}, |b, i, x| "
                + "if(x > 0L && x < len(v), {merge(b.$0, lookup(v, x)), merge(b.$1, 1L)}, b)))");
    }

    @Test
    void aCheapGuardedAppendIsMarkedForTheNodeBuilder() {
        assertTransforms(PASS, "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| if(x > 10L, merge(b, x), b)))",
                "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| @(predicate:true) if(x > 10L, merge(b, x), b)))");
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, appender[i64], |b, i, x| @(predicate:false) "
                + "if(x > 10L, merge(b, x), b)))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, appender[f64], |b, i, x| if(x > 0.5, merge(b, exp(x) * log(x)), b)))");
    }

    @Test
    void aStructOfMergersIsPredicatedAsAWhole() {
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, {merger[f64,+], merger[i64,+], merger[f64,max]}, |b, i, x| "
                        + "if(x > 0.5, {merge(b.$0, 0.3 * x + 0.2), merge(b.$1, 1L), b.$2}, b)))",
                "|v: vec[f64]| result(for(v, {merger[f64,+], merger[i64,+], merger[f64,max]}, |b, i, x| "
                        + "{merge(b.$0, select(x > 0.5, 0.3 * x + 0.2, -0.0)), merge(b.$1, select(x > 0.5, 1L, 0L)), b.$2}))");
    }

    @Test
    void aStructWithAnUnpredicableMergeKeepsTheBranch() {
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, {merger[f64,+], merger[f64,max]}, |b, i, x| "
                + "if(x > 0.5, {merge(b.$0, x), merge(b.$1, x)}, b)))");
        // An unpredicable merger (float max) beside an appender: the whole struct keeps the branch.
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, {merger[f64,max], appender[f64]}, |b, i, x| "
                + "if(x > 1.0, {merge(b.$0, x), merge(b.$1, x)}, b)))");
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, {merger[i64,+], merger[i64,+]}, |b, i, x| "
                + "if(x > 1L, {merge(b.$0, x), merge(b.$0, x)}, b)))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, {merger[f64,+], merger[i64,+]}, |b, i, x| "
                + "if(x > 0.5, {merge(b.$0, exp(x) * log(x)), merge(b.$1, 1L)}, b)))");
    }
}
