package weld.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Value;

/**
 * Writes a Weld vector of scalars as a NumPy {@code .npy} file (format 1.0, a 1-D little-endian array, data at a
 * multiple of 64 bytes as NumPy writes it), the bytes read from the vector's packed buffer a megabyte per interop
 * call: no per-element conversion, so a result of millions of values is written at the speed of the disk rather
 * than of number formatting. {@link NpyReader} reads every file this writes.
 */
final class NpyWriter {
    private static final int ALIGN = 64;

    private NpyWriter() {
    }

    /** The NumPy dtype of a Weld scalar kind, as {@link PackedElements#scalarKind} names it. */
    static String dtype(String kind) {
        return switch (kind) {
            case "f64" -> "<f8";
            case "f32" -> "<f4";
            case "i64" -> "<i8";
            case "u64" -> "<u8";
            case "i32" -> "<i4";
            case "u32" -> "<u4";
            case "i16" -> "<i2";
            case "u16" -> "<u2";
            case "i8" -> "|i1";
            case "u8" -> "|u1";
            case "bool" -> "|b1";
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Bytes of the file {@link #write} writes for {@code v}, a vector of {@code kind}. */
    static long size(Value v, String kind) {
        return header(dtype(kind), v.getArraySize()).length + v.getArraySize() * PackedElements.width(kind);
    }

    /** Writes the header and elements of {@code v}, a vector of {@code kind} (see {@link PackedElements#scalarKind}). */
    static void write(Value v, String kind, OutputStream out) throws IOException {
        out.write(header(dtype(kind), v.getArraySize()));
        int width = PackedElements.width(kind);
        byte[] chunk = new byte[PackedElements.chunkLength(v, kind)];
        boolean swap = width > 1 && ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN;
        PackedElements.forEachChunk(v, kind, chunk, len -> {
            if (swap) {
                reverseEach(chunk, len, width);
            }
            out.write(chunk, 0, len);
        });
    }

    /** Magic, version 1.0, header length and the header dictionary, padded with spaces to a multiple of 64 bytes. */
    static byte[] header(String dtype, long n) {
        String dict = "{'descr': '" + dtype + "', 'fortran_order': False, 'shape': (" + n + ",), }";
        int padded = ((10 + dict.length() + 1 + ALIGN - 1) / ALIGN) * ALIGN - 10;
        String text = dict + " ".repeat(padded - dict.length() - 1) + "\n";
        ByteBuffer b = ByteBuffer.allocate(10 + padded).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) padded);
        b.put(text.getBytes(StandardCharsets.ISO_8859_1));
        return b.array();
    }

    private static void reverseEach(byte[] b, int len, int width) {
        for (int p = 0; p < len; p += width) {
            for (int i = 0, j = width - 1; i < j; i++, j--) {
                byte t = b[p + i];
                b[p + i] = b[p + j];
                b[p + j] = t;
            }
        }
    }
}
