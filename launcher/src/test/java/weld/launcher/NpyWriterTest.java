package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Weld vectors of scalars written as .npy files (NumPy's header layout, every kind read back by {@link NpyReader}) and
 * structs of them as .npz archives.
 */
class NpyWriterTest {
    @TempDir
    Path dir;

    private Path write(Value v, String name) throws Exception {
        String kind = PackedElements.scalarKind(v);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NpyWriter.write(v, kind, out);
        assertEquals(NpyWriter.size(v, kind), out.size());
        Path p = dir.resolve(name);
        Files.write(p, out.toByteArray());
        return p;
    }

    @Test
    void headersAreNumPysVersion1PaddedTo64Bytes() {
        for (long n : new long[] {0, 3, 123_456_789_012L}) {
            byte[] h = NpyWriter.header("<f8", n);
            assertEquals(0, h.length % 64, "data starts at a multiple of 64");
            assertEquals(h.length - 10, (h[8] & 0xFF) | (h[9] & 0xFF) << 8, "header length, little-endian");
            String text = new String(h, 10, h.length - 10, StandardCharsets.ISO_8859_1);
            assertTrue(text.startsWith("{'descr': '<f8', 'fortran_order': False, 'shape': (" + n + ",), }"), text);
            assertTrue(text.endsWith(" \n"), "padded with spaces, ends with a newline");
            assertArrayEquals(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}, java.util.Arrays.copyOf(h, 8));
        }
    }

    @Test
    void everyScalarKindRoundTripsThroughTheReader() throws Exception {
        try (Context weld = Context.create("weld")) {
            assertArrayEquals(new boolean[] {true, false, true},
                    (boolean[]) NpyReader.read(write(weld.eval("weld", "|| [true, false, true]").execute(), "b.npy")));
            assertArrayEquals(new byte[] {-128, 127},
                    (byte[]) NpyReader.read(write(weld.eval("weld", "|| [i8(-128), i8(127)]").execute(), "i8.npy")));
            assertArrayEquals(new byte[] {-1, 0},
                    (byte[]) NpyReader.read(write(weld.eval("weld", "|| [u8(255), u8(0)]").execute(), "u8.npy")));
            assertArrayEquals(new short[] {-32768, 7},
                    (short[]) NpyReader.read(write(weld.eval("weld", "|| [i16(-32768), i16(7)]").execute(), "i16.npy")));
            assertArrayEquals(new short[] {-1},
                    (short[]) NpyReader.read(write(weld.eval("weld", "|| [u16(65535)]").execute(), "u16.npy")));
            assertArrayEquals(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE},
                    (int[]) NpyReader.read(write(weld.eval("weld", "|| [-2147483648, 2147483647]").execute(), "i32.npy")));
            assertArrayEquals(new int[] {-1, 1},
                    (int[]) NpyReader.read(write(weld.eval("weld", "|| [u32(4294967295L), u32(1)]").execute(), "u32.npy")));
            assertArrayEquals(new long[] {Long.MIN_VALUE, 1},
                    (long[]) NpyReader.read(write(weld.eval("weld", "|| [-9223372036854775808L, 1L]").execute(), "i64.npy")));
            assertArrayEquals(new long[] {-1, Long.MAX_VALUE},
                    (long[]) NpyReader.read(write(weld.eval("weld", "|| [u64(-1L), u64(9223372036854775807L)]").execute(), "u64.npy")));
            assertArrayEquals(new float[] {0.1f, Float.POSITIVE_INFINITY},
                    (float[]) NpyReader.read(write(weld.eval("weld", "|| [0.1f, f32(1.0) / f32(0.0)]").execute(), "f32.npy")));
            assertArrayEquals(new double[] {0.1, Double.NaN, Double.NEGATIVE_INFINITY, -0.0},
                    (double[]) NpyReader.read(write(weld.eval("weld", "|| [0.1, 0.0 / 0.0, -1.0 / 0.0, -0.0]").execute(), "f64.npy")));
            Value empty = weld.eval("weld", "|v: vec[f64]| v").execute((Object) new double[0]);
            assertArrayEquals(new double[0], (double[]) NpyReader.read(write(empty, "empty.npy")));
            // 3 MB of i64: written in several buffer chunks
            Value big = weld.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x * x)))")
                    .execute(400_000L);
            long[] squares = (long[]) NpyReader.read(write(big, "big.npy"));
            assertEquals(400_000, squares.length);
            for (int i = 0; i < squares.length; i++) {
                assertEquals((long) i * i, squares[i]);
            }
        }
    }
    @Test
    void structsOfVectorsAreNpzArchivesOfStoredNpyEntries() throws Exception {
        try (Context weld = Context.create("weld")) {
            Value q = weld.eval("weld", "|v: vec[f64]| {map(v, |x| x * 2.0), map(v, |x| i32(x)), filter(v, |x| x > 1.0)}")
                    .execute((Object) new double[] {0.5, 1.5, 2.5});
            List<Value> arrays = NpzWriter.arrays(q);
            assertEquals(3, arrays.size());
            Path npz = dir.resolve("q.npz");
            try (OutputStream out = Files.newOutputStream(npz)) {
                NpzWriter.write(arrays, out);
            }
            Object[] expected = {new double[] {1.0, 3.0, 5.0}, new int[] {0, 1, 2}, new double[] {1.5, 2.5}};
            try (ZipFile zip = new ZipFile(npz.toFile())) {
                assertEquals(List.of("arr_0.npy", "arr_1.npy", "arr_2.npy"), zip.stream().map(ZipEntry::getName).toList());
                for (int i = 0; i < 3; i++) {
                    ZipEntry e = zip.getEntry("arr_" + i + ".npy");
                    assertEquals(ZipEntry.STORED, e.getMethod(), "stored, as numpy.savez stores them");
                    Path entry = dir.resolve("e" + i + ".npy");
                    try (InputStream in = zip.getInputStream(e)) {
                        Files.copy(in, entry); // ZipFile checks each entry's CRC as it reads it
                    }
                    Object got = NpyReader.read(entry);
                    if (got instanceof double[] d) {
                        assertArrayEquals((double[]) expected[i], d);
                    } else {
                        assertArrayEquals((int[]) expected[i], (int[]) got);
                    }
                }
            }
            Value one = weld.eval("weld", "|| [1L, 2L]").execute();
            assertEquals(1, NpzWriter.arrays(one).size(), "a single vector is arr_0");
            assertNull(NpzWriter.arrays(weld.eval("weld", "|| {[1L], 2L}").execute()), "a scalar field");
            assertNull(NpzWriter.arrays(weld.eval("weld", "|| [{1L, 2L}]").execute()), "a vector of structs");
            assertNull(NpzWriter.arrays(weld.eval("weld", "|| [[1L]]").execute()), "a vector of vectors");
        }
    }
}
