package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading NumPy .npy files, and the errors for files that are not 1-D little-endian arrays. */
class NpyReaderTest {
    @TempDir
    Path dir;

    private Path npy(String name, String descr, String shape, byte[] data) throws Exception {
        String header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
        header += " ".repeat(63 - (header.length() + 10) % 64) + "\n";
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
    }

    private void rejects(Path file, String message) {
        BadInput e = assertThrows(BadInput.class, () -> NpyReader.read(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void badFilesAreNamedWithWhatWasExpected() throws Exception {
        rejects(npy("2d.npy", "<f8", "(1, 2)", doubles(1, 2)), "expected a 1-D array");
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
