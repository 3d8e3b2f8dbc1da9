package weld.lazy;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * A method of a lazy API object read as a value ({@code f = obj.evaluate}), for languages that read a member before
 * calling it; executing it invokes the member on its receiver.
 */
@ExportLibrary(InteropLibrary.class)
final class BoundMethod implements TruffleObject {
    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();

    private final Object receiver;
    private final String member;

    BoundMethod(Object receiver, String member) {
        this.receiver = receiver;
        this.member = member;
    }

    @ExportMessage
    boolean isExecutable() {
        return true;
    }

    @ExportMessage
    @TruffleBoundary
    Object execute(Object[] args) throws ArityException, UnsupportedTypeException, UnsupportedMessageException {
        try {
            return INTEROP.invokeMember(receiver, member, args);
        } catch (UnknownIdentifierException e) {
            throw UnsupportedMessageException.create(e);
        }
    }

    @ExportMessage
    Object toDisplayString(boolean allowSideEffects) {
        return "weld lazy method " + member;
    }
}
