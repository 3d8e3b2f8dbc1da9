package weld.syntax;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/**
 * Recursive-descent parser for the whole Weld grammar. A program is type aliases, then macros, then one
 * expression (normally a function {@code |params| body}). Binary operators bind, loosest first: {@code ||},
 * {@code &&}, {@code |}, {@code ^}, {@code &}, {@code == !=}, {@code < <= > >=}, {@code + -}, {@code * / %}; then
 * unary {@code - !}, then postfix {@code .$N} and application. A type ascription {@code e: T} applies to a whole
 * operator expression. The operand count of every keyword form is part of the grammar. A binary expression's
 * position is its operator's.
 */
public final class Parser {
    /** Deeper nesting is rejected as a parse error instead of exhausting the stack of later phases. */
    private static final int MAX_NESTING = 1000;

    private final List<Token> tokens;
    private int at;
    private int nesting;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    public static Program parse(String text) {
        Parser p = new Parser(Lexer.tokenize(text));
        return p.program();
    }

    /** Parses a single expression (used for the built-in macro bodies). */
    static PExpr parseExpression(String text) {
        Parser p = new Parser(Lexer.tokenize(text));
        PExpr e = p.expr();
        p.expectEof();
        return e;
    }

    // ------------------------------------------------------------------ token helpers

    private Token peek() {
        return tokens.get(at);
    }

    private Token advance() {
        Token t = tokens.get(at);
        if (t.kind() != Token.Kind.EOF) {
            at++;
        }
        return t;
    }

    private boolean accept(String s) {
        if (peek().is(s)) {
            advance();
            return true;
        }
        return false;
    }

    private Token expect(String s) {
        if (!peek().is(s)) {
            throw error("expected '" + s + "' but found " + peek().describe());
        }
        return advance();
    }

    private WeldException error(String message) {
        return WeldException.parse(peek().pos(), message);
    }

    private void expectEof() {
        if (peek().kind() != Token.Kind.EOF) {
            throw error("unexpected " + peek().describe() + " after the end of the program");
        }
    }

    private String ident(String what) {
        if (peek().kind() != Token.Kind.IDENT) {
            throw error("expected " + what + " but found " + peek().describe());
        }
        return advance().text();
    }

    // ------------------------------------------------------------------ program

    private Program program() {
        List<TypeAlias> aliases = new ArrayList<>();
        List<MacroDef> macros = new ArrayList<>();
        while (peek().is("type")) {
            Pos pos = advance().pos();
            String name = ident("a type alias name");
            expect("=");
            PType t = type();
            expect(";");
            aliases.add(new TypeAlias(pos, name, t));
        }
        while (peek().is("macro")) {
            Pos pos = advance().pos();
            String name = ident("a macro name");
            expect("(");
            List<String> params = new ArrayList<>();
            if (!peek().is(")")) {
                do {
                    params.add(ident("a macro parameter"));
                } while (accept(","));
            }
            expect(")");
            expect("=");
            PExpr body = expr();
            expect(";");
            macros.add(new MacroDef(pos, name, params, body));
        }
        if (peek().kind() == Token.Kind.EOF) {
            throw error("empty program: expected a function |params| body");
        }
        PExpr body = expr();
        expectEof();
        return new Program(aliases, macros, body);
    }

    // ------------------------------------------------------------------ expressions

    PExpr expr() {
        if (++nesting > MAX_NESTING) {
            throw error("expression nested more than " + MAX_NESTING + " levels deep");
        }
        try {
            return exprAtThisLevel();
        } finally {
            nesting--;
        }
    }

    private PExpr exprAtThisLevel() {
        Token t = peek();
        if (t.is("let")) {
            advance();
            String name = ident("a variable name after let");
            PType type = accept(":") ? type() : null;
            expect("=");
            PExpr value = expr();
            expect(";");
            if (peek().kind() == Token.Kind.EOF || peek().is(")") || peek().is(";")) {
                throw error("expected the body of the let after ';' but found " + peek().describe());
            }
            // The body continues at the same level: long let chains are sequences, not nesting.
            return new PLet(t.pos(), name, type, value, exprAtThisLevel());
        }
        if (t.is("|") || t.is("||")) {
            return lambda();
        }
        PExpr e = binary(0);
        if (peek().is(":")) {
            Pos pos = advance().pos();
            e = new PAscribe(pos, e, type());
        }
        return e;
    }

    private PLambda lambda() {
        Token open = advance();
        List<PParam> params = new ArrayList<>();
        if (open.is("|")) {
            if (!peek().is("|")) {
                do {
                    Pos pos = peek().pos();
                    String name = ident("a parameter name");
                    params.add(new PParam(pos, name, accept(":") ? type() : null));
                } while (accept(","));
            }
            expect("|");
        }
        return new PLambda(open.pos(), params, expr());
    }

