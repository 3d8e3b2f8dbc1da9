package weld.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.graalvm.polyglot.Value;

/**
 * Writes a struct of vectors of scalars (TPC-H Q1's six columns, say) as a NumPy {@code .npz} archive: one
 * {@code .npy} entry per field, named {@code arr_0}, {@code arr_1}, ... as {@code numpy.savez} names positional
 * arrays, stored uncompressed as {@code numpy.savez} stores them. A single vector of scalars is {@code arr_0}.
 * Each entry's checksum is computed in a first pass over the vector's buffer, so the entries are written once.
 */
final class NpzWriter {
    private NpzWriter() {
    }

    /** The arrays of {@code result}: itself if a vector of scalars, the fields of a struct of them, or null. */
    static List<Value> arrays(Value result) {
        if (PackedElements.scalarKind(result) != null) {
            return List.of(result);
        }
        if (result.getMetaObject() != null || !result.hasArrayElements() || result.getArraySize() == 0) {
            return null; // a vector of something other than scalars, or not a struct
        }
        List<Value> fields = new ArrayList<>();
        for (long i = 0; i < result.getArraySize(); i++) {
            Value f = result.getArrayElement(i);
            if (PackedElements.scalarKind(f) == null) {
                return null;
            }
            fields.add(f);
        }
        return fields;
    }

    static void write(List<Value> arrays, OutputStream out) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(out);
        for (int i = 0; i < arrays.size(); i++) {
            Value v = arrays.get(i);
            String kind = PackedElements.scalarKind(v);
            CRC32 crc = new CRC32();
            NpyWriter.write(v, kind, new CheckedOutputStream(OutputStream.nullOutputStream(), crc));
            ZipEntry e = new ZipEntry("arr_" + i + ".npy");
            e.setMethod(ZipEntry.STORED);
            long size = NpyWriter.size(v, kind);
            e.setSize(size);
            e.setCompressedSize(size);
            e.setCrc(crc.getValue());
            zip.putNextEntry(e);
            NpyWriter.write(v, kind, zip);
            zip.closeEntry();
        }
        zip.finish();
    }
}
