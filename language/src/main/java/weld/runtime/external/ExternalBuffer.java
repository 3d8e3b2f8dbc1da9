package weld.runtime.external;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.Carrier;
import weld.syntax.ScalarKind;

/**
 * Memory owned by the caller that a {@code vec} reads in place, without copying: a direct or heap NIO buffer
 * ({@link RawMemory}) or another language's buffer such as a JavaScript {@code ArrayBuffer} or a Python buffer
 * ({@link InteropBuffer}). It stands where a vector's backing array would be; element {@code i} lies at byte
 * {@code i * width} of the buffer. Reads in compiled loops go through {@link ExternalReadNode}; the methods here serve
 * the slow paths (printing, copying, sorting).
 */
public abstract sealed class ExternalBuffer permits RawMemory, InteropBuffer {
    /** The element kind the buffer is read as. */
    public final ScalarKind kind;
    /** The number of elements. */
    public final int length;

    ExternalBuffer(ScalarKind kind, int length) {
        this.kind = kind;
        this.length = length;
    }

    /** Bytes per element of a scalar kind ({@code bool} is one byte). */
    public static int width(ScalarKind k) {
        return k == ScalarKind.BOOL ? 1 : k.bits / 8;
    }

    /** Element {@code i} boxed in its carrier. */
    @TruffleBoundary
    public final Object readBoxed(int i) {
        ExternalReadNode read = ExternalReadNode.getUncached();
        return switch (Carrier.of(kind)) {
            case BOOLEAN -> read.readBoolean(this, i);
            case INT -> read.readInt(kind, this, i);
            case LONG -> read.readLong(this, i);
            case FLOAT -> read.readFloat(this, i);
            case DOUBLE -> read.readDouble(this, i);
            case OBJECT -> throw new IllegalStateException("external buffers hold scalars");
        };
    }
}
