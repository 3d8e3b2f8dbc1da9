package weld.syntax;

/** The iterator forms allowed as the first operand of {@code for} (and inside {@code zip}). */
public enum IterKind {
    SCALAR("iter"), SIMD("simditer"), FRINGE("fringeiter"), RANGE("rangeiter"), ND("nditer");

    public final String keyword;

    IterKind(String keyword) {
        this.keyword = keyword;
    }
}
