package weld.runtime;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** The member names {@code $0 .. $n-1} of a struct, as the interop array that {@code getMembers} returns. */
@ExportLibrary(InteropLibrary.class)
final class MemberNames implements TruffleObject {
    private final int count;

    MemberNames(int count) {
        this.count = count;
    }

    /** The field index a member name stands for, or -1. */
    static int index(String name, int count) {
        if (name.length() < 2 || name.charAt(0) != '$' || name.length() > 11) {
            return -1;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i)) || i == 1 && name.charAt(1) == '0' && name.length() > 2) {
                return -1;
            }
        }
        long i = Long.parseLong(name.substring(1));
        return i < count ? (int) i : -1;
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return count;
    }

    @ExportMessage
    boolean isArrayElementReadable(long i) {
        return i >= 0 && i < count;
    }

    @ExportMessage
    Object readArrayElement(long i) throws InvalidArrayIndexException {
        if (i < 0 || i >= count) {
            throw InvalidArrayIndexException.create(i);
        }
        return "$" + i;
    }
}
