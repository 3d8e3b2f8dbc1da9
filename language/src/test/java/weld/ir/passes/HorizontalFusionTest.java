package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class HorizontalFusionTest {
    private static final String PASS = "horizontal-fusion";

    @Test
    void twoLoopsOverTheSameVectorBecomeOne() {
        assertTransforms(PASS, "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x))) "
                        + "/ result(for(v, merger[f64,max], |c, j, y| merge(c, y)))",
                "|v: vec[f64]| let t = result(for(v, {merger[f64,+], merger[f64,max]}, |bs, i, x| "
                        + "{merge(bs.$0, x), merge(bs.$1, x)})); t.$0 / t.$1");
    }

    @Test
    void loopsBoundByLetsFuseToo() {
        assertTransforms(PASS, "|v: vec[i64]| let a = result(for(v, appender[i64], |b, i, x| merge(b, x + 1L))); "
                        + "let n = result(for(v, merger[i64,+], |c, j, y| merge(c, 1L))); {a, n}",
                "|v: vec[i64]| let t = result(for(v, {appender[i64], merger[i64,+]}, |bs, i, x| "
                        + "{merge(bs.$0, x + 1L), merge(bs.$1, 1L)})); let a = t.$0; let n = t.$1; {a, n}");
    }

    @Test
    void loopsThatMayFailOrDependOnEachOtherStayApart() {
        assertUnchanged(PASS, "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, lookup(v, x)))) "
                + "+ result(for(v, merger[i64,+], |c, j, y| merge(c, y)))");
        assertUnchanged(PASS, "|v: vec[i64]| let s = result(for(v, merger[i64,+], |b, i, x| merge(b, x))); "
                + "result(for(v, merger[i64,+], |c, j, y| merge(c, y * s)))");
        assertUnchanged(PASS, "|v: vec[i64], p: bool| if(p, result(for(v, merger[i64,+], |b, i, x| merge(b, x))), "
                + "result(for(v, merger[i64,max], |c, j, y| merge(c, y))))");
    }
}
