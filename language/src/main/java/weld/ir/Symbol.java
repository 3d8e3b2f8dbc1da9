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

    @Override
    public String toString() {
        return uniqueName();
    }
}
