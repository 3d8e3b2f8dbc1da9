package weld.runtime.external;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;

import weld.runtime.Storage;
import weld.runtime.WeldVector;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Finds the memory of a value passed for a {@code vec} of scalars, so that Weld reads it in place instead of copying
 * it. Sources, in the order tried:
 * <ul>
 * <li>a Java primitive array of the element's width: used as the backing array;</li>
 * <li>a {@link java.nio} buffer: a typed buffer ({@code DoubleBuffer}, {@code IntBuffer}, ...) of the element's type,
 * or a {@code ByteBuffer} read as packed elements in its byte order; heap buffers through their array, direct ones
 * through their native memory. Its remaining elements (position to limit) form the vector;</li>
 * <li>a JavaScript typed array of the element's type ({@code Float64Array} for {@code f64}, ...): its
 * {@code ArrayBuffer} from its byte offset;</li>
 * <li>a Python {@code array.array} or {@code memoryview} whose type code is the element's type, or {@code bytes} and
 * {@code bytearray} for {@code u8} (and {@code i8});</li>
 * <li>a JavaScript {@code ArrayBuffer} (a buffer without elements): read as packed elements in the platform's byte
 * order.</li>
 * </ul>
 * Anything else, and typed sources of another element type, is converted element by element by the caller.
 */
public final class ZeroCopy {
    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();

    private static final Map<String, ScalarKind> TYPED_ARRAYS = Map.ofEntries(
            Map.entry("Float64Array", ScalarKind.F64), Map.entry("Float32Array", ScalarKind.F32),
            Map.entry("Int8Array", ScalarKind.I8), Map.entry("Uint8Array", ScalarKind.U8),
            Map.entry("Int16Array", ScalarKind.I16), Map.entry("Uint16Array", ScalarKind.U16),
            Map.entry("Int32Array", ScalarKind.I32), Map.entry("Uint32Array", ScalarKind.U32),
            Map.entry("BigInt64Array", ScalarKind.I64), Map.entry("BigUint64Array", ScalarKind.U64));

    private static final Map<Character, ScalarKind> TYPE_CODES = Map.ofEntries(
            Map.entry('b', ScalarKind.I8), Map.entry('B', ScalarKind.U8), Map.entry('?', ScalarKind.BOOL),
            Map.entry('h', ScalarKind.I16), Map.entry('H', ScalarKind.U16),
            Map.entry('i', ScalarKind.I32), Map.entry('I', ScalarKind.U32),
            Map.entry('l', ScalarKind.I64), Map.entry('L', ScalarKind.U64),
            Map.entry('q', ScalarKind.I64), Map.entry('Q', ScalarKind.U64),
            Map.entry('f', ScalarKind.F32), Map.entry('d', ScalarKind.F64));

    private ZeroCopy() {
    }

