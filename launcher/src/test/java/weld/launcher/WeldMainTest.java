package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: subcommands, options before or after them, and usage errors (exit status 2, no stack trace). */
class WeldMainTest {
    @TempDir
    Path dir;

    record Outcome(int exit, String out, String err) {
    }

    static Outcome weld(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = WeldMain.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static void usageError(String expected, String... argv) {
        Outcome o = weld(argv);
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.err().contains(expected), o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    @Test
    void usageErrors() {
        usageError("unknown command 'frob'", "frob");
        usageError("run needs a program file", "run");
        usageError("--threads needs a value", "run", "p.weld", "--threads");
        usageError("--arg needs a value", "run", "p.weld", "--arg");
        usageError("either --args or --arg", "run", "p.weld", "--args", "a.json", "--arg", "1");
        usageError("--repeat needs a positive integer", "run", "p.weld", "--repeat", "0");
        usageError("unexpected argument 'q.weld'", "run", "p.weld", "q.weld");
        usageError("unexpected argument '--bogus'", "run", "p.weld", "--bogus");
        usageError("batch takes no arguments", "batch", "extra");
    }

    @Test
    void polyglotOptionsFollowTheGraalVmConvention() {
        assertTrue(WeldMain.isPolyglotOption("--engine.TraceCompilation=true"));
        assertTrue(WeldMain.isPolyglotOption("--weld.Threads=4"));
        assertFalse(WeldMain.isPolyglotOption("--weld.Threads"));
        assertFalse(WeldMain.isPolyglotOption("--threads=4"));
        assertFalse(WeldMain.isPolyglotOption("--args"));
    }

    @Test
    void badOptionsAreUsageErrors() throws Exception {
        Path prog = dir.resolve("p.weld");
        Files.writeString(prog, "|| 1");
        usageError("invalid option", "--threads", "many", "run", prog.toString());
        usageError("engine.NoSuchOption", "run", prog.toString(), "--engine.NoSuchOption=1");
        usageError("weld.Thread", "--weld.Thread=2", "run", prog.toString()); // misspelt: reported, not ignored
        usageError("unknown pass 'loop-fusin'", "run", prog.toString(), "--passes=-loop-fusin");
        usageError("unknown pass 'fusion'", "--dump-ir=fusion", "run", prog.toString());
    }

    /** The engine asks for one compilation tier; a runtime without compilation (these tests') has none to set. */
    @Test
    void programsRunOnARuntimeWithoutCompilationTiers() throws Exception {
        Path prog = dir.resolve("p.weld");
        Files.writeString(prog, "|| 41 + 1");
        Outcome o = weld("run", prog.toString());
        assertEquals(0, o.exit(), o.err());
        assertEquals("42", o.out().strip());
        usageError("engine.MultiTier", "run", prog.toString(), "--engine.MultiTier=false");
    }

    @Test
    void helpListsTheLanguageOptions() {
        Outcome o = weld("--help");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.out().startsWith("usage: weld"), o.out());
        assertTrue(o.out().contains("--weld.Threads"), o.out());
        assertTrue(o.out().contains("--weld.Passes") && o.out().contains("--dump-ir[=PASS]"), o.out());
        assertEquals(0, weld("run", "--help").exit());
    }

    @Test
    void versionNamesLanguageAndRuntime() {
        Outcome o = weld("--version");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.out().matches("Weld \\S+ \\(Truffle runtime: .+\\)\\R"), o.out());
    }

