package weld.runtime.external;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidBufferOffsetException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.nodes.Node;

import weld.WeldException;
import weld.syntax.ScalarKind;

/**
 * Reads element {@code i} of an {@link ExternalBuffer} in its carrier. Native and heap NIO memory is read directly;
 * another language's buffer through a cached interop library, which partial evaluation inlines into the loop.
 */
public final class ExternalReadNode extends Node {
    private static final ExternalReadNode UNCACHED = new ExternalReadNode(InteropLibrary.getUncached());

    @Child private InteropLibrary interop;

    private ExternalReadNode(InteropLibrary interop) {
        this.interop = interop;
    }

    public static ExternalReadNode create() {
        return new ExternalReadNode(InteropLibrary.getFactory().createDispatched(3));
    }

    /** A reader for slow paths, outside any AST. */
    public static ExternalReadNode getUncached() {
        return UNCACHED;
    }

    @Override
    public boolean isAdoptable() {
        return this != UNCACHED;
    }

    public boolean readBoolean(ExternalBuffer b, int i) {
        return readByte(b, i) != 0;
    }

    /** An element of a kind carried as {@code int}: sign- or zero-extended by {@code k}. */
    public int readInt(ScalarKind k, ExternalBuffer b, int i) {
        return switch (k) {
            case I8 -> readByte(b, i);
            case U8 -> readByte(b, i) & 0xFF;
            case I16 -> readShort(b, i);
            case U16 -> readShort(b, i) & 0xFFFF;
            default -> readInt32(b, i);
        };
    }

    private byte readByte(ExternalBuffer b, int i) {
        if (b instanceof RawMemory r) {
            return r.readByte(i);
        }
        try {
            return ((InteropBuffer) b).readByte(interop, i);
        } catch (UnsupportedMessageException | InvalidBufferOffsetException e) {
            throw unreadable(e);
        }
    }

    private short readShort(ExternalBuffer b, int i) {
        if (b instanceof RawMemory r) {
            return r.readShort(i);
        }
        try {
            return ((InteropBuffer) b).readShort(interop, i);
        } catch (UnsupportedMessageException | InvalidBufferOffsetException e) {
            throw unreadable(e);
        }
    }

    private int readInt32(ExternalBuffer b, int i) {
        if (b instanceof RawMemory r) {
            return r.readInt(i);
        }
        try {
            return ((InteropBuffer) b).readInt(interop, i);
        } catch (UnsupportedMessageException | InvalidBufferOffsetException e) {
            throw unreadable(e);
        }
    }

    public long readLong(ExternalBuffer b, int i) {
        if (b instanceof RawMemory r) {
            return r.readLong(i);
        }
        try {
            return ((InteropBuffer) b).readLong(interop, i);
        } catch (UnsupportedMessageException | InvalidBufferOffsetException e) {
            throw unreadable(e);
        }
    }

    public float readFloat(ExternalBuffer b, int i) {
        if (b instanceof RawMemory r) {
            return r.readFloat(i);
        }
        try {
            return ((InteropBuffer) b).readFloat(interop, i);
        } catch (UnsupportedMessageException | InvalidBufferOffsetException e) {
            throw unreadable(e);
        }
    }

    public double readDouble(ExternalBuffer b, int i) {
        if (b instanceof RawMemory r) {
            return r.readDouble(i);
        }
        try {
            return ((InteropBuffer) b).readDouble(interop, i);
        } catch (UnsupportedMessageException | InvalidBufferOffsetException e) {
            throw unreadable(e);
        }
    }

    private WeldException unreadable(Exception e) {
        CompilerDirectives.transferToInterpreter();
        return WeldException.runtime(null, "a vector's buffer can no longer be read (it was detached or resized "
                + "while Weld ran): " + e.getMessage(), isAdoptable() ? this : null);
    }
}
