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
 * than of number formatting. A vector of vectors of scalars whose rows have one length is written as a 2-D array,
 * row after row. {@link NpyReader} reads every file this writes.
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

    /**
     * The element kind of {@code v} if it is a vector of vectors of scalars whose packed buffers the host can read
     * (see {@link PackedElements#scalarKind}); null for any other value.
     */
    static String rowKind(Value v) {
        Value meta = v.hasArrayElements() ? v.getMetaObject() : null;
        String type = meta == null ? "" : meta.getMetaQualifiedName();
        if (!type.startsWith("vec[vec[") || !type.endsWith("]]")) {
            return null;
        }
        String kind = type.substring(8, type.length() - 2);
        return PackedElements.width(kind) == 0 ? null : kind;
    }

    /** The length of every row of {@code rows}, or -1 if they differ (0 if there are none). */
    static long rowLength(Value rows) {
        long n = rows.getArraySize();
        long m = n == 0 ? 0 : rows.getArrayElement(0).getArraySize();
        for (long r = 1; r < n; r++) {
            if (rows.getArrayElement(r).getArraySize() != m) {
                return -1;
            }
        }
        return m;
    }

    /** Writes {@code rows}, vectors of {@code kind} of length {@code m} ({@link #rowLength}), as a 2-D array. */
    static void writeRows(Value rows, String kind, long m, OutputStream out) throws IOException {
        long n = rows.getArraySize();
        out.write(header("'" + dtype(kind) + "'", "(" + n + ", " + m + ")"));
        int width = PackedElements.width(kind);
        byte[] chunk = new byte[(int) Math.min(Math.max(m * width, 1), 1 << 20)];
        boolean swap = width > 1 && ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN;
        for (long r = 0; r < n; r++) {
            PackedElements.forEachChunk(rows.getArrayElement(r), kind, chunk, len -> {
                if (swap) {
                    reverseEach(chunk, len, width);
                }
                out.write(chunk, 0, len);
            });
        }
    }

    /** The header of a 1-D array of {@code n} elements. */
    static byte[] header(String dtype, long n) {
        return header("'" + dtype + "'", "(" + n + ",)");
    }

    /**
     * Magic, version 1.0, header length and the header dictionary, padded with spaces to a multiple of 64 bytes;
     * {@code descr} is the dtype as a Python literal (a quoted dtype, or a structured dtype's list of fields).
     */
    static byte[] header(String descr, String shape) {
        String dict = "{'descr': " + descr + ", 'fortran_order': False, 'shape': " + shape + ", }";
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
