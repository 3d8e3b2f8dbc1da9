package weld.runtime.external;

import java.nio.ByteOrder;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidBufferOffsetException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;

import weld.syntax.ScalarKind;

/**
 * Another language's buffer (the interop buffer messages: a JavaScript {@code ArrayBuffer} behind a typed array, a
 * Python object with the buffer protocol), read in place in the platform's byte order, as JavaScript typed arrays
 * and Python's {@code array} module store their elements.
 */
public final class InteropBuffer extends ExternalBuffer {
    static final ByteOrder ORDER = ByteOrder.nativeOrder();

    final Object buffer;
    final long byteOffset;

    InteropBuffer(ScalarKind kind, int length, Object buffer, long byteOffset) {
        super(kind, length);
        this.buffer = buffer;
        this.byteOffset = byteOffset;
    }

    byte readByte(InteropLibrary interop, int i) throws UnsupportedMessageException, InvalidBufferOffsetException {
        return interop.readBufferByte(buffer, byteOffset + i);
    }

    short readShort(InteropLibrary interop, int i) throws UnsupportedMessageException, InvalidBufferOffsetException {
        return interop.readBufferShort(buffer, ORDER, byteOffset + 2L * i);
    }

    int readInt(InteropLibrary interop, int i) throws UnsupportedMessageException, InvalidBufferOffsetException {
        return interop.readBufferInt(buffer, ORDER, byteOffset + 4L * i);
    }

    long readLong(InteropLibrary interop, int i) throws UnsupportedMessageException, InvalidBufferOffsetException {
        return interop.readBufferLong(buffer, ORDER, byteOffset + 8L * i);
    }

    float readFloat(InteropLibrary interop, int i) throws UnsupportedMessageException, InvalidBufferOffsetException {
        return interop.readBufferFloat(buffer, ORDER, byteOffset + 4L * i);
    }

    double readDouble(InteropLibrary interop, int i) throws UnsupportedMessageException, InvalidBufferOffsetException {
        return interop.readBufferDouble(buffer, ORDER, byteOffset + 8L * i);
    }
}
