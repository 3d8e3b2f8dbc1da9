package weld.syntax;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/**
 * Recursive-descent parser for the whole Weld grammar, following the reference parser. A program is
 * {@code type} aliases, then {@code macro} definitions, then one expression (normally a function
 * {@code |params| body}).
 *
 * <p>Binary operators bind, loosest first: {@code ||}, {@code &&}, {@code |}, {@code ^}, {@code &},
 * {@code == !=}, {@code < <= > >=}, {@code + -}, {@code * / %}; all are left-associative except that comparisons do
 * not chain ({@code a < b < c} is an error, as in the reference). Tighter still come the type ascription
 * {@code e: T}, then the prefix operators {@code -}, {@code !} and annotations {@code @(k: v)}, then the postfix
 * field access {@code .$N} and application {@code f(args)}. A minus sign directly before a number literal is part
 * of the literal, so {@code -128c} is a valid i8. The value of a {@code let} is an operator expression; function
 * literals may stand wherever an operand is expected. The operand count of every keyword form is part of the
 * grammar. Lists in brackets, braces and parentheses (other than keyword forms) may end with a comma, as in the
 * reference.
 *
 * <p>Every node carries the position of its first token, except binary operators, field accesses and ascriptions,
 * which carry the position of their operator ({@code +}, {@code .}, {@code :}), and applications, which carry the
 * position of the applied expression.
 */
public final class Parser {
    /** Deeper nesting is rejected as a parse error instead of exhausting the stack of later phases. */
    private static final int MAX_NESTING = 1000;

