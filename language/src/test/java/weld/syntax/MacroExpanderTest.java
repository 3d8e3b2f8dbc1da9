package weld.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/**
 * Macro expansion: built-in and user macros, substitution of argument trees, hygiene, reduction of applied function
 * literals, positions, and the errors (all of kind type).
 */
class MacroExpanderTest {
    private static PExpr expandTree(String program) {
        return MacroExpander.expand(Parser.parse(program));
    }

    /** The expanded program as {@link TreeText}. */
    private static String expand(String program) {
        return TreeText.of(expandTree(program));
    }

    private static WeldException typeError(String program) {
        Program parsed = Parser.parse(program);
        WeldException e = assertThrows(WeldException.class, () -> MacroExpander.expand(parsed));
        assertEquals(WeldException.Kind.TYPE, e.kind(), e.getMessage());
        return e;
    }

    private static boolean containsApply(PExpr e) {
        return e instanceof PApply || ParseTrees.children(e).stream().anyMatch(MacroExpanderTest::containsApply);
    }

    // ------------------------------------------------------------------ built-in macros

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "map(v, |y| y + 1) @@ (result (for v (new appender) (fn [b__m1 i__m2 x__m3] (merge b__m1 (let y x__m3 (+ y 1))))))",
        "filter(v, |y| y > 0) @@ (result (for v (new appender) (fn [b__m1 i__m2 x__m3] (if (let y x__m3 (> y 0)) (merge b__m1 x__m3) b__m1))))",
        "flatten(m) @@ (result (for m (new appender) (fn [b__m1 i__m2 x__m3] (for x__m3 b__m1 (fn [b2__m4 i2__m5 x2__m6] (merge b2__m4 x2__m6))))))",
        "sum(v) @@ (result (for v (new merger[?,+]) (fn [b__m1 i__m2 x__m3] (merge b__m1 x__m3))))",
        "compare(p, q) @@ (if (> p q) 1 (if (< p q) -1 0))",
        "compare(p.$0, 2) @@ (if (> (get p 0) 2) 1 (if (< (get p 0) 2) -1 0))",
        "sum(map(v, |e| e * 2)) @@ (result (for (result (for v (new appender) (fn [b__m1 i__m2 x__m3] (merge b__m1 (let e x__m3 (* e 2)))))) (new merger[?,+]) (fn [b__m4 i__m5 x__m6] (merge b__m4 x__m6))))",
    })
    void builtinMacros(String body, String expected) {
        assertEquals(expected, expand(body));
    }

    @Test
    void builtinNodesTakeThePositionOfTheCall() {
        Pos call = new Pos(2, 3, 16, 3);
        PResult r = (PResult) ((PLambda) expandTree("|v: vec[f64]|\n  sum(v)")).body();
        PFor f = (PFor) r.builder();
        PNewBuilder b = (PNewBuilder) f.builder();
        PLambda update = (PLambda) f.update();
        assertEquals(call, r.pos());
        assertEquals(call, f.pos());
        assertEquals(call, b.pos());
        assertEquals(call, b.type().pos());
        assertEquals(call, b.type().params().get(0).pos(), "the type parameter ? of the merger");
        assertEquals(call, update.pos());
        assertEquals(call, update.params().get(2).pos());
        assertEquals(call, ((PMerge) update.body()).value().pos());
        assertEquals(new Pos(2, 7, 20, 1), f.iterator().pos(), "the argument keeps its own position");
    }

    @Test
    void userMacroNodesKeepTheirDefinitionPositions() {
        PBinary sum = (PBinary) ((PLambda) expandTree("macro inc(a) = (a + 1);\n|x: i32| inc(x)")).body();
        assertEquals(new Pos(1, 19, 18, 1), sum.pos());
        assertEquals(new Pos(1, 21, 20, 1), sum.right().pos());
        assertEquals(new Pos(2, 14, 37, 1), sum.left().pos(), "the argument keeps its own position");
    }

    // ------------------------------------------------------------------ user macros

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "macro sq(a) = (a * a); sq(x + 1) @@ (* (+ x 1) (+ x 1))",
        "macro five() = (5); five() * 2 @@ (* 5 2)",
        "macro mix(a, b) = (a - b * a); mix(u, v) @@ (- u (* v u))",
        "macro sq(a) = (a * a); macro quad(a) = (sq(sq(a))); quad(y) @@ (* (* y y) (* y y))",
        "macro add(a, b) = (a + b); add(add(1, 2), add(x, 3)) @@ (+ (+ 1 2) (+ x 3))",
        "macro first(p) = (p.$0); {first(s), first({1, 2})} @@ {(get s 0) (get {1 2} 0)}",
        "macro adder(k) = (|n| n + k); adder(x)(2) @@ (let n__m1 2 (+ n__m1 x))",
        "macro twice(f, a) = (f(f(a))); twice(|y| y * 3, x) @@ (let y (let y x (* y 3)) (* y 3))",
        "macro on(f, v) = (f(v)); on(sum, w) @@ (result (for w (new merger[?,+]) (fn [b__m1 i__m2 x__m3] (merge b__m1 x__m3))))",
        "macro sum(a) = (len(a)); sum(v) @@ (len v)",
        "macro map(a, f) = (f(a)); map(3, |z| z) @@ (let z 3 z)",
        "macro m(a) = (if(a, 1, 0)); |c| {m(c), |d| m(d)} @@ (fn [c] {(if c 1 0) (fn [d] (if d 1 0))})",
    })
    void userMacros(String program, String expected) {
        assertEquals(expected, expand(program));
    }

    @Test
    void macrosAreExpandedInsideEveryConstruct() {
        PExpr e = expandTree("""
                macro one() = (1L);
                |v: vec[i64], d: dict[i64, i64]|
                  let s = sum(v);
                  {for(iter(v, one(), len(v), one()), merger[i64, +](one()), |b, i, x| merge(b, x * one())),
                   if(keyexists(d, one()), lookup(d, one()), compare(s, one())), [one()],
                   iterate(one(), |k| {k, k < one()}), sort(v, |a, b| compare(a, b)), slice(v, one(), one()),
                   @(size: 1L) one(), i32(one()), -one(), one(): i64}
                """);
        assertFalse(containsApply(e), () -> TreeText.of(e));
    }

    @Test
    void deeplyNestedCallsOfDifferentMacrosAreNotRecursion() {
        String calls = "inc(".repeat(200) + "x" + ")".repeat(200);
        PExpr e = expandTree("macro inc(a) = (a + 1);\n|x: i32| " + calls);
        int depth = 0;
        for (PExpr t = ((PLambda) e).body(); t instanceof PBinary b; t = b.left()) {
            depth++;
        }
        assertEquals(200, depth);
    }

    @Test
    void typeAliasesAreLeftForTypeInference() {
        assertEquals("(let q__m1:alias t 1 q__m1)", expand("type t = i32; macro m(a) = (let q: t = a; q); m(1)"));
    }

    // ------------------------------------------------------------------ hygiene

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        // a let in a macro body does not capture the caller's name
        "macro addTen(a) = (let t = 10; a + t); |t: i32| addTen(t) @@ (fn [t:i32] (let t__m1 10 (+ t t__m1)))",
        // the element parameter x of the built-in map does not capture the caller's x
        "|v: vec[i32], x: i32| map(v, |e| e * x) @@ (fn [v:vec[i32] x:i32] (result (for v (new appender) (fn [b__m1 i__m2 x__m3] (merge b__m1 (let e x__m3 (* e x)))))))",
        // a lambda parameter in a user macro, passed on to a built-in one
        "macro scale(v, k) = (map(v, |x| x * k)); |v: vec[i32], x: i32| scale(v, x) @@ (fn [v:vec[i32] x:i32] (result (for v (new appender) (fn [b__m2 i__m3 x__m4] (merge b__m2 (let x__m1 x__m4 (* x__m1 x)))))))",
        // nested expansions of one macro get distinct names
        "macro withTmp(a) = (let tmp = a * 2; tmp + 1); |tmp: i32| withTmp(withTmp(tmp)) @@ (fn [tmp:i32] (let tmp__m2 (* (let tmp__m1 (* tmp 2) (+ tmp__m1 1)) 2) (+ tmp__m2 1)))",
        // fresh names avoid every name of the program
        "macro m(a) = (let t = a; t); |t__m1: i32| m(t__m1) @@ (fn [t__m1:i32] (let t__m2 t__m1 t__m2))",
        // a binder in the body that shadows a parameter
        "macro m(a) = (let a = a + 1; a * 2); |x: i32| m(x) @@ (fn [x:i32] (let a__m1 (+ x 1) (* a__m1 2)))",
        "macro m(a) = (|a| a + 1); m(5)(2) @@ (let a__m1 2 (+ a__m1 1))",
        // names bound in arguments and in the program's own code are kept
        "macro twice(a) = (a + a); twice(let q = 1; q) @@ (+ (let q 1 q) (let q 1 q))",
        "|x: i32| let y = x; (|z| z + y)(1) @@ (fn [x:i32] (let y x (let z 1 (+ z y))))",
        // a macro body's free names are resolved where it is called
        "macro plusN(a) = (a + n); |n: i32| plusN(1) @@ (fn [n:i32] (+ 1 n))",
    })
    void hygiene(String program, String expected) {
        assertEquals(expected, expand(program));
    }

    // ------------------------------------------------------------------ applied function literals

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "(|a, b: i64| a + b)(1, 2L) @@ (let a 1 (let b:i64 2L (+ a b)))",
        "(|| 5)() @@ 5",
        "(|a| |b| a - b)(1)(2) @@ (let a 1 (let b 2 (- a b)))",
        "(|a| |b| a - b)(1)(a) @@ (let arg__m1 a (let a 1 (let b arg__m1 (- a b))))",
        "|x: i32, y: i32| (|x, y| x - y)(y, x) @@ (fn [x:i32 y:i32] (let x__m1 y (let y__m2 x (let x x__m1 (let y y__m2 (- x y))))))",
        "(|a, b| a * b)(b, 2) @@ (let a b (let b 2 (* a b)))",
    })
    void appliedFunctionLiteralsBecomeLets(String program, String expected) {
        assertEquals(expected, expand(program));
    }

    @Test
    void theLetsOfAnAppliedFunctionTakeTheParameterPositions() {
        PLet let = (PLet) expandTree("(|a: i32| a)(7)");
        assertEquals(new Pos(1, 3, 2, 1), let.pos());
        assertEquals(new Pos(1, 14, 13, 1), let.value().pos());
    }

    // ------------------------------------------------------------------ errors

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "|x: i32| triple(x) @@ 1:10 @@ undefined function or macro 'triple'",
        "|f: i32| f(1) @@ 1:10 @@ undefined function or macro 'f'",
        "|| (|f| f(1))(|q| q + 1) @@ 1:9 @@ undefined function or macro 'f'",
        "macro m(a) = (let g = a; g(1)); || m(2) @@ 1:26 @@ undefined function or macro 'g'",
        "|| (1)(2) @@ 1:5 @@ only macros and function literals can be called",
        "|p: {i32}| p.$0(1) @@ 1:13 @@ only macros and function literals can be called",
        "macro twice(a) = (a + a);\\n|x: i32| twice(x, x) @@ 2:10 @@ macro 'twice' takes 1 argument but was given 2",
        "macro pair(a, b) = ({a, b}); || pair(1) @@ 1:33 @@ macro 'pair' takes 2 arguments but was given 1",
        "macro five() = (5); || five(1) @@ 1:24 @@ macro 'five' takes 0 arguments but was given 1",
        "|v: vec[i32]| map(v) @@ 1:15 @@ macro 'map' takes 2 arguments but was given 1",
        "|v: vec[i32]| sum(v, v) @@ 1:15 @@ macro 'sum' takes 1 argument but was given 2",
        "|| (|a| a)(1, 2) @@ 1:5 @@ function takes 1 argument but was given 2",
        "|| (|a, b| a)(1) @@ 1:5 @@ function takes 2 arguments but was given 1",
        "macro grow(a) = (grow(a) + 1);\\n|x: i32| grow(x) @@ 1:18 @@ macro expansion too deep (recursive macro 'grow'?)",
        "macro ping(a) = (pong(a)); macro pong(a) = (ping(a)); || ping(1) @@ 1:45 @@ macro expansion too deep (recursive macro 'ping'?)",
        "macro g(a) = (g(a) + g(a)); || g(1) @@ 1:15 @@ macro expansion too deep (recursive macro 'g'?)",
        "macro m(a) = (a); macro m(b) = (b); || m(1) @@ 1:19 @@ macro 'm' is defined twice",
        "macro m(a, a) = (a); || m(1, 2) @@ 1:1 @@ macro 'm' has two parameters of the same name",
    })
    void errorsAreTypeErrors(String program, String pos, String message) {
        WeldException e = typeError(program.replace("\\n", "\n"));
        assertEquals(pos, e.pos().toString(), e.getMessage());
        assertTrue(e.getMessage().startsWith("type error at " + pos + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void expansionThatGrowsTooLargeIsAnError() {
        StringBuilder program = new StringBuilder();
        for (int i = 0; i < 17; i++) {
            program.append("macro m").append(i).append("(a) = (m").append(i + 1).append("(a) + m").append(i + 1).append("(a));\n");
        }
        program.append("macro m17(a) = (a);\n|| m0(1)");
        WeldException e = typeError(program.toString());
        assertTrue(e.getMessage().contains("macro expansion too large"), e.getMessage());
    }
}
