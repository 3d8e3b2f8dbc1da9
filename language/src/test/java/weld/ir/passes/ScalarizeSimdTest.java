package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class ScalarizeSimdTest {
    private static final String PASS = "scalarize-simd";

    @Test
    void aLanewiseReductionRunsOverTheChunksElements() {
        assertTransforms(PASS,
                "|v: vec[f64]| result(for(simditer(v), merger[f64,+], |b, i, x| merge(b, x * broadcast(2.0) + x)))",
                "|v: vec[f64]| result(for(iter(v, 0L, len(v) / 4L * 4L, 1L), merger[f64,+], |b, i, x| merge(b, x * 2.0 + x)))");
    }

    @Test
    void lanesKeepTheirOrderInAnAppender() {
        assertTransforms(PASS,
                "|v: vec[i32]| result(for(simditer(v), appender[i32], |b, i, x| merge(b, select(x > broadcast(3), x, broadcast(0)))))",
                "|v: vec[i32]| result(for(iter(v, 0L, len(v) / 8L * 8L, 1L), appender[i32], |b, i, x| merge(b, select(x > 3, x, 0))))");
    }

    @Test
    void zipsLetsAndStructsOfBuildersAreLanewiseToo() {
        assertTransforms(PASS,
                "|v: vec[f64], w: vec[i64], t: f64| result(for(zip(simditer(v), simditer(w)), {merger[f64,max], appender[f64]}, "
                        + "|b, i, x| let y = x.$0 * broadcast(t); {merge(b.$0, y), merge(b.$1, sqrt(y))}))",
                "|v: vec[f64], w: vec[i64], t: f64| result(for(zip(iter(v, 0L, len(v) / 4L * 4L, 1L), iter(w, 0L, len(w) / 4L * 4L, 1L)), "
                        + "{merger[f64,max], appender[f64]}, |b, i, x| let y = x.$0 * t; {merge(b.$0, y), merge(b.$1, sqrt(y))}))");
    }

    @Test
    void chunkIndicesDifferentLaneCountsLoopsAndCastsAreLeftAlone() {
        // The index counts chunks.
        assertUnchanged(PASS, "|v: vec[i64]| result(for(simditer(v), merger[i64,+], |b, i, x| merge(b, x * broadcast(i))))");
        // 4 lanes of f64 beside 8 of i32: the chunk counts differ.
        assertUnchanged(PASS, "|v: vec[f64], w: vec[i32]| result(for(zip(simditer(v), simditer(w)), merger[f64,+], |b, i, x| merge(b, x.$0)))");
        // A loop in the body would run once per element instead of once per chunk.
        assertUnchanged(PASS, "|v: vec[f64], w: vec[f64]| result(for(simditer(v), merger[f64,+], |b, i, x| "
                + "merge(b, x * broadcast(result(for(w, merger[f64,+], |c, j, y| merge(c, y)))))))");
        assertUnchanged(PASS, "|v: vec[f64]| result(for(fringeiter(v), merger[f64,+], |b, i, x| merge(b, x)))");
        // A scalar merged once per chunk counts chunks.
        assertUnchanged(PASS, "|v: vec[f64]| result(for(simditer(v), {merger[i64,+], merger[f64,+]}, |b, i, x| {merge(b.$0, 1L), merge(b.$1, x)}))");
        // A SIMD value from outside the loop is a whole chunk in every iteration.
        assertUnchanged(PASS, "|v: vec[f64]| let z = broadcast(0.5); result(for(simditer(v), appender[f64], |b, i, x| merge(b, x + z)))");
    }
}
