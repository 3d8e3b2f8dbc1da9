package weld.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InvalidBufferOffsetException;

import weld.runtime.external.ExternalBuffer;
import weld.syntax.ScalarKind;

/**
 * The bytes of a vector of scalars as other languages read them through the interop buffer messages: the elements
 * packed in the platform's byte order ({@code bool} as one byte, 0 or 1), read straight from the backing array.
 */
final class VectorBytes {
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private VectorBytes() {
    }

    static long size(WeldVector v) {
        return (long) v.length * ExternalBuffer.width(v.kind);
    }

    /** Reads {@code n} (1, 2, 4 or 8) bytes at {@code offset} as an integer in {@code order}. */
    @TruffleBoundary
    static long read(WeldVector v, ByteOrder order, long offset, int n) throws InvalidBufferOffsetException {
        if (offset < 0 || offset > size(v) - n) {
            throw InvalidBufferOffsetException.create(offset, n);
        }
        MemorySegment s = segment(v);
        return switch (n) {
            case 1 -> s.get(ValueLayout.JAVA_BYTE, offset);
            case 2 -> s.get(SHORT.withOrder(order), offset);
            case 4 -> s.get(INT.withOrder(order), offset);
            default -> s.get(LONG.withOrder(order), offset);
        };
    }

    /** Copies {@code length} bytes from {@code offset} into {@code destination}. */
    @TruffleBoundary
    static void copy(WeldVector v, long offset, byte[] destination, int destinationOffset, int length)
            throws InvalidBufferOffsetException {
        if (offset < 0 || length < 0 || offset > size(v) - length) {
            throw InvalidBufferOffsetException.create(offset, length);
        }
        MemorySegment.copy(segment(v), ValueLayout.JAVA_BYTE, offset, destination, destinationOffset, length);
    }

    /** The vector's bytes as a segment: a view of a primitive backing array, or a packed copy of other stores. */
    private static MemorySegment segment(WeldVector v) {
        int w = ExternalBuffer.width(v.kind);
        MemorySegment array = switch (v.store) {
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> null;
        };
        if (array != null) {
            return array.asSlice((long) v.offset * w, size(v));
        }
        return packed(v);
    }

    /** A packed copy of a vector whose store cannot be viewed as bytes (bool elements, external buffers). */
    private static MemorySegment packed(WeldVector v) {
        MemorySegment s = MemorySegment.ofArray(new byte[(int) size(v)]);
        ScalarKind k = v.kind;
        for (int i = 0; i < v.length; i++) {
            Object e = v.get(i);
            switch (k) {
                case BOOL -> s.set(ValueLayout.JAVA_BYTE, i, (byte) ((Boolean) e ? 1 : 0));
                case I8, U8 -> s.set(ValueLayout.JAVA_BYTE, i, (byte) (int) (Integer) e);
                case I16, U16 -> s.setAtIndex(SHORT, i, (short) (int) (Integer) e);
                case I32, U32 -> s.setAtIndex(INT, i, (Integer) e);
                case I64, U64 -> s.setAtIndex(LONG, i, (Long) e);
                case F32 -> s.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (Float) e);
                case F64 -> s.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i, (Double) e);
            }
        }
        return s;
    }
}
