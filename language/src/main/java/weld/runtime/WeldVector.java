package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A {@code vec[T]}: a backing array ({@link Storage}), an offset and a length. Immutable once built; {@code slice}
 * makes a view on the same array. Exposed to other languages as a read-only array.
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldVector implements TruffleObject {
    public final WeldType elemType;
    /** The scalar kind of the elements, or null when they are objects. */
    public final ScalarKind kind;
    public final Object store;
    public final int offset;
    public final int length;

    public WeldVector(WeldType elemType, Object store, int offset, int length) {
        this.elemType = elemType;
        this.kind = Storage.kindOf(elemType);
        this.store = store;
        this.offset = offset;
        this.length = length;
    }

    /** Element {@code i} (0-based, unchecked) boxed in its carrier. */
    public Object get(int i) {
        return Storage.readBoxed(kind, store, offset + i);
    }

    public WeldVector slice(int from, int n) {
        return new WeldVector(elemType, store, offset + from, n);
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return length;
    }

    @ExportMessage
    boolean isArrayElementReadable(long index) {
        return index >= 0 && index < length;
    }

    @ExportMessage
    @TruffleBoundary
    Object readArrayElement(long index) throws InvalidArrayIndexException {
        if (index < 0 || index >= length) {
            throw InvalidArrayIndexException.create(index);
        }
        return Exporter.export(elemType, get((int) index));
    }

    @Override
    @TruffleBoundary
    public boolean equals(Object o) {
        return o instanceof WeldVector v && ValueOrder.equal(this, v);
    }

    @Override
    @TruffleBoundary
    public int hashCode() {
        return ValueOrder.hash(this);
    }

    @Override
    @TruffleBoundary
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < length; i++) {
            sb.append(i == 0 ? "" : ", ").append(get(i));
        }
        return sb.append(']').toString();
    }
}
