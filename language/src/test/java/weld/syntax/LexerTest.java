package weld.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import weld.WeldException;

/** The tokenizer: token kinds and spellings, literal values, positions, comments and lexical errors. */
class LexerTest {
    /** The tokens as {@code KIND:text} separated by spaces, without the final EOF. */
    private static String kinds(String text) {
        List<Token> tokens = Lexer.tokenize(text);
        assertEquals(TokenKind.EOF, tokens.getLast().kind());
        return tokens.subList(0, tokens.size() - 1).stream().map(t -> t.kind() + ":" + t.text())
                .collect(Collectors.joining(" "));
    }

    private static Token single(String text) {
        List<Token> tokens = Lexer.tokenize(text);
        assertEquals(2, tokens.size(), () -> "one token expected in " + text + ": " + tokens);
        return tokens.get(0);
    }

    private static WeldException error(String text) {
        WeldException e = assertThrows(WeldException.class, () -> Lexer.tokenize(text));
        assertEquals(WeldException.Kind.PARSE, e.kind());
        return e;
    }

    @Test
    void mixedInput() {
        assertEquals("SYMBOL:| IDENT:acc SYMBOL:: KEYWORD:vec SYMBOL:[ KEYWORD:f32 SYMBOL:] SYMBOL:| IDENT:acc SYMBOL:. "
                + "IDENT:$1 SYMBOL:>= INT:3 SYMBOL:&& SYMBOL:! IDENT:ok SYMBOL:|| IDENT:n SYMBOL:!= FLOAT:2.5",
                kinds("|acc: vec[f32]| acc.$1 >= 3 && !ok || n != 2.5"));
    }

    @Test
    void everySymbol() {
        assertEquals("+ - * / % == != < <= > >= && || & | ^ ! = ( ) [ ] { } , . : ; ? @",
                Lexer.tokenize("+ - * / % == != < <= > >= && || & | ^ ! = ( ) [ ] { } , . : ; ? @").stream()
                        .filter(t -> t.kind() == TokenKind.SYMBOL).map(Token::text).collect(Collectors.joining(" ")));
    }

    @Test
    void longestSymbolWins() {
        assertEquals("SYMBOL:<= SYMBOL:== SYMBOL:= SYMBOL:|| SYMBOL:| SYMBOL:&& SYMBOL:& SYMBOL:!= SYMBOL:!",
                kinds("<=== =||| &&& !=!"));
    }

    @Test
    void keywordsAndIdentifiers() {
        assertEquals("IDENT:iffy KEYWORD:if IDENT:_tmp1 IDENT:$x IDENT:Merger KEYWORD:merger KEYWORD:i32 IDENT:i128 "
                + "KEYWORD:true KEYWORD:groupmerger KEYWORD:nditer IDENT:iterx",
                kinds("iffy if _tmp1 $x Merger merger i32 i128 true groupmerger nditer iterx"));
        for (String kw : Lexer.KEYWORDS) {
            assertEquals(TokenKind.KEYWORD, single(kw).kind(), kw);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "17, I32, 17",
        "0017, I32, 17",
        "17c, I8, 17",
        "17C, I8, 17",
        "17si, I16, 17",
        "17l, I64, 17",
        "17L, I64, 17",
        "0x1F, I32, 31",
        "0xff, I32, 255",
        "0x1fL, I64, 31",
        "0x7Fsi, I16, 127",
        "0x1c, I8, 1",
        "0xcc, I8, 12",
        "0xc, I32, 12",
        "0b1011, I32, 11",
        "0b11c, I8, 3",
        "0b1L, I64, 1",
        "0xFFFFFFFF, I32, 4294967295",
        "99999999999999999999L, I64, 99999999999999999999",
    })
    void integerLiterals(String text, ScalarKind kind, String value) {
        Token t = single(text);
        assertEquals(TokenKind.INT, t.kind());
        assertEquals(text, t.text());
        assertEquals(kind, t.literalKind());
        assertEquals(new BigInteger(value), t.intValue(), "the range is checked by the parser");
    }

    @ParameterizedTest
    @CsvSource({
        "1.5, F64, 1.5",
        "2e3, F64, 2000.0",
        "2E3, F64, 2000.0",
        "1.5e-3, F64, 0.0015",
        "0.25f, F32, 0.25",
        "4e1f, F32, 40.0",
        "4F, F32, 4.0",
        "7f, F32, 7.0",
        "1e400, F64, Infinity",
    })
    void floatLiterals(String text, ScalarKind kind, double value) {
        Token t = single(text);
        assertEquals(TokenKind.FLOAT, t.kind());
        assertEquals(kind, t.literalKind());
        assertEquals(value, t.floatValue());
    }

