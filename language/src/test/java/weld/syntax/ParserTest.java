package weld.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/** The parser: every construct of the grammar, precedence, positions, and every kind of parse error. */
class ParserTest {
    /** The body of a program as {@link TreeText}. */
    private static String tree(String program) {
        return TreeText.of(Parser.parse(program).body());
    }

    /** A type as {@link TreeText}, parsed as the type of a parameter. */
    private static String type(String type) {
        return TreeText.of(((PLambda) Parser.parse("|p: " + type + "| p").body()).params().get(0).type());
    }

    private static WeldException parseError(String program) {
        WeldException e = assertThrows(WeldException.class, () -> Parser.parse(program));
        assertEquals(WeldException.Kind.PARSE, e.kind(), e.getMessage());
        return e;
    }

    // ------------------------------------------------------------------ programs

    @Test
    void programOfAliasesMacrosAndFunction() {
        Program p = Parser.parse("""
                type pair = {i64, f64};
                type pairs = vec[pair];
                macro scale(v, k) = (v * k);
                macro seven() = (7);
                |ps: pairs, n: i64| scale(n, seven())
                """);
        assertEquals(List.of("pair", "pairs"), p.aliases().stream().map(TypeAlias::name).toList());
        assertEquals("{i64,f64}", TreeText.of(p.aliases().get(0).type()));
        assertEquals("vec[alias pair]", TreeText.of(p.aliases().get(1).type()));
        assertEquals(new Pos(2, 1, 24, 4), p.aliases().get(1).pos());
        assertEquals(List.of("scale", "seven"), p.macros().stream().map(MacroDef::name).toList());
        assertEquals(List.of("v", "k"), p.macros().get(0).params());
        assertEquals(List.of(), p.macros().get(1).params());
        assertEquals("(* v k)", TreeText.of(p.macros().get(0).body()));
        assertEquals(new Pos(3, 1, 48, 5), p.macros().get(0).pos());
        assertEquals("(fn [ps:alias pairs n:i64] (call scale n (call seven)))", TreeText.of(p.body()));
    }

    @Test
    void aMacroBodyNeedNotBeParenthesized() {
        assertEquals("(+ (* a 2) 1)", TreeText.of(Parser.parse("macro m(a,) = a * 2 + 1; || m(1)").macros().get(0).body()));
    }

