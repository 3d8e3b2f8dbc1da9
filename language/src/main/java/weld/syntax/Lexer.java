package weld.syntax;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import weld.WeldException;

/**
 * Splits Weld source into {@link Token}s, following the reference tokenizer: {@code #} comments, keywords,
 * identifiers, string literals, integer literals in decimal, hexadecimal ({@code 0x}) and binary ({@code 0b}) with
 * the suffixes {@code c} (i8), {@code si} (i16), none (i32) and {@code L} (i64), float literals with an optional
 * exponent and {@code f} suffix (f32), and operators. Any other character is a parse error.
 */
public final class Lexer {
    static final Set<String> KEYWORDS = Set.of("if", "for", "zip", "len", "lookup", "optlookup", "keyexists", "slice",
            "sort", "exp", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "log", "erf", "sqrt",
            "simd", "select", "assert", "broadcast", "serialize", "deserialize", "iterate", "cudf", "simditer",
            "fringeiter", "rangeiter", "nditer", "iter", "merge", "result", "let", "true", "false", "macro", "type",
            "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "bool", "vec", "dict", "appender",
            "merger", "vecmerger", "dictmerger", "groupmerger", "tovec", "min", "max", "pow");

    private static final Pattern FLOAT = Pattern.compile("[0-9]+\\.[0-9]+([eE][-+]?[0-9]+)?[fF]?|[0-9]+[eE][-+]?[0-9]+[fF]?");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9$_]+");
    private static final String[] SYMBOLS = {"==", "!=", ">=", "<=", "&&", "||", "+", "-", "*", "/", "%", ",", "=",
        "(", ")", "[", "]", "{", "}", "@", "&", "|", "^", ".", ":", ";", "?", "!", "<", ">"};

    private final String text;
    private int offset;
    private int line = 1;
    private int lineStart;

    private Lexer(String text) {
        this.text = text;
    }

    public static List<Token> tokenize(String text) {
        return new Lexer(text).run();
    }

    private Pos pos(int start) {
        return new Pos(line, start - lineStart + 1, start, offset - start);
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (offset >= text.length()) {
                tokens.add(Token.simple(Token.Kind.EOF, "", new Pos(line, offset - lineStart + 1, offset, 0)));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private void skipSpaceAndComments() {
        while (offset < text.length()) {
            char c = text.charAt(offset);
            if (c == '\n') {
                offset++;
                line++;
                lineStart = offset;
            } else if (Character.isWhitespace(c)) {
                offset++;
            } else if (c == '#') {
                while (offset < text.length() && text.charAt(offset) != '\n') {
                    offset++;
                }
            } else {
                return;
            }
        }
    }

    private Token next() {
        int start = offset;
        char c = text.charAt(offset);
        if (c == '"') {
            int end = text.indexOf('"', offset + 1);
            int nl = text.indexOf('\n', offset + 1);
            if (end < 0 || (nl >= 0 && nl < end)) {
                offset = text.length();
                throw WeldException.parse(pos(start), "unterminated string literal");
            }
            String s = text.substring(offset + 1, end);
            offset = end + 1;
            for (char ch : s.toCharArray()) {
                if (ch > 127) {
                    throw WeldException.parse(pos(start), "string literals must be ASCII");
                }
            }
            return Token.simple(Token.Kind.STRING, s, pos(start));
        }
        if (Character.isDigit(c)) {
            Matcher f = FLOAT.matcher(text).region(offset, text.length());
            if (f.lookingAt() && !continuesWord(f.end())) {
                offset = f.end();
                return floatToken(f.group(), pos(start));
            }
        }
        Matcher w = WORD.matcher(text).region(offset, text.length());
        if (w.lookingAt()) {
            offset = w.end();
            String word = w.group();
            Pos p = pos(start);
            if (Character.isDigit(c)) {
                return number(word, p);
            }
            return Token.simple(KEYWORDS.contains(word) ? Token.Kind.KEYWORD : Token.Kind.IDENT, word, p);
        }
        for (String s : SYMBOLS) {
            if (text.startsWith(s, offset)) {
                offset += s.length();
                return Token.simple(Token.Kind.SYMBOL, s, pos(start));
            }
        }
        offset++;
        throw WeldException.parse(pos(start), "unexpected character '" + c + "'");
    }

    private boolean continuesWord(int end) {
        return end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_');
    }

    private static Token floatToken(String s, Pos p) {
        boolean f32 = s.endsWith("f") || s.endsWith("F");
        String digits = f32 ? s.substring(0, s.length() - 1) : s;
        double v = Double.parseDouble(digits);
        if (f32) {
            return new Token(Token.Kind.FLOAT, s, p, ScalarKind.F32, null, Float.parseFloat(digits));
        }
        return new Token(Token.Kind.FLOAT, s, p, ScalarKind.F64, null, v);
    }

    private static final Pattern INT = Pattern.compile("(0x[0-9a-fA-F]+?|0b[01]+|[0-9]+)(c|C|si|l|L)?");
    private static final Pattern F32_WORD = Pattern.compile("[0-9]+[fF]");

    private static Token number(String word, Pos p) {
        // The reference tries i8 before i16, i32 and i64, so "0x1c" is the i8 literal 1, not the i32 28.
        Matcher m = INT.matcher(word);
        if (m.matches()) {
            String digits = m.group(1);
            String suffix = m.group(2);
            ScalarKind k = suffix == null ? ScalarKind.I32 : switch (suffix) {
                case "c", "C" -> ScalarKind.I8;
                case "si" -> ScalarKind.I16;
                default -> ScalarKind.I64;
            };
            BigInteger v = digits.startsWith("0x") ? new BigInteger(digits.substring(2), 16)
                    : digits.startsWith("0b") ? new BigInteger(digits.substring(2), 2) : new BigInteger(digits);
            return new Token(Token.Kind.INT, word, p, k, v, 0);
        }
        if (F32_WORD.matcher(word).matches()) {
            return floatToken(word, p);
        }
        throw WeldException.parse(p, "invalid numeric literal '" + word + "'");
    }
}