    @Test
    void f32LiteralsAreRoundedToFloat() {
        assertEquals((double) 0.1f, single("0.1f").floatValue());
        assertEquals(0.1, single("0.1").floatValue());
        assertEquals((double) 16777217f, single("16777217.0f").floatValue());
    }

    @Test
    void numberFollowedBySymbols() {
        assertEquals("INT:1 SYMBOL:- INT:2", kinds("1-2"));
        assertEquals("FLOAT:1e-2", kinds("1e-2"));
        assertEquals("INT:0x1e SYMBOL:- INT:5", kinds("0x1e-5"));
        assertEquals("FLOAT:2.5 SYMBOL:. IDENT:$0", kinds("2.5.$0"));
        assertEquals("IDENT:p SYMBOL:. INT:0", kinds("p.0"));
    }

    @Test
    void stringLiterals() {
        Token t = single("\"a # b, 'c'\"");
        assertEquals(TokenKind.STRING, t.kind());
        assertEquals("a # b, 'c'", t.stringValue());
        assertEquals("\"a # b, 'c'\"", t.text());
        assertEquals(new Pos(1, 1, 0, 12), t.pos());
        assertEquals("STRING:\"\" IDENT:x", kinds("\"\"x"));
    }

    @Test
    void stringLiteralsMaySpanLines() {
        List<Token> tokens = Lexer.tokenize("\"one\ntwo\" x");
        assertEquals("one\ntwo", tokens.get(0).stringValue());
        assertEquals(new Pos(2, 6, 10, 1), tokens.get(1).pos());
    }

    @Test
    void commentsRunToTheEndOfTheLine() {
        assertEquals("IDENT:a IDENT:b", kinds("# leading\na # trailing + - ~\n# only\nb #"));
        assertEquals("", kinds("# nothing but a comment"));
    }

    @Test
    void positionsAreOneBasedLinesAndColumnsWithOffsetAndLength() {
        List<Token> t = Lexer.tokenize("|x: i64|\n  # note\n\tlet yy = 0x10L;");
        assertEquals(new Pos(1, 1, 0, 1), t.get(0).pos());
        assertEquals(new Pos(1, 5, 4, 3), t.get(3).pos());
        assertEquals(new Pos(3, 2, 19, 3), t.get(5).pos(), "a tab counts as one column");
        assertEquals(new Pos(3, 6, 23, 2), t.get(6).pos());
        assertEquals(new Pos(3, 11, 28, 5), t.get(8).pos());
        assertEquals(new Pos(3, 17, 34, 0), t.getLast().pos());
        assertEquals(new Pos(2, 1, 1, 0), Lexer.tokenize("\n").getLast().pos());
    }

    @Test
    void crlfLineEnds() {
        assertEquals(new Pos(2, 1, 3, 1), Lexer.tokenize("a\r\nb").get(1).pos());
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " @@ ", value = {
        "x ~ 1 @@ 1:3 @@ unexpected character '~'",
        "a\\n  `b` @@ 2:3 @@ unexpected character '`'",
        "café @@ 1:4 @@ unexpected character 'é'",
        "0a @@ 1:1 @@ invalid numeric literal '0a'",
        "x + 12abc @@ 1:5 @@ invalid numeric literal '12abc'",
        "1.5x @@ 1:1 @@ invalid numeric literal '1.5x'",
        "2e3L @@ 1:1 @@ invalid numeric literal '2e3L'",
        "0b102 @@ 1:1 @@ invalid numeric literal '0b102'",
        "0x @@ 1:1 @@ invalid numeric literal '0x'",
        "0xfg @@ 1:1 @@ invalid numeric literal '0xfg'",
        "1e+5 @@ 1:1 @@ invalid numeric literal '1e'",
        "17u @@ 1:1 @@ invalid numeric literal '17u'",
        "a \"open @@ 1:3 @@ unterminated string literal",
        "\"naïve\" @@ 1:4 @@ string literals must be ASCII",
    })
    void lexicalErrors(String text, String pos, String message) {
        WeldException e = error(text.replace("\\n", "\n"));
        assertEquals(pos, e.pos().toString());
        assertTrue(e.getMessage().startsWith("parse error at " + pos + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
