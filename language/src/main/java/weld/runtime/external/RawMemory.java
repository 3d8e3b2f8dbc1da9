package weld.runtime.external;

import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import sun.misc.Unsafe;
import weld.runtime.UnsafeAccess;
import weld.syntax.ScalarKind;

/**
 * The memory of a Java NIO buffer, read in place: a direct buffer's native memory, or a heap {@link ByteBuffer}'s
 * byte array (a heap buffer of the element's own type is read as its primitive array instead, see
 * {@link ZeroCopy}). Elements are read with the buffer's byte order; the buffer is kept reachable for as long
 * as the vector is. The caller must keep the memory valid while Weld runs (a direct buffer whose arena is closed
 * during a call is undefined behaviour, as for any native memory).
 */
public final class RawMemory extends ExternalBuffer {
    private static final Unsafe UNSAFE = UnsafeAccess.UNSAFE;

    /** The heap array, or null for native memory. */
    private final Object base;
    /** The address of element 0 (an offset into {@code base} when it is an array). */
    private final long address;
    private final boolean swap;
    /** Keeps the buffer, and so its memory, reachable. */
    @SuppressWarnings("unused") private final Buffer owner;

    private RawMemory(ScalarKind kind, int length, Object base, long address, boolean swap, Buffer owner) {
        super(kind, length);
        this.base = base;
        this.address = address;
        this.swap = swap;
        this.owner = owner;
    }

    /**
     * The remaining elements of {@code buffer} read as {@code kind}, or null when its memory cannot be reached (a
     * read-only heap buffer); {@code order} is the order the buffer stores its elements in. The buffer must hold a
     * whole number of elements.
     */
    static RawMemory of(Buffer buffer, ScalarKind kind, ByteOrder order) {
        MemorySegment segment = MemorySegment.ofBuffer(buffer);
        int width = width(kind);
        int length = (int) (segment.byteSize() / width);
        boolean swap = width > 1 && order != ByteOrder.nativeOrder();
        if (segment.isNative()) {
            return new RawMemory(kind, length, null, segment.address(), swap, buffer);
        }
        Object heap = segment.heapBase().orElse(null);
        if (heap == null) {
            return null;
        }
        long arrayBase = UNSAFE.arrayBaseOffset(heap.getClass());
        return new RawMemory(kind, length, heap, arrayBase + segment.address(), swap, buffer);
    }

    public byte readByte(int i) {
        return UNSAFE.getByte(base, address + i);
    }

    public short readShort(int i) {
        short v = UNSAFE.getShort(base, address + 2L * i);
        return swap ? Short.reverseBytes(v) : v;
    }

    public int readInt(int i) {
        int v = UNSAFE.getInt(base, address + 4L * i);
        return swap ? Integer.reverseBytes(v) : v;
    }

    public long readLong(int i) {
        long v = UNSAFE.getLong(base, address + 8L * i);
        return swap ? Long.reverseBytes(v) : v;
    }

    public float readFloat(int i) {
        return Float.intBitsToFloat(readInt(i));
    }

    public double readDouble(int i) {
        return Double.longBitsToDouble(readLong(i));
    }
}
