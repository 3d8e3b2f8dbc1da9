package weld.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import weld.WeldException;
import weld.WeldLanguage;
import weld.ir.Children;
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

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "|v: vec[i64]| map(v, |x| {x, f32(x)}) @@ vec[{i64,f32}]",
        "|| result(merge(appender, 1.5f)) @@ vec[f32]",
        "|v: vec[i64]| result(for(v, groupmerger, |b, i, x| merge(b, {x % 2L, {x, i}}))) @@ dict[i64,vec[{i64,i64}]]",
        "|v: vec[vec[i8]]| tovec(result(for(v, dictmerger[vec[i8],i32,max], |b, i, w| merge(b, {w, 1})))) @@ vec[{vec[i8],i32}]",
        "|x: i64| iterate({x, 0.5}, |s| {{s.$0 - 1L, s.$1 * 2.0}, s.$0 > 0L}) @@ {i64,f64}",
        "|v: vec[{f32, bool}]| sort(v, |a, b| compare(a.$0, b.$0)) @@ vec[{f32,bool}]",
        "|x: {i8, vec[u16]}| serialize(x) @@ vec[u8]",
        "|b: vec[u8]| deserialize[dict[i32,vec[f64]]](b) @@ dict[i32,vec[f64]]",
        "|v: vec[i64]| result(for(v, vecmerger[f32,max]([0.0f]), |b, i, x| merge(b, {x, 1.0f}))) @@ vec[f32]",
        "|v: vec[i32]| result(for(v, merger[{i32, f64},+], |b, i, x| merge(b, {x, 1.0}))) @@ {i32,f64}",
        "|v: vec[i32]| let r = for(v, {merger[i64,+], appender, dictmerger[i32,i64,max]}, |bs, i, x| {merge(bs.$0, i), merge(bs.$1, x > 0), merge(bs.$2, {x, i})}); {result(r.$0), result(r.$1)} @@ {i64,vec[bool]}",
        "|v: vec[u8]| {sum(v), len(v), slice(v, 0L, 1L), compare(1L, 2L)} @@ {u8,i64,vec[u8],i32}",
        "|| []: vec[u16] @@ vec[u16]",
        "|a: vec[i8], b: vec[f64], c: vec[bool]| result(for(zip(a, b, c), appender, |r, i, e| merge(r, e))) @@ vec[{i8,f64,bool}]",
        "|n: i64| result(for(rangeiter(0L, n, 1L), appender, |b, i, x| merge(b, x + i))) @@ vec[i64]",
        "|v: vec[f32]| result(for(simditer(v), merger[f32,+], |b, i, x| merge(b, x))) @@ f32",
        "|v: vec[vec[{i32, i64}]]| flatten(v) @@ vec[{i32,i64}]",
        "|x: f32| {u64(x), x > 0.0f, exp(x), -x, x: f32} @@ {u64,bool,f32,f32,f32}",
        "type k = u32;\\ntype kv = {k, vec[k]};\\n|p: kv| p @@ {u32,vec[u32]}",
        "macro pairUp(a) = ({a, a});\\n|x: i16| pairUp(pairUp(x)) @@ {{i16,i16},{i16,i16}}",
        "|d: dict[i32, i64]| {optlookup(d, 1), keyexists(d, 2), lookup(d, 3), len(d)} @@ {{bool,i64},bool,i64,i64}",
    })
    void moreInferredTypes(String program, String type) {
        assertEquals(type, resultType(program.replace("\\n", "\n")).toString());
    }

    /** The lambdas of a program in pre-order, each as the list of its parameter types. */
    private static List<String> lambdaParams(String program) {
        List<String> out = new ArrayList<>();
        Deque<Expr> todo = new ArrayDeque<>();
        todo.push(WeldLanguage.compile(program).body());
        while (!todo.isEmpty()) {
            Expr e = todo.pop();
            if (e instanceof Expr.Lambda l) {
                out.add(l.params().stream().map(p -> p.type().toString()).collect(Collectors.joining(", ")));
            }
            List<Expr> children = Children.of(e);
            for (int i = children.size() - 1; i >= 0; i--) {
                todo.push(children.get(i));
            }
        }
        return out;
    }

    @Test
    void lambdaParameterTypesOfNestedLoopsSortAndIterate() {
        assertEquals(List.of("appender[f64], i64, vec[f32]", "appender[f64], i64, f32"),
                lambdaParams("|m: vec[vec[f32]]| result(for(m, appender, |b, i, row| for(row, b, |b2, j, x| merge(b2, f64(x)))))"));
        assertEquals(List.of("vec[{i32,i64}], vec[{i32,i64}]"),
                lambdaParams("|v: vec[vec[{i32, i64}]]| sort(v, |a, b| compare(len(a), len(b)))"));
        assertEquals(List.of("{i64,vec[f64]}"),
                lambdaParams("|v: vec[f64]| iterate({0L, v}, |s| {{s.$0 + 1L, s.$1}, s.$0 < 3L})"));
        assertEquals(List.of("{appender[i64],merger[f64,min]}, i64, {i64,f64,u8}"),
                lambdaParams("|a: vec[i64], b: vec[f64], c: vec[u8]| let r = for(zip(a, b, c), {appender[i64], merger[f64,min]}, "
                        + "|bs, i, e| {merge(bs.$0, e.$0), merge(bs.$1, e.$1)}); {result(r.$0), result(r.$1)}"));
        assertEquals(List.of("merger[i64,+], i64, i64"),
                lambdaParams("|n: i64| result(for(rangeiter(0L, n, 2L), merger[i64,+], |b, i, x| merge(b, x)))"));
        assertEquals(List.of("dictmerger[vec[i8],i64,+], i64, vec[i8]"),
                lambdaParams("|w: vec[vec[i8]]| result(for(w, dictmerger[vec[i8],i64,+], |b, i, x| merge(b, {x, 1L})))"));
        assertEquals(List.of("merger[f64,+], i64, simd[f64]"),
                lambdaParams("|v: vec[f64]| result(for(simditer(v), merger[f64,+], |b, i, x| merge(b, x)))"));
    }

    @Test
    void macroArgumentLambdasBecomeLetsOfTheElementType() {
        // The function literal passed to map is applied inside map's loop, so only map's own lambda remains.
        assertEquals(List.of("appender[f64], i64, {u16,f64}"), lambdaParams("|v: vec[{u16, f64}]| map(v, |e| e.$1)"));
        Expr.Result r = (Expr.Result) WeldLanguage.compile("|v: vec[{u16, f64}]| map(v, |e| e.$1)").body();
        Expr.Merge m = (Expr.Merge) ((Expr.For) r.builder()).update().body();
        Expr.Let let = (Expr.Let) m.value();
        assertEquals("e", let.symbol().name());
        assertEquals("{u16,f64}", let.value().type().toString());
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "|a: f32, b: f64| a * b @@ 1:20 @@ cannot apply * to f32 and f64: operands must have the same type",
        "|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, i + x))) @@ 1:65 @@ cannot apply + to i64 and i32",
        "|v: vec[bool]| if(v, 1, 2) @@ 1:19 @@ if condition: expected bool but found vec[bool]",
        "|v: vec[i32]| result(for(v, merger[i64,+], |b, i, x| merge(b, x))) @@ 1:63 @@ value merged into merger: expected i64 but found i32",
        "|x: i32| result(x) @@ 1:10 @@ result of a value of type i32, which is not a builder",
        "|v: vec[i32]| merge(v, 1) @@ 1:15 @@ merge into a value of type vec[i32], which is not a builder",
        "|v: vec[i32]| result(for(v, appender[i32], |b, i, x, y| merge(b, x))) @@ 1:44 @@ for update function must take 3 parameters, not 4",
        "|v: vec[i32]| result(for(v, appender[i32], |b, i, x| {merge(b, x)})) @@ 1:54 @@ the for update function must return its builder: expected appender[i32] but found {appender[i32]}",
        "|v: vec[i32]| slice(v, 0, 2L) @@ 1:24 @@ slice index: expected i64 but found i32",
        "|v: vec[i64]| sort(v, |a, b| a - b) @@ 1:32 @@ sort comparator must return i32: expected i32 but found i64",
        "|x: i64| exp(x) @@ 1:10 @@ exp needs an f32 or f64 operand, not i64",
        "|v: vec[{i64}]| map(v, |p| p.$1) @@ 1:29 @@ struct {i64} has no field $1",
        "|v: vec[u8]| deserialize[row](v) @@ 1:26 @@ undefined type 'row'",
        "|x: f64| cube(x) @@ 1:10 @@ undefined function or macro 'cube'",
        "|v: vec[i32]| keyexists(v, 1) @@ 1:25 @@ keyexists needs a dictionary, not vec[i32]",
        "|v: vec[i32]| result(for(v, merger[vec[i32],+], |b, i, x| merge(b, [x]))) @@ 1:29 @@ merger values must be numeric scalars or structs of them, not vec[i32]",
        "|| [1, 2L] @@ 1:8 @@ vector elements must have the same type: expected i32 but found i64",
        "|x: i32| !x @@ 1:11 @@ operand of !: expected bool but found i32",
        "|a: f64, b: f64| a & b @@ 1:20 @@ cannot apply & to f64",
        "|v: vec[i32]| i64(v) @@ 1:15 @@ cannot cast vec[i32] to i64: only scalars can be cast",
        "|x: i32| merge(appender[i32], x) @@ 1:10 @@ the program cannot return a builder (appender[i32])",
        "|| let x: i64 = 1; x @@ 1:4 @@ let x: expected i64 but found i32",
        "|c: bool| select(c, 1, 1.0) @@ 1:24 @@ select operands must have the same type: expected i32 but found f64",
        "|| result(merge(merge(appender, 1), 2L)) @@ 1:37 @@ value merged into appender: expected i32 but found i64",
        "|b: bool| -b @@ 1:11 @@ cannot negate a value of type bool",
        "|x: i64| lookup(x, 0L) @@ 1:10 @@ lookup on a value of type i64, which is neither a vector nor a dictionary",
        "|x| x + 1 @@ 1:2 @@ parameter 'x' of the program needs a type",
        "|x: i32| result(for(x, appender[i32], |b, i, e| merge(b, e))) @@ 1:21 @@ for needs a vector, not i32",
        "|v: vec[i32]| for(v, 0, |b, i, x| b + x) @@ 1:22 @@ the second operand of for must be a builder, not i32",
        "|| result(for(rangeiter(0, 10L, 1L), appender[i64], |b, i, x| merge(b, x))) @@ 1:25 @@ rangeiter start: expected i64 but found i32",
        "|x: i64| iterate(x, |s| s + 1L) @@ 1:27 @@ iterate update function must return {state, bool}: expected {i64,bool} but found i64",
        "|v: vec[i32]| map(v) @@ 1:15 @@ macro 'map' takes 2 arguments but was given 1",
        "|v: vec[i32]| map(v, |a, b| a + b) @@ 1:15 @@ function takes 2 arguments but was given 1",
        "|v: vec[i32]| let d = result(for(v, dictmerger[i32,i32,+], |b, i, x| merge(b, {x, x}))); d == d @@ 1:92 @@ cannot compare values of type dict[i32,i32]",
        "|v: vec[i32]| let d = result(for(v, dictmerger[i32,i32,+], |b, i, x| merge(b, {x, x}))); lookup(d, 1L) @@ 1:100 @@ lookup key: expected i32 but found i64",
        "|v: vec[i32]| result(for(v, dictmerger[i32,i32,+], |b, i, x| merge(b, {x, 1L}))) @@ 1:71 @@ value merged into dictmerger: expected {i32,i32} but found {i32,i64}",
        "|v: vec[i32]| optlookup(v, 1) @@ 1:25 @@ optlookup needs a dictionary, not vec[i32]",
        "|v: vec[i32]| result(for(zip(v, zip(v, v)), appender[i32], |b, i, e| b)) @@ 1:33 @@ zip cannot be nested inside another zip",
        "|x: i32| serialize(appender[i32]) @@ 1:10 @@ cannot serialize a value of type appender[i32]",
        "|x: i32| broadcast(true) @@ 1:10 @@ broadcast needs a numeric scalar, not bool",
        "|x: i32| x.$0 @@ 1:11 @@ field access .$0 on a value of type i32, which is not a struct",
        "|x: i64|\\n  let y = x;\\n  y + 1 @@ 3:5 @@ cannot apply + to i64 and i32",
        "macro one() = (1);\\n|x: i32| one(x) @@ 2:10 @@ macro 'one' takes 0 arguments but was given 1",
        "type row = {i64, f64};\\n|v: vec[row]|\\n  map(v, |r| r.$0 + r.$1) @@ 3:19 @@ cannot apply + to i64 and f64"
    })
    void moreTypeErrorsWithPositions(String program, String pos, String message) {
        typeErrors(program, pos, message);
    }

    @Test
    void recursiveMacrosAreTypeErrors() {
        WeldException e = assertThrows(WeldException.class, () -> WeldLanguage.compile(
                "macro ping(x) = (pong(x) + 1);\nmacro pong(x) = (ping(x) * 2);\n|x: i32| ping(x)"));
        assertEquals(WeldException.Kind.TYPE, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("recursive macro"), e.getMessage());
        WeldException self = assertThrows(WeldException.class, () -> WeldLanguage.compile("macro r(a) = (r(a));\n|x: i32| r(x)"));
        assertEquals(WeldException.Kind.TYPE, self.kind(), self.getMessage());
        assertTrue(self.getMessage().contains("recursive macro 'r'"), self.getMessage());
    }
}
