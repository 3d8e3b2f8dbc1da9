package weld.syntax;

/** Binary operators of Weld, with their source spelling. */
public enum BinOp {
    ADD("+"), SUB("-"), MUL("*"), DIV("/"), MOD("%"),
    EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="),
    LAND("&&"), LOR("||"), BAND("&"), BOR("|"), XOR("^"),
    MIN("min"), MAX("max"), POW("pow");

    public final String symbol;

    BinOp(String symbol) {
        this.symbol = symbol;
    }

    /** Whether the operator is written as a function, {@code min(a, b)}, rather than infix. */
    public boolean isFunctionForm() {
        return this == MIN || this == MAX || this == POW;
    }

    public boolean isComparison() {
        return this == EQ || this == NE || this == LT || this == LE || this == GT || this == GE;
    }

}
