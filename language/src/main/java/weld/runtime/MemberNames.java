package weld.runtime;

import java.util.List;
import java.util.stream.IntStream;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * The member names of a Weld object, as the interop array that {@code getMembers} returns: the fields {@code $0 ..
 * $n-1} of a struct, or the methods and properties of a lazy API object.
 */
@ExportLibrary(InteropLibrary.class)
public final class MemberNames implements TruffleObject {
    private final List<String> names;

    public MemberNames(String... names) {
        this.names = List.of(names);
    }

    /** The names {@code $0 .. $n-1} of a struct's fields. */
    @TruffleBoundary
    static MemberNames ofFields(int count) {
        return new MemberNames(IntStream.range(0, count).mapToObj(i -> "$" + i).toArray(String[]::new));
    }

    /** The field index a member name {@code $i} stands for in a struct of {@code count} fields, or -1. */
    static int fieldIndex(String name, int count) {
        if (name.length() < 2 || name.length() > 11 || name.charAt(0) != '$'
                || name.charAt(1) == '0' && name.length() > 2) {
            return -1;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return -1;
            }
        }
        long i = Long.parseLong(name.substring(1));
        return i < count ? (int) i : -1;
    }

    public boolean contains(String name) {
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
