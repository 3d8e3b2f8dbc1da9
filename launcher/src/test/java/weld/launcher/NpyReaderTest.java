package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading NumPy .npy files, and the errors for files that are not 1-D or 2-D little-endian arrays. */
class NpyReaderTest {
    @TempDir
    Path dir;

    private Path npy(String name, String descr, String shape, byte[] data) throws Exception {
        return npy(name, descr, shape, data, 64);
    }

    /** A version 1.0 file whose data starts at a multiple of {@code align} bytes (NumPy writes 64). */
    private Path npy(String name, String descr, String shape, byte[] data, int align) throws Exception {
        return npy(name, descr, "False", shape, data, align);
    }

    private Path npy(String name, String descr, String fortran, String shape, byte[] data, int align) throws Exception {
        return file(name, "'" + descr + "'", fortran, shape, data, align);
    }

    /** A file whose header's descr is {@code descr}, a Python literal (a quoted dtype or a list of fields). */
    Path file(String name, String descr, String fortran, String shape, byte[] data, int align) throws Exception {
        String header = "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
        header += " ".repeat(align - 1 - (header.length() + 10) % align) + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        out.write(header.length() & 0xFF);
        out.write(header.length() >> 8);
        out.write(header.getBytes(StandardCharsets.ISO_8859_1));
        out.write(data);
        Path p = dir.resolve(name);
        Files.write(p, out.toByteArray());
        return p;
    }

