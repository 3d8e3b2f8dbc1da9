package weld.launcher;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import org.graalvm.polyglot.Value;

/**
 * The elements of a Weld vector of scalars read from its packed buffer, a megabyte per interop call, instead of
 * one polyglot call per element (printing 6 million {@code f64} results: most of the time went to entering and
 * leaving the context per element). The vector's meta object names its type, and so the element kind.
 */
final class PackedElements {
    private static final int CHUNK = 1 << 20;

    private PackedElements() {
    }

    /** The elements as {@link ResultEncoder#toJava} gives them, or null when {@code v} is not a vector of scalars. */
    static List<Object> of(Value v) {
        String kind = scalarKind(v);
        if (kind == null) {
            return null;
        }
        int width = width(kind);
        List<Object> out = new ArrayList<>((int) v.getArraySize());
        byte[] chunk = new byte[chunkLength(v, kind)];
        IntFunction<Object> element = reader(kind, ByteBuffer.wrap(chunk).order(ByteOrder.nativeOrder()));
        forEachChunk(v, kind, chunk, n -> {
            for (int p = 0; p < n; p += width) {
                out.add(element.apply(p));
            }
        });
        return out;
    }

    /** What {@link #forEachChunk} does with each chunk: the chunk's first {@code length} bytes are filled. */
    interface ChunkConsumer<E extends Exception> {
        void accept(int length) throws E;
    }

    /** The length of a chunk buffer for {@link #forEachChunk} over {@code v}, a vector of {@code kind}. */
    static int chunkLength(Value v, String kind) {
        return (int) Math.min(v.getArraySize() * width(kind), CHUNK);
    }

    /**
     * Reads the packed buffer of {@code v}, a vector of {@code kind}, into {@code chunk} (of {@link #chunkLength})
     * one chunk per interop call, handing each to {@code consumer}.
     */
    static <E extends Exception> void forEachChunk(Value v, String kind, byte[] chunk, ChunkConsumer<E> consumer)
            throws E {
        long size = v.getArraySize() * width(kind);
        for (long offset = 0; offset < size; offset += chunk.length) {
            int n = (int) Math.min(chunk.length, size - offset);
            v.readBuffer(offset, chunk, 0, n);
            consumer.accept(n);
        }
    }

    /**
     * The element kind ({@code f64}, {@code u32}, {@code bool}, ...) of a Weld vector of scalars whose packed buffer
     * the host can read, from the vector's meta object (its type); null for any other value.
     */
    static String scalarKind(Value v) {
        Value meta = v.hasBufferElements() ? v.getMetaObject() : null;
        if (meta == null) {
            return null;
        }
        String type = meta.getMetaQualifiedName();
        String kind = type.startsWith("vec[") && type.endsWith("]") ? type.substring(4, type.length() - 1) : "";
        return width(kind) == 0 ? null : kind;
    }

    /** Bytes per element of a scalar kind in a vector's buffer; 0 for anything else. */
    static int width(String kind) {
        return switch (kind) {
            case "bool", "i8", "u8" -> 1;
            case "i16", "u16" -> 2;
            case "i32", "u32", "f32" -> 4;
            case "i64", "u64", "f64" -> 8;
            default -> 0;
        };
    }

    /** Reads the element of {@code kind} at a byte position of {@code b}, boxed as {@link ResultEncoder#toJava} does. */
    private static IntFunction<Object> reader(String kind, ByteBuffer b) {
        return switch (kind) {
            case "bool" -> p -> b.get(p) != 0;
            case "i8" -> p -> (long) b.get(p);
            case "u8" -> p -> (long) (b.get(p) & 0xFF);
            case "i16" -> p -> (long) b.getShort(p);
            case "u16" -> p -> (long) (b.getShort(p) & 0xFFFF);
            case "i32" -> p -> (long) b.getInt(p);
            case "u32" -> p -> b.getInt(p) & 0xFFFFFFFFL;
            case "i64" -> p -> b.getLong(p);
            case "u64" -> p -> {
                long x = b.getLong(p);
                return x >= 0 ? (Object) x : new BigInteger(Long.toUnsignedString(x));
            };
            case "f32" -> p -> b.getFloat(p);
            default -> p -> b.getDouble(p);
        };
    }
}
