package weld.ir.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

import weld.WeldLanguage;

class LoopFusionTest {
    private static final String PASS = "loop-fusion";

    @Test
    void mapIntoSum() {
        assertTransforms(PASS, "|v: vec[i32]| result(for(result(for(v, appender[i32], |b, i, x| merge(b, x * 2))), "
                        + "merger[i32,+], |s, j, y| merge(s, y + 1)))",
                "|v: vec[i32]| result(for(v, merger[i32,+], |s, i, x| let y = x * 2; merge(s, y + 1)))");
    }

    @Test
    void filterIntoReduce() {
        assertTransforms(PASS, "|v: vec[i32]| result(for(result(for(v, appender[i32], |b, i, x| if(x > 0, merge(b, x), b))), "
                        + "merger[i32,max], |s, j, y| merge(s, y)))",
                "|v: vec[i32]| result(for(v, merger[i32,max], |s, i, x| if(x > 0, merge(s, x), s)))");
    }

    @Test
    void mapIntoMapKeepsTheIndex() {
        assertTransforms(PASS, "|v: vec[i64]| result(for(result(for(v, appender[i64], |b, i, x| merge(b, x + 1L))), "
                        + "appender[i64], |s, j, y| merge(s, y * j)))",
                "|v: vec[i64]| result(for(v, appender[i64], |s, i, x| let y = x + 1L; merge(s, y * i)))");
    }

    @Test
    void flattenIntoSum() {
        assertTransforms(PASS, "|v: vec[vec[i32]]| result(for(result(for(v, appender[i32], |b, i, x| "
                        + "for(x, b, |c, j, y| merge(c, y)))), merger[i32,+], |s, k, z| merge(s, z)))",
                "|v: vec[vec[i32]]| result(for(v, merger[i32,+], |s, i, x| for(x, s, |c, j, y| merge(c, y))))");
    }

    @Test
    void zippedMapReadsItsInput() {
        assertTransforms(PASS, "|v: vec[f64], w: vec[f64]| result(for(zip(result(for(v, appender[f64], |b, i, x| "
                        + "merge(b, x * 2.0))), w), merger[f64,+], |s, j, e| merge(s, e.$0 * e.$1)))",
                "|v: vec[f64], w: vec[f64]| result(for(zip(v, w), merger[f64,+], |s, j, e| let t = e.$0 * 2.0; "
                        + "merge(s, t * e.$1)))");
    }

    @Test
    void zippedMapOverAZipAddsItsIterators() {
        assertTransforms(PASS, "|a: vec[f64], b: vec[f64], c: vec[f64]| result(for(zip(c, result(for(zip(a, b), "
                        + "appender[f64], |o, i, x| merge(o, x.$0 * x.$1)))), appender[f64], |s, j, e| merge(s, e.$0 + e.$1)))",
                "|a: vec[f64], b: vec[f64], c: vec[f64]| result(for(zip(c, a, b), appender[f64], |s, j, e| "
                        + "let t = e.$1 * e.$2; merge(s, e.$0 + t)))");
    }

    @Test
    void threeChainedLoopsThroughLetsBecomeOne() {
        var p = PassTesting.optimize("inline-let,loop-fusion", "|v: vec[i32]| "
                + "let a = result(for(v, appender[i32], |b, i, x| merge(b, x * 2))); "
                + "let f = result(for(a, appender[i32], |b, i, x| if(x > 3, merge(b, x), b))); "
                + "result(for(f, merger[i64,+], |b, i, x| merge(b, i64(x))))");
        assertEquals(1, PassTesting.loops(p.body()), weld.ir.IrPrinter.print(p));
        assertEquals(3, PassTesting.loops(WeldLanguage.compile("|v: vec[i32]| "
                + "result(for(filter(map(v, |x| x * 2), |x| x > 3), merger[i64,+], |b, i, x| merge(b, i64(x))))").body()));
    }

    @Test
    void aFilterIsNotFusedIntoAConsumerThatReadsItsIndex() {
        assertUnchanged(PASS, "|v: vec[i64]| result(for(result(for(v, appender[i64], |b, i, x| if(x > 0L, merge(b, x), b))), "
                + "appender[i64], |s, j, y| merge(s, y * j)))");
    }

    @Test
    void twoBodiesThatMayFailAreNotInterleaved() {
        assertUnchanged(PASS, "|v: vec[i64]| result(for(result(for(v, appender[i64], |b, i, x| merge(b, lookup(v, x)))), "
                + "merger[i64,+], |s, j, y| merge(s, lookup(v, y))))");
    }

    @Test
    void onlyWholeVectorsOfAppenderResultsFuse() {
        assertUnchanged(PASS, "|v: vec[i64]| result(for(iter(result(for(v, appender[i64], |b, i, x| merge(b, x))), 1L, 2L, 1L), "
                + "merger[i64,+], |s, j, y| merge(s, y)))");
        assertUnchanged(PASS, "|v: vec[i64]| result(for(tovec(result(for(v, dictmerger[i64,i64,+], |b, i, x| "
                + "merge(b, {x, 1L})))), merger[i64,+], |s, j, y| merge(s, y.$1)))");
    }
}
