package weld.syntax;

/** The classes of Weld tokens. */
public enum TokenKind {
    /** A name that is not a keyword: {@code [A-Za-z_$][A-Za-z0-9_$]*}. */
    IDENT,
    /** A reserved word such as {@code for}, {@code i32} or {@code true}. */
    KEYWORD,
    /** An integer literal such as {@code 7}, {@code 0x1FL} or {@code 3si}. */
    INT,
    /** A float literal such as {@code 1.5}, {@code 2e3} or {@code 0.5f}. */
    FLOAT,
    /** A string literal {@code "..."}. */
    STRING,
    /** An operator or punctuation mark. */
    SYMBOL,
    /** The end of the input. */
    EOF
}
