package weld.syntax;

import java.math.BigInteger;

/**
 * A token of Weld source. {@code text} is the source spelling; integer literals carry their unsigned magnitude and
 * kind (the range is checked by the parser, which knows whether a minus sign precedes), float literals their value
 * (already rounded for {@code f32}).
 */
public record Token(Kind kind, String text, Pos pos, ScalarKind literalKind, BigInteger intValue, double floatValue) {
    /** Token classes. */
    public enum Kind { IDENT, KEYWORD, INT, FLOAT, STRING, SYMBOL, EOF }

    static Token simple(Kind kind, String text, Pos pos) {
        return new Token(kind, text, pos, null, null, 0);
    }

    public boolean is(String s) {
        return (kind == Kind.KEYWORD || kind == Kind.SYMBOL) && text.equals(s);
    }

    /** How the token is shown in error messages. */
    public String describe() {
        return kind == Kind.EOF ? "end of input" : "'" + text + "'";
    }
}
