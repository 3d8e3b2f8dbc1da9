package weld.syntax;

/** Unary operators: negation, logical not, and the math functions of {@code math.h}. */
public enum UnaryOp {
    NEG("-"), NOT("!"),
    EXP("exp"), LOG("log"), SQRT("sqrt"), SIN("sin"), COS("cos"), TAN("tan"),
    ASIN("asin"), ACOS("acos"), ATAN("atan"), SINH("sinh"), COSH("cosh"), TANH("tanh"), ERF("erf");

    public final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    public boolean isMath() {
        return this != NEG && this != NOT;
    }
}
