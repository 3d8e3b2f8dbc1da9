package weld.launcher;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a NumPy {@code .npy} file holding a 1-D little-endian array into a Java primitive array of the same width
 * ({@code <f8} → {@code double[]}, {@code <i4}/{@code <u4} → {@code int[]}, {@code |b1} → {@code boolean[]}, ...),
 * which Weld reads without copying; a 2-D array into an {@code Object[]} of such arrays, one per row (a
 * {@code vec[vec[T]]}, each row read in place), whether its file holds it row after row or, Fortran-ordered, column
 * after column. A 1-D structured array (fields of those dtypes, as {@code numpy.zeros(n, dtype=[('id', '<i4'), ('x',
 * '<f8')])} makes) becomes a map of columns, field name to such an array, in the fields' order: a
 * {@code vec[{i32, f64}]}. Anything else is a {@link BadInput} naming the file and what was expected.
 */
final class NpyReader {
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern STRUCTURED = Pattern.compile("'descr'\\s*:\\s*\\[");
    private static final Pattern FIELD = Pattern.compile("\\s*\\(\\s*'([^']*)'\\s*,\\s*'([^']*)'\\s*\\)\\s*,?\\s*");
    private static final Pattern PADDING = Pattern.compile("\\|V(\\d+)");
    private static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
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
            String fields = structuredDescr(header);
            String descr = fields != null ? null : group(DESCR, header, file, "descr");
            boolean fortran = "True".equals(group(FORTRAN, header, file, "fortran_order"));
            String shape = group(SHAPE, header, file, "shape").trim();
            String[] dims = shape.endsWith(",") ? shape.substring(0, shape.length() - 1).split("\\s*,\\s*")
                    : shape.split("\\s*,\\s*");
            if (shape.isEmpty() || dims.length > 2) {
                throw new BadInput(file + ": expected a 1-D or 2-D array but the shape is (" + shape + ")");
            }
            long rows = dims.length == 2 ? Long.parseLong(dims[0].trim()) : 1;
            long n = Long.parseLong(dims[dims.length - 1].trim());
            Record record = fields != null ? record(fields, file) : null;
            if (record != null && dims.length != 1) {
                throw new BadInput(file + ": expected a 1-D structured array but the shape is (" + shape + ")");
            }
            int width = record != null ? record.size : width(descr, file);
            descr = descr != null ? descr : "[" + fields + "]";
            if (rows < 0 || n < 0 || rows > Integer.MAX_VALUE - 8 || n > Integer.MAX_VALUE - 8) {
                throw new BadInput(file + ": array too large (shape (" + shape + "))");
            }
            long bytes;
            try {
                bytes = Math.multiplyExact(Math.multiplyExact(rows, n), width);
            } catch (ArithmeticException e) {
                throw new BadInput(file + ": array too large (shape (" + shape + "))");
            }
            if (size - dataStart < bytes) {
                throw new BadInput(file + ": truncated data: expected " + bytes + " bytes of " + descr + " but found "
                        + (size - dataStart));
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, dataStart, bytes, arena);
                if (record != null) {
                    return columns(record, data, (int) n);
                }
                if (dims.length == 1) {
                    return toArray(descr, data, (int) n);
                }
                Object[] matrix = new Object[(int) rows];
                if (fortran && n > 0) {
                    // Column after column: each read whole, its elements handed out to the rows.
                    for (int c = 0; c < n; c++) {
                        Object column = toArray(descr, data.asSlice(c * rows * width, rows * width), (int) rows);
                        if (c == 0) {
                            Class<?> element = column.getClass().componentType();
                            for (int r = 0; r < matrix.length; r++) {
                                matrix[r] = java.lang.reflect.Array.newInstance(element, (int) n);
                            }
                        }
                        spread(column, c, matrix);
                    }
                    return matrix;
                }
                for (int r = 0; r < matrix.length; r++) {
                    matrix[r] = toArray(descr, data.asSlice(r * n * width, n * width), (int) n);
                }
                return matrix;
            } catch (OutOfMemoryError e) {
                throw new BadInput(file + ": an array of shape (" + shape + ") of " + descr + " does not fit in the Java"
                        + " heap (its maximum is set with -Xmx in WELD_JAVA_OPTS)");
            }
        } catch (IOException e) {
            throw new BadInput(file + ": cannot read: " + Arguments.reason(e));
        } catch (NumberFormatException e) {
            throw new BadInput(file + ": malformed .npy header");
        }
    }

    /** A field of a structured dtype: its name, dtype and byte offset in a record. */
    private record Field(String name, String dtype, int offset) {
    }

    /** A structured dtype: its fields and the size of a record in bytes (with any padding). */
    private record Record(List<Field> fields, int size) {
    }

    /** The text between the brackets of a structured dtype's {@code 'descr': [...]}, or null for a plain dtype. */
    private static String structuredDescr(String header) {
        Matcher m = STRUCTURED.matcher(header);
        if (!m.find()) {
            return null;
        }
        int depth = 1;
        for (int i = m.end(); i < header.length(); i++) {
            char c = header.charAt(i);
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            if (depth == 0) {
                return header.substring(m.end(), i);
            }
        }
        return null;
    }

    /**
     * The fields of a structured dtype, {@code ('name', '<f8'), ...} in NumPy's order, each a scalar dtype that a
     * plain array may have; unnamed {@code |Vn} entries are padding (an aligned dtype's).
     */
    private static Record record(String descr, Path file) throws BadInput {
        List<Field> fields = new ArrayList<>();
        Matcher m = FIELD.matcher(descr);
        int at = 0;
        int offset = 0;
        while (at < descr.length() && m.find(at) && m.start() == at) {
            String name = m.group(1);
            String dtype = m.group(2);
            Matcher pad = PADDING.matcher(dtype);
            if (name.isEmpty() && pad.matches()) {
                offset += Integer.parseInt(pad.group(1));
            } else {
                fields.add(new Field(name, dtype, offset));
                offset += width(dtype, file);
            }
            at = m.end();
        }
        if (at != descr.length() || fields.isEmpty()) {
            throw new BadInput(file + ": unsupported structured dtype [" + descr + "] (expected fields ('name', dtype)"
                    + " of scalar dtypes, without subarrays or nested structures)");
        }
        return new Record(fields, offset);
    }

    /**
     * A structured array as a map of columns, field name to a primitive array as a plain array of the field's dtype
     * would be read (the language takes it for a {@code vec} of structs of those scalars).
     */
    private static Map<String, Object> columns(Record record, MemorySegment data, int n) {
        Map<String, Object> columns = new LinkedHashMap<>();
        for (Field f : record.fields) {
            columns.put(f.name, column(f.dtype, data, f.offset, record.size, n));
        }
        return columns;
    }

    /** Field values at {@code offset + i * stride}, {@code i < n}, in a new array as {@link #toArray} makes it. */
    private static Object column(String dtype, MemorySegment data, long offset, long stride, int n) {
        switch (dtype) {
            case "<f8" -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(F64, offset + i * stride);
                }
                return a;
            }
            case "<f4" -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(F32, offset + i * stride);
                }
                return a;
            }
            case "<i8", "<u8" -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(I64, offset + i * stride);
                }
                return a;
            }
            case "<i4", "<u4" -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(I32, offset + i * stride);
                }
                return a;
            }
            case "<i2", "<u2" -> {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(I16, offset + i * stride);
                }
                return a;
            }
            case "|b1" -> {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(ValueLayout.JAVA_BYTE, offset + i * stride) != 0;
                }
                return a;
            }
            default -> {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(ValueLayout.JAVA_BYTE, offset + i * stride);
                }
                return a;
            }
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

    /**
     * The elements of the mapped file copied into a new array in one bulk copy: no intermediate buffers, so the only
     * new memory touched is the array's (288 MB of cached files in a fresh JVM: 1.6 s before, through a heap buffer,
     * 1.1 s; with transparent huge pages 0.4-1.1 s before, 0.2-0.4 s).
     */
    private static Object toArray(String descr, MemorySegment data, int n) {
        return switch (descr) {
            case "<f8" -> copy(data, ValueLayout.JAVA_DOUBLE_UNALIGNED, new double[n]);
            case "<f4" -> copy(data, ValueLayout.JAVA_FLOAT_UNALIGNED, new float[n]);
            case "<i8", "<u8" -> copy(data, ValueLayout.JAVA_LONG_UNALIGNED, new long[n]);
            case "<i4", "<u4" -> copy(data, ValueLayout.JAVA_INT_UNALIGNED, new int[n]);
            case "<i2", "<u2" -> copy(data, ValueLayout.JAVA_SHORT_UNALIGNED, new short[n]);
            case "|b1" -> {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(ValueLayout.JAVA_BYTE, i) != 0;
                }
                yield a;
            }
            default -> copy(data, ValueLayout.JAVA_BYTE, new byte[n]);
        };
    }

    /** Element {@code r} of {@code column} into element {@code c} of row {@code r}, for every row. */
    private static void spread(Object column, int c, Object[] rows) {
        switch (column) {
            case double[] a -> {
                for (int r = 0; r < a.length; r++) {
                    ((double[]) rows[r])[c] = a[r];
                }
            }
            case float[] a -> {
                for (int r = 0; r < a.length; r++) {
                    ((float[]) rows[r])[c] = a[r];
                }
            }
            case long[] a -> {
                for (int r = 0; r < a.length; r++) {
                    ((long[]) rows[r])[c] = a[r];
                }
            }
            case int[] a -> {
                for (int r = 0; r < a.length; r++) {
                    ((int[]) rows[r])[c] = a[r];
                }
            }
            case short[] a -> {
                for (int r = 0; r < a.length; r++) {
                    ((short[]) rows[r])[c] = a[r];
                }
            }
            case boolean[] a -> {
                for (int r = 0; r < a.length; r++) {
                    ((boolean[]) rows[r])[c] = a[r];
                }
            }
            default -> {
                byte[] a = (byte[]) column;
                for (int r = 0; r < a.length; r++) {
                    ((byte[]) rows[r])[c] = a[r];
                }
            }
        }
    }

    private static Object copy(MemorySegment data, ValueLayout element, Object array) {
        MemorySegment.copy(data, element.withOrder(ByteOrder.LITTLE_ENDIAN), 0, array, 0,
                java.lang.reflect.Array.getLength(array));
        return array;
    }
}