    private static final String[][] LEVELS = {{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="},
        {"<", "<=", ">", ">="}, {"+", "-"}, {"*", "/", "%"}};
    /** The levels of {@code == !=} and {@code < <= > >=}, whose operators do not chain. */
    private static final int EQUALITY = 5;
    private static final int COMPARISON = 6;

    private final List<Token> tokens;
    private int at;
    private int nesting;

    private Parser(String text) {
        this.tokens = Lexer.tokenize(text);
    }

    /** Parses a whole program. */
    public static Program parse(String text) {
        return new Parser(text).program();
    }

    /** Parses a single expression (used for the built-in macro bodies). */
    static PExpr parseExpression(String text) {
        Parser p = new Parser(text);
        PExpr e = p.expr();
        p.expectEnd();
        return e;
    }

    // ------------------------------------------------------------------ token helpers

    private Token peek() {
        return tokens.get(at);
    }

    private Token advance() {
        Token t = tokens.get(at);
        if (t.kind() != TokenKind.EOF) {
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

    private void expect(String s) {
        if (!peek().is(s)) {
            throw error("expected '" + s + "' but found " + peek().describe());
        }
        advance();
    }

    private String ident(String what) {
        if (peek().kind() != TokenKind.IDENT) {
            throw error("expected " + what + " but found " + peek().describe());
        }
        return advance().text();
    }

    /** After an item of a comma-separated list: a comma, or the closing token must follow. */
    private void commaOrClose(String close) {
        if (!accept(",") && !peek().is(close)) {
            throw error("expected ',' or '" + close + "' but found " + peek().describe());
        }
    }

    private WeldException error(String message) {
        return WeldException.parse(peek().pos(), message);
    }

    private void expectEnd() {
        if (peek().kind() != TokenKind.EOF) {
            throw error("unexpected " + peek().describe() + " after the end of the program");
        }
    }

    private void enter() {
        if (++nesting > MAX_NESTING) {
            throw error("expression nested more than " + MAX_NESTING + " levels deep");
        }
    }

    private void leave() {
        nesting--;
    }

    // ------------------------------------------------------------------ program

    private Program program() {
        List<TypeAlias> aliases = new ArrayList<>();
        while (peek().is("type")) {
            Pos pos = advance().pos();
            String name = ident("a type alias name");
            expect("=");
            PType t = type();
            expect(";");
            aliases.add(new TypeAlias(pos, name, t));
        }
        List<MacroDef> macros = new ArrayList<>();
        while (peek().is("macro")) {
            macros.add(macro());
        }
        if (peek().kind() == TokenKind.EOF) {
            throw error(aliases.isEmpty() && macros.isEmpty() ? "empty program: expected a function |params| body"
                    : "expected the program's function |params| body after the definitions but found end of input");
        }
        PExpr body = expr();
        expectEnd();
        return new Program(aliases, macros, body);
    }

    private MacroDef macro() {
        Pos pos = advance().pos();
        String name = ident("a macro name");
        expect("(");
        List<String> params = new ArrayList<>();
        while (!peek().is(")")) {
            params.add(ident("a macro parameter name"));
            commaOrClose(")");
        }
        advance();
        expect("=");
        PExpr body = expr();
        expect(";");
        return new MacroDef(pos, name, params, body);
    }

    // ------------------------------------------------------------------ expressions

    private record Binding(Pos pos, String name, PType type, PExpr value) {
    }

    /** An expression: a chain of {@code let}s (read iteratively, so long chains do not nest), then a body. */
    private PExpr expr() {
        enter();
        try {
            List<Binding> lets = new ArrayList<>();
            while (peek().is("let")) {
                Pos pos = advance().pos();
                String name = ident("a variable name after 'let'");
                PType type = accept(":") ? type() : null;
                expect("=");
                PExpr value = operatorExpr();
                expect(";");
                Token next = peek();
                if (next.kind() == TokenKind.EOF || next.is(")") || next.is("]") || next.is("}") || next.is(",")
                        || next.is(";")) {
                    throw error("expected the body of the let after ';' but found " + next.describe());
                }
                lets.add(new Binding(pos, name, type, value));
            }
            PExpr body = peek().is("|") || peek().is("||") ? lambda() : operatorExpr();
            for (int i = lets.size() - 1; i >= 0; i--) {
                Binding b = lets.get(i);
                body = new PLet(b.pos(), b.name(), b.type(), b.value(), body);
            }
            return body;
        } finally {
            leave();
        }
    }

    /** {@code |p1: T1, p2| body}, or {@code || body} without parameters. */
    private PLambda lambda() {
        Token open = advance();
        List<PParam> params = new ArrayList<>();
        if (open.is("|")) {
            while (!peek().is("|")) {
                Pos pos = peek().pos();
                String name = ident("a parameter name");
                params.add(new PParam(pos, name, accept(":") ? type() : null));
                commaOrClose("|");
            }
            advance();
        }
        return new PLambda(open.pos(), params, expr());
    }

    private PExpr operatorExpr() {
        return binary(0);
    }

    private PExpr binary(int level) {
        if (level == LEVELS.length) {
            return ascribed();
        }
        PExpr left = binary(level + 1);
        while (true) {
            Token t = peek();
            BinOp op = operatorAt(level, t);
            if (op == null) {
                return left;
            }
            advance();
            left = new PBinary(t.pos(), op, left, binary(level + 1));
            if ((level == EQUALITY || level == COMPARISON) && operatorAt(level, peek()) != null) {
                throw error("comparisons do not chain: put one of them in parentheses");
            }
        }
    }

    private static BinOp operatorAt(int level, Token t) {
        if (t.kind() != TokenKind.SYMBOL) {
            return null;
        }
        for (String s : LEVELS[level]) {
            if (t.text().equals(s)) {
                return binOp(s);
            }
        }
        return null;
    }

    private static BinOp binOp(String symbol) {
        for (BinOp op : BinOp.values()) {
            if (op.symbol.equals(symbol)) {
                return op;
            }
        }
        throw new IllegalArgumentException(symbol);
    }

    /** A prefix expression with an optional type ascription {@code : T}. */
    private PExpr ascribed() {
        PExpr e = prefix();
        if (peek().is(":")) {
            Pos pos = advance().pos();
            e = new PAscribe(pos, e, type());
        }
        return e;
    }

    /** {@code -e}, {@code !e}, {@code @(annotations) e}, or a postfix expression. */
    private PExpr prefix() {
        Token t = peek();
        if (!t.is("-") && !t.is("!") && !t.is("@")) {
            return postfix(leaf());
        }
        enter();
        try {
            if (t.is("@")) {
                return new PAnnotated(t.pos(), annotations(), prefix());
            }
            advance();
            if (t.is("!")) {
                return new PUnary(t.pos(), UnaryOp.NOT, prefix());
            }
            if (peek().kind() == TokenKind.INT || peek().kind() == TokenKind.FLOAT) {
                return postfix(literal(advance(), true, t.pos()));
            }
            return new PUnary(t.pos(), UnaryOp.NEG, prefix());
        } finally {
            leave();
        }
    }

    /** Field accesses {@code .$N} and applications {@code (args)} after an operand. */
    private PExpr postfix(PExpr operand) {
        PExpr e = operand;
        while (true) {
            Token t = peek();
            if (t.is(".")) {
                advance();
                Token f = peek();
                if (f.kind() != TokenKind.IDENT || !f.text().matches("\\$[0-9]+")) {
                    throw error("expected a field index $N after '.' but found " + f.describe());
                }
                advance();
                e = new PGetField(t.pos(), e, fieldIndex(f));
            } else if (t.is("(")) {
                advance();
                e = new PApply(e.pos(), e, listUntil(")"));
            } else {
                return e;
            }
        }
    }

    private static int fieldIndex(Token f) {
        try {
            return Integer.parseInt(f.text().substring(1));
        } catch (NumberFormatException e) {
            throw WeldException.parse(f.pos(), "field index " + f.text() + " is too large");
        }
    }

    /** Comma-separated expressions up to and including the closing token; a trailing comma is allowed. */
    private List<PExpr> listUntil(String close) {
        List<PExpr> items = new ArrayList<>();
        while (!peek().is(close)) {
            items.add(expr());
            commaOrClose(close);
        }
        advance();
        return items;
    }

    private PExpr leaf() {
        Token t = peek();
        return switch (t.kind()) {
            case INT, FLOAT -> literal(advance(), false, t.pos());
            case STRING -> new PStringLit(advance().pos(), t.stringValue());
            case IDENT -> new PIdent(advance().pos(), t.text());
            case KEYWORD -> keywordForm(advance());
            case SYMBOL -> bracketed(t);
            case EOF -> throw error("unexpected end of input: expected an expression");
        };
    }

    /** A parenthesized expression, a vector or struct literal, or a function literal. */
    private PExpr bracketed(Token t) {
        if (t.is("|") || t.is("||")) {
            return lambda();
        }
        if (!t.is("(") && !t.is("[") && !t.is("{")) {
            throw error("expected an expression but found " + t.describe());
        }
        advance();
        if (t.is("[")) {
            return new PMakeVector(t.pos(), listUntil("]"));
        }
        if (t.is("{")) {
            return new PMakeStruct(t.pos(), listUntil("}"));
        }
        PExpr e = expr();
        expect(")");
        return e;
    }

    /** A number literal; {@code negative} when a minus sign (at {@code pos}) precedes it. */
    private static PExpr literal(Token t, boolean negative, Pos pos) {
        if (t.kind() == TokenKind.FLOAT) {
            return new PFloatLit(pos, t.literalKind(), negative ? -t.floatValue() : t.floatValue());
        }
        BigInteger v = negative ? t.intValue().negate() : t.intValue();
        int bits = t.literalKind().bits;
        if (v.bitLength() > bits - 1) {
            throw WeldException.parse(pos, "integer literal " + (negative ? "-" : "") + t.text() + " is out of range for "
                    + t.literalKind().name);
        }
        return new PIntLit(pos, t.literalKind(), v.longValue());
    }

    // ------------------------------------------------------------------ keyword forms

    private PExpr keywordForm(Token t) {
        Pos p = t.pos();
        String kw = t.text();
        ScalarKind scalar = ScalarKind.byName(kw);
        if (scalar != null) {
            return new PCast(p, scalar, operands(t, 1).get(0));
        }
        for (UnaryOp op : UnaryOp.values()) {
            if (op.isMath() && op.symbol.equals(kw)) {
                return new PUnary(p, op, operands(t, 1).get(0));
            }
        }
        List<PExpr> a;
        switch (kw) {
            case "true", "false" -> {
                return new PBoolLit(p, kw.equals("true"));
            }
            case "min", "max", "pow" -> {
                a = operands(t, 2);
                return new PBinary(p, binOp(kw), a.get(0), a.get(1));
            }
            case "if" -> {
                a = operands(t, 3);
                return new PIf(p, a.get(0), a.get(1), a.get(2));
            }
            case "select" -> {
                a = operands(t, 3);
                return new PSelect(p, a.get(0), a.get(1), a.get(2));
            }
            case "iterate" -> {
                a = operands(t, 2);
                return new PIterate(p, a.get(0), a.get(1));
            }
            case "len" -> {
                return new PLen(p, operands(t, 1).get(0));
            }
            case "lookup" -> {
                a = operands(t, 2);
                return new PLookup(p, a.get(0), a.get(1));
            }
            case "optlookup" -> {
                a = operands(t, 2);
                return new POptLookup(p, a.get(0), a.get(1));
            }
            case "keyexists" -> {
                a = operands(t, 2);
                return new PKeyExists(p, a.get(0), a.get(1));
            }
            case "slice" -> {
                a = operands(t, 3);
                return new PSlice(p, a.get(0), a.get(1), a.get(2));
            }
            case "sort" -> {
                a = operands(t, 2);
                return new PSort(p, a.get(0), a.get(1));
            }
            case "tovec" -> {
                return new PToVec(p, operands(t, 1).get(0));
            }
            case "serialize" -> {
                return new PSerialize(p, operands(t, 1).get(0));
            }
            case "deserialize" -> {
                expect("[");
                PType type = type();
                expect("]");
                return new PDeserialize(p, type, operands(t, 1).get(0));
            }
            case "broadcast" -> {
                return new PBroadcast(p, operands(t, 1).get(0));
            }
            case "assert" -> {
                return new PAssert(p, operands(t, 1).get(0));
            }
            case "merge" -> {
                a = operands(t, 2);
                return new PMerge(p, a.get(0), a.get(1));
            }
            case "result" -> {
                return new PResult(p, operands(t, 1).get(0));
            }
            case "for" -> {
                a = operands(t, 3);
                return new PFor(p, a.get(0), a.get(1), a.get(2));
            }
            case "cudf" -> {
                return cudf(p);
            }
            case "zip" -> {
                expect("(");
                a = listUntil(")");
                if (a.isEmpty()) {
                    throw WeldException.parse(p, "zip takes at least 1 operand but found 0");
                }
                return new PZip(p, a);
            }
            case "iter" -> {
                return iterator(t, IterKind.SCALAR, 1, 4);
            }
            case "simditer" -> {
                return iterator(t, IterKind.SIMD, 1, 4);
            }
            case "fringeiter" -> {
                return iterator(t, IterKind.FRINGE, 1, 4);
            }
            case "nditer" -> {
                return iterator(t, IterKind.ND, 1, 4, 6);
            }
            case "rangeiter" -> {
                a = operands(t, 3);
                return new PIter(p, IterKind.RANGE, null, a.get(0), a.get(1), a.get(2), null, null);
            }
            case "appender", "merger", "dictmerger", "groupmerger", "vecmerger" -> {
                return newBuilder(t);
            }
            case "type", "macro" -> throw WeldException.parse(p, "unexpected '" + kw
                    + "': type aliases come first, then macros, then the program's function");
            default -> throw WeldException.parse(p, "expected an expression but found '" + kw + "'");
        }
    }

    /**
     * {@code (e1, ..., en)} after keyword {@code kw}, where {@code n} must be one of {@code counts} (ascending). Too
     * many operands are reported at the first extra comma, too few at the closing parenthesis.
     */
    private List<PExpr> operands(Token kw, int... counts) {
        expect("(");
        int max = counts[counts.length - 1];
        List<PExpr> args = new ArrayList<>();
        if (!peek().is(")")) {
            args.add(expr());
            while (peek().is(",")) {
                if (args.size() == max) {
                    throw error(kw.text() + " takes " + countText(counts) + " but found more");
                }
                advance();
                args.add(expr());
            }
        }
        if (!peek().is(")")) {
            throw error("expected ',' or ')' but found " + peek().describe());
        }
        boolean counted = false;
        for (int n : counts) {
            counted |= n == args.size();
        }
        if (!counted) {
            throw error(kw.text() + " takes " + countText(counts) + " but found " + args.size());
        }
        advance();
        return args;
    }

    private static String countText(int... counts) {
        String n = counts.length == 1 ? Integer.toString(counts[0])
                : IntStream.of(counts).limit(counts.length - 1L).mapToObj(Integer::toString).collect(Collectors.joining(", "))
                        + " or " + counts[counts.length - 1];
        return n + (counts.length == 1 && counts[0] == 1 ? " operand" : " operands");
    }

    /** An iterator form over a vector: the data, then optionally start, end, stride (and, for nditer, shape, strides). */
    private PIter iterator(Token t, IterKind kind, int... counts) {
        List<PExpr> a = operands(t, counts);
        return new PIter(t.pos(), kind, a.get(0), operand(a, 1), operand(a, 2), operand(a, 3), operand(a, 4),
                operand(a, 5));
    }

    private static PExpr operand(List<PExpr> a, int i) {
        return i < a.size() ? a.get(i) : null;
    }

    /** {@code cudf[name, T](args)}. */
    private PCudf cudf(Pos p) {
        expect("[");
        Token name = peek();
        if (name.kind() != TokenKind.IDENT && name.kind() != TokenKind.KEYWORD) {
            throw error("expected a C function name but found " + name.describe());
        }
        advance();
        expect(",");
        PType type = type();
        expect("]");
        expect("(");
        return new PCudf(p, name.text(), type, listUntil(")"));
    }

    /**
     * A builder constructor, as in the reference: {@code appender[T]}, {@code merger[T, op]} and
     * {@code dictmerger[K, V, op]} with an optional argument in parentheses; {@code groupmerger[K, V]} without one;
     * {@code vecmerger[T, op](v)} with a required one. The builders without a merge operator may omit their
     * brackets, {@code appender} and {@code groupmerger}, leaving their types to inference (the reference allows
     * this for {@code appender} only).
     */
    private PNewBuilder newBuilder(Token t) {
        BuilderKind kind = builderKind(t.text());
        boolean bare = (kind == BuilderKind.APPENDER || kind == BuilderKind.GROUPMERGER) && !peek().is("[");
        PBuilder type = bare ? new PBuilder(t.pos(), kind, List.of(), null) : builderParams(t, kind);
        PExpr arg = null;
        if (kind == BuilderKind.VECMERGER || kind != BuilderKind.GROUPMERGER && peek().is("(")) {
            arg = operands(t, 1).get(0);
        }
        return new PNewBuilder(t.pos(), type, arg);
    }

    private static BuilderKind builderKind(String keyword) {
        for (BuilderKind k : BuilderKind.values()) {
            if (k.keyword.equals(keyword)) {
                return k;
            }
        }
        throw new IllegalArgumentException(keyword);
    }

    /** The bracketed parameters of a builder: element or key and value types, and the merge operator. */
    private PBuilder builderParams(Token t, BuilderKind kind) {
        expect("[");
        List<PType> params = new ArrayList<>();
        params.add(type());
        if (kind == BuilderKind.DICTMERGER || kind == BuilderKind.GROUPMERGER) {
            expect(",");
            params.add(type());
        }
        BinOp op = null;
        if (kind != BuilderKind.APPENDER && kind != BuilderKind.GROUPMERGER) {
            expect(",");
            op = mergeOperator();
        }
        expect("]");
        return new PBuilder(t.pos(), kind, params, op);
    }

    private BinOp mergeOperator() {
        Token o = peek();
        BinOp op = o.is("+") ? BinOp.ADD : o.is("*") ? BinOp.MUL : o.is("min") ? BinOp.MIN : o.is("max") ? BinOp.MAX : null;
        if (op == null) {
            throw error("a builder's merge operator must be +, *, min or max, not " + o.describe());
        }
        advance();
        return op;
    }

    // ------------------------------------------------------------------ annotations

    /** {@code @(key: value, ...)}: keys are names, values literals or names, kept as their source text. */
    private Map<String, String> annotations() {
        expect("@");
        expect("(");
        Map<String, String> a = new LinkedHashMap<>();
        while (!peek().is(")")) {
            Token key = peek();
            if (key.kind() != TokenKind.IDENT && key.kind() != TokenKind.KEYWORD) {
                throw error("expected an annotation name but found " + key.describe());
            }
            advance();
            expect(":");
            a.put(key.text(), annotationValue());
            commaOrClose(")");
        }
        advance();
        return a;
    }

    private String annotationValue() {
        String sign = accept("-") ? "-" : "";
        Token v = peek();
        boolean number = v.kind() == TokenKind.INT || v.kind() == TokenKind.FLOAT;
        boolean other = v.kind() == TokenKind.STRING || v.kind() == TokenKind.IDENT || v.is("true") || v.is("false");
        if (!number && (!sign.isEmpty() || !other)) {
            throw error("expected an annotation value (a literal or a name) but found " + v.describe());
        }
        advance();
        return sign + v.text();
    }

    // ------------------------------------------------------------------ types

    /**
     * A type: a scalar, {@code vec[T]}, {@code dict[K, V]}, {@code simd[S]}, a struct {@code {T1, T2}}, a builder
     * type, {@code ?} (left to inference) or a type alias name, optionally preceded by annotations.
     */
    private PType type() {
        enter();
        try {
            Token t = peek();
            if (t.is("@")) {
                return new PAnnotatedType(t.pos(), annotations(), type());
            }
            if (t.kind() == TokenKind.IDENT) {
                advance();
                return new PAliasRef(t.pos(), t.text());
            }
            if (t.is("?")) {
                advance();
                return new PUnknown(t.pos());
            }
            if (t.is("{")) {
                advance();
                List<PType> fields = new ArrayList<>();
                while (!peek().is("}")) {
                    fields.add(type());
                    commaOrClose("}");
                }
                advance();
                return new PStruct(t.pos(), fields);
            }
            if (t.kind() != TokenKind.KEYWORD) {
                throw error("expected a type but found " + t.describe());
            }
            ScalarKind scalar = ScalarKind.byName(t.text());
            if (scalar != null) {
                advance();
                return new PScalar(t.pos(), scalar);
            }
            return compositeType(t);
        } finally {
            leave();
        }
    }

    private PType compositeType(Token t) {
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
                Token s = peek();
                ScalarKind k = s.kind() == TokenKind.KEYWORD ? ScalarKind.byName(s.text()) : null;
                if (k == null) {
                    throw error("simd takes a scalar type but found " + s.describe());
                }
                advance();
                expect("]");
                return new PSimd(t.pos(), k);
            }
            case "appender", "merger", "dictmerger", "groupmerger", "vecmerger" -> {
                advance();
                return builderParams(t, builderKind(t.text()));
            }
            default -> throw error("expected a type but found " + t.describe());
        }
    }
}
