package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real {@code bin/weld} command (after the jars are packaged): it must use the optimizing Truffle runtime,
 * print results as JSON, and report user mistakes in one message with position, never a stack trace.
 */
class LauncherIT {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    @TempDir
    static Path dir;

    record Result(int exit, String out, String err) {
    }

    @BeforeAll
    static void jarsAreFresh() throws Exception {
        // Maven just packaged the jars: tell bin/weld it need not rebuild them.
        Files.writeString(ROOT.resolve("launcher/target/.weld-build-stamp"), "");
    }

    static Result weld(String stdin, String... args) throws Exception {
        return weldWithJavaOptions("", stdin, args);
    }

    static Result weldWithJavaOptions(String javaOptions, String stdin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("bin/weld").toString()));
        cmd.addAll(List.of(args));
        // Other test classes run the command too, before or after this class's temporary directory exists.
        Path workDir = dir != null && Files.isDirectory(dir) ? dir : ROOT;
        // Input and output through files: a command that answers while it still reads (batch) would otherwise fill
        // a pipe and wait for this side, which waits to finish writing.
        Path in = Files.createTempFile("weld-in", ".txt");
        Path out = Files.createTempFile("weld-out", ".txt");
        Path err = Files.createTempFile("weld-err", ".txt");
        try {
            Files.writeString(in, stdin == null ? "" : stdin);
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectInput(in.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("WELD_JAVA_OPTS", javaOptions);
            Process p = pb.start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("bin/weld " + List.of(args) + " did not finish in 300 s: "
                        + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void versionShowsTheOptimizingRuntime() throws Exception {
        Result r = weld(null, "--version");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("Weld 0.1.0"), r.out());
        assertTrue(r.out().contains("Truffle runtime: GraalVM CE"), "fallback runtime in use: " + r.out() + r.err());
        assertFalse((r.out() + r.err()).contains("fallback runtime"), r.err());
    }

    @Test
    void aProgramThatExhaustsTheHeapIsARuntimeErrorAndTheNextRequestRuns() throws Exception {
        String requests = """
                {"id": 1, "program": "|n: i64| len(result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, x))))", "args": [50000000]}
                {"id": 2, "program": "|n: i64| n + 1L", "args": [41]}
                """;
        Result r = weldWithJavaOptions("-Xmx160m", requests, "batch");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("{\"id\": 1, \"error\": {\"kind\": \"runtime\", \"message\": \"runtime error: out of memory"),
                r.out());
        assertTrue(r.out().contains("{\"id\": 2, \"result\": 42}"), r.out());
        assertFalse(r.err().contains("OutOfMemoryError"), r.err());
    }

    @Test
    void runPrintsJsonAndStats() throws Exception {
        Path prog = dir.resolve("p.weld");
        Files.writeString(prog, "|v: vec[u64], x: f64| {result(for(v, merger[u64,max], |b, i, e| merge(b, e))), x * 2.0}");
        Result r = weld(null, "run", prog.toString(), "--arg", "[1, 18446744073709551615]", "--arg", "1.25",
                "--repeat", "3", "--stats", "--weld.Threads=2", "--grain", "1");
        assertEquals(0, r.exit(), r.err());
        assertEquals("[18446744073709551615, 2.5]", r.out().strip());
        assertTrue(r.err().matches("(?s).*\\{\"read_ms\": [0-9.]+, \"compile_ms\": [0-9.]+, \"runs_ms\": \\[[0-9.]+, [0-9.]+,"
                + " [0-9.]+\\], \"print_ms\": [0-9.]+\\}.*"), r.err());
    }

    @Test
    void theClassArchiveIsTrainedOnTheWholeFrontEndNotOnTheFirstCommand() throws Exception {
        Path archive = ROOT.resolve("launcher/target/weld-launcher.jsa");
        Files.deleteIfExists(archive);
        Result v = weld(null, "--version");
        assertEquals(0, v.exit(), v.err());
        Assumptions.assumeTrue(Files.exists(archive), "no runtime image here, so no class archive: " + v.out());
        Path prog = dir.resolve("grouped.weld");
        Files.writeString(prog, "|k: vec[i32]| result(for(k, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L})))");
        Path log = dir.resolve("classes.txt");
        Result r = weldWithJavaOptions("-Xlog:class+load:file=" + log, null, "run", prog.toString(), "--arg", "[4, 2, 4]");
        assertEquals(0, r.exit(), r.err());
        assertEquals("[[2, 1], [4, 2]]", r.out().strip());
        String classes = Files.readString(log);
        for (String c : List.of("weld.syntax.Parser", "weld.types.TypeInference", "weld.ir.passes.LoopFusion",
                "weld.nodes.loop.ForNode", "weld.builders.ScalarDictMerger", "weld.launcher.ResultEncoder")) {
            assertTrue(classes.contains(" " + c + " source: shared objects file"), c + " not from the archive");
        }
    }

    /**
     * A kernel's fused form is created when the kernel first runs, not when the program is compiled: it initializes
     * the Vector API's classes (tens of milliseconds in a fresh JVM), which a first call on short inputs, run by the
     * scalar blocks, does not need. A long loop does run the vector kernel.
     */
    @Test
    void theVectorApiIsInitializedOnlyOnceAKernelRuns() throws Exception {
        Path prog = dir.resolve("half-sum.weld");
        // (no i64 -> f64 conversion, which is a kernel only with AVX-512)
        Files.writeString(prog, "|n: i64| result(for(rangeiter(0L, n, 1L), merger[f64,+], |b, i, x| "
                + "merge(b, select(x > 10L, 0.5, 0.25))))");
        for (long n : new long[] {1000, 1_000_000}) {
            Path log = dir.resolve("init-" + n + ".txt");
            Result r = weldWithJavaOptions("-Xlog:class+init=info:file=" + log, null, "run", prog.toString(),
                    "--arg", Long.toString(n), "--weld.Threads=1");
            assertEquals(0, r.exit(), r.err());
            assertEquals(0.25 * 11 + 0.5 * (n - 11), Double.parseDouble(r.out().strip()));
            boolean vectors = Files.readString(log).contains("Initializing 'jdk/incubator/vector/DoubleVector'");
            assertEquals(n > 1000, vectors, n + " iterations: vector classes initialized " + vectors);
        }
    }

    @Test
    void dumpIrShowsTheFusedLoop() throws Exception {
        Path prog = dir.resolve("chain.weld");
        Files.writeString(prog, "|v: vec[i64]| result(for(map(filter(v, |x| x > 1L), |y| y * 2L), merger[i64,+], |b, i, e| merge(b, e)))");
        Result fused = weld(null, "run", prog.toString(), "--arg", "[1, 2, 3]", "--dump-ir=loop-fusion");
        assertEquals(0, fused.exit(), fused.err());
        String[] lines = fused.out().strip().split("\n");
        assertEquals("# after loop-fusion:", lines[0]);
        assertEquals(1, lines[1].split("for\\(", -1).length - 1, "one loop: " + lines[1]);
        assertEquals("10", lines[lines.length - 1]);
        Result plain = weld(null, "--passes=none", "--dump-ir", "run", prog.toString(), "--arg", "[1, 2, 3]");
        assertEquals("10", plain.out().strip(), "no pass ran, nothing dumped: " + plain.out());
    }

    /**
     * SIMD reductions run as fused vector loops inside compiled code (which the language's unit tests, on the
     * fallback runtime, never reach): compiled before the first call, they must give the scalar loop's results.
     * Values are multiples of 1/8, so every sum is exact in any order.
     */
    @Test
    void fusedVectorKernelsInCompiledCodeMatchTheScalarLoop() throws Exception {
        java.util.Random rnd = new java.util.Random(11);
        int n = 4099;
        StringBuilder k = new StringBuilder("[");
        StringBuilder x = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            k.append(i == 0 ? "" : ", ").append(rnd.nextInt(10));
            x.append(i == 0 ? "" : ", ").append((rnd.nextInt(17) - 8) / 8.0);
        }
        Path args = dir.resolve("fused-args.json");
        Files.writeString(args, "[" + k + "], " + x + "]]");
        // Four loops over the same vectors; horizontal fusion is off so that each stays its own kernel.
        String program = """
                |k: vec[i32], x: vec[f64]|
                  let r = for(zip(k, x), {merger[f64,+], merger[i64,+], merger[i32,max]}, |b, i, e|
                    if(e.$0 <= 3 || e.$1 > 0.6, {merge(b.$0, -e.$1), merge(b.$1, 1L), merge(b.$2, e.$0)}, b));
                  {result(for(zip(k, x), merger[f64,+], |b, i, e| if(e.$0 > 5 && e.$1 < 0.5, merge(b, e.$1 * 2.0 + 1.0), b))),
                   result(r.$0), result(r.$1), result(r.$2),
                   result(for(zip(k, x), merger[i32,+], |b, i, e| merge(b, select(select(e.$1 > 0.0, e.$0 < 7, e.$0 >= 2), e.$0 * 3, 1)))),
                   result(for(x, merger[f64,+], |b, i, y| merge(b, sqrt(y * y) - y))),
                   result(for(slice(x, 0L, 4000L), merger[f64,+], |b, i, y| merge(b, lookup(x, i + 99L) * 2.0 - y)))}
                """;
        Path prog = dir.resolve("fused.weld");
        Files.writeString(prog, program);
        Result scalar = scalarLoops(prog, args);
        Result compiled = compiledAtOnce(prog, args);
        assertEquals(scalar.out(), compiled.out());
        assertTrue(scalar.out().startsWith("["), scalar.out());
    }

    /**
     * Integer division by an element runs in compiled kernels up to each divisor that is 0 or -1, whose row the scalar
     * body runs: compiled before the first call, the results are the scalar loop's, and a zero divided by fails
     * as there.
     */
    @Test
    void integerDivisionByAnElementInCompiledCodeMatchesTheScalarLoop() throws Exception {
        java.util.Random rnd = new java.util.Random(13);
        StringBuilder v = new StringBuilder("[");
        StringBuilder d = new StringBuilder("[");
        for (int i = 0; i < 5003; i++) {
            long divisor = i % 700 == 5 ? 0 : i % 333 == 7 ? -1 : rnd.nextInt(2001) - 1000;
            v.append(i == 0 ? "" : ", ").append(i % 999 == 7 ? Long.MIN_VALUE : rnd.nextLong() >> rnd.nextInt(64));
            d.append(i == 0 ? "" : ", ").append(divisor);
        }
        Path args = dir.resolve("division-args.json");
        Files.writeString(args, "[" + v + "], " + d + "]]");
        Path prog = dir.resolve("division.weld");
        Files.writeString(prog, """
                |v: vec[i64], d: vec[i64]|
                  {result(for(zip(v, d), merger[i64,+], |b, i, e| if(e.$1 != 0L, merge(b, e.$0 / e.$1), b))),
                   result(for(zip(v, d), merger[i64,max], |b, i, e| if(e.$1 != 0L, merge(b, e.$0 % e.$1), b)))}
                """);
        Result scalar = scalarLoops(prog, args);
        Result compiled = compiledAtOnce(prog, args);
        assertEquals(scalar.out(), compiled.out());
        assertTrue(scalar.out().startsWith("["), scalar.out());
        Path unguarded = dir.resolve("division-by-zero.weld");
        Files.writeString(unguarded, "|v: vec[i64], d: vec[i64]| result(for(zip(v, d), merger[i64,+], |b, i, e| merge(b, e.$0 / e.$1)))");
        Result failed = weld(null, "--engine.CompileImmediately=true", "--engine.BackgroundCompilation=false", "run",
                unguarded.toString(), "--args", args.toString());
        assertEquals(1, failed.exit(), failed.out() + failed.err());
        assertTrue(failed.err().contains("division by zero"), failed.err());
        assertFalse(failed.err().contains("\tat "), failed.err());
    }

    /**
     * Kernels with math functions run in stages in compiled code (vector loops around the math library's calls over
     * block buffers): compiled before the first call, with several blocks and a partial one, one to three stages,
     * values carried across stages, masks, an invariant's function, and a merge into a vecmerger at the loop index,
     * they must give the scalar loop's results up to rounding (the sums' order and the vector math library's last bit
     * differ).
     */
    @Test
    void stagedMathKernelsInCompiledCodeMatchTheScalarLoop() throws Exception {
        java.util.Random rnd = new java.util.Random(12);
        StringBuilder x = new StringBuilder("[");
        for (int i = 0; i < 5003; i++) {
            x.append(i == 0 ? "" : ", ").append(rnd.nextDouble() * 6 - 3);
        }
        Path args = dir.resolve("staged-args.json");
        Files.writeString(args, "[" + x + "], 0.25]");
        String program = """
                |x: vec[f64], t: f64|
                  {result(for(x, merger[f64,+], |b, i, y| merge(b, y * exp(y / 2.0)))),
                   result(for(x, merger[f64,+], |b, i, y| let z = y * 0.5 + 1.0; merge(b, erf(exp(y / 4.0) - 1.0) * z))),
                   result(for(x, merger[f64,+], |b, i, y| let e = sin(y); if(e > 0.0 && y < 2.0, merge(b, e + log(y * y + 1.0)), b))),
                   result(for(x, merger[f64,*], |b, i, y| merge(b, 1.0 + tanh(y) / 1e3))),
                   result(for(x, merger[f64,+], |b, i, y| merge(b, y * exp(t))))}
                """;
        Path prog = dir.resolve("staged.weld");
        Files.writeString(prog, program);
        Result scalar = scalarLoops(prog, args);
        Result compiled = compiledAtOnce(prog, args);
        double[] expected = numbers(scalar.out());
        double[] got = numbers(compiled.out());
        assertEquals(5, expected.length, scalar.out());
        assertSameNumbers(expected, got);
        // Merged into a vecmerger at the loop index: a program of its own, so that no deoptimization of the loops
        // above keeps it in the interpreter during the three calls.
        Path indexed = dir.resolve("staged-indexed.weld");
        Files.writeString(indexed, "|x: vec[f64], t: f64| result(for(x, vecmerger[f64,+](x), |b, i, y| "
                + "merge(b, {i, erf(y / 2.0) * exp(y / 3.0) + t})))");
        double[] expectedMerges = numbers(scalarLoops(indexed, args).out());
        assertEquals(5003, expectedMerges.length);
        assertSameNumbers(expectedMerges, numbers(compiledAtOnce(indexed, args).out()));
        // The same in parallel tasks (each with its own copy of the vecmerger), compiled before the first call.
        Result parallel = weld(null, "--threads", "2", "--grain", "1000", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.CompilationFailureAction=Throw", "run",
                indexed.toString(), "--args", args.toString(), "--repeat", "3");
        assertEquals(0, parallel.exit(), parallel.err());
        assertSameNumbers(expectedMerges, numbers(parallel.out()));
    }

    private static void assertSameNumbers(double[] expected, double[] got) {
        assertEquals(expected.length, got.length);
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j], got[j], 1e-10 * Math.max(1, Math.abs(expected[j])), "result " + j);
        }
    }

    /** {@code prog} run on {@code args} with scalar loops only (horizontal fusion off, as in the compiled run). */
    private Result scalarLoops(Path prog, Path args) throws Exception {
        Result r = weld(null, "--passes=-horizontal-fusion", "--weld.Vectorize=false", "run", prog.toString(),
                "--args", args.toString());
        assertEquals(0, r.exit(), r.err());
        return r;
    }

    /** {@code prog} run three times on {@code args}, compiled before its first call (horizontal fusion off). */
    private Result compiledAtOnce(Path prog, Path args) throws Exception {
        Result r = weld(null, "--passes=-horizontal-fusion", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.CompilationFailureAction=Throw", "run", prog.toString(),
                "--args", args.toString(), "--repeat", "3");
        assertEquals(0, r.exit(), r.err());
        return r;
    }

    /** The numbers of a printed {@code f64}, vector of them, or struct of those, in order. */
    private static double[] numbers(String printed) {
        String s = printed.strip();
        return java.util.Arrays.stream(s.substring(1, s.length() - 1).split(","))
                .mapToDouble(v -> Double.parseDouble(v.replace("[", "").replace("]", "").strip())).toArray();
    }

    /**
     * Loop counters are {@code int}s until a loop runs past {@code int} range: compiled first for int counts, a loop
     * of 2^31 + 3 iterations switches to long counters (sequentially and in parallel tasks) and loses no iteration.
     */
    @Test
    void loopsPastIntRangeSwitchToLongCountersInCompiledCode() throws Exception {
        Path prog = dir.resolve("long-count.weld");
        Files.writeString(prog, """
                |n: i64|
                  {result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x))),
                   result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| if(x % 3L == 0L, merge(b, i), b)))}
                """);
        long n = (1L << 31) + 3;
        long all = n * (n - 1) / 2;
        long thirds = (n - 1) / 3;
        String expected = "[" + all + ", " + 3 * thirds * (thirds + 1) / 2 + "]";
        for (String threads : new String[] {"1", "2"}) {
            Result r = weld(null, "--threads", threads, "--engine.CompileImmediately=true",
                    "--engine.BackgroundCompilation=false", "run", prog.toString(), "--arg", Long.toString(n));
            assertEquals(0, r.exit(), r.err());
            assertEquals(expected, r.out().strip(), "threads " + threads);
        }
    }

    /**
     * Inner loops whose count compiled code takes as a constant while it stays the same (a matrix row's width),
     * in one program called again and again: compiled at once for rows of 64, then rows of 40, 64 again and 300
     * (too many for a constant), and ragged rows within a call. Each result must be the one computed here (values
     * are multiples of 1/8, so every sum is exact in any order).
     */
    @Test
    void constantInnerLoopCountsInCompiledCodeFollowChangingWidths() throws Exception {
        String program = "|x: vec[f64], w: vec[f64], m: vec[vec[f64]]| let d = len(w); let n = len(x) / d;"
                + " {result(for(rangeiter(0L, n, 1L), appender[f64], |b, r, row| let base = row * d;"
                + " merge(b, result(for(w, merger[f64,+], |s, j, wj| merge(s, lookup(x, base + j) * wj)))))),"
                + " result(for(rangeiter(0L, n, 1L), vecmerger[f64,+](w), |b, r, row| let base = row * d;"
                + " for(w, b, |bb, j, wj| merge(bb, {j, lookup(x, base + j) * 0.5})))),"
                + " map(m, |row| result(for(row, merger[f64,+], |s, j, v| merge(s, v * 2.0))))}";
        int[] widths = {64, 64, 64, 64, 40, 64, 300, 64};
        List<String> calls = new ArrayList<>();
        List<List<Double>> expected = new ArrayList<>();
        for (int r = 0; r < widths.length; r++) {
            int d = widths[r];
            double[] x = new double[30 * d];
            double[] w = new double[d];
            for (int i = 0; i < x.length; i++) {
                x[i] = (i * 7 % 17 - 8) / 8.0;
            }
            for (int j = 0; j < d; j++) {
                w[j] = (j % 5 - 2) / 8.0;
            }
            double[][] m = new double[12][];
            for (int row = 0; row < m.length; row++) {
                m[row] = new double[r < 4 || row % 3 != 0 ? 48 : 80];
                for (int j = 0; j < m[row].length; j++) {
                    m[row][j] = (row + j) % 9 / 8.0;
                }
            }
            List<Double> all = new ArrayList<>();
            double[] g = w.clone();
            for (int row = 0; row < 30; row++) {
                double dot = 0;
                for (int j = 0; j < d; j++) {
                    dot += x[row * d + j] * w[j];
                    g[j] += x[row * d + j] * 0.5;
                }
                all.add(dot + 0.0);
            }
            for (double v : g) {
                all.add(v + 0.0);
            }
            for (double[] row : m) {
                double sum = 0;
                for (double v : row) {
                    sum += v * 2.0;
                }
                all.add(sum + 0.0);
            }
            expected.add(all);
            StringBuilder a = new StringBuilder("[").append(json(x)).append(", ").append(json(w)).append(", [");
            for (int row = 0; row < m.length; row++) {
                a.append(row == 0 ? "" : ", ").append(json(m[row]));
            }
            calls.add(a.append("]]").toString());
        }
        // One batch request per width, all with the same id and program text: one source, so one program whose
        // loops (and their count profiles) every request reuses.
        StringBuilder requests = new StringBuilder();
        for (String a : calls) {
            requests.append("{\"id\": \"same\", \"program\": \"").append(program).append("\", \"args\": ")
                    .append(a).append("}\n");
        }
        Result r = weld(requests.toString(), "--threads", "1", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.CompilationFailureAction=Throw", "batch");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(widths.length, lines.size(), r.out() + r.err());
        for (int i = 0; i < widths.length; i++) {
            Object result = ((java.util.Map<?, ?>) Json.parse(lines.get(i))).get("result");
            assertTrue(result instanceof List<?>, "width " + widths[i] + ": " + lines.get(i));
            List<Double> got = new ArrayList<>();
            for (Object part : (List<?>) result) {
                for (Object v : (List<?>) part) {
                    got.add(((Number) v).doubleValue() + 0.0);
                }
            }
            assertEquals(expected.get(i), got, "width " + widths[i]);
        }
    }

    /**
     * The launcher's engine has one compilation tier unless told otherwise: a program called 1,200 times is compiled
     * at the last tier only; with {@code --engine.MultiTier=true} its first compilations are first-tier ones.
     */
    @Test
    void programsCompileAtOneTierUnlessMultiTierIsAskedFor() throws Exception {
        Path prog = dir.resolve("tiers.weld");
        Files.writeString(prog, "|v: vec[i64]| result(for(v, merger[i64,+], |b, i, x| merge(b, x * 2L)))");
        Path args = dir.resolve("tiers-args.json");
        Files.writeString(args, "[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]");
        Result single = weld(null, "--engine.BackgroundCompilation=false", "--engine.TraceCompilation=true", "run",
                prog.toString(), "--args", args.toString(), "--repeat", "1200");
        assertEquals(0, single.exit(), single.err());
        assertEquals("110", single.out().strip());
        assertTrue(single.err().contains("|Tier 2|"), single.err());
        assertFalse(single.err().contains("|Tier 1|"), single.err());
        Result multi = weld(null, "--engine.MultiTier=true", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "run", prog.toString(), "--args", args.toString(), "--repeat", "1200");
        assertEquals(0, multi.exit(), multi.err());
        assertTrue(multi.err().contains("|Tier 1|"), multi.err());
    }

    /**
     * A loop whose inner loops run as SIMD kernels (a dot product per matrix row, then an update of a vecmerger by
     * it), compiled by on-stack replacement while it runs, as the first call of a long program is: the compiled loop
     * must keep running, not deoptimize on kernel code that only compiled code runs and that the JVM had not resolved
     * yet (the interpreter primes it first). 3,000 rows of 64: the loop is compiled after about 800 rows, in the
     * foreground so that the rest runs in the compiled code. Values are multiples of 1/8, so the sums are exact in
     * any order.
     */
    @Test
    void loopsCompiledWhileTheyRunKeepTheirKernelCode() throws Exception {
        int d = 64;
        int n = 3000;
        double[] x = new double[n * d];
        double[] w = new double[d];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i * 7 % 17 - 8) / 8.0;
        }
        for (int j = 0; j < d; j++) {
            w[j] = (j % 5 - 2) / 8.0;
        }
        double[] g = w.clone();
        for (int row = 0; row < n; row++) {
            double dot = 0;
            for (int j = 0; j < d; j++) {
                dot += x[row * d + j] * w[j];
            }
            for (int j = 0; j < d; j++) {
                g[j] += x[row * d + j] * dot;
            }
        }
        Path args = dir.resolve("osr-args.json");
        Files.writeString(args, "[" + json(x) + ", " + json(w) + "]");
        Path prog = dir.resolve("osr.weld");
        Files.writeString(prog, "|x: vec[f64], w: vec[f64]| let d = len(w);"
                + " result(for(rangeiter(0L, len(x) / d, 1L), vecmerger[f64,+](w), |b, r, row| let base = row * d;"
                + " let dot = result(for(w, merger[f64,+], |s, j, wj| merge(s, lookup(x, base + j) * wj)));"
                + " for(w, b, |bb, j, wj| merge(bb, {j, lookup(x, base + j) * dot}))))");
        Result r = weld(null, "--threads", "1", "--engine.MultiTier=false", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "--engine.CompilationFailureAction=Throw", "run", prog.toString(),
                "--args", args.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(java.util.Arrays.toString(g), java.util.Arrays.toString(numbers(r.out())), r.out());
        assertTrue(r.err().contains("<OSR>"), "the loop was compiled while it ran: " + r.err());
        assertFalse(r.err().contains("opt deopt"), r.err());
        assertFalse(r.err().contains("opt inval"), r.err());
    }

    @Test
    void kernelLeftoversKeepTheCompiledCode() throws Exception {
        // The kernel runs every iteration in the interpreter; compiled code leaves the last few (fewer than a
        // vector) to the scalar body, whose branch must not be a speculation on a profile that never saw it.
        long n = 300_005;
        String program = "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x|"
                + " if(x > 300000L, merge(b, x * 2L), merge(b, x))))";
        Result r = compiledRun(1, program, n);
        long sum = 0;
        for (long x = 0; x < n; x++) {
            sum += x > 300_000 ? x * 2 : x;
        }
        assertCompiled(r, Long.toString(sum), "WeldRootNode");
        assertFalse(r.err().contains("opt deopt"), r.err());
        assertFalse(r.err().contains("opt inval"), r.err());
        // The same in parallel tasks: Graal failed on their roots while the unprofiled branch held a disabled
        // profile object ("A negative probability ... is not allowed").
        Result parallel = compiledRun(2, program, n);
        assertCompiled(parallel, Long.toString(sum), "LoopChunkRoot");
        assertFalse(parallel.err().contains("opt deopt"), parallel.err());
    }

    @Test
    void parallelTaskRootsCompileOnce() throws Exception {
        // A task's root copies the program's slots it reads each as its kind: with the whole frame copied, Graal
        // knew no slot's kind, speculated, and the task's first compiled run deoptimized (compiled twice).
        long n = 1_000_003;
        Result r = compiledRun(2, "|n: i64| let t = f64(n % 50L) + 40.0;"
                + " let p = result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, x| merge(b, f64(x % 97L))));"
                + " let f = result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, x| merge(b, f64(x % 13L) * 0.5)));"
                + " let r = for(zip(p, f), {merger[f64,+], merger[i64,+]}, |b, i, e|"
                + " if(e.$0 > t, {merge(b.$0, 0.3 * e.$1 + 0.05), merge(b.$1, 1L)}, b));"
                + " result(r.$0) / f64(result(r.$1))", n);
        assertEquals(0, r.exit(), r.err());
        double t = n % 50 + 40.0;
        double sum = 0;
        long count = 0;
        for (long x = 0; x < n; x++) {
            if (x % 97 > t) {
                sum += 0.3 * (x % 13 * 0.5) + 0.05;
                count++;
            }
        }
        assertEquals(sum / count, Double.parseDouble(r.out().strip()), 1e-12);
        assertTrue(r.err().contains("opt done") && r.err().contains("LoopChunkRoot"), "the tasks compiled: " + r.err());
        assertFalse(r.err().contains("opt failed"), r.err());
        assertFalse(r.err().contains("opt deopt"), r.err());
        assertFalse(r.err().contains("opt inval"), r.err());
    }

    @Test
    void parallelReductionTasksCompile() throws Exception {
        // A task of a parallel reduction compiles (its root, not only its loop on stack replacement): a failed
        // compilation throws here instead of leaving the tasks in the interpreter.
        Result r = compiledRun(2,
                "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x % 1000L)))", 1_000_000);
        long sum = 0;
        for (long x = 0; x < 1_000_000; x++) {
            sum += x % 1000;
        }
        assertCompiled(r, Long.toString(sum), "LoopChunkRoot");
    }

    @Test
    void rootWithNestedUnrolledReductionCompiles() throws Exception {
        // A loop over rows, each summing an inner range of varying length with four accumulators and a tail: the
        // program's root compiles (Graal's partial unrolling failed on it while the tail ran inside the inner loop's
        // last repetition, leaving every call to on-stack replacement).
        Result r = compiledRun(1, "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, r|"
                + " merge(b, result(for(rangeiter(0L, r % 100L, 1L), merger[i64,+], |s, j, x| merge(s, x * r))))))", 20_000);
        long sum = 0;
        for (long row = 0; row < 20_000; row++) {
            for (long x = 0; x < row % 100; x++) {
                sum += x * row;
            }
        }
        assertCompiled(r, Long.toString(sum), "WeldRootNode");
    }

    @Test
    void structMergerLoopCompiles() throws Exception {
        // A merger over a struct of scalars: its loop compiles (partial evaluation gave up on the merge before, "too
        // deep inlining", and the loop ran in the interpreter for good).
        Result r = compiledRun(1, "|n: i64| result(for(rangeiter(0L, n, 1L), merger[{f64, i64}, +], |m, i, x|"
                + " merge(m, {f64(x) * 0.5, x % 7L})))", 20_000);
        double half = 0;
        long mod = 0;
        for (long x = 0; x < 20_000; x++) {
            half += x * 0.5;
            mod += x % 7;
        }
        assertCompiled(r, "[" + half + ", " + mod + "]", "WeldRootNode");
    }

    @Test
    void rangeKernelWithConversionsCompiles() throws Exception {
        // A unit-stride rangeiter and conversions run as a SIMD kernel (an index vector, i64 -> f64 -> i32), which
        // partial evaluation turns into the program's compiled loop at 1 thread and the task's at 2.
        String program = "|n: i64| result(for(rangeiter(0L, n, 1L), {merger[i64,+], merger[f64,+], merger[i32,+]},"
                + " |b, i, x| {merge(b.$0, x * 3L), merge(b.$1, f64(x) * 0.5), merge(b.$2, i32(f64(x) * 1.5))}))";
        long tripled = 0;
        double half = 0;
        int floors = 0;
        for (long x = 0; x < 100_000; x++) {
            tripled += x * 3;
            half += x * 0.5;
            floors += (int) (x * 1.5);
        }
        for (int threads : new int[] {1, 2}) {
            Result r = compiledRun(threads, program, 100_000);
            assertCompiled(r, "[" + tripled + ", " + half + ", " + floors + "]",
                    threads == 1 ? "WeldRootNode" : "LoopChunkRoot");
        }
    }

    @Test
    void kernelOverStructColumnsMasksAndTheIndexCompiles() throws Exception {
        // A kernel reading a vector of structs' columns (a bool field as a mask), and the loop index, partially
        // evaluated (the sort keeps the vector from being fused away).
        String program = "|n: i64| let v = sort(result(for(rangeiter(0L, n, 1L), appender[{bool, f64}], |b, i, x|"
                + " merge(b, {x % 3L == 0L, f64(x) * 0.5}))), |p, q| compare(p.$1, q.$1));"
                + " result(for(v, {merger[f64,+], merger[i64,+]}, |b, i, e| {if(e.$0, merge(b.$0, e.$1), b.$0),"
                + " merge(b.$1, i)}))";
        double half = 0;
        long indices = 0;
        for (long x = 0; x < 100_000; x++) {
            half += x % 3 == 0 ? x * 0.5 : 0;
            indices += x;
        }
        Result r = compiledRun(1, program, 100_000);
        assertCompiled(r, "[" + half + ", " + indices + "]", "WeldRootNode");
    }

    @Test
    void kernelOverBytesCompiles() throws Exception {
        // i8 elements widened to i32 lanes in the compiled kernel: a character count and a conversion.
        String program = "|n: i64| let s = sort(result(for(rangeiter(0L, n, 1L), appender[i8], |b, i, x|"
                + " merge(b, i8(x % 200L - 100L)))), |p, q| compare(p, q));"
                + " result(for(s, {merger[i64,+], merger[i64,+]}, |b, i, c| {if(c == 42c, merge(b.$0, 1L), b.$0),"
                + " merge(b.$1, i64(c))}))";
        long count = 0;
        long sum = 0;
        for (long x = 0; x < 100_000; x++) {
            byte c = (byte) (x % 200 - 100);
            count += c == 42 ? 1 : 0;
            sum += c;
        }
        Result r = compiledRun(1, program, 100_000);
        assertCompiled(r, "[" + count + ", " + sum + "]", "WeldRootNode");
    }

    /** A {@link #compiledRun}'s checks: it printed {@code expected}, {@code root} compiled, no compilation failed. */
    private static void assertCompiled(Result r, String expected, String root) {
        assertEquals(0, r.exit(), r.err());
        assertEquals(expected, r.out().strip());
        assertTrue(r.err().matches("(?s).*opt done .*" + root + ".*"), root + " compiled: " + r.err());
        assertFalse(r.err().contains("opt failed"), r.err());
    }

    /**
     * {@code bin/weld run} of {@code program} with the argument {@code n}, 12 calls on {@code threads} threads,
     * compiled in the foreground (one tier) with compilations traced and a failed compilation thrown.
     */
    private static Result compiledRun(int threads, String program, long n) throws Exception {
        Path prog = Files.createTempFile(dir, "compiled", ".weld");
        Files.writeString(prog, program);
        return weld(null, "--threads", Integer.toString(threads), "--engine.MultiTier=false",
                "--engine.BackgroundCompilation=false", "--engine.TraceCompilation=true",
                "--engine.CompilationFailureAction=Throw", "run", prog.toString(), "--arg", Long.toString(n), "--repeat",
                "12");
    }

    private static String json(double[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(values[i]);
        }
        return sb.append("]").toString();
    }

    /**
     * The output lines of a batch run (1 thread, compiled at once) of {@code program} with the arguments
     * {@code [1, 2, ..., 8]} and each of {@code seconds} in turn, one request each.
     */
    private static List<String> compiledBatch(String program, long... seconds) throws Exception {
        StringBuilder requests = new StringBuilder();
        for (int r = 0; r < seconds.length; r++) {
            requests.append("{\"id\": \"r").append(r).append("\", \"program\": \"").append(program)
                    .append("\", \"args\": [[1, 2, 3, 4, 5, 6, 7, 8], ").append(seconds[r]).append("]}\n");
        }
        Result batch = weld(requests.toString(), "--threads", "1", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "batch");
        List<String> lines = batch.out().lines().toList();
        assertEquals(seconds.length, lines.size(), batch.out() + batch.err());
        return lines;
    }

    /**
     * Group-by into a dictmerger in compiled code, as its table changes mode: keys in [0, 16) (a direct table, merged
     * without calls), then keys up to 99 (out of the direct table's range in compiled code: the merge gives up its
     * direct-only path), negative keys (a hash table), and small keys again; each result against Java's.
     */
    @Test
    void groupByInCompiledCodeFollowsItsTableFromDirectToHashed() throws Exception {
        String program = "|k: vec[i32], v: vec[i64]| {result(for(zip(k, v), dictmerger[i32,i64,+], |b, i, e| "
                + "merge(b, {e.$0, e.$1}))), result(for(zip(k, v), dictmerger[i32,f64,+], |b, i, e| "
                + "merge(b, {e.$0, f64(e.$1) / 8.0})))}";
        int[][] ranges = {{0, 16}, {0, 16}, {0, 100}, {-50, 50}, {0, 16}};
        StringBuilder requests = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int[] range : ranges) {
            java.util.TreeMap<Integer, Long> sums = new java.util.TreeMap<>();
            StringBuilder keys = new StringBuilder("[");
            StringBuilder values = new StringBuilder("[");
            for (int i = 0; i < 3000; i++) {
                int key = range[0] + (int) ((i * 7919L) % (range[1] - range[0]));
                long value = i % 13 - 6;
                sums.merge(key, value, Long::sum);
                keys.append(i == 0 ? "" : ",").append(key);
                values.append(i == 0 ? "" : ",").append(value);
            }
            requests.append("{\"id\": \"g\", \"program\": \"").append(program).append("\", \"args\": [")
                    .append(keys).append("], ").append(values).append("]]}\n");
            StringBuilder ints = new StringBuilder("[");
            StringBuilder doubles = new StringBuilder("[");
            sums.forEach((k, s) -> {
                ints.append(ints.length() == 1 ? "" : ",").append("[").append(k).append(",").append(s).append("]");
                doubles.append(doubles.length() == 1 ? "" : ",").append("[").append(k).append(",")
                        .append(s / 8.0).append("]");
            });
            expected.add("[" + ints + "]," + doubles + "]]");
        }
        Result r = weld(requests.toString(), "--threads", "1", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.CompilationFailureAction=Throw", "batch");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(ranges.length, lines.size(), r.out() + r.err());
        for (int i = 0; i < ranges.length; i++) {
            String got = lines.get(i).replace(" ", "");
            assertTrue(got.contains("\"result\":" + expected.get(i)), "keys " + List.of(ranges[i][0], ranges[i][1])
                    + ": " + lines.get(i) + "\nexpected " + expected.get(i));
        }
    }

    /**
     * Key counting in compiled code, on one thread and in tasks: small vectors (the {@code long} elements), large ones
     * ({@code int} counters, once the merge has met them), small ones again (both paths), an index out of bounds while
     * counting in {@code int}s (an error at the merge's position), and large ones again; each checksum against Java's.
     * At 2 threads a compilation may fail: Graal 25.0.3 sometimes fails a guarantee in {@code LoopPartialUnrollPhase}
     * ("Loop begin does not match") on a task root compiled at its first call without a profile, with this change and
     * without it, so there the task may stay in the interpreter and only the results are checked.
     */
    @Test
    void keyCountingInCompiledCodeMovesBetweenLongAndIntCounters() throws Exception {
        String program = "|n: i64, m: i64, bad: i64| let c = result(for(rangeiter(0L, n, 1L), vecmerger[i64,+]("
                + "result(for(rangeiter(0L, m, 1L), appender[i64], |z, k, x| merge(z, 0L)))), |b, i, x|\\n"
                + "  merge(b, {if(i == bad, m, (x * 7919L) % m), 1L})));"
                + " result(for(c, merger[i64,+], |s, i, x| merge(s, x * (i + 1L))))";
        long[][] runs = {{3000, 100, -1}, {3000, 100, -1}, {300000, 131072, -1}, {300000, 131072, -1},
            {300000, 131072, 5}, {3000, 100, -1}, {300000, 131072, -1}};
        StringBuilder requests = new StringBuilder();
        for (long[] run : runs) {
            requests.append("{\"id\": \"c\", \"program\": \"").append(program).append("\", \"args\": [")
                    .append(run[0]).append(", ").append(run[1]).append(", ").append(run[2]).append("]}\n");
        }
        for (String threads : new String[] {"1", "2"}) {
            Result r = weld(requests.toString(), "--threads", threads, "--engine.CompileImmediately=true",
                    "--engine.BackgroundCompilation=false", "--engine.CompilationFailureAction="
                    + (threads.equals("1") ? "Throw" : "Silent"), "batch");
            assertEquals(0, r.exit(), r.err());
            List<String> lines = r.out().lines().toList();
            assertEquals(runs.length, lines.size(), r.out() + r.err());
            for (int k = 0; k < runs.length; k++) {
                String line = lines.get(k).replace(" ", "");
                if (runs[k][2] >= 0) {
                    assertTrue(line.contains("runtime") && line.contains("vecmergerindex131072outofboundsforlength131072")
                            && line.contains("2:3"), line);
                    continue;
                }
                long[] counts = new long[(int) runs[k][1]];
                for (long i = 0; i < runs[k][0]; i++) {
                    counts[(int) (i * 7919 % runs[k][1])]++;
                }
                long sum = 0;
                for (int i = 0; i < counts.length; i++) {
                    sum += counts[i] * (i + 1);
                }
                assertTrue(line.contains("\"result\":" + sum), threads + " threads, run " + k + ": " + line);
            }
        }
    }

    /**
     * A vecmerger merged at the loop's index, whose index check compiled code moves before the loop: compiled runs in
     * range, then one whose vecmerger is too short fails at the merge's position, and the program is right again.
     */
    @Test
    void vecmergerIndexChecksMovedOutOfCompiledLoopsStillFail() throws Exception {
        String program = "|v: vec[i64], m: i64| result(for(v, vecmerger[i64,+](result(for(rangeiter(0L, m, 1L), "
                + "appender[i64], |z, k, x| merge(z, 0L)))), |b, i, x|\\n  merge(b, {i, x * 2L})))";
        List<String> lines = compiledBatch(program, 8, 8, 8, 8, 5, 8);
        assertTrue(lines.get(3).replace(" ", "").contains("[2,4,6,8,10,12,14,16]"), lines.get(3));
        assertTrue(lines.get(4).contains("runtime") && lines.get(4).contains("vecmerger index 5 out of bounds")
                && lines.get(4).contains("2:3"), lines.get(4));
        assertTrue(lines.get(5).replace(" ", "").contains("[2,4,6,8,10,12,14,16]"), lines.get(5));
    }

    /**
     * Lookups over the loop index read like iterators, in compiled code: matrix rows in inner loops (dot products
     * and vecmerger updates at the index, 40 elements: SIMD kernels) and a guarded lookup past the end give the
     * scalar loops' results in the interpreter; an unguarded one, out of range after compiled runs in
     * range, fails at its position, and the program gives correct results in range again afterwards.
     */
    @Test
    void indexedLookupsInCompiledCodeMatchTheInterpreter() throws Exception {
        StringBuilder x = new StringBuilder("[");
        for (int i = 0; i < 2048; i++) {
            x.append(i == 0 ? "" : ", ").append((i % 17 - 8) / 8.0);
        }
        x.append("]");
        Path args = dir.resolve("indexed-args.json");
        Files.writeString(args, "[" + x + ", 200]");
        Path prog = dir.resolve("indexed.weld");
        Files.writeString(prog, """
                |x: vec[f64], n: i64|
                  {result(for(rangeiter(0L, n, 1L), appender[f64], |b, r, row|
                     let base = row * 8L;
                     merge(b, result(for(slice(x, 0L, 7L), merger[f64,+], |s, j, v| merge(s, lookup(x, base + j) * v)))))),
                   result(for(x, merger[f64,+], |b, i, v| merge(b, if(i + 1L < len(x), lookup(x, i + 1L) - v, 0.0)))),
                   result(for(rangeiter(0L, 40L, 1L), appender[f64], |b, r, row|
                     let base = row * 40L;
                     merge(b, result(for(slice(x, 0L, 40L), merger[f64,+], |s, j, v| merge(s, lookup(x, base + j) * v)))))),
                   result(for(rangeiter(0L, 40L, 1L), vecmerger[f64,+](slice(x, 0L, 45L)), |b, r, row|
                     let base = row * 40L;
                     for(slice(x, 0L, 40L), b, |bb, j, v| merge(bb, {j, lookup(x, base + j) * v}))))}
                """);
        // The scalar loops in the interpreter (values are multiples of 1/8: sums exact in any order).
        Result interpreted = weld(null, "--engine.Compilation=false", "--weld.Vectorize=false", "run", prog.toString(),
                "--args", args.toString());
        Result compiled = weld(null, "--engine.CompileImmediately=true", "--engine.BackgroundCompilation=false",
                "--engine.CompilationFailureAction=Throw", "run", prog.toString(), "--args", args.toString(), "--repeat", "3");
        assertEquals(0, interpreted.exit(), interpreted.err());
        assertEquals(0, compiled.exit(), compiled.err());
        assertTrue(interpreted.out().startsWith("[["), interpreted.out());
        assertEquals(interpreted.out().strip(), compiled.out().strip().lines().reduce((a, b) -> b).orElseThrow());

        String program = "|v: vec[i64], k: i64| result(for(v, merger[i64,+], |b, i, x|\\n  merge(b, lookup(v, k + i))))";
        List<String> lines = compiledBatch(program, 0, 0, 0, 0, 5, 0);
        assertTrue(lines.get(3).contains("\"result\": 36") || lines.get(3).contains("\"result\":36"), lines.get(3));
        assertTrue(lines.get(4).contains("runtime") && lines.get(4).contains("index 8 out of bounds")
                && lines.get(4).contains("2:12"), lines.get(4));
        assertTrue(lines.get(5).contains("36"), lines.get(5));
    }

    @Test
    void userMistakesAreOneMessageWithPosition() throws Exception {
        Path prog = dir.resolve("bad.weld");
        Files.writeString(prog, "|x: i64|\n  x + 1");
        Result r = weld(null, "run", prog.toString(), "--arg", "1");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("type error at 2:5: cannot apply + to i64 and i32"), r.err());
        assertTrue(r.err().contains("  x + 1\n    ^"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        Result missing = weld(null, "run", prog.toString(), "--arg", "missing.npy");
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("missing.npy: no such .npy file"), missing.err());
        assertFalse(missing.err().contains("\tat "), missing.err());
    }

    @Test
    void interruptingARunningParallelLoopStopsItPromptly() throws Exception {
        Path prog = dir.resolve("long.weld");
        Files.writeString(prog, "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))");
        Process p = new ProcessBuilder(ROOT.resolve("bin/weld").toString(), "--threads", "2", "run", prog.toString(),
                "--arg", "10000000000000").directory(dir.toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        Thread.sleep(6000);
        p.destroy();
        assertTrue(p.waitFor(15, TimeUnit.SECONDS), "still running 15 s after the interrupt");
        // The JVM announces the Vector API module on every start (it cannot be silenced).
        String err = Files.readString(dir.resolve("err.txt")).replace("WARNING: Using incubator modules: jdk.incubator.vector\n", "");
        // On a loaded machine the signal may arrive before the program started: then there is nothing to report.
        assertTrue(err.isEmpty() || err.contains("cancelled"), "stderr: " + err);
        assertFalse(err.contains("Exception"), "no stack trace: " + err);
    }

    @Test
    void batchAnswersEveryRequest() throws Exception {
        String requests = """
                {"id": "1", "program": "|x: i32| x + 1", "args": [41]}
                {"id": "2", "program": "|x: i32| x +", "args": [1]}
                {"id": "3", "program": "|v: vec[i32]| lookup(v, 9L)", "args": [[1]]}
                {"id": 4, "program": "|x: f64| x / 0.0", "args": ["NaN"]}
                {"id": 5, "program": "|| {0.1f, 2.0, 0.1, -0.0f}", "args": []}
                not json
                """;
        Result r = weld(requests, "--threads", "2", "batch");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(6, lines.length, r.out());
        assertEquals("{\"id\": \"1\", \"result\": 42}", lines[0]);
        assertTrue(lines[1].startsWith("{\"id\": \"2\", \"error\": {\"kind\": \"parse\""), lines[1]);
        assertTrue(lines[2].startsWith("{\"id\": \"3\", \"error\": {\"kind\": \"runtime\", \"message\": \"runtime error at 1:15"), lines[2]);
        assertEquals("{\"id\": 4, \"result\": \"NaN\"}", lines[3]);
        // f32 results print in their own shortest form (0.1, not 0.10000000149011612); f64 2.0 stays a float
        assertEquals("{\"id\": 5, \"result\": [0.1, 2.0, 0.1, -0.0]}", lines[4]);
        assertTrue(lines[5].startsWith("{\"id\": null, \"error\": {\"kind\": \"runtime\", \"message\": \"invalid JSON at 1:1"), lines[5]);
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void batchRequestsOfOneProgramShareItsCompiledFunction() throws Exception {
        // Requests with the same program text (and different ids and arguments) are one parsed function, whose calls
        // add up to its compilation: a program without loops compiles after 10 calls here. As one fresh function per
        // request, each was called once and none ever compiled.
        StringBuilder requests = new StringBuilder();
        for (int k = 0; k < 30; k++) {
            requests.append("{\"id\": ").append(k).append(", \"program\": \"|x: i64| x * 2L + 1L\", \"args\": [")
                    .append(k).append("]}\n");
        }
        Result r = weld(requests.toString(), "--threads", "1", "--engine.MultiTier=false",
                "--engine.SingleTierCompilationThreshold=10", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "batch");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(30, lines.size(), r.out());
        for (int k = 0; k < 30; k++) {
            assertEquals("{\"id\": " + k + ", \"result\": " + (2L * k + 1) + "}", lines.get(k));
        }
        assertTrue(r.err().matches("(?s).*opt done .*WeldRootNode.*"), "the program compiled: " + r.err());
    }

    @Test
    void badOptionsAreUsageErrors() throws Exception {
        Result r = weld("", "--threads", "many", "batch");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("weld: invalid option"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }
}