    private static byte[] doubles(double... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double d : v) {
            b.putDouble(d);
        }
        return b.array();
    }

    @Test
    void readsEachDtype() throws Exception {
        assertArrayEquals(new double[] {1.5, -2.0}, (double[]) NpyReader.read(npy("d.npy", "<f8", "(2,)", doubles(1.5, -2.0))));
        assertArrayEquals(new int[] {7}, (int[]) NpyReader.read(npy("i.npy", "<i4", "(1,)", new byte[] {7, 0, 0, 0})));
        assertArrayEquals(new byte[] {-1, 2}, (byte[]) NpyReader.read(npy("u.npy", "|u1", "(2,)", new byte[] {-1, 2})));
        assertArrayEquals(new boolean[] {true, false}, (boolean[]) NpyReader.read(npy("b.npy", "|b1", "(2,)", new byte[] {1, 0})));
        assertArrayEquals(new double[0], (double[]) NpyReader.read(npy("e.npy", "<f8", "(0,)", new byte[0])));
        assertArrayEquals(new float[] {0.5f}, (float[]) NpyReader.read(npy("f.npy", "<f4", "(1,)", new byte[] {0, 0, 0, 63})));
        assertArrayEquals(new long[] {-2}, (long[]) NpyReader.read(npy("l.npy", "<i8", "(1,)",
                new byte[] {-2, -1, -1, -1, -1, -1, -1, -1})));
        assertArrayEquals(new short[] {258}, (short[]) NpyReader.read(npy("s.npy", "<i2", "(1,)", new byte[] {2, 1})));
    }

    /** A 2-D array is a vector of its rows, each a primitive array read in place (C order: row after row). */
    @Test
    void readsAMatrixAsRows() throws Exception {
        Object[] m = (Object[]) NpyReader.read(npy("m.npy", "<f8", "(2, 3)", doubles(1, 2, 3, 4, 5, 6.5)));
        assertEquals(2, m.length);
        assertArrayEquals(new double[] {1, 2, 3}, (double[]) m[0]);
        assertArrayEquals(new double[] {4, 5, 6.5}, (double[]) m[1]);
        Object[] ints = (Object[]) NpyReader.read(npy("mi.npy", "<i4", "(3, 1)", new byte[] {1, 0, 0, 0, -1, -1, -1, -1, 9, 0, 0, 0}));
        assertArrayEquals(new int[] {-1}, (int[]) ints[1]);
        assertArrayEquals(new int[] {9}, (int[]) ints[2]);
        Object[] bools = (Object[]) NpyReader.read(npy("mb.npy", "|b1", "(1, 2)", new byte[] {0, 1}));
        assertArrayEquals(new boolean[] {false, true}, (boolean[]) bools[0]);
        assertEquals(0, ((Object[]) NpyReader.read(npy("none.npy", "<f8", "(0, 4)", new byte[0]))).length);
        Object[] empty = (Object[]) NpyReader.read(npy("empty.npy", "<f8", "(2, 0)", new byte[0]));
        assertArrayEquals(new double[0], (double[]) empty[1]);
    }

    /** A Fortran-ordered file (column after column, as NumPy saves a transposed array) gives the same rows. */
    @Test
    void readsAFortranOrderedMatrixAsRows() throws Exception {
        Object[] m = (Object[]) NpyReader.read(npy("f.npy", "<f8", "True", "(2, 3)", doubles(1, 4, 2, 5, 3, 6.5), 64));
        assertArrayEquals(new double[] {1, 2, 3}, (double[]) m[0]);
        assertArrayEquals(new double[] {4, 5, 6.5}, (double[]) m[1]);
        Object[] s = (Object[]) NpyReader.read(npy("fs.npy", "<i2", "True", "(3, 2)", new byte[] {1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0}, 64));
        assertArrayEquals(new short[] {1, 4}, (short[]) s[0]);
        assertArrayEquals(new short[] {3, 6}, (short[]) s[2]);
        Object[] b = (Object[]) NpyReader.read(npy("fb.npy", "|b1", "True", "(2, 2)", new byte[] {1, 0, 0, 1}, 64));
        assertArrayEquals(new boolean[] {true, false}, (boolean[]) b[0]);
        assertArrayEquals(new boolean[] {false, true}, (boolean[]) b[1]);
        Object[] noColumns = (Object[]) NpyReader.read(npy("f0.npy", "<i8", "True", "(2, 0)", new byte[0], 64));
        assertArrayEquals(new long[0], (long[]) noColumns[1]);
        assertArrayEquals(new float[] {0.5f}, (float[]) NpyReader.read(npy("f1.npy", "<f4", "True", "(1,)", new byte[] {0, 0, 0, 63}, 64)));
    }

    /**
     * A structured array is a map of columns in the fields' order, each an array as a plain array of its dtype, read
     * at the field's offset in each record (unnamed void fields are an aligned dtype's padding).
     */
    @Test
    void readsAStructuredArrayAsColumns() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(2 * 13).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(7).putDouble(1.5).put((byte) 1).putInt(-1).putDouble(-2.0).put((byte) 0);
        Object read = NpyReader.read(file("s.npy", "[('id', '<i4'), ('x', '<f8'), ('ok', '|b1')]", "False", "(2,)", b.array(), 64));
        java.util.Map<?, ?> columns = (java.util.Map<?, ?>) read;
        assertEquals(java.util.List.of("id", "x", "ok"), java.util.List.copyOf(columns.keySet()));
        assertArrayEquals(new int[] {7, -1}, (int[]) columns.get("id"));
        assertArrayEquals(new double[] {1.5, -2.0}, (double[]) columns.get("x"));
        assertArrayEquals(new boolean[] {true, false}, (boolean[]) columns.get("ok"));

        ByteBuffer aligned = ByteBuffer.allocate(3 * 16).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3; i++) {
            aligned.put((byte) (200 + i)).put(new byte[7]).putDouble(i * 0.25);
        }
        java.util.Map<?, ?> padded = (java.util.Map<?, ?>) NpyReader.read(file("a.npy",
                "[('a', '|u1'), ('', '|V7'), ('b', '<f8')]", "False", "(3,)", aligned.array(), 64));
        assertArrayEquals(new byte[] {(byte) 200, (byte) 201, (byte) 202}, (byte[]) padded.get("a"));
        assertArrayEquals(new double[] {0, 0.25, 0.5}, (double[]) padded.get("b"));
        assertEquals(2, padded.size());
        java.util.Map<?, ?> empty = (java.util.Map<?, ?>) NpyReader.read(file("e.npy", "[('n', '<i8')]", "False", "(0,)", new byte[0], 64));
        assertArrayEquals(new long[0], (long[]) empty.get("n"));

        rejects(file("sub.npy", "[('v', '<f8', (2,))]", "False", "(1,)", doubles(1, 2), 64),
                "unsupported structured dtype [('v', '<f8', (2,))]");
        rejects(file("nest.npy", "[('p', [('x', '<i4')])]", "False", "(1,)", new byte[4], 64), "unsupported structured dtype");
        rejects(file("bef.npy", "[('x', '>i4')]", "False", "(1,)", new byte[4], 64), "unsupported dtype '>i4'");
        rejects(file("s2.npy", "[('x', '<i4')]", "False", "(1, 1)", new byte[4], 64),
                "expected a 1-D structured array but the shape is (1, 1)");
        rejects(file("st.npy", "[('x', '<i4'), ('y', '<f8')]", "False", "(2,)", new byte[20], 64),
                "truncated data: expected 24 bytes");
    }

    @Test
    void dataNeedNotBeAligned() throws Exception {
        // The format pads the header to 64 bytes, but a file written by hand may not: elements are read unaligned.
        Path odd = npy("odd.npy", "<f8", "(3,)", doubles(1.25, -3.5, 1e300), 1);
        assertTrue((Files.size(odd) - 3 * 8) % 8 != 0, "the data should start at an unaligned offset");
        assertArrayEquals(new double[] {1.25, -3.5, 1e300}, (double[]) NpyReader.read(odd));
    }

    @Test
    void anArrayLargerThanTheHeapIsBadInput() throws Exception {
        long n = Integer.MAX_VALUE - 8;
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 8 * n, "a heap that holds 16 GiB");
        // A sparse file: the header of 2^31 - 9 i64 elements, then a hole of 16 GiB (mapped, never read).
        Path big = npy("big.npy", "<i8", "(" + n + ",)", new byte[0]);
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(Files.size(big) + 8 * n);
        }
        rejects(big, "does not fit in the Java heap");
    }

    private void rejects(Path file, String message) {
        BadInput e = assertThrows(BadInput.class, () -> NpyReader.read(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void badFilesAreNamedWithWhatWasExpected() throws Exception {
        rejects(npy("3d.npy", "<f8", "(1, 2, 1)", doubles(1, 2)), "expected a 1-D or 2-D array but the shape is (1, 2, 1)");
        rejects(npy("scalar.npy", "<f8", "()", doubles(1)), "expected a 1-D or 2-D array");
        rejects(npy("short2d.npy", "<f8", "(2, 3)", doubles(1, 2, 3, 4, 5)), "truncated data: expected 48 bytes");
        rejects(npy("huge2d.npy", "<f8", "(2147483000, 2147483000)", doubles(1)), "array too large");
        rejects(npy("be.npy", ">f8", "(1,)", doubles(1)), "unsupported dtype '>f8'");
        rejects(npy("short.npy", "<f8", "(3,)", doubles(1)), "truncated data");
        Path junk = dir.resolve("junk.npy");
        Files.writeString(junk, "not numpy at all");
        rejects(junk, "not a NumPy .npy file");
        rejects(dir.resolve("missing.npy"), "cannot read");
    }

    @Test
    void argumentsAreNpyFilesOrJson() throws Exception {
        Path p = npy("v.npy", "<f8", "(1,)", doubles(4.0));
        assertArrayEquals(new double[] {4.0}, (double[]) Arguments.fromArg(p.toString()));
        assertArrayEquals(new long[] {1, 2}, (long[]) Arguments.fromArg("[1, 2]"));
        assertArrayEquals(new double[] {1.5, Double.NaN}, (double[]) Arguments.fromArg("[1.5, \"NaN\"]"));
        Object[] rows = (Object[]) Arguments.fromArg("[[1], [2.5]]");
        assertArrayEquals(new long[] {1}, (long[]) rows[0]);
        assertArrayEquals(new double[] {2.5}, (double[]) rows[1]);
        // A negative integer, mixed numbers, other values and empty arrays stay polyglot arrays of the values.
        for (String json : new String[] {"[1, -2]", "[1, 2.5]", "[true]", "[]", "[[1], []]"}) {
            assertTrue(Arguments.fromArg(json) instanceof org.graalvm.polyglot.proxy.ProxyArray, json);
        }
        assertTrue(Double.isNaN((Double) Arguments.guest("NaN")));
        BadInput e = assertThrows(BadInput.class, () -> Arguments.fromArg("nope.npy"));
        assertTrue(e.getMessage().contains("no such .npy file"), e.getMessage());
        assertThrows(BadInput.class, () -> Arguments.fromArg("[1,"));
    }
}
