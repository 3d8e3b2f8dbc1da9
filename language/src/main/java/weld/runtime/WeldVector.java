package weld.runtime;

import java.nio.ByteOrder;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.InvalidBufferOffsetException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A {@code vec[T]}: a backing array ({@link Storage}; {@link StructColumns} for structs of scalars), an offset
 * and a length. Immutable once built; {@code slice}
 * makes a view on the same array, and the store may be an external buffer read in place. Exposed to other languages
 * as a read-only array and, for scalar elements, as a read-only buffer of the packed elements (interop buffer
 * messages, read from the backing array without copying it); its meta object is its type ({@link WeldTypeObject}). A
 * vector of structs of scalars also has members {@code $0}, {@code $1}, ...: its columns, each a vector of that
 * field on the same column arrays (no copy), so a host reads a field of every element in one buffer read.
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
        assert !(store instanceof Object[]) || notInColumns(elemType)
                : "a vector of structs of scalars is stored in columns";
    }

    /** Whether vectors of {@code elem} are not stored in columns ({@link StructLayout}). */
    @TruffleBoundary
    private static boolean notInColumns(WeldType elem) {
        return StructLayout.of(elem) == null;
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

    @ExportMessage
    boolean hasMembers() {
        return store instanceof StructColumns;
    }

    @ExportMessage
    Object getMembers(boolean includeInternal) throws UnsupportedMessageException {
        return MemberNames.ofFields(columns().layout.type.fields().size());
    }

    @ExportMessage
    @TruffleBoundary
    boolean isMemberReadable(String member) {
        return store instanceof StructColumns c && MemberNames.fieldIndex(member, c.layout.type.fields().size()) >= 0;
    }

    /** Member {@code $j}: field {@code j} of every element, a vector on the same column arrays. */
    @ExportMessage
    @TruffleBoundary
    Object readMember(String member) throws UnsupportedMessageException, UnknownIdentifierException {
        StructColumns c = columns();
        int j = MemberNames.fieldIndex(member, c.layout.type.fields().size());
        if (j < 0) {
            throw UnknownIdentifierException.create(member);
        }
        WeldType field = c.layout.type.fields().get(j).resolve();
        int first = c.layout.columnOf(j);
        StructLayout nested = StructLayout.of(field);
        Object store = nested == null ? c.column(first)
                : new StructColumns(nested, java.util.Arrays.copyOfRange(c.columns, first, first + nested.columnCount()));
        return new WeldVector(field, store, offset, length);
    }

    private StructColumns columns() throws UnsupportedMessageException {
        if (store instanceof StructColumns c) {
            return c;
        }
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    boolean hasMetaObject() {
        return true;
    }

    @ExportMessage
    @TruffleBoundary
    Object getMetaObject() {
        return new WeldTypeObject(new WeldType.Vec(elemType.resolve()));
    }

    @ExportMessage
    boolean hasBufferElements() {
        return kind != null;
    }

    @ExportMessage
    boolean isBufferWritable() throws UnsupportedMessageException {
        requireBuffer();
        return false;
    }

    @ExportMessage
    long getBufferSize() throws UnsupportedMessageException {
        requireBuffer();
        return VectorBytes.size(this);
    }

    @ExportMessage
    byte readBufferByte(long offset) throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        return (byte) VectorBytes.read(this, ByteOrder.LITTLE_ENDIAN, offset, 1);
    }

    @ExportMessage
    short readBufferShort(ByteOrder order, long offset) throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        return (short) VectorBytes.read(this, order, offset, 2);
    }

    @ExportMessage
    int readBufferInt(ByteOrder order, long offset) throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        return (int) VectorBytes.read(this, order, offset, 4);
    }

    @ExportMessage
    long readBufferLong(ByteOrder order, long offset) throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        return VectorBytes.read(this, order, offset, 8);
    }

    @ExportMessage
    float readBufferFloat(ByteOrder order, long offset) throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        return Float.intBitsToFloat((int) VectorBytes.read(this, order, offset, 4));
    }

    @ExportMessage
    double readBufferDouble(ByteOrder order, long offset) throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        return Double.longBitsToDouble(VectorBytes.read(this, order, offset, 8));
    }

    @ExportMessage
    void readBuffer(long offset, byte[] destination, int destinationOffset, int n)
            throws UnsupportedMessageException, InvalidBufferOffsetException {
        requireBuffer();
        VectorBytes.copy(this, offset, destination, destinationOffset, n);
    }

    @ExportMessage
    void writeBufferByte(long offset, byte value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    void writeBufferShort(ByteOrder order, long offset, short value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    void writeBufferInt(ByteOrder order, long offset, int value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    void writeBufferLong(ByteOrder order, long offset, long value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    void writeBufferFloat(ByteOrder order, long offset, float value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    void writeBufferDouble(ByteOrder order, long offset, double value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    private void requireBuffer() throws UnsupportedMessageException {
        if (kind == null) {
            throw UnsupportedMessageException.create();
        }
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
