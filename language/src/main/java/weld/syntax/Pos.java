package weld.syntax;

/** A position in a Weld source text: 1-based line and column, 0-based character offset, and length. */
public record Pos(int line, int column, int offset, int length) {
    /** A position for synthesized nodes that have no source text (built-in macros). */
    public static final Pos NONE = new Pos(0, 0, -1, 0);

    public boolean isKnown() {
        return offset >= 0;
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
