package weld.syntax;

import java.math.BigInteger;

/**
 * A token of Weld source: its kind, its exact source spelling and its position (with offset and length). Integer
 * literals also carry the kind given by their suffix and their unsigned magnitude, whose range the parser checks
 * (it knows whether a minus sign precedes); float literals carry their kind and value, already rounded to
 * {@code float} for {@code f32}.
 */
public record Token(TokenKind kind, String text, Pos pos, ScalarKind literalKind, BigInteger intValue, double floatValue) {

    static Token of(TokenKind kind, String text, Pos pos) {
        return new Token(kind, text, pos, null, null, 0);
    }

    /** Whether this is the keyword or symbol {@code s}. */
    public boolean is(String s) {
        return (kind == TokenKind.KEYWORD || kind == TokenKind.SYMBOL) && text.equals(s);
    }

    /** The characters of a string literal, without the quotes. */
    public String stringValue() {
        return text.substring(1, text.length() - 1);
    }

    /** How the token is shown in error messages: quoted source text, or {@code end of input}. */
    public String describe() {
        return kind == TokenKind.EOF ? "end of input" : "'" + text + "'";
    }
}
