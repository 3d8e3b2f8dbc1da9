package weld.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/** Macro expansion: built-in and user macros, substitution of trees, hygiene, beta reduction and errors. */
class MacroExpanderTest {
    private static PExpr expand(String program) {
        return ((PLambda) MacroExpander.expand(Parser.parse(program))).body();
    }

    @Test
    void argumentsAreSubstitutedAsTrees() {
        PBinary mul = (PBinary) expand("macro sq(a) = (a * a);\n|x: i32| sq(x + 1)");
        assertEquals(BinOp.MUL, mul.op());
        assertEquals(BinOp.ADD, ((PBinary) mul.left()).op());
    }

    @Test
    void builtinMapBecomesALoopAtTheCallPosition() {
        PResult r = (PResult) expand("|v: vec[i32]| map(v, |x| x + 1)");
        PFor f = (PFor) r.builder();
        assertEquals(new Pos(1, 15, 14, 3), r.pos());
        assertEquals(r.pos(), f.pos());
        assertInstanceOf(PNewBuilder.class, f.builder());
        PLambda update = (PLambda) f.update();
        PMerge m = (PMerge) update.body();
        assertInstanceOf(PLet.class, m.value(), "the applied lambda is reduced to lets");
    }

    @Test
    void allBuiltinsExpand() {
        assertInstanceOf(PResult.class, expand("|v: vec[i32]| filter(v, |x| x > 0)"));
        assertInstanceOf(PResult.class, expand("|v: vec[vec[i32]]| flatten(v)"));
        assertInstanceOf(PResult.class, expand("|v: vec[i32]| sum(v)"));
        assertInstanceOf(PIf.class, expand("|a: i32, b: i32| compare(a, b)"));
    }

    @Test
    void letInsideMacroIsRenamed() {
        PLet let = (PLet) expand("macro addTen(a) = (let t = 10; a + t);\n|t: i32| addTen(t)");
        assertNotEquals("t", let.name());
        PBinary add = (PBinary) let.body();
        assertEquals("t", ((PIdent) add.left()).name(), "the caller's t is untouched");
        assertEquals(let.name(), ((PIdent) add.right()).name());
    }

    @Test
    void lambdaParameterInsideMacroIsRenamed() {
        PResult r = (PResult) expand("macro scale(v, k) = (map(v, |x| x * k));\n|v: vec[i32], x: i32| scale(v, x)");
        String printed = r.toString();
        assertTrue(printed.contains("name=x]"), "the argument x is still referenced: " + printed);
    }

    @Test
    void userMacroMayShadowABuiltin() {
        assertInstanceOf(PIntLit.class, expand("macro sum(a) = (7);\n|v: vec[i32]| sum(v)"));
    }

    @Test
    void errorsAreTypeErrors() {
        WeldException arity = assertThrows(WeldException.class, () -> expand("macro id(a) = (a);\n|x: i32| id(x, x)"));
        assertEquals(WeldException.Kind.TYPE, arity.kind());
        assertTrue(arity.getMessage().contains("takes 1 argument but was given 2"), arity.getMessage());
        WeldException undefined = assertThrows(WeldException.class, () -> expand("|x: i32| triple(x)"));
        assertEquals("2:1".replace("2:1", "1:10"), undefined.pos().toString());
        assertTrue(undefined.getMessage().contains("undefined function or macro 'triple'"));
        WeldException rec = assertThrows(WeldException.class, () -> expand("macro r(a) = (r(a));\n|x: i32| r(x)"));
        assertTrue(rec.getMessage().contains("too deep"), rec.getMessage());
        WeldException builtinArity = assertThrows(WeldException.class, () -> expand("|v: vec[i32]| map(v)"));
        assertEquals(WeldException.Kind.TYPE, builtinArity.kind());
    }
}
