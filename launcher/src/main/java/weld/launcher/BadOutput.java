package weld.launcher;

/** A result cannot be written where the user asked for it; the message names the file and says why. */
final class BadOutput extends Exception {
    private static final long serialVersionUID = 1L;

    BadOutput(String message) {
        super(message);
    }
}
