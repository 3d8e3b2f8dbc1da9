package weld.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import weld.WeldException;
import weld.WeldLanguage;
import weld.ir.Expr;
import weld.ir.Program;

/** Type inference: inferred types of builders, lambda parameters and lets, and every type error with its position. */
class TypeInferenceTest {
    private static WeldType resultType(String program) {
        return WeldLanguage.compile(program).resultType();
    }

    @Test
    void inferredTypes() {
        assertEquals("vec[i64]", resultType("|v: vec[i32]| result(for(v, appender, |b, i, e| merge(b, i64(e))))").toString());
        assertEquals("f64", resultType("|v: vec[f64]| sum(v)").toString());
        assertEquals("vec[{f64,i32}]", resultType("|a: vec[i32], b: vec[f64]| result(for(zip(a, b), appender, |bb, i, e| merge(bb, {e.$1, e.$0})))").toString());
        assertEquals("{vec[i32],vec[f64]}", resultType("|v: vec[i32]| let r = for(v, {appender, appender}, |bs, i, x| {merge(bs.$0, x), merge(bs.$1, f64(x))}); {result(r.$0), result(r.$1)}").toString());
        assertEquals("vec[vec[i32]]", resultType("|c: bool, v: vec[i32]| [if(c, v, []), []]").toString());
        assertEquals("dict[i32,vec[i64]]", resultType("|v: vec[i32]| result(for(v, groupmerger, |b, i, x| merge(b, {x, i})))").toString());
        assertEquals("{bool,i64}", resultType("|v: vec[i32]| optlookup(result(for(v, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L}))), 1)").toString());
        assertEquals("simd[bool]", resultType("|x: simd[f64]| x > broadcast(0.0)").toString());
        assertEquals("i32", resultType("type int = i32;\n|x: int| x").toString());
    }

    @Test
    void lambdaParametersGetTheirTypesFromTheLoop() {
        Program p = WeldLanguage.compile("|v: vec[{i32, f64}]| result(for(v, merger[f64,+], |b, i, e| merge(b, e.$1)))");
        Expr.For f = (Expr.For) ((Expr.Result) p.body()).builder();
        assertEquals("merger[f64,+]", f.update().params().get(0).type().toString());
        assertEquals("i64", f.update().params().get(1).type().toString());
        assertEquals("{i32,f64}", f.update().params().get(2).type().toString());
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "|x: i64| x + 1 @@ 1:12 @@ cannot apply + to i64 and i32",
        "|x: i32| x + y @@ 1:14 @@ undefined variable 'y'",
        "|x: i32| if(x, 1, 2) @@ 1:13 @@ if condition: expected bool but found i32",
        "|c: bool| if(c, 1, 2L) @@ 1:20 @@ if branches must have the same type",
        "|| result(merge(appender[i32], 1.5)) @@ 1:32 @@ value merged into appender: expected i32 but found f64",
        "|v: vec[i32]| result(v) @@ 1:15 @@ not a builder",
        "|v: vec[i32]| result(for(v, appender[i32], |b, x| merge(b, x))) @@ 1:44 @@ must take 3 parameters, not 2",
        "|v: vec[i32]| result(for(v, appender[i32], |b, i, x| x)) @@ 1:54 @@ must return its builder",
        "|v: vec[i32]| lookup(v, 0) @@ 1:25 @@ vector index: expected i64 but found i32",
        "|x: i32| sqrt(x) @@ 1:10 @@ sqrt needs an f32 or f64 operand",
        "|p: {i32, i32}| p.$2 @@ 1:18 @@ has no field $2",
        "|x: int| x @@ 1:5 @@ undefined type 'int'",
        "|v: vec[i32]| sort(v, |a, b| a < b) @@ 1:32 @@ sort comparator must return i32",
        "|x: i32| assert(x) @@ 1:17 @@ assert operand: expected bool but found i32",
        "|v: vec[i32]| result(for(v, dictmerger[i32,i32,+], |b, i, x| merge(b, x))) @@ 1:71 @@ expected {i32,i32} but found i32",
        "|| let bs = {appender[i32], appender[i32]}; result(merge(bs, 1).$0) @@ 1:52 @@ not a builder",
        "|x: i32| iterate(x, |k| k + 1) @@ 1:27 @@ iterate update function must return {state, bool}",
        "|v: vec[i32]| len(sort([result(for(v, dictmerger[i32,i32,+], |b, i, x| merge(b, {x, 1})))], |a, b| 0)) @@ 1:19 @@ cannot sort a vector of dict",
        "type pair = {int, int};\\ntype int = i32;\\n|p: pair| p.$0 @@ 1:14 @@ undefined type 'int'",
        "|x: i32| |y| y @@ 1:10 @@ a function literal can only be passed",
        "|v: vec[i32]| zip(v, v) @@ 1:15 @@ zip can only be the iterator",
        "|| appender @@ 1:4 @@ cannot infer",
        "|v: vec[i32]| result(for(v, merger[bool,+], |b, i, x| b)) @@ 1:29 @@ merger values must be numeric",
    })
    void typeErrors(String program, String pos, String message) {
        WeldException e = assertThrows(WeldException.class, () -> WeldLanguage.compile(program.replace("\\n", "\n")));
        assertEquals(WeldException.Kind.TYPE, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertEquals(pos, e.pos().toString(), e.getMessage());
        assertTrue(e.getMessage().startsWith("type error at " + pos + ": "), e.getMessage());
    }

    @Test
    void excerptPutsACaretUnderTheColumn() {
        WeldException e = assertThrows(WeldException.class, () -> WeldLanguage.compile("|x: i64|\n  x + 1"));
        e.withSource(com.oracle.truffle.api.source.Source.newBuilder("weld", "|x: i64|\n  x + 1", "t.weld").build());
        assertEquals("  x + 1\n    ^", e.excerpt());
    }
}
