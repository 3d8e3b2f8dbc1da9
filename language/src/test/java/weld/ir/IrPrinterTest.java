package weld.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import weld.WeldLanguage;

/** The IR printer's output parses and type-checks back to the same IR: printing it again gives the same text. */
class IrPrinterTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "|| {1c, -2si, 3, 4L, 0.5f, 2.5, true, \"ab\"}",
        "|x: i64| let y = x * 2L; let y = y + 1L; {y, -y, min(y, x), pow(f64(y), 2.0)}",
        "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| if(x > 0.5, merge(b, x), b)))",
        "|v: vec[i32]| map(filter(v, |x| x % 2 == 0), |y| y * 3)",
        "|a: vec[i32], b: vec[f64]| result(for(zip(a, iter(b, 0L, 4L, 2L)), appender, |bb, i, e| merge(bb, {e.$1, e.$0})))",
        "|n: i64| result(for(rangeiter(0L, n, 1L), {appender[i64], merger[i64,max]}, |bs, i, x| {merge(bs.$0, x), merge(bs.$1, x)}).$0)",
        "|v: vec[i32]| let d = result(for(v, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L}))); {lookup(d, 1), keyexists(d, 2), optlookup(d, 3), tovec(d)}",
        "|v: vec[i32]| result(for(v, groupmerger[i32,i64], |b, i, x| merge(b, {x, i})))",
        "|v: vec[i64]| result(for(v, vecmerger[f64,+]([0.0, 0.0]), |b, i, k| merge(b, {k % 2L, 1.0})))",
        "|v: vec[i32]| sort(v, |a, b| compare(b, a))",
        "|x: i32| iterate({x, 0}, |s| {{s.$0 / 2, s.$1 + 1}, s.$0 > 1})",
        "|v: vec[u8]| {len(v), slice(v, 1L, 2L), lookup(v, 0L), select(true, 1.0f, 2.0f)}",
        "|v: vec[i32]| deserialize[vec[i32]](serialize(v))",
        "|x: f64| {exp(x), log(x), sqrt(x), erf(x), !(x > 1.0), u64(x), 0.0 / 0.0, 1.0 / 0.0}",
        "|v: vec[f64]| result(for(simditer(v), merger[f64,+], |b, i, x| merge(b, x * broadcast(2.0))))",
        "|v: vec[i32]| @(predicate:true) result(@(impl:local) for(v, appender[i32](5L), |b, i, x| merge(b, x)))",
        "|v: vec[vec[i32]]| flatten(v)",
        "|x: i32| assert(x > 0) && (x == 1 || x != 2)",
        "|x: i64| cudf[udf_name, i64](x)",
    })
    void printedProgramsParseBackToTheSameIr(String source) {
        String once = IrPrinter.print(WeldLanguage.compile(source));
        String twice = IrPrinter.print(WeldLanguage.compile(once));
        assertEquals(once, twice);
    }
}