    @Test
    void aBareExpressionIsAProgram() {
        assertEquals("(+ 1 2)", tree("1 + 2"));
        assertEquals("(fn [] 5)", tree("|| 5"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  \n\t ", "# just a comment\n# and another"})
    void anEmptyProgramIsAParseError(String program) {
        assertTrue(parseError(program).getMessage().contains("empty program"));
    }

    @Test
    void definitionsWithoutAFunctionAreAParseError() {
        WeldException e = parseError("type t = i32;\nmacro m(a) = (a);\n");
        assertEquals("3:1", e.pos().toString());
        assertTrue(e.getMessage().contains("expected the program's function"), e.getMessage());
    }

    // ------------------------------------------------------------------ literals

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "42 @@ 42",
        "42c @@ 42c",
        "-42si @@ -42si",
        "42L @@ 42L",
        "0x2a @@ 42",
        "0b101L @@ 5L",
        "-128c @@ -128c",
        "127c @@ 127c",
        "-32768si @@ -32768si",
        "-2147483648 @@ -2147483648",
        "2147483647 @@ 2147483647",
        "-9223372036854775808L @@ -9223372036854775808L",
        "0x7FFFFFFFFFFFFFFFL @@ 9223372036854775807L",
        "- 3 @@ -3",
        "2.5 @@ 2.5",
        "-2.5e2 @@ -250.0",
        "-0.0 @@ -0.0",
        "0.1f @@ 0.1f",
        "3f @@ 3.0f",
        "true @@ true",
        "false @@ false",
        "\"text, with # and 'quotes'\" @@ \"text, with # and 'quotes'\"",
    })
    void literals(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @Test
    void f32LiteralsAreRounded() {
        assertEquals((double) 0.1f, ((PFloatLit) Parser.parse("0.1f").body()).value());
        assertEquals(ScalarKind.F32, ((PFloatLit) Parser.parse("-0.1f").body()).kind());
    }

    @Test
    void aMinusBeforeALiteralBelongsToIt() {
        assertEquals(new PIntLit(new Pos(1, 5, 4, 1), ScalarKind.I32, -7), ((PBinary) Parser.parse("1 - -7").body()).right());
        assertEquals("(- 1 7)", tree("1 -7"));
        assertEquals("(- x)", tree("-x"));
    }

    // ------------------------------------------------------------------ operators

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "a || b && c | d ^ e & f == g < h + i * j @@ (|| a (&& b (| c (^ d (& e (== f (< g (+ h (* i j)))))))))",
        "a * b + c > d != e & f ^ g | h && i || j @@ (|| (&& (| (^ (& (!= (> (+ (* a b) c) d) e) f) g) h) i) j)",
        "a / b - c <= d == e @@ (== (<= (- (/ a b) c) d) e)",
        "a % b - c >= d @@ (>= (- (% a b) c) d)",
        "a - b - c + d @@ (+ (- (- a b) c) d)",
        "a / b * c % d @@ (% (* (/ a b) c) d)",
        "a || b || c @@ (|| (|| a b) c)",
        "a && b && c @@ (&& (&& a b) c)",
        "a | b | c @@ (| (| a b) c)",
        "a ^ b ^ c @@ (^ (^ a b) c)",
        "a & b & c @@ (& (& a b) c)",
        "a < b == c > d @@ (== (< a b) (> c d))",
        "(a - b) * (c + d) @@ (* (- a b) (+ c d))",
        "a - (b - c) @@ (- a (- b c))",
        "-x * y @@ (* (- x) y)",
        "- -x @@ (- (- x))",
        "!a && !!b @@ (&& (! a) (! (! b)))",
        "-a.$0 @@ (- (get a 0))",
        "-f(x) @@ (- (call f x))",
        "-x - 1 @@ (- (- x) 1)",
    })
    void precedenceAndAssociativity(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "a: i32 + b @@ (+ (: a i32) b)",
        "a * b: i64 @@ (* a (: b i64))",
        "1L: i64 + i64(1) @@ (+ (: 1L i64) (i64 1))",
        "-x: f32 @@ (: (- x) f32)",
        "f(x): vec[i8] @@ (: (call f x) vec[i8])",
        "len([]: vec[f64]) @@ (len (: [] vec[f64]))",
        "(a + b): i64 @@ (: (+ a b) i64)",
        "p.$1: {bool} @@ (: (get p 1) {bool})",
    })
    void typeAscriptionBindsTighterThanBinaryOperators(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @Test
    void functionFormsOfBinaryOperators() {
        assertEquals("(min a b)", tree("min(a, b)"));
        assertEquals("(max (+ a 1) b)", tree("max(a + 1, b)"));
        assertEquals("(pow x 2.0)", tree("pow(x, 2.0)"));
        assertEquals(BinOp.POW, ((PBinary) Parser.parse("pow(x, 2.0)").body()).op());
    }

    @Test
    void unaryMathFunctions() {
        for (UnaryOp op : UnaryOp.values()) {
            if (op.isMath()) {
                PUnary u = (PUnary) Parser.parse(op.symbol + "(x + 1.0)").body();
                assertEquals(op, u.op());
                assertEquals("(+ x 1.0)", TreeText.of(u.operand()));
            }
        }
    }

    @Test
    void castsToEveryScalarType() {
        for (ScalarKind k : ScalarKind.values()) {
            PCast c = (PCast) Parser.parse(k.name + "(x * 2)").body();
            assertEquals(k, c.target());
            assertEquals("(* x 2)", TreeText.of(c.operand()));
        }
    }

    // ------------------------------------------------------------------ postfix, let, lambdas

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "a.$0.$12 @@ (get (get a 0) 12)",
        "m(0, 1).$0 @@ (get (call m 0 1) 0)",
        "a.$0(0, 1).$1() @@ (call (get (call (get a 0) 0 1) 1))",
        "m(1)(2) @@ (call (call m 1) 2)",
        "m(1, 2,) @@ (call m 1 2)",
        "(|x| x + 1)(5) @@ (call (fn [x] (+ x 1)) 5)",
        "{1, 2}.$1 @@ (get {1 2} 1)",
    })
    void fieldAccessAndApplication(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "let x = 1; x @@ (let x 1 x)",
        "let x: i64 = 1L; let y = x * 2L; {x, y} @@ (let x:i64 1L (let y (* x 2L) {x y}))",
        "let a = (let b = 2; b); a @@ (let a (let b 2 b) a)",
        "let f = |v| v; f @@ (let f (fn [v] v) f)",
        "let t = a: i32; t @@ (let t (: a i32) t)",
        "let x = 1; |y| x + y @@ (let x 1 (fn [y] (+ x y)))",
        "(let x = 1; x) + 1 @@ (+ (let x 1 x) 1)",
    })
    void letBindings(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @Test
    void longLetChainsDoNotCountAsNesting() {
        StringBuilder sb = new StringBuilder("|x: i64| ");
        for (int i = 0; i < 20_000; i++) {
            sb.append("let x = x + 1L;\n");
        }
        PExpr e = ((PLambda) Parser.parse(sb.append("x").toString()).body()).body();
        int lets = 0;
        while (e instanceof PLet l) {
            lets++;
            e = l.body();
        }
        assertEquals(20_000, lets);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "|| 1 @@ (fn [] 1)",
        "|a| a @@ (fn [a] a)",
        "|a, b: i32, c: vec[{f32, bool}]| a @@ (fn [a b:i32 c:vec[{f32,bool}]] a)",
        "|a,| a @@ (fn [a] a)",
        "|x| |y| x + y @@ (fn [x] (fn [y] (+ x y)))",
        "|| a || b @@ (fn [] (|| a b))",
        "f(|x| x * 2, 3) @@ (call f (fn [x] (* x 2)) 3)",
        "1 + |x| x * 2 @@ (+ 1 (fn [x] (* x 2)))",
        "[|| 1, || 2] @@ [(fn [] 1) (fn [] 2)]",
    })
    void lambdas(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    // ------------------------------------------------------------------ collections and keyword forms

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "{} @@ {}",
        "{1} @@ {1}",
        "{1, {2.0, true}} @@ {1 {2.0 true}}",
        "{a, b,} @@ {a b}",
        "[] @@ []",
        "[1, 2, 3] @@ [1 2 3]",
        "[[1], [],] @@ [[1] []]",
        "\"\" @@ \"\"",
    })
    void structAndVectorLiterals(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "if(c, 1, 2) @@ (if c 1 2)",
        "select(x > 0, x, -x) @@ (select (> x 0) x (- x))",
        "iterate({0, 1}, |s| {s, false}) @@ (iterate {0 1} (fn [s] {s false}))",
        "len(v) @@ (len v)",
        "lookup(v, 3L) @@ (lookup v 3L)",
        "optlookup(d, k) @@ (optlookup d k)",
        "keyexists(d, \"k\") @@ (keyexists d \"k\")",
        "slice(v, 1L, 2L) @@ (slice v 1L 2L)",
        "sort(v, |a, b| compare(a, b)) @@ (sort v (fn [a b] (call compare a b)))",
        "tovec(d) @@ (tovec d)",
        "serialize({1, v}) @@ (serialize {1 v})",
        "deserialize[{i32, vec[u8]}](bytes) @@ (deserialize {i32,vec[u8]} bytes)",
        "broadcast(1.5f) @@ (broadcast 1.5f)",
        "assert(x == 1) @@ (assert (== x 1))",
        "merge(b, x + 1) @@ (merge b (+ x 1))",
        "result(b) @@ (result b)",
        "cudf[add_one, i64](x, 2L) @@ (cudf add_one i64 x 2L)",
        "cudf[tick, {}]() @@ (cudf tick {})",
        "for(v, appender, |b, i, x| merge(b, x)) @@ (for v (new appender) (fn [b i x] (merge b x)))",
    })
    void keywordForms(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "iter(v) @@ (iter v)",
        "iter(v, 0L, 8L, 2L) @@ (iter v 0L 8L 2L)",
        "simditer(v) @@ (simditer v)",
        "simditer(v, 0L, 8L, 1L) @@ (simditer v 0L 8L 1L)",
        "fringeiter(v) @@ (fringeiter v)",
        "fringeiter(v, 0L, 8L, 1L) @@ (fringeiter v 0L 8L 1L)",
        "rangeiter(1L, n, 3L) @@ (rangeiter 1L n 3L)",
        "nditer(v) @@ (nditer v)",
        "nditer(v, 0L, 8L, 1L) @@ (nditer v 0L 8L 1L)",
        "nditer(v, 0L, 8L, 1L, shape, strides) @@ (nditer v 0L 8L 1L shape strides)",
        "zip(a) @@ (zip a)",
        "zip(a, iter(b, 0L, 2L, 1L), rangeiter(0L, 2L, 1L)) @@ (zip a (iter b 0L 2L 1L) (rangeiter 0L 2L 1L))",
        "for(zip(a, b), appender, |o, i, e| o) @@ (for (zip a b) (new appender) (fn [o i e] o))",
    })
    void iterators(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @Test
    void iteratorOperandsByPosition() {
        PIter range = (PIter) Parser.parse("rangeiter(1L, 9L, 2L)").body();
        assertEquals(IterKind.RANGE, range.kind());
        assertEquals(null, range.data());
        assertEquals("9L", TreeText.of(range.end()));
        PIter scalar = (PIter) Parser.parse("iter(v)").body();
        assertEquals(IterKind.SCALAR, scalar.kind());
        assertEquals(null, scalar.start());
        PIter nd = (PIter) Parser.parse("nditer(v, 0L, 8L, 1L, sh, st)").body();
        assertEquals(IterKind.ND, nd.kind());
        assertEquals("sh", TreeText.of(nd.shape()));
        assertEquals("st", TreeText.of(nd.strides()));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "appender @@ (new appender)",
        "appender[i32] @@ (new appender[i32])",
        "appender[?] @@ (new appender[?])",
        "appender[{i32, f64}](n * 2L) @@ (new appender[{i32,f64}] (* n 2L))",
        "appender(100L) @@ (new appender 100L)",
        "merger[f64, +] @@ (new merger[f64,+])",
        "merger[i32, *](1) @@ (new merger[i32,*] 1)",
        "merger[?, min] @@ (new merger[?,min])",
        "merger[u8, max] @@ (new merger[u8,max])",
        "dictmerger[i64, {f32, f32}, +] @@ (new dictmerger[i64,{f32,f32},+])",
        "dictmerger[vec[i8], i32, max](64L) @@ (new dictmerger[vec[i8],i32,max] 64L)",
        "groupmerger[i32, vec[i8]] @@ (new groupmerger[i32,vec[i8]])",
        "groupmerger @@ (new groupmerger)",
        "vecmerger[f64, +](init) @@ (new vecmerger[f64,+] init)",
        "vecmerger[i64, *]([1L, 1L]) @@ (new vecmerger[i64,*] [1L 1L])",
        "{appender[i32], merger[i64, +]} @@ {(new appender[i32]) (new merger[i64,+])}",
    })
    void builderConstructors(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    // ------------------------------------------------------------------ types

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "bool @@ bool",
        "u16 @@ u16",
        "f32 @@ f32",
        "vec[vec[i8]] @@ vec[vec[i8]]",
        "dict[{i32, i32}, vec[f64]] @@ dict[{i32,i32},vec[f64]]",
        "simd[f64] @@ simd[f64]",
        "{} @@ {}",
        "{i32, {bool, u64},} @@ {i32,{bool,u64}}",
        "? @@ ?",
        "vec[?] @@ vec[?]",
        "point @@ alias point",
        "vec[point] @@ vec[alias point]",
        "appender[f32] @@ appender[f32]",
        "merger[i64, min] @@ merger[i64,min]",
        "dictmerger[i32, f64, *] @@ dictmerger[i32,f64,*]",
        "groupmerger[i64, bool] @@ groupmerger[i64,bool]",
        "vecmerger[i32, max] @@ vecmerger[i32,max]",
        "{appender[i32], merger[?, +]} @@ {appender[i32],merger[?,+]}",
        "@(layout: dense) vec[i32] @@ @{layout=dense} vec[i32]",
        "vec[@(a: 1) i32] @@ vec[@{a=1} i32]",
    })
    void types(String source, String expected) {
        assertEquals(expected, type(source));
    }

    @Test
    void typesInEveryPosition() {
        assertEquals("(let x:dict[i32,alias t] d x)", tree("let x: dict[i32, t] = d; x"));
        assertEquals("(deserialize vec[{i32,f64}] b)", tree("deserialize[vec[{i32, f64}]](b)"));
        assertEquals("(cudf f alias pair x)", tree("cudf[f, pair](x)"));
        assertEquals("(: x merger[f64,+])", tree("x: merger[f64, +]"));
    }

    // ------------------------------------------------------------------ annotations

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "@(predicate: true) if(c, 1, 2) @@ (@{predicate=true} (if c 1 2))",
        "@(size: 10L, impl: local) x @@ (@{size=10L,impl=local} x)",
        "@(a: -1, b: 2.5f, c: \"s\", d: false) x @@ (@{a=-1,b=2.5f,c=\"s\",d=false} x)",
        "@() x @@ (@{} x)",
        "@(k: 1,) x @@ (@{k=1} x)",
        "@(k: 1) @(k: 2) x @@ (@{k=1} (@{k=2} x))",
        "@(k: 1, k: 2) x @@ (@{k=2} x)",
        "@(for: x) x @@ (@{for=x} x)",
        "@(impl: local) dictmerger[i32, i32, +] @@ (@{impl=local} (new dictmerger[i32,i32,+]))",
        "@(k: v) x + y @@ (+ (@{k=v} x) y)",
        "@(k: v) (x + y) @@ (@{k=v} (+ x y))",
        "@(k: v) m(x) @@ (@{k=v} (call m x))",
        "-@(k: v) x @@ (- (@{k=v} x))",
        "result(@(grain: 4L) for(v, appender, |b, i, x| b)) @@ (result (@{grain=4L} (for v (new appender) (fn [b i x] b))))",
    })
    void annotationsOnOperands(String source, String expected) {
        assertEquals(expected, tree(source));
    }

    @Test
    void annotationValuesKeepTheirSourceText() {
        PAnnotated a = (PAnnotated) Parser.parse("@(n: 0x10L, s: \"q\") 1").body();
        assertEquals(Map.of("n", "0x10L", "s", "\"q\""), a.annotations());
        assertEquals(List.of("n", "s"), List.copyOf(a.annotations().keySet()));
    }

    // ------------------------------------------------------------------ positions

    @Test
    void nodesCarryThePositionOfTheirFirstToken() {
        PLambda f = (PLambda) Parser.parse("|v: vec[i32]|\n  let n = len(v);\n  if(n > 0L, lookup(v, 0L), -1)").body();
        assertEquals(new Pos(1, 1, 0, 1), f.pos());
        assertEquals(new Pos(1, 2, 1, 1), f.params().get(0).pos());
        assertEquals(new Pos(1, 5, 4, 3), f.params().get(0).type().pos());
        assertEquals(new Pos(1, 9, 8, 3), ((PVec) f.params().get(0).type()).elem().pos());
        PLet let = (PLet) f.body();
        assertEquals(new Pos(2, 3, 16, 3), let.pos());
        assertEquals(new Pos(2, 11, 24, 3), let.value().pos());
        PIf cond = (PIf) let.body();
        assertEquals(new Pos(3, 3, 34, 2), cond.pos());
        assertEquals(new Pos(3, 14, 45, 6), cond.onTrue().pos());
        assertEquals(new Pos(3, 29, 60, 1), cond.onFalse().pos(), "a negative literal starts at its minus sign");
    }

    @Test
    void operatorsCarryThePositionOfTheirOperator() {
        PBinary sum = (PBinary) Parser.parse("a.$0 + b: i64").body();
        assertEquals(new Pos(1, 6, 5, 1), sum.pos());
        assertEquals(new Pos(1, 2, 1, 1), sum.left().pos(), "a field access is at its dot");
        assertEquals(new Pos(1, 9, 8, 1), sum.right().pos(), "an ascription is at its colon");
        assertEquals(new Pos(1, 1, 0, 3), ((PBinary) Parser.parse("min(a, b)").body()).pos());
        PApply call = (PApply) Parser.parse("  mac(1)").body();
        assertEquals(new Pos(1, 3, 2, 3), call.pos(), "an application is at the applied expression");
        assertEquals(new Pos(1, 1, 0, 1), Parser.parse("@(k: v) x").body().pos());
        assertEquals(new Pos(1, 1, 0, 1), Parser.parse("!x").body().pos());
    }

    // ------------------------------------------------------------------ parse errors

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        // brackets and trailing tokens
        "|x: i32| (x + 1 @@ 1:16 @@ expected ')' but found end of input",
        "|x: i32| x + 1) @@ 1:15 @@ unexpected ')' after the end of the program",
        "|x: i32| x 1 @@ 1:12 @@ unexpected '1' after the end of the program",
        "|x: i32| f(x y) @@ 1:14 @@ expected ',' or ')' but found 'y'",
        "|| [1, 2 @@ 1:9 @@ expected ',' or ']' but found end of input",
        "|| {1 2} @@ 1:7 @@ expected ',' or '}' but found '2'",
        "|v: vec[i32| v @@ 1:12 @@ expected ']' but found '|'",
        "|a b| a @@ 1:4 @@ expected ',' or '|' but found 'b'",
        "|a: i32 @@ 1:8 @@ expected ',' or '|' but found end of input",
        // tokens
        "|x: i32| x ~ 1 @@ 1:12 @@ unexpected character '~'",
        "|| \"open @@ 1:4 @@ unterminated string literal",
        "|| 3x @@ 1:4 @@ invalid numeric literal '3x'",
        // operands
        "|x: i32| x * * 2 @@ 1:14 @@ expected an expression but found '*'",
        "|x: i32| x + @@ 1:13 @@ unexpected end of input: expected an expression",
        "|x: i32| (+ x) @@ 1:11 @@ expected an expression but found '+'",
        "|| vec @@ 1:4 @@ expected an expression but found 'vec'",
        "|| a < b < c @@ 1:10 @@ comparisons do not chain",
        "|| a == b != c @@ 1:11 @@ comparisons do not chain",
        // let
        "|x: i32| let y = x * 2; @@ 1:24 @@ expected the body of the let after ';' but found end of input",
        "|x: i32| (let y = x; ) @@ 1:22 @@ expected the body of the let after ';' but found ')'",
        "|x: i32| let y = x + 1 y * 2 @@ 1:24 @@ expected ';' but found 'y'",
        "|x: i32| let y x; y @@ 1:16 @@ expected '=' but found 'x'",
        "|x: i32| let 5 = x; x @@ 1:14 @@ expected a variable name after 'let' but found '5'",
        "|| let if = 1; 1 @@ 1:8 @@ expected a variable name after 'let' but found 'if'",
        // field access
        "|p: {i32, i32}| p.0 @@ 1:19 @@ expected a field index $N after '.' but found '0'",
        "|p: {i32, i32}| p.x @@ 1:19 @@ expected a field index $N after '.' but found 'x'",
        "|p: {i32, i32}| p.$ @@ 1:19 @@ expected a field index $N after '.' but found '$'",
        "|p: {i32}| p.$99999999999 @@ 1:14 @@ field index $99999999999 is too large",
        // operand counts of keyword forms
        "|x: i32| if(x > 0, 1) @@ 1:21 @@ if takes 3 operands but found 2",
        "|x: i32| if(x > 0, 1, 2, 3) @@ 1:24 @@ if takes 3 operands but found more",
        "|| len(a, b) @@ 1:9 @@ len takes 1 operand but found more",
        "|| len() @@ 1:8 @@ len takes 1 operand but found 0",
        "|| i64(1, 2) @@ 1:9 @@ i64 takes 1 operand but found more",
        "|| sqrt() @@ 1:9 @@ sqrt takes 1 operand but found 0",
        "|| min(1) @@ 1:9 @@ min takes 2 operands but found 1",
        "|| select(a, b) @@ 1:15 @@ select takes 3 operands but found 2",
        "|| merge(b) @@ 1:11 @@ merge takes 2 operands but found 1",
        "|| for(v, b) @@ 1:12 @@ for takes 3 operands but found 2",
        "|| iter(v, 0L) @@ 1:14 @@ iter takes 1 or 4 operands but found 2",
        "|| simditer(v, 0L, 1L, 1L, 1L) @@ 1:26 @@ simditer takes 1 or 4 operands but found more",
        "|| nditer(v, 0L, 4L, 1L, s) @@ 1:27 @@ nditer takes 1, 4 or 6 operands but found 5",
        "|| rangeiter(5L) @@ 1:16 @@ rangeiter takes 3 operands but found 1",
        "|| zip() @@ 1:4 @@ zip takes at least 1 operand but found 0",
        "|| len v @@ 1:8 @@ expected '(' but found 'v'",
        "|| if(a, b, c,) @@ 1:14 @@ if takes 3 operands but found more",
        // builders
        "|v: vec[i32]| merger[i32, -] @@ 1:27 @@ a builder's merge operator must be +, *, min or max, not '-'",
        "|| dictmerger[i32, i32, pow] @@ 1:25 @@ merge operator must be +, *, min or max, not 'pow'",
        "|| merger @@ 1:10 @@ expected '[' but found end of input",
        "|| dictmerger[i32, +] @@ 1:20 @@ expected a type but found '+'",
        "|| vecmerger[i32, +] @@ 1:21 @@ expected '(' but found end of input",
        "|| merger[i32] @@ 1:14 @@ expected ',' but found ']'",
        "|b: appender| b @@ 1:13 @@ expected '[' but found '|'",
        // types
        "|x: 5| x @@ 1:5 @@ expected a type but found '5'",
        "|x: simd[vec[i32]]| x @@ 1:10 @@ simd takes a scalar type but found 'vec'",
        "|x: dict[i32]| x @@ 1:13 @@ expected ',' but found ']'",
        "|| deserialize(b) @@ 1:15 @@ expected '[' but found '('",
        "type 1 = i32; || 1 @@ 1:6 @@ expected a type alias name but found '1'",
        "type t = i32 || 1 @@ 1:14 @@ expected ';' but found '||'",
        // annotations
        "|| @(k: +) x @@ 1:9 @@ expected an annotation value (a literal or a name) but found '+'",
        "|| @(k 1) x @@ 1:8 @@ expected ':' but found '1'",
        "|| @(1: k) x @@ 1:6 @@ expected an annotation name but found '1'",
        "|| @(k: -x) x @@ 1:10 @@ expected an annotation value (a literal or a name) but found 'x'",
        "|| @k x @@ 1:5 @@ expected '(' but found 'k'",
        // program structure
        "macro m(a) = (a);\\ntype t = i32;\\n|| 1 @@ 2:1 @@ type aliases come first, then macros",
        "macro m(a) = (a) || 1 @@ 1:22 @@ expected ';' but found end of input",
        "macro m(a b) = (a); || 1 @@ 1:11 @@ expected ',' or ')' but found 'b'",
        "macro (a) = (a); || 1 @@ 1:7 @@ expected a macro name but found '('",
        "|| cudf[1, i32](x) @@ 1:9 @@ expected a C function name but found '1'",
        // literal ranges
        "|| 2147483648 @@ 1:4 @@ integer literal 2147483648 is out of range for i32",
        "|| -2147483649 @@ 1:4 @@ integer literal -2147483649 is out of range for i32",
        "|| 0xFFFFFFFF @@ 1:4 @@ integer literal 0xFFFFFFFF is out of range for i32",
        "|| 0x80000000 @@ 1:4 @@ out of range for i32",
        "|| 128c @@ 1:4 @@ integer literal 128c is out of range for i8",
        "|| -129c @@ 1:4 @@ integer literal -129c is out of range for i8",
        "|| 0xFFc @@ 1:4 @@ out of range for i8",
        "|| 32768si @@ 1:4 @@ out of range for i16",
        "|| 9223372036854775808L @@ 1:4 @@ out of range for i64",
        "|| x - 2147483648 @@ 1:8 @@ out of range for i32",
    })
    void parseErrors(String program, String pos, String message) {
        WeldException e = parseError(program.replace("\\n", "\n"));
        assertEquals(pos, e.pos().toString(), e.getMessage());
        assertTrue(e.getMessage().startsWith("parse error at " + pos + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void deepNestingIsAParseErrorNotAStackOverflow() {
        assertInstanceOf(PIntLit.class, Parser.parse("(".repeat(500) + "1" + ")".repeat(500)).body());
        for (String deep : List.of("(".repeat(5000) + "1" + ")".repeat(5000), "-".repeat(5000) + "x",
                "!".repeat(5000) + "x", "@(k: v) ".repeat(5000) + "x", "|x: " + "vec[".repeat(5000) + "i32" + "]".repeat(5000) + "| x",
                "[".repeat(5000) + "]".repeat(5000), "|a| ".repeat(5000) + "a")) {
            WeldException e = parseError(deep);
            assertTrue(e.getMessage().contains("nested more than 1000 levels"), e.getMessage());
        }
    }
}
