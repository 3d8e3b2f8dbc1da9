package weld.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/** The parser: every construct of the grammar, operator precedence, positions and parse errors. */
class ParserTest {
    private static PExpr body(String program) {
        return Parser.parse(program).body();
    }

    private static PExpr expr(String e) {
        return ((PLambda) body("|| " + e)).body();
    }

    @Test
    void programWithAliasesMacrosAndParameters() {
        Program p = Parser.parse("type t = i32;\ntype u = {t, f64};\nmacro m(a, b) = (a + b);\n|x: t, y: vec[u]| m(x, 1)");
        assertEquals(2, p.aliases().size());
        assertEquals("u", p.aliases().get(1).name());
        assertEquals(List.of("a", "b"), p.macros().get(0).params());
        PLambda f = (PLambda) p.body();
        assertEquals("x", f.params().get(0).name());
        assertInstanceOf(PAliasRef.class, f.params().get(0).type());
        assertInstanceOf(PVec.class, f.params().get(1).type());
        assertInstanceOf(PApply.class, f.body());
    }

    @Test
    void literalsOfEveryKind() {
        assertEquals(new PIntLit(new Pos(1, 4, 3, 2), ScalarKind.I8, 5), expr("5c"));
        assertEquals(ScalarKind.I16, ((PIntLit) expr("7si")).kind());
        assertEquals(ScalarKind.I32, ((PIntLit) expr("7")).kind());
        assertEquals(ScalarKind.I64, ((PIntLit) expr("7L")).kind());
        assertEquals(42, ((PIntLit) expr("0x2A")).value());
        assertEquals(5, ((PIntLit) expr("0b101L")).value());
        assertEquals(-128, ((PIntLit) expr("-128c")).value());
        assertEquals((double) 0.1f, ((PFloatLit) expr("0.1f")).value());
        assertEquals(ScalarKind.F64, ((PFloatLit) expr("1e3")).kind());
        assertEquals(1.5e-3, ((PFloatLit) expr("1.5E-3")).value());
        assertEquals(true, ((PBoolLit) expr("true")).value());
        assertEquals("ab", ((PStringLit) expr("\"ab\"")).value());
    }

    @Test
    void precedenceAndAssociativity() {
        PBinary or = (PBinary) expr("a || b && c | d ^ e & f == g < h + i * j");
        assertEquals(BinOp.LOR, or.op());
        PBinary and = (PBinary) or.right();
        assertEquals(BinOp.LAND, and.op());
        assertEquals(BinOp.BOR, ((PBinary) and.right()).op());
        PBinary sub = (PBinary) expr("a - b - c");
        assertEquals(BinOp.SUB, sub.op());
        assertInstanceOf(PBinary.class, sub.left());
        assertEquals(new Pos(1, 10, 9, 1), sub.pos());
    }

    @Test
    void unaryOperatorsAndFunctionForms() {
        assertEquals(UnaryOp.NEG, ((PUnary) expr("-x")).op());
        assertEquals(UnaryOp.NOT, ((PUnary) expr("!x")).op());
        for (UnaryOp op : UnaryOp.values()) {
            if (op.isMath()) {
                assertEquals(op, ((PUnary) expr(op.symbol + "(x)")).op());
            }
        }
        assertEquals(BinOp.MIN, ((PBinary) expr("min(a, b)")).op());
        assertEquals(BinOp.MAX, ((PBinary) expr("max(a, b)")).op());
        assertEquals(BinOp.POW, ((PBinary) expr("pow(a, b)")).op());
        assertEquals(ScalarKind.U16, ((PCast) expr("u16(x)")).target());
    }

    @Test
    void keywordForms() {
        assertInstanceOf(PLet.class, expr("let x: i32 = 1; x"));
        assertInstanceOf(PIf.class, expr("if(c, 1, 2)"));
        assertInstanceOf(PSelect.class, expr("select(c, 1, 2)"));
        assertInstanceOf(PIterate.class, expr("iterate(0, |s| {s, false})"));
        assertInstanceOf(PLen.class, expr("len(v)"));
        assertInstanceOf(PLookup.class, expr("lookup(v, 0L)"));
        assertInstanceOf(POptLookup.class, expr("optlookup(d, 1)"));
        assertInstanceOf(PKeyExists.class, expr("keyexists(d, 1)"));
        assertInstanceOf(PSlice.class, expr("slice(v, 0L, 1L)"));
        assertInstanceOf(PSort.class, expr("sort(v, |a, b| 0)"));
        assertInstanceOf(PToVec.class, expr("tovec(d)"));
        assertInstanceOf(PSerialize.class, expr("serialize(v)"));
        assertInstanceOf(PVec.class, ((PDeserialize) expr("deserialize[vec[i32]](b)")).type());
        assertInstanceOf(PBroadcast.class, expr("broadcast(1.0)"));
        assertInstanceOf(PAssert.class, expr("assert(true)"));
        PCudf c = (PCudf) expr("cudf[add_five, i64](x, y)");
        assertEquals("add_five", c.symbol());
        assertEquals(2, c.args().size());
        assertInstanceOf(PMerge.class, expr("merge(b, 1)"));
        assertInstanceOf(PResult.class, expr("result(b)"));
        assertEquals(1, ((PGetField) expr("s.$1")).index());
        assertInstanceOf(PAscribe.class, expr("[]: vec[f64]"));
        assertEquals(2, ((PMakeStruct) expr("{1, 2}")).elems().size());
        assertEquals(0, ((PMakeVector) expr("[]")).elems().size());
    }

