package weld.launcher;

/** A user's input file or argument is unusable; the message names it and says what was expected. */
final class BadInput extends Exception {
    private static final long serialVersionUID = 1L;

    BadInput(String message) {
        super(message);
    }
}