    private static final String[][] LEVELS = {{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="},
        {"+", "-"}, {"*", "/", "%"}};

    private PExpr binary(int level) {
        if (level == LEVELS.length) {
            return unary();
        }
        PExpr left = binary(level + 1);
        while (true) {
            Token t = peek();
            String op = null;
            for (String s : LEVELS[level]) {
                if (t.is(s)) {
                    op = s;
                }
            }
            if (op == null) {
                return left;
            }
            advance();
            PExpr right = binary(level + 1);
            left = new PBinary(t.pos(), binOp(op), left, right);
        }
    }

    private static BinOp binOp(String s) {
        for (BinOp op : BinOp.values()) {
            if (op.symbol.equals(s)) {
                return op;
            }
        }
        throw new IllegalArgumentException(s);
    }

    private PExpr unary() {
        Token t = peek();
        if (t.is("-")) {
            advance();
            if (peek().kind() == Token.Kind.INT || peek().kind() == Token.Kind.FLOAT) {
                return postfix(literal(advance(), true, t.pos()));
            }
            return new PUnary(t.pos(), UnaryOp.NEG, unary());
        }
        if (t.is("!")) {
            advance();
            return new PUnary(t.pos(), UnaryOp.NOT, unary());
        }
        if (t.is("@")) {
            Pos pos = t.pos();
            Map<String, String> annotations = annotations();
            return new PAnnotated(pos, annotations, unary());
        }
        return postfix(leaf());
    }

    private Map<String, String> annotations() {
        expect("@");
        expect("(");
        Map<String, String> a = new LinkedHashMap<>();
        do {
            Token key = advance();
            if (key.kind() != Token.Kind.IDENT && key.kind() != Token.Kind.KEYWORD) {
                throw WeldException.parse(key.pos(), "expected an annotation name but found " + key.describe());
            }
            expect(":");
            StringBuilder value = new StringBuilder();
            if (peek().is("-")) {
                value.append(advance().text());
            }
            Token v = advance();
            if (v.kind() == Token.Kind.SYMBOL || v.kind() == Token.Kind.EOF) {
                throw WeldException.parse(v.pos(), "expected an annotation value but found " + v.describe());
            }
            a.put(key.text(), value.append(v.text()).toString());
        } while (accept(","));
        expect(")");
        return a;
    }

    private PExpr postfix(PExpr e) {
        while (true) {
            Token t = peek();
            if (t.is(".")) {
                advance();
                Token f = peek();
                if (f.kind() != Token.Kind.IDENT || !f.text().matches("\\$[0-9]+")) {
                    throw error("expected a field $N after '.' but found " + f.describe());
                }
                advance();
                e = new PGetField(t.pos(), e, Integer.parseInt(f.text().substring(1)));
            } else if (t.is("(")) {
                advance();
                e = new PApply(e.pos(), e, argsUntilClose());
            } else {
                return e;
            }
        }
    }

    /** Parses {@code e1, e2, ...)} after an opening parenthesis. */
    private List<PExpr> argsUntilClose() {
        List<PExpr> args = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                args.add(expr());
            } while (accept(","));
        }
        expect(")");
        return args;
    }

    /** Parses {@code (e1, ..., en)} with exactly {@code n} operands for keyword {@code kw}. */
    private List<PExpr> operands(String kw, int n) {
        expect("(");
        List<PExpr> args = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                if (peek().is(")")) {
                    throw error(kw + " takes " + n + " operands but found " + i);
                }
                expect(",");
            }
            args.add(expr());
        }
        if (peek().is(",")) {
            throw error(kw + " takes " + n + " operand" + (n == 1 ? "" : "s") + ", not more");
        }
        expect(")");
        return args;
    }

    private PExpr literal(Token t, boolean negative, Pos pos) {
        if (t.kind() == Token.Kind.FLOAT) {
            return new PFloatLit(pos, t.literalKind(), negative ? -t.floatValue() : t.floatValue());
        }
        BigInteger v = negative ? t.intValue().negate() : t.intValue();
        int bits = t.literalKind().bits;
        BigInteger min = BigInteger.ONE.shiftLeft(bits - 1).negate();
        BigInteger max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
        if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
            throw WeldException.parse(t.pos(), "integer literal " + (negative ? "-" : "") + t.text() + " is out of range for "
                    + t.literalKind().name);
        }
        return new PIntLit(pos, t.literalKind(), v.longValue());
    }

    private PExpr leaf() {
        Token t = peek();
        switch (t.kind()) {
            case INT, FLOAT -> {
                advance();
                return literal(t, false, t.pos());
            }
            case STRING -> {
                advance();
                return new PStringLit(t.pos(), t.text());
            }
            case IDENT -> {
                advance();
                return new PIdent(t.pos(), t.text());
            }
            case KEYWORD -> {
                return keywordForm();
            }
            case EOF -> throw error("unexpected end of input: expected an expression");
            default -> {
            }
        }
        if (t.is("(")) {
            advance();
            PExpr e = expr();
            expect(")");
            return e;
        }
        if (t.is("[")) {
            advance();
            List<PExpr> elems = new ArrayList<>();
            if (!peek().is("]")) {
                do {
                    elems.add(expr());
                } while (accept(","));
            }
            expect("]");
            return new PMakeVector(t.pos(), elems);
        }
        if (t.is("{")) {
            advance();
            List<PExpr> elems = new ArrayList<>();
            if (!peek().is("}")) {
                do {
                    elems.add(expr());
                } while (accept(","));
            }
            expect("}");
            return new PMakeStruct(t.pos(), elems);
        }
        if (t.is("|") || t.is("||")) {
            return lambda();
        }
        throw error("expected an expression but found " + t.describe());
    }

    private PExpr keywordForm() {
        Token t = advance();
        Pos p = t.pos();
        String kw = t.text();
        ScalarKind scalar = ScalarKind.byName(kw);
        if (scalar != null) {
            return new PCast(p, scalar, operands(kw, 1).get(0));
        }
        for (UnaryOp op : UnaryOp.values()) {
            if (op.isMath() && op.symbol.equals(kw)) {
                return new PUnary(p, op, operands(kw, 1).get(0));
            }
        }
        switch (kw) {
            case "true", "false" -> {
                return new PBoolLit(p, kw.equals("true"));
            }
            case "min", "max", "pow" -> {
                List<PExpr> a = operands(kw, 2);
                return new PBinary(p, binOp(kw), a.get(0), a.get(1));
            }
            case "if" -> {
                List<PExpr> a = operands(kw, 3);
                return new PIf(p, a.get(0), a.get(1), a.get(2));
            }
            case "select" -> {
                List<PExpr> a = operands(kw, 3);
                return new PSelect(p, a.get(0), a.get(1), a.get(2));
            }
            case "iterate" -> {
                List<PExpr> a = operands(kw, 2);
                return new PIterate(p, a.get(0), a.get(1));
            }
            case "len" -> {
                return new PLen(p, operands(kw, 1).get(0));
            }
            case "lookup" -> {
                List<PExpr> a = operands(kw, 2);
                return new PLookup(p, a.get(0), a.get(1));
            }
            case "optlookup" -> {
                List<PExpr> a = operands(kw, 2);
                return new POptLookup(p, a.get(0), a.get(1));
            }
            case "keyexists" -> {
                List<PExpr> a = operands(kw, 2);
                return new PKeyExists(p, a.get(0), a.get(1));
            }
            case "slice" -> {
                List<PExpr> a = operands(kw, 3);
                return new PSlice(p, a.get(0), a.get(1), a.get(2));
            }
            case "sort" -> {
                List<PExpr> a = operands(kw, 2);
                return new PSort(p, a.get(0), a.get(1));
            }
            case "tovec" -> {
                return new PToVec(p, operands(kw, 1).get(0));
            }
            case "serialize" -> {
                return new PSerialize(p, operands(kw, 1).get(0));
            }
            case "deserialize" -> {
                expect("[");
                PType type = type();
                expect("]");
                return new PDeserialize(p, type, operands(kw, 1).get(0));
            }
            case "broadcast" -> {
                return new PBroadcast(p, operands(kw, 1).get(0));
            }
            case "assert" -> {
                return new PAssert(p, operands(kw, 1).get(0));
            }
            case "cudf" -> {
                expect("[");
                Token name = advance();
                if (name.kind() != Token.Kind.IDENT && name.kind() != Token.Kind.KEYWORD) {
                    throw WeldException.parse(name.pos(), "expected a C function name but found " + name.describe());
                }
                expect(",");
                PType type = type();
                expect("]");
                expect("(");
                return new PCudf(p, name.text(), type, argsUntilClose());
            }
            case "merge" -> {
                List<PExpr> a = operands(kw, 2);
                return new PMerge(p, a.get(0), a.get(1));
            }
            case "result" -> {
                return new PResult(p, operands(kw, 1).get(0));
            }
            case "for" -> {
                List<PExpr> a = operands(kw, 3);
                return new PFor(p, a.get(0), a.get(1), a.get(2));
            }
            case "zip" -> {
                expect("(");
                List<PExpr> a = argsUntilClose();
                if (a.isEmpty()) {
                    throw WeldException.parse(p, "zip needs at least one operand");
                }
                return new PZip(p, a);
            }
            case "iter" -> {
                List<PExpr> a = operands(kw, 4);
                return new PIter(p, IterKind.SCALAR, a.get(0), a.get(1), a.get(2), a.get(3), null, null);
            }
            case "simditer", "fringeiter" -> {
                return new PIter(p, kw.equals("simditer") ? IterKind.SIMD : IterKind.FRINGE, operands(kw, 1).get(0),
                        null, null, null, null, null);
            }
            case "rangeiter" -> {
                List<PExpr> a = operands(kw, 3);
                return new PIter(p, IterKind.RANGE, null, a.get(0), a.get(1), a.get(2), null, null);
            }
            case "nditer" -> {
                List<PExpr> a = operands(kw, 6);
                return new PIter(p, IterKind.ND, a.get(0), a.get(1), a.get(2), a.get(3), a.get(4), a.get(5));
            }
            case "appender", "merger", "dictmerger", "groupmerger", "vecmerger" -> {
                at--;
                PBuilder b = builderType();
                PExpr arg = null;
                if (peek().is("(")) {
                    arg = operands(kw, 1).get(0);
                }
                return new PNewBuilder(p, b, arg);
            }
            default -> throw WeldException.parse(p, "unexpected keyword '" + kw + "' where an expression was expected");
        }
    }

    // ------------------------------------------------------------------ types

    PType type() {
        Token t = peek();
        if (t.is("@")) {
            Map<String, String> a = annotations();
            return new PAnnotatedType(t.pos(), a, type());
        }
        if (t.is("?")) {
            advance();
            return new PUnknown(t.pos());
        }
        if (t.is("{")) {
            advance();
            List<PType> fields = new ArrayList<>();
            if (!peek().is("}")) {
                do {
                    fields.add(type());
                } while (accept(","));
            }
            expect("}");
            return new PStruct(t.pos(), fields);
        }
        if (t.kind() == Token.Kind.IDENT) {
            advance();
            return new PAliasRef(t.pos(), t.text());
        }
        if (t.kind() != Token.Kind.KEYWORD) {
            throw error("expected a type but found " + t.describe());
        }
        ScalarKind scalar = ScalarKind.byName(t.text());
        if (scalar != null) {
            advance();
            return new PScalar(t.pos(), scalar);
        }
        switch (t.text()) {
            case "vec" -> {
                advance();
                expect("[");
                PType e = type();
                expect("]");
                return new PVec(t.pos(), e);
            }
            case "dict" -> {
                advance();
                expect("[");
                PType k = type();
                expect(",");
                PType v = type();
                expect("]");
                return new PDict(t.pos(), k, v);
            }
            case "simd" -> {
                advance();
                expect("[");
                Token s = advance();
                ScalarKind k = ScalarKind.byName(s.text());
                if (k == null || s.kind() != Token.Kind.KEYWORD) {
                    throw WeldException.parse(s.pos(), "simd needs a scalar type but found " + s.describe());
                }
                expect("]");
                return new PSimd(t.pos(), k);
            }
            case "appender", "merger", "dictmerger", "groupmerger", "vecmerger" -> {
                return builderType();
            }
            default -> throw error("expected a type but found " + t.describe());
        }
    }

    private PBuilder builderType() {
        Token t = advance();
        BuilderKind kind = switch (t.text()) {
            case "appender" -> BuilderKind.APPENDER;
            case "merger" -> BuilderKind.MERGER;
            case "dictmerger" -> BuilderKind.DICTMERGER;
            case "groupmerger" -> BuilderKind.GROUPMERGER;
            default -> BuilderKind.VECMERGER;
        };
        if (!peek().is("[")) {
            return new PBuilder(t.pos(), kind, List.of(), null);
        }
        advance();
        int types = kind == BuilderKind.DICTMERGER || kind == BuilderKind.GROUPMERGER ? 2 : 1;
        boolean hasOp = kind != BuilderKind.APPENDER && kind != BuilderKind.GROUPMERGER;
        List<PType> params = new ArrayList<>();
        for (int i = 0; i < types; i++) {
            if (i > 0) {
                expect(",");
            }
            params.add(type());
        }
        BinOp op = null;
        if (hasOp) {
            expect(",");
            Token o = advance();
            op = o.is("+") ? BinOp.ADD : o.is("*") ? BinOp.MUL : o.is("min") ? BinOp.MIN : o.is("max") ? BinOp.MAX : null;
            if (op == null) {
                throw WeldException.parse(o.pos(), "a builder's merge operator must be +, *, min or max, not " + o.describe());
            }
        }
        expect("]");
        return new PBuilder(t.pos(), kind, params, op);
    }
}
