package weld.launcher;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a NumPy {@code .npy} file holding a 1-D little-endian array into a Java primitive array of the same width
 * ({@code <f8} → {@code double[]}, {@code <i4}/{@code <u4} → {@code int[]}, {@code |b1} → {@code boolean[]}, ...),
 * which Weld reads without copying. Anything else is a {@link BadInput} naming the file and what was expected.
 */
final class NpyReader {
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private NpyReader() {
    }

    static Object read(Path file) throws BadInput {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer head = ByteBuffer.allocate((int) Math.min(size, 10)).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, head, file);
            head.flip();
            if (size < 10 || head.get() != (byte) 0x93 || head.get() != 'N' || head.get() != 'U' || head.get() != 'M'
                    || head.get() != 'P' || head.get() != 'Y') {
                throw new BadInput(file + ": not a NumPy .npy file (bad magic)");
            }
            int major = head.get();
            head.get();
            long headerLen;
            long dataStart;
            if (major == 1) {
                headerLen = head.getShort() & 0xFFFF;
                dataStart = 10 + headerLen;
            } else if (major == 2 || major == 3) {
                ByteBuffer b = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN);
                readFully(ch, b, file);
                b.flip();
                headerLen = (head.getShort() & 0xFFFFL) | ((b.getShort() & 0xFFFFL) << 16);
                dataStart = 12 + headerLen;
            } else {
                throw new BadInput(file + ": unsupported .npy format version " + major);
            }
            if (dataStart > size) {
                throw new BadInput(file + ": truncated .npy header");
            }
            ByteBuffer hb = ByteBuffer.allocate((int) headerLen);
            readFully(ch, hb, file);
            String header = new String(hb.array(), java.nio.charset.StandardCharsets.ISO_8859_1);
            String descr = group(DESCR, header, file, "descr");
            if ("True".equals(group(FORTRAN, header, file, "fortran_order"))) {
                throw new BadInput(file + ": Fortran-ordered arrays are not supported");
            }
            String shape = group(SHAPE, header, file, "shape").trim();
            String[] dims = shape.split("\\s*,\\s*");
            if (shape.isEmpty() || dims.length != 1 && !(dims.length == 2 && dims[1].isEmpty())) {
                throw new BadInput(file + ": expected a 1-D array but the shape is (" + shape + ")");
            }
            long n = Long.parseLong(dims[0]);
            int width = width(descr, file);
            if (n < 0 || n > Integer.MAX_VALUE - 8) {
                throw new BadInput(file + ": array too large (" + n + " elements)");
            }
            long bytes = n * width;
            if (size - dataStart < bytes) {
                throw new BadInput(file + ": truncated data: expected " + bytes + " bytes of " + descr + " but found "
                        + (size - dataStart));
            }
            ByteBuffer data = ByteBuffer.allocate((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
            ch.position(dataStart);
            readFully(ch, data, file);
            data.flip();
            return toArray(descr, data, (int) n);
        } catch (IOException e) {
            throw new BadInput(file + ": cannot read: " + Arguments.reason(e));
        } catch (NumberFormatException e) {
            throw new BadInput(file + ": malformed .npy header");
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, Path file) throws IOException, BadInput {
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new BadInput(file + ": truncated .npy file");
            }
        }
    }

    private static String group(Pattern p, String header, Path file, String what) throws BadInput {
        Matcher m = p.matcher(header);
        if (!m.find()) {
            throw new BadInput(file + ": malformed .npy header (no " + what + ")");
        }
        return m.group(1);
    }

    private static int width(String descr, Path file) throws BadInput {
        return switch (descr) {
            case "<f8", "<i8", "<u8" -> 8;
            case "<f4", "<i4", "<u4" -> 4;
            case "<i2", "<u2" -> 2;
            case "|i1", "|u1", "|b1" -> 1;
            default -> throw new BadInput(file + ": unsupported dtype '" + descr
                    + "' (expected a little-endian <f8, <f4, <i8, <u8, <i4, <u4, <i2, <u2, |i1, |u1 or |b1)");
        };
    }

    private static Object toArray(String descr, ByteBuffer data, int n) {
        return switch (descr) {
            case "<f8" -> {
                double[] a = new double[n];
                data.asDoubleBuffer().get(a);
                yield a;
            }
            case "<f4" -> {
                float[] a = new float[n];
                data.asFloatBuffer().get(a);
                yield a;
            }
            case "<i8", "<u8" -> {
                long[] a = new long[n];
                data.asLongBuffer().get(a);
                yield a;
            }
            case "<i4", "<u4" -> {
                int[] a = new int[n];
                data.asIntBuffer().get(a);
                yield a;
            }
            case "<i2", "<u2" -> {
                short[] a = new short[n];
                data.asShortBuffer().get(a);
                yield a;
            }
            case "|b1" -> {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(i) != 0;
                }
                yield a;
            }
            default -> {
                byte[] a = new byte[n];
                data.get(a);
                yield a;
            }
        };
    }
}
