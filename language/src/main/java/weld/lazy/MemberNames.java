package weld.lazy;

import java.util.List;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** The member names of a lazy API object, as the interop array that {@code getMembers} returns. */
@ExportLibrary(InteropLibrary.class)
final class MemberNames implements TruffleObject {
    private final List<String> names;

    MemberNames(String... names) {
        this.names = List.of(names);
    }

    boolean contains(String name) {
        return names.contains(name);
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return names.size();
    }

    @ExportMessage
    boolean isArrayElementReadable(long index) {
        return index >= 0 && index < names.size();
    }

    @ExportMessage
    Object readArrayElement(long index) throws InvalidArrayIndexException {
        if (!isArrayElementReadable(index)) {
            throw InvalidArrayIndexException.create(index);
        }
        return names.get((int) index);
    }
}
