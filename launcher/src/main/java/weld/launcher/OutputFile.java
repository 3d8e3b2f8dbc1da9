package weld.launcher;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.graalvm.polyglot.Value;

/**
 * The file of {@code weld run --output FILE}: a name ending in {@code .npy} gets a NumPy array (the result must be
 * a vector of scalars, a vector of vectors of scalars of one length: a 2-D array, or a vector of structs of scalars:
 * a structured array, see {@link NpyRecords}), {@code .npz} a NumPy archive of arrays (a struct of vectors of scalars, see
 * {@link NpzWriter}), any other name the JSON that would have been printed. The result is written to a
 * temporary file next to {@code FILE} and renamed over it when complete, so an existing file is never left half
 * overwritten and a failed write leaves no partial file behind.
 */
final class OutputFile {
    private final Path file;

    OutputFile(Path file) {
        this.file = file;
    }

    /** Checked before the program runs, so a long run does not end at an unusable path. */
    void check() throws BadOutput {
        if (Files.isDirectory(file)) {
            throw new BadOutput(file + ": is a directory");
        }
        Path dir = directory();
        if (!Files.isDirectory(dir)) {
            throw new BadOutput(file + ": cannot write: no such directory " + dir);
        }
        if (!Files.isWritable(dir)) {
            throw new BadOutput(file + ": cannot write: directory " + dir + " is not writable");
        }
    }

    void write(Value result) throws BadOutput {
        String name = file.getFileName().toString();
        String kind = name.endsWith(".npy") ? PackedElements.scalarKind(result) : null;
        String rowKind = name.endsWith(".npy") && kind == null ? NpyWriter.rowKind(result) : null;
        long rowLength = rowKind != null ? NpyWriter.rowLength(result) : 0;
        List<String> fieldKinds = name.endsWith(".npy") && kind == null && rowKind == null ? NpyRecords.fieldKinds(result)
                : null;
        List<Value> arrays = name.endsWith(".npz") ? NpzWriter.arrays(result) : null;
        if (name.endsWith(".npy") && kind == null && rowKind == null && fieldKinds == null) {
            throw unfit("a .npy file holds a vector of scalars, of rows of scalars or of structs of scalars", result);
        }
        if (rowLength < 0) {
            throw unfit("a .npy file holds rows of one length", result);
        }
        if (name.endsWith(".npz") && arrays == null) {
            throw unfit("a .npz file holds a struct of vectors of scalars (or one vector)", result);
        }
        Path tmp = null;
        try {
            // created with the permissions a new file gets (Files.createTempFile would make it owner-only)
            tmp = directory().resolve("." + name + "." + ProcessHandle.current().pid() + ".part");
            try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), 1 << 16)) {
                if (kind != null) {
                    NpyWriter.write(result, kind, os);
                } else if (rowKind != null) {
                    NpyWriter.writeRows(result, rowKind, rowLength, os);
                } else if (fieldKinds != null) {
                    NpyRecords.write(result, fieldKinds, os);
                } else if (arrays != null) {
                    NpzWriter.write(arrays, os);
                } else {
                    PrintStream ps = new PrintStream(os, false, StandardCharsets.UTF_8);
                    ResultEncoder.print(result, ps);
                    ps.flush();
                    if (ps.checkError()) {
                        throw new IOException("write failed");
                    }
                }
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new BadOutput(file + ": cannot write: " + Arguments.reason(e));
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the write failed already; that error is the one reported
                }
            }
        }
    }

    private BadOutput unfit(String what, Value result) {
        Value meta = result.getMetaObject();
        return new BadOutput(file + ": " + what + ", not this result" + (meta != null ? " of type "
                + meta.getMetaQualifiedName() : "") + " (write it as JSON: --output a file with another extension)");
    }

    private Path directory() {
        Path parent = file.toAbsolutePath().getParent();
        return parent != null ? parent : Path.of(".").toAbsolutePath();
    }
}