    /** A value that has memory but cannot be a vector of the requested type. */
    public static final class Unfit extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unfit(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * A vector of {@code elem} (of scalar kind {@code k}) over the memory of {@code value} without copying, or null
     * when the value has no memory of that element type (the caller then converts it element by element).
     *
     * @throws Unfit when the value is a buffer that cannot hold such elements (a size that is not a whole number of
     *             elements, a typed NIO buffer of another type)
     */
    @TruffleBoundary
    public static WeldVector view(Env env, WeldType elem, ScalarKind k, Object value) {
        try {
            if (env.isHostObject(value)) {
                return host(elem, k, env.asHostObject(value));
            }
            if (INTEROP.hasArrayElements(value)) {
                return typedSequence(elem, k, value);
            }
            if (INTEROP.hasBufferElements(value)) {
                return over(elem, interop(k, value, 0, INTEROP.getBufferSize(value), "buffer"));
            }
            return null;
        } catch (UnsupportedMessageException | UnknownIdentifierException e) {
            return null;
        }
    }

    private static WeldVector host(WeldType elem, ScalarKind k, Object host) {
        if (host != null && host.getClass().isArray() && Storage.isArrayOf(k, host)) {
            return new WeldVector(elem, host, 0, java.lang.reflect.Array.getLength(host));
        }
        if (!(host instanceof Buffer buffer)) {
            return null;
        }
        ScalarKind typed = nioKind(buffer);
        if (typed == null) {
            ByteBuffer bytes = (ByteBuffer) buffer;
            int width = ExternalBuffer.width(k);
            if (bytes.remaining() % width != 0) {
                throw new Unfit("a ByteBuffer of " + bytes.remaining() + " bytes is not a whole number of " + width
                        + "-byte elements");
            }
            if (width == 1 && k != ScalarKind.BOOL && bytes.hasArray()) {
                return new WeldVector(elem, bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
            }
            RawMemory memory = RawMemory.of(bytes, k, bytes.order());
            return over(elem, memory != null ? memory : RawMemory.of(copy(bytes), k, bytes.order()));
        }
        if (!sameWidthAndKind(typed, k)) {
            throw new Unfit("a " + buffer.getClass().getSimpleName().replaceAll("^(Heap|Direct)", "")
                    .replaceAll("(R|RU|U|S)$", "") + " holds " + typed.name().toLowerCase() + " elements");
        }
        if (buffer.hasArray()) {
            return new WeldVector(elem, buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        }
        java.nio.ByteOrder order = switch (buffer) {
            case DoubleBuffer b -> b.order();
            case FloatBuffer b -> b.order();
            case LongBuffer b -> b.order();
            case IntBuffer b -> b.order();
            case ShortBuffer b -> b.order();
            default -> java.nio.ByteOrder.nativeOrder();
        };
        return of(elem, RawMemory.of(buffer, k, order), buffer);
    }

    /** A vector over {@code memory}, or a one-time copy of a buffer whose memory cannot be reached. */
    private static WeldVector of(WeldType elem, RawMemory memory, Buffer buffer) {
        if (memory != null) {
            return over(elem, memory);
        }
        Object copy = Storage.copyOfBuffer(buffer);
        return new WeldVector(elem, copy, 0, java.lang.reflect.Array.getLength(copy));
    }

    /** A heap copy of the remaining bytes of a buffer whose memory cannot be reached (a read-only heap buffer). */
    private static ByteBuffer copy(ByteBuffer bytes) {
        Storage.chargeCopy(bytes.remaining());
        return ByteBuffer.allocate(bytes.remaining()).put(bytes.duplicate()).flip();
    }

    private static WeldVector over(WeldType elem, ExternalBuffer memory) {
        return new WeldVector(elem, memory, 0, memory.length);
    }

    private static ScalarKind nioKind(Buffer b) {
        return switch (b) {
            case DoubleBuffer x -> ScalarKind.F64;
            case FloatBuffer x -> ScalarKind.F32;
            case LongBuffer x -> ScalarKind.I64;
            case IntBuffer x -> ScalarKind.I32;
            case ShortBuffer x -> ScalarKind.I16;
            default -> null;
        };
    }

    /** Whether a typed NIO buffer (signed kinds only) holds elements of {@code k}, signed or unsigned. */
    private static boolean sameWidthAndKind(ScalarKind typed, ScalarKind k) {
        return typed == k || !typed.isFloat() && !k.isFloat() && k != ScalarKind.BOOL && typed.bits == k.bits;
    }

    /** A JavaScript typed array or a Python buffer of the element's type, read in place. */
    private static WeldVector typedSequence(WeldType elem, ScalarKind k, Object value)
            throws UnsupportedMessageException, UnknownIdentifierException {
        ExternalBuffer b = typedBuffer(value);
        return b != null && b.kind == k ? over(elem, b) : null;
    }

    /**
     * The memory of a sequence that has an element type of its own, read as that type: a JavaScript typed array, a
     * Python {@code array.array} or {@code memoryview} (by its type code), or another Python buffer such as
     * {@code bytes} (a sequence of {@code u8}). Null for other values. A caller whose element type differs converts
     * the elements of this buffer one by one (Python exposes such objects as arrays of their bytes).
     */
    @TruffleBoundary
    public static ExternalBuffer typedBuffer(Object value) {
        try {
            if (value instanceof WeldVector) {
                return null;
            }
            if (INTEROP.hasBufferElements(value) && INTEROP.hasArrayElements(value)) {
                ScalarKind code = typeCode(value);
                return code == null ? null : interop(code, value, 0, INTEROP.getBufferSize(value), "buffer");
            }
            if (!INTEROP.hasArrayElements(value) || !INTEROP.hasMetaObject(value)) {
                return null;
            }
            Object name = INTEROP.getMetaQualifiedName(INTEROP.getMetaObject(value));
            ScalarKind k = INTEROP.isString(name) ? TYPED_ARRAYS.get(INTEROP.asString(name)) : null;
            if (k == null || !INTEROP.isMemberReadable(value, "buffer")) {
                return null;
            }
            Object buffer = INTEROP.readMember(value, "buffer");
            long offset = INTEROP.asLong(INTEROP.readMember(value, "byteOffset"));
            long bytes = INTEROP.getArraySize(value) * ExternalBuffer.width(k);
            return INTEROP.hasBufferElements(buffer) ? interop(k, buffer, offset, bytes, "typed array") : null;
        } catch (UnsupportedMessageException | UnknownIdentifierException e) {
            return null;
        }
    }

    /**
     * The element type of a Python buffer: an {@code array.array}'s {@code typecode}, a {@code memoryview}'s
     * {@code format}, {@code u8} for other buffers ({@code bytes}, {@code bytearray}); null for a type code Weld has
     * no type for.
     */
    private static ScalarKind typeCode(Object value) throws UnsupportedMessageException, UnknownIdentifierException {
        for (String member : new String[] {"typecode", "format"}) {
            if (INTEROP.isMemberReadable(value, member)) {
                Object code = INTEROP.readMember(value, member);
                if (INTEROP.isString(code)) {
                    String s = INTEROP.asString(code).replaceFirst("^[@=<]", "");
                    return s.length() == 1 ? TYPE_CODES.get(s.charAt(0)) : null;
                }
            }
        }
        return ScalarKind.U8;
    }

    private static InteropBuffer interop(ScalarKind k, Object buffer, long offset, long bytes, String what) {
        int width = ExternalBuffer.width(k);
        if (bytes % width != 0) {
            throw new Unfit("a " + what + " of " + bytes + " bytes is not a whole number of " + width + "-byte elements");
        }
        if (bytes / width > Integer.MAX_VALUE - 8) {
            throw new Unfit("too many elements");
        }
        return new InteropBuffer(k, (int) (bytes / width), buffer, offset);
    }
}