    @Test
    void loopsAndIterators() {
        PFor f = (PFor) expr("for(zip(a, iter(b, 0L, 4L, 2L), rangeiter(0L, 9L, 3L)), appender, |bb, i, e| bb)");
        PZip z = (PZip) f.iterator();
        assertEquals(3, z.iterators().size());
        assertEquals(IterKind.SCALAR, ((PIter) z.iterators().get(1)).kind());
        assertEquals(IterKind.RANGE, ((PIter) z.iterators().get(2)).kind());
        assertEquals(IterKind.SIMD, ((PIter) expr("simditer(v)")).kind());
        assertEquals(IterKind.FRINGE, ((PIter) expr("fringeiter(v)")).kind());
        assertEquals(IterKind.ND, ((PIter) expr("nditer(v, 0L, 1L, 1L, s, t)")).kind());
        assertEquals(3, ((PLambda) f.update()).params().size());
    }

    @Test
    void builderConstructorsAndTypes() {
        PNewBuilder a = (PNewBuilder) expr("appender");
        assertEquals(BuilderKind.APPENDER, a.type().kind());
        assertTrue(a.type().params().isEmpty());
        PNewBuilder h = (PNewBuilder) expr("appender[i32](10L)");
        assertInstanceOf(PIntLit.class, h.arg());
        assertEquals(BinOp.MIN, ((PNewBuilder) expr("merger[f64, min]")).type().op());
        PNewBuilder d = (PNewBuilder) expr("dictmerger[{i32, i32}, f64, *]");
        assertEquals(2, d.type().params().size());
        assertEquals(BinOp.MUL, d.type().op());
        assertEquals(BuilderKind.GROUPMERGER, ((PNewBuilder) expr("groupmerger[i64, vec[i8]]")).type().kind());
        assertEquals(BuilderKind.VECMERGER, ((PNewBuilder) expr("vecmerger[i32, +](v)")).type().kind());
        assertInstanceOf(PUnknown.class, ((PNewBuilder) expr("merger[?, +]")).type().params().get(0));
        PLambda f = (PLambda) body("|a: dict[i32, vec[u8]], b: simd[f32], c: {bool, {i8}}, d: merger[i64, max]| a");
        assertInstanceOf(PDict.class, f.params().get(0).type());
        assertEquals(ScalarKind.F32, ((PSimd) f.params().get(1).type()).kind());
        assertInstanceOf(PStruct.class, f.params().get(2).type());
        assertInstanceOf(PBuilder.class, f.params().get(3).type());
    }

    @Test
    void annotationsOnExpressionsAndTypes() {
        PAnnotated a = (PAnnotated) expr("@(predicate: true, size: 5L) if(c, 1, 2)");
        assertEquals("true", a.annotations().get("predicate"));
        assertEquals("5L", a.annotations().get("size"));
        assertInstanceOf(PIf.class, a.expr());
        PAnnotated b = (PAnnotated) expr("@(impl:local) dictmerger[i32, i32, +]");
        assertInstanceOf(PNewBuilder.class, b.expr());
        PLambda f = (PLambda) body("|v: @(layout:dense) vec[i32]| v");
        assertInstanceOf(PAnnotatedType.class, f.params().get(0).type());
    }

    @Test
    void commentsAndLambdas() {
        PLambda f = (PLambda) body("# c\n|a, b: i32| # d\n a + b # e");
        assertEquals(2, f.params().size());
        assertEquals(null, f.params().get(0).type());
        PLambda g = (PLambda) body("|| 1");
        assertTrue(g.params().isEmpty());
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "|x: i32| (x + 1 @@ 1:16 @@ expected ')'",
        "|x: i32| x + 1) @@ 1:15 @@ after the end of the program",
        "|x: i32| x ~ 1 @@ 1:12 @@ unexpected character '~'",
        "|x: i32| let y = x; ) @@ 1:21 @@ body of the let",
        "|x: i32| let y = x y @@ 1:20 @@ expected ';'",
        "|x: i32| if(x, 1) @@ 1:17 @@ if takes 3 operands",
        "|p: {i32}| p.0 @@ 1:14 @@ expected a field $N",
        "|v: vec[i32]| merger[i32, -] @@ 1:27 @@ must be +, *, min or max",
        "|| 2147483648 @@ 1:4 @@ out of range for i32",
        "|| 128c @@ 1:4 @@ out of range for i8",
        "|v: vec[i32| v @@ 1:12 @@ expected ']'",
        "|x: i32| x * * 2 @@ 1:14 @@ expected an expression",
        "|| len(a, b) @@ 1:9 @@ len takes 1 operand",
    })
    void parseErrors(String program, String pos, String message) {
        WeldException e = assertThrows(WeldException.class, () -> Parser.parse(program));
        assertEquals(WeldException.Kind.PARSE, e.kind());
        assertEquals(pos, e.pos().toString());
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(e.getMessage().startsWith("parse error at " + pos + ": "), e.getMessage());
    }

    @Test
    void deepNestingIsAParseError() {
        String deep = "|| " + "(".repeat(5000) + "1" + ")".repeat(5000);
        WeldException e = assertThrows(WeldException.class, () -> Parser.parse(deep));
        assertTrue(e.getMessage().contains("nested more than 1000 levels"), e.getMessage());
        assertInstanceOf(PIntLit.class, ((PLambda) Parser.parse("|| " + "(".repeat(500) + "1" + ")".repeat(500)).body()).body());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "# only a comment"})
    void emptyProgramIsAParseError(String program) {
        WeldException e = assertThrows(WeldException.class, () -> Parser.parse(program));
        assertTrue(e.getMessage().contains("empty program"), e.getMessage());
    }
}
