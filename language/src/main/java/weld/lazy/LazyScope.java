package weld.lazy;

import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.WeldLanguage;
import weld.runtime.MemberNames;

/**
 * The top scope of the Weld language, which a Java host reads as {@code context.getBindings("weld")}: its one member
 * {@code lazy} is the lazy API ({@link LazyApi}).
 */
@ExportLibrary(InteropLibrary.class)
final class LazyScope implements TruffleObject {
    private static final MemberNames MEMBERS = new MemberNames(LazyApi.SOURCE);

    private final LazyApi api;

    LazyScope(LazyApi api) {
        this.api = api;
    }

    @ExportMessage
    boolean isScope() {
        return true;
    }

    @ExportMessage
    boolean hasLanguage() {
        return true;
    }

    @ExportMessage
    Class<? extends TruffleLanguage<?>> getLanguage() {
        return WeldLanguage.class;
    }

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(boolean includeInternal) {
        return MEMBERS;
    }

    @ExportMessage
    boolean isMemberReadable(String member) {
        return MEMBERS.contains(member);
    }

    @ExportMessage
    Object readMember(String member) throws UnknownIdentifierException {
        if (!MEMBERS.contains(member)) {
            throw UnknownIdentifierException.create(member);
        }
        return api;
    }

    @ExportMessage
    Object toDisplayString(boolean allowSideEffects) {
        return "weld bindings";
    }
}