    @Test
    void unreadableInputsNameTheFile() throws Exception {
        usageError("missing.weld: cannot read the program: no such file", "run", dir.resolve("missing.weld").toString());
        Path prog = dir.resolve("p.weld");
        Files.writeString(prog, "|x: i64| x");
        usageError("none.json: cannot read the arguments: no such file", "run", prog.toString(), "--args",
                dir.resolve("none.json").toString());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "[1,\n 2");
        usageError("bad.json: invalid JSON at 2:3", "run", prog.toString(), "--args", bad.toString());
        Path object = dir.resolve("obj.json");
        Files.writeString(object, "{\"x\": 1}");
        usageError("obj.json: expected a JSON array of arguments", "run", prog.toString(), "--args", object.toString());
    }
    /** {@code --output}: .npy for a vector of scalars, .npz for a struct of them, JSON for other names; nothing printed. */
    @Test
    void resultsAreWrittenToTheOutputFile() throws Exception {
        Path prog = dir.resolve("double.weld");
        Files.writeString(prog, "|v: vec[f64]| map(v, |x| x * 2.0)");
        Path out = dir.resolve("out.npy");
        Outcome o = weld("run", prog.toString(), "--arg", "[1.5, -2.0, 0.25]", "--output", out.toString());
        assertEquals(0, o.exit(), o.err());
        assertEquals("", o.out());
        assertArrayEquals(new double[] {3.0, -4.0, 0.5}, (double[]) NpyReader.read(out));
        Outcome again = weld("run", prog.toString(), "--arg", out.toString(), "--output", out.toString());
        assertEquals(0, again.exit(), again.err());
        assertArrayEquals(new double[] {6.0, -8.0, 1.0}, (double[]) NpyReader.read(out), "an existing file is replaced");
        Path json = dir.resolve("out.json");
        Files.writeString(json, "old contents, longer than the result");
        Outcome j = weld("run", prog.toString(), "--output", json.toString(), "--arg", "[1.0, \"NaN\"]");
        assertEquals(0, j.exit(), j.err());
        assertEquals("[2.0, \"NaN\"]" + System.lineSeparator(), Files.readString(json));
        Path npz = dir.resolve("out.npz");
        Path twoColumns = dir.resolve("two.weld");
        Files.writeString(twoColumns, "|v: vec[f64]| {map(v, |x| x * 2.0), map(v, |x| i64(x))}");
        Outcome z = weld("run", twoColumns.toString(), "--arg", "[1.5, 3.0]", "--output", npz.toString());
        assertEquals(0, z.exit(), z.err());
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(npz.toFile())) {
            assertEquals(List.of("arr_0.npy", "arr_1.npy"), zip.stream().map(java.util.zip.ZipEntry::getName).toList());
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of("double.weld", "out.json", "out.npy", "out.npz", "two.weld"), files.map(p -> p.getFileName().toString()).sorted()
                    .toList(), "no temporary files left");
        }
    }

    @Test
    void unusableOutputsAreReportedBeforeOrInsteadOfWriting() throws Exception {
        Path prog = dir.resolve("p.weld");
        Files.writeString(prog, "|| {1, 2.0}");
        usageError("cannot write: no such directory", "run", prog.toString(), "--output", dir.resolve("no/such/r.npy").toString());
        usageError("is a directory", "run", prog.toString(), "--output", dir.toString());
        Path npy = dir.resolve("r.npy");
        usageError("a .npy file holds a vector of scalars, of rows of scalars or of structs of scalars, not this result",
                "run", prog.toString(), "--output", npy.toString());
        assertFalse(Files.exists(npy));
        Path structs = dir.resolve("s.weld");
        Files.writeString(structs, "|| [{1, {2.0, 3}}]");
        usageError("of type vec[{i32,{f64,i32}}]", "run", structs.toString(), "--output", npy.toString());
        usageError("a .npz file holds a struct of vectors of scalars", "run", prog.toString(), "--output",
                dir.resolve("r.npz").toString());
        usageError("--output needs a value", "run", prog.toString(), "--output");
    }

    /**
     * A 2-D {@code .npy} argument is a {@code vec[vec[T]]} of its rows, and such a result with rows of one length is
     * written as one; ragged rows and a 3-D argument are errors that say so.
     */
    @Test
    void aMatrixNpyIsAVectorOfRows() throws Exception {
        java.nio.ByteBuffer data = java.nio.ByteBuffer.allocate(6 * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (double d : new double[] {1, 2, 3.5, -4, 5, 6}) {
            data.putDouble(d);
        }
        Path matrix = npy("m.npy", "(2, 3)", data.array());
        Path prog = dir.resolve("rows.weld");
        Files.writeString(prog, "|m: vec[vec[f64]]| result(for(m, appender[f64], |b, i, row| "
                + "merge(b, result(for(row, merger[f64,+], |s, j, x| merge(s, x))))))");
        Outcome o = weld("run", prog.toString(), "--arg", matrix.toString());
        assertEquals(0, o.exit(), o.err());
        assertEquals("[6.5,7.0]", o.out().replace(" ", "").strip());
        Path doubled = dir.resolve("doubled.weld");
        Files.writeString(doubled, "|m: vec[vec[f64]]| map(m, |r| map(r, |x| x * 2.0))");
        Path out = dir.resolve("out.npy");
        o = weld("run", doubled.toString(), "--arg", matrix.toString(), "--output", out.toString());
        assertEquals(0, o.exit(), o.err());
        Object[] back = (Object[]) NpyReader.read(out);
        assertEquals(2, back.length);
        assertArrayEquals(new double[] {2, 4, 7}, (double[]) back[0]);
        assertArrayEquals(new double[] {-8, 10, 12}, (double[]) back[1]);
        Path ragged = dir.resolve("ragged.weld");
        Files.writeString(ragged, "|| [[1, 2], [3]]");
        usageError("a .npy file holds rows of one length, not this result of type vec[vec[i32]]", "run",
                ragged.toString(), "--output", dir.resolve("ragged.npy").toString());
        Path cube = npy("c.npy", "(1, 2, 3)", data.array());
        usageError("c.npy: expected a 1-D or 2-D array but the shape is (1, 2, 3)", "run", prog.toString(), "--arg",
                cube.toString());
    }

    /**
     * The program compiles while the arguments are read, but errors are reported as before: an unreadable argument
     * (exit 2) before a program error (exit 1), a program error only once the arguments are read, and the same
     * results whether the program or the argument is the larger task.
     */
    @Test
    void compilingWhileReadingArgumentsKeepsTheErrorOrder() throws Exception {
        Path bad = dir.resolve("bad.weld");
        Files.writeString(bad, "|x: i64| x + 1.0");
        Outcome both = weld("run", bad.toString(), "--arg", dir.resolve("missing.npy").toString());
        assertEquals(2, both.exit(), both.err());
        assertTrue(both.err().contains("missing.npy: no such .npy file"), both.err());
        assertFalse(both.err().contains("type error"), both.err());
        Outcome program = weld("run", bad.toString(), "--arg", "1");
        assertEquals(1, program.exit(), program.err());
        assertTrue(program.err().contains("type error at 1:"), program.err());
        assertFalse(program.err().contains("\tat "), program.err());
        Path sum = dir.resolve("sum.weld");
        Files.writeString(sum, "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x)))");
        StringBuilder big = new StringBuilder("[0");
        for (int i = 1; i < 200_000; i++) {
            big.append(',').append(i);
        }
        Path args = dir.resolve("args.json");
        Files.writeString(args, "[" + big + "]]");
        Outcome ok = weld("run", sum.toString(), "--args", args.toString(), "--stats");
        assertEquals(0, ok.exit(), ok.err());
        assertEquals(Long.toString(199_999L * 200_000 / 2), ok.out().strip());
        assertTrue(ok.err().contains("\"compile_ms\""), ok.err());
    }

    /** A structured {@code .npy} argument (NumPy's record arrays) is a vector of structs of its fields. */
    @Test
    void aStructuredNpyIsAVectorOfStructs() throws Exception {
        java.nio.ByteBuffer data = java.nio.ByteBuffer.allocate(3 * 12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3; i++) {
            data.putInt(i % 2).putDouble(1.5 * (i + 1));
        }
        Path records = npy("records.npy", "[('key', '<i4'), ('value', '<f8')]", "(3,)", data.array());
        Path prog = dir.resolve("group.weld");
        Files.writeString(prog, "|t: vec[{i32, f64}]| tovec(result(for(t, dictmerger[i32, f64, +], "
                + "|b, i, r| merge(b, {r.$0, r.$1}))))");
        Outcome o = weld("run", prog.toString(), "--arg", records.toString());
        assertEquals(0, o.exit(), o.err());
        assertEquals("[[0,6.0],[1,3.0]]", o.out().replace(" ", "").strip());
        Path filter = dir.resolve("filter.weld");
        Files.writeString(filter, "|t: vec[{i32, f64}]| map(filter(t, |r| r.$1 > 2.0), |r| {r.$1, r.$0 == 0, u64(r.$0) - u64(1), i8(-r.$0)})");
        Path out = dir.resolve("kept.npy");
        o = weld("run", filter.toString(), "--arg", records.toString(), "--output", out.toString());
        assertEquals(0, o.exit(), o.err());
        java.util.Map<?, ?> kept = (java.util.Map<?, ?>) NpyReader.read(out);
        assertEquals(List.of("f0", "f1", "f2", "f3"), List.copyOf(kept.keySet()));
        assertArrayEquals(new double[] {3.0, 4.5}, (double[]) kept.get("f0"));
        assertArrayEquals(new boolean[] {false, true}, (boolean[]) kept.get("f1"));
        assertArrayEquals(new long[] {0, -1}, (long[]) kept.get("f2"), "u64 2^64 - 1 by its bits");
        assertArrayEquals(new byte[] {-1, 0}, (byte[]) kept.get("f3"));
        Path wrong = dir.resolve("wrong.weld");
        Files.writeString(wrong, "|t: vec[{i32, f64, f64}]| len(t)");
        o = weld("run", wrong.toString(), "--arg", records.toString());
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.err().contains("(a map of 2 columns for 3 scalar fields)"), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
    }

    /** A version 1.0 {@code .npy} file of {@code <f8} elements with this shape. */
    private Path npy(String name, String shape, byte[] data) throws Exception {
        return npy(name, "'<f8'", shape, data);
    }

    /** A version 1.0 {@code .npy} file whose header's descr is {@code descr}, a Python literal. */
    private Path npy(String name, String descr, String shape, byte[] data) throws Exception {
        String header = "{'descr': " + descr + ", 'fortran_order': False, 'shape': " + shape + ", }";
        header += " ".repeat(63 - (header.length() + 10) % 64) + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) header.length(), 0});
        out.write(header.getBytes(StandardCharsets.ISO_8859_1));
        out.write(data);
        Path p = dir.resolve(name);
        Files.write(p, out.toByteArray());
        return p;
    }
}
