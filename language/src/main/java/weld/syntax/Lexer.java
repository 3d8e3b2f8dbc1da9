package weld.syntax;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import weld.WeldException;

/**
 * The Weld tokenizer. It follows the reference tokenizer: {@code #} starts a comment to the end of the line; a
 * string literal {@code "..."} holds ASCII characters (line breaks included); a word of letters, digits, {@code _}
 * and {@code $} is a keyword, an identifier (not starting with a digit) or a number; float literals are
 * {@code 1.5}, {@code 2e3}, {@code 1.5e-3} with an optional {@code f}/{@code F} suffix for {@code f32} (also
 * {@code 4f}); integer literals are decimal, hexadecimal ({@code 0x}) or binary ({@code 0b}) with the suffix
 * {@code c}/{@code C} (i8), {@code si} (i16), none (i32) or {@code l}/{@code L} (i64). As in the reference a
 * hexadecimal literal ending in {@code c} is an i8 literal: {@code 0x1c} is the i8 value 1. A number followed
 * directly by letters, and any character that starts no token (such as {@code ~}), is a parse error.
 */
public final class Lexer {
    /** The reserved words of Weld. */
    static final Set<String> KEYWORDS = Set.of("if", "for", "zip", "len", "lookup", "optlookup", "keyexists", "slice",
            "sort", "exp", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "log", "erf", "sqrt",
            "simd", "select", "assert", "broadcast", "serialize", "deserialize", "iterate", "cudf", "simditer",
            "fringeiter", "rangeiter", "nditer", "iter", "merge", "result", "let", "true", "false", "macro", "type",
            "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "bool", "vec", "dict", "appender",
            "merger", "vecmerger", "dictmerger", "groupmerger", "tovec", "min", "max", "pow");

    /** Two-character symbols first, so that the longest symbol wins. */
    private static final String[] SYMBOLS = {"==", "!=", ">=", "<=", "&&", "||", "+", "-", "*", "/", "%", ",", "=",
        "(", ")", "[", "]", "{", "}", "@", "&", "|", "^", ".", ":", ";", "?", "!", "<", ">"};

    private static final Pattern FLOAT = Pattern.compile("[0-9]+\\.[0-9]+(?:[eE]-?[0-9]+)?[fF]?|[0-9]+[eE]-?[0-9]+[fF]?");
    /** Hex digits are matched lazily so that a final {@code c} is read as the i8 suffix, as the reference does. */
    private static final Pattern INT = Pattern.compile("(?:0x([0-9a-fA-F]+?)|0b([01]+)|([0-9]+))(c|C|si|l|L)?");
    private static final Pattern F32_WORD = Pattern.compile("[0-9]+[fF]");

    private final String text;
    private int offset;
    private int line = 1;
    private int lineStart;

    private Lexer(String text) {
        this.text = text;
    }

    /** The tokens of {@code text}, ending with an {@link TokenKind#EOF} token. */
    public static List<Token> tokenize(String text) {
        return new Lexer(text).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (offset >= text.length()) {
                tokens.add(Token.of(TokenKind.EOF, "", pos(offset, line, lineStart)));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private Pos pos(int start, int startLine, int startLineStart) {
        return new Pos(startLine, start - startLineStart + 1, start, offset - start);
    }

    private void skipSpaceAndComments() {
        while (offset < text.length()) {
            char c = text.charAt(offset);
            if (c == '#') {
                while (offset < text.length() && text.charAt(offset) != '\n') {
                    offset++;
                }
            } else if (Character.isWhitespace(c)) {
                advanceChar();
            } else {
                return;
            }
        }
    }

    private void advanceChar() {
        if (text.charAt(offset++) == '\n') {
            line++;
            lineStart = offset;
        }
    }

    private static boolean isWordChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '$');
    }

    private Token next() {
        int start = offset;
        char c = text.charAt(offset);
        if (c == '"') {
            return string();
        }
        if (isWordChar(c)) {
            return word();
        }
        for (String s : SYMBOLS) {
            if (text.startsWith(s, offset)) {
                offset += s.length();
                return Token.of(TokenKind.SYMBOL, s, pos(start, line, lineStart));
            }
        }
        offset++;
        throw WeldException.parse(pos(start, line, lineStart), "unexpected character '" + c + "'");
    }

    private Token string() {
        int start = offset;
        int startLine = line;
        int startLineStart = lineStart;
        offset++;
        while (offset < text.length() && text.charAt(offset) != '"') {
            if (text.charAt(offset) > 127) {
                Pos at = new Pos(line, offset - lineStart + 1, offset, 1);
                throw WeldException.parse(at, "string literals must be ASCII, found '" + text.charAt(offset) + "'");
            }
            advanceChar();
        }
        if (offset >= text.length()) {
            throw WeldException.parse(pos(start, startLine, startLineStart), "unterminated string literal");
        }
        offset++;
        return Token.of(TokenKind.STRING, text.substring(start, offset), pos(start, startLine, startLineStart));
    }

    private Token word() {
        int start = offset;
        char c = text.charAt(offset);
        if (Character.isDigit(c)) {
            Matcher f = FLOAT.matcher(text).region(offset, text.length());
            if (f.lookingAt()) {
                offset = f.end();
                if (offset >= text.length() || !isWordChar(text.charAt(offset))) {
                    return floatToken(f.group(), pos(start, line, lineStart));
                }
            }
        }
        while (offset < text.length() && isWordChar(text.charAt(offset))) {
            offset++;
        }
        String word = text.substring(start, offset);
        Pos p = pos(start, line, lineStart);
        if (Character.isDigit(c)) {
            return number(word, p);
        }
        return Token.of(KEYWORDS.contains(word) ? TokenKind.KEYWORD : TokenKind.IDENT, word, p);
    }

    private static Token floatToken(String s, Pos p) {
        boolean f32 = s.endsWith("f") || s.endsWith("F");
        String digits = f32 ? s.substring(0, s.length() - 1) : s;
        double value = f32 ? Float.parseFloat(digits) : Double.parseDouble(digits);
        return new Token(TokenKind.FLOAT, s, p, f32 ? ScalarKind.F32 : ScalarKind.F64, null, value);
    }

    private static Token number(String word, Pos p) {
        Matcher m = INT.matcher(word);
        if (m.matches()) {
            BigInteger value = m.group(1) != null ? new BigInteger(m.group(1), 16)
                    : m.group(2) != null ? new BigInteger(m.group(2), 2) : new BigInteger(m.group(3));
            String suffix = m.group(4);
            ScalarKind kind = suffix == null ? ScalarKind.I32 : switch (suffix) {
                case "c", "C" -> ScalarKind.I8;
                case "si" -> ScalarKind.I16;
                default -> ScalarKind.I64;
            };
            return new Token(TokenKind.INT, word, p, kind, value, 0);
        }
        if (F32_WORD.matcher(word).matches()) {
            return floatToken(word, p);
        }
        throw WeldException.parse(p, "invalid numeric literal '" + word + "'");
    }
}
