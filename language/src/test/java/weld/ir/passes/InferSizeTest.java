package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class InferSizeTest {
    private static final String PASS = "infer-size";

    @Test
    void aMapGetsItsLengthAsSizeHint() {
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, appender[f64], |b, i, x| let y = x * 2.0; merge(b, y)))",
                "|v: vec[f64]| result(for(v, appender[f64](len(v)), |b, i, x| let y = x * 2.0; merge(b, y)))");
    }

    @Test
    void filtersHintedAppendersAndPartialIteratorsAreLeftAlone() {
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, appender[f64], |b, i, x| if(x > 0.0, merge(b, x), b)))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(v, appender[f64](3L), |b, i, x| merge(b, x)))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(iter(v, 1L, 3L, 1L), appender[f64], |b, i, x| merge(b, x)))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(slice(v, 1L, 2L), appender[f64], |b, i, x| merge(b, x)))");
    }
}
