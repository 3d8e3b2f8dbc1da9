package weld.ir;

/**
 * A variable of the typed IR: a source name plus a number that makes it unique in its program, so that shadowing
 * and macro hygiene never confuse two variables. Identity is by {@code id}.
 */
public record Symbol(String name, int id) {
    /** A name that is unique in the program and a valid Weld identifier. */
    public String uniqueName() {
        return id == 0 ? name : name + "__" + id;
    }

    /**
     * Written out rather than generated: symbols are the keys of the passes' sets and maps, and the generated
     * record methods go through method handles, which a JVM that has not compiled them yet runs slowly (most of
     * the optimizer's work in a program's first evaluation).
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Symbol s && id == s.id && name.equals(s.name);
    }

    @Override
    public int hashCode() {
        return 31 * id + name.hashCode();
    }

    @Override
    public String toString() {
        return uniqueName();
    }
}
