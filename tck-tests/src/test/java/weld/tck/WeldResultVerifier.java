package weld.tck;

import java.util.List;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.tck.ResultVerifier;
import org.graalvm.polyglot.tck.TypeDescriptor;

/**
 * Checks a snippet run against a model of the Weld program: the exact result, or the guest error the program must
 * raise. A snippet declares its parameters with the coarse TCK types (any {@code NUMBER} for an {@code i8}); the
 * model decides which of those values the Weld parameter accepts, so a value out of range must fail with an error
 * that names the parameter and its Weld type. A value outside the declared TCK type is a type error that the
 * verifier propagates, as {@code ErrorTypeTest} expects; a host exception leaking as an internal error always fails.
 */
final class WeldResultVerifier implements ResultVerifier {
    /** Computes the expected result from the arguments, or throws the error the program must raise. */
    interface Model {
        Object expect(List<? extends Value> args) throws GuestError;
    }

    /** The guest error a run must raise, identified by a fragment of its message. */
    static final class GuestError extends Exception {
        private static final long serialVersionUID = 1L;

        GuestError(String fragment) {
            super(fragment, null, false, false);
        }

        /** The error for an argument that parameter {@code name} of Weld type {@code type} must reject. */
        static GuestError argument(String name, String type) {
            return new GuestError("argument '" + name + "': expected " + type);
        }
    }

    private final List<Param> parameters;
    private final TypeDescriptor returnType;
    private final Model model;

    WeldResultVerifier(List<Param> parameters, TypeDescriptor returnType, Model model) {
        this.parameters = parameters;
        this.returnType = returnType;
        this.model = model;
    }

    @Override
    public void accept(SnippetRun run) throws PolyglotException {
        PolyglotException exception = run.getException();
        List<? extends Value> args = run.getParameters();
        if (exception != null && exception.isInternalError()) {
            throw new AssertionError("a host exception leaked instead of a guest error: " + exception.getMessage(), exception);
        }
        if (exception != null && !declaredTypesMatch(args)) {
            throw exception;
        }
        Object expected;
        try {
            expected = model.expect(args);
        } catch (GuestError error) {
            if (exception == null) {
                throw new AssertionError("expected an error containing \"" + error.getMessage() + "\" but got " + run.getResult());
            }
            if (!exception.isGuestException() || !exception.getMessage().contains(error.getMessage())) {
                throw new AssertionError("expected an error containing \"" + error.getMessage() + "\" but got: " + exception.getMessage(), exception);
            }
            return;
        }
        if (exception != null) {
            throw exception;
        }
        Value result = run.getResult();
        if (!returnType.isAssignable(TypeDescriptor.forValue(result))) {
            throw new AssertionError("result " + result + " is not a " + returnType);
        }
        if (!Results.matches(expected, result)) {
            throw new AssertionError("expected " + expected + " but got " + result);
        }
    }

    private boolean declaredTypesMatch(List<? extends Value> args) {
        for (int i = 0; i < args.size(); i++) {
            if (!parameters.get(i).applies().test(args.get(i))) {
                return false;
            }
        }
        return true;
    }
}
