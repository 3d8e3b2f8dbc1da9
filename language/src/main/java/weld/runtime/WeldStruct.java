package weld.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.types.WeldType;

/**
 * A struct value: its fields boxed in their carriers. Exposed to other languages as a read-only array and as an
 * object with read-only members {@code $0}, {@code $1}, ... (the field names Weld's reference uses).
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldStruct implements TruffleObject {
    public final WeldType.Struct type;
    public final Object[] fields;

    public WeldStruct(WeldType.Struct type, Object[] fields) {
        this.type = type;
        this.fields = fields;
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return fields.length;
    }

    @ExportMessage
    boolean isArrayElementReadable(long index) {
        return index >= 0 && index < fields.length;
    }

    @ExportMessage
    @TruffleBoundary
    Object readArrayElement(long index) throws InvalidArrayIndexException {
        if (index < 0 || index >= fields.length) {
            throw InvalidArrayIndexException.create(index);
        }
        return Exporter.export(type.fields().get((int) index), fields[(int) index]);
    }

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(boolean includeInternal) {
        return MemberNames.ofFields(fields.length);
    }

    @ExportMessage
    @TruffleBoundary
    boolean isMemberReadable(String member) {
        return MemberNames.fieldIndex(member, fields.length) >= 0;
    }

    @ExportMessage
    @TruffleBoundary
    Object readMember(String member) throws UnknownIdentifierException {
        int i = MemberNames.fieldIndex(member, fields.length);
        if (i < 0) {
            throw UnknownIdentifierException.create(member);
        }
        return Exporter.export(type.fields().get(i), fields[i]);
    }

    @Override
    @TruffleBoundary
    public boolean equals(Object o) {
        return o instanceof WeldStruct s && Arrays.equals(fields, s.fields);
    }

    @Override
    @TruffleBoundary
    public int hashCode() {
        return Arrays.hashCode(fields);
    }

    @Override
    @TruffleBoundary
    public String toString() {
        return "{" + String.join(", ", Arrays.stream(fields).map(String::valueOf).toList()) + "}";
    }
}
