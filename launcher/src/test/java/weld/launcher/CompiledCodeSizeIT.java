package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import weld.launcher.LauncherIT.Result;

/**
 * Compiled code stays small where it once grew large. A loop nest compiled on stack replacement while it runs stays
 * about as small as the same nest compiled before it runs: a struct of two mergers over 4,099 rows whose first merge
 * holds reductions nested four deep. Each inner loop's parallel path (a copy of the frame's slots for the tasks, not
 * folded where the slot kinds are not known), and the tail copy of a reduction's update function, once made this
 * loop 219 KB of machine code (5.9 s to compile; five levels more and HotSpot refused to install it); it is about
 * 22 KB now. TPC-H Q1's program (six vecmergers) compiled before it runs took 93 KB while each vecmerger's copy of
 * its initial vector was inlined; it takes about 20 KB now.
 */
class CompiledCodeSizeIT {
    private static final Pattern OSR = Pattern.compile("ReductionBody@\\w+<OSR>.*\\|CodeSize +(\\d+)\\|");
    private static final Pattern ROOT = Pattern.compile("WeldRootNode@\\w+ .*\\|CodeSize +(\\d+)\\|");
    /** Ten times what the loop compiles to here, a tenth of what it used to. */
    private static final int MAX_CODE_BYTES = 100_000;
    /** About twice what TPC-H Q1's program compiles to here, half of what it used to. */
    private static final int MAX_Q1_CODE_BYTES = 45_000;
    private static final Pattern ROW_LOOP = Pattern.compile("UpdateBody@\\w+<OSR>.*\\|CodeSize +(\\d+)\\|");
    /**
     * See {@link #aKernelWithAConstantCountCompilesOnce}: with 256-bit vectors (no {@link #AVX512}) a row takes 16
     * vector steps instead of 8, and its loop compiles to 13.4 KB.
     */
    private static final int MAX_CONSTANT_COUNT_CODE_BYTES = cpuHas("avx512f") ? 12_000 : 18_000;
    private static final Pattern FIRST_TIER =
            Pattern.compile("WeldRootNode@\\w+ .*\\|Tier 1\\|.*\\|CodeSize +(\\d+)\\|");
    /** About 2.5 times what the loop's first-tier code takes here, a third of what it took with its fused kernel. */
    private static final int MAX_FIRST_TIER_CODE_BYTES = 10_000;
    /** The same for three loops, one an indexed merge: 11.6 KB here, 30-32 KB with the fused kernels. */
    private static final int MAX_FIRST_TIER_CODE_BYTES_THREE_LOOPS = 20_000;

    private static final Pattern KERNEL_LOOP = Pattern.compile("VectorReductionBody@\\w+<OSR>.*\\|CodeSize +(\\d+)\\|");
    /**
     * Somewhat more than the largest kernel loop of {@link #kernelsCompileToVectorInstructions} compiles to here
     * (11.6 KB, three mergers; 8-10 KB for most); a kernel whose float-to-integer conversion Graal left to the Vector
     * API's Java fallbacks compiled to 14.4 KB before its first iterations moved to the scalar blocks (which added
     * about 4 KB to every kernel loop).
     */
    private static final int MAX_KERNEL_LOOP_BYTES = 14_000;
    /**
     * Black-Scholes' staged kernel loop (math functions between stages), compiled on stack replacement: 36.8 KB; its
     * vector operations boxed into the Vector API's Java fallbacks, 77-80 KB (see
     * {@link #stagedKernelsCompileToVectorInstructions}).
     */
    private static final int MAX_STAGED_KERNEL_LOOP_BYTES = 55_000;
    /**
     * Whether this machine has AVX-512 (and so 512-bit vectors). The kernels' {@code i64} multiplications, minima and
     * maxima, divisions and conversions between {@code i64} and {@code f64} or {@code i32} are single instructions
     * only there; with AVX2's 256-bit vectors Graal compiled them to the Vector API's Java fallbacks (kernel loops of
     * 23-38 KB measured), so such loops run as scalar loops there ({@code LanePlanner.WIDE_I64}) and
     * {@link #kernelsCompileToVectorInstructions} checks the kernels marked {@link #WIDE} only on AVX-512 machines.
     */
    private static final boolean AVX512 = cpuHas("avx512f");
    private static final String WIDE = "needs AVX-512";

    private static boolean cpuHas(String flag) {
        try {
            return java.util.regex.Pattern.compile("\\b" + flag + "\\b").matcher(Files.readString(Path.of("/proc/cpuinfo"))).find();
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @TempDir
    static Path dir;

    @BeforeAll
    static void jarsAreFresh() throws Exception {
        LauncherIT.jarsAreFresh();
    }

    @Test
    void aLoopNestCompiledWhileItRunsStaysSmall() throws Exception {
        String range = "rangeiter(0L, n, 1L)";
        String l4 = "result(for(" + range + ", merger[i64,+], |b4, j4, e4| merge(b4, e4 * j3 - j2 + e.$1)))";
        String l3 = "result(for(" + range + ", merger[i64,+], |b3, j3, e3| merge(b3, " + l4 + ")))";
        String l2 = "result(for(" + range + ", merger[i64,min], |b2, j2, e2| merge(b2, " + l3 + " + j1)))";
        String l1 = "result(for(" + range + ", merger[i64,max], |b1, j1, e1| merge(b1, " + l2 + ")))";
        String program = "|x: vec[f64], a: vec[i64], n: i64|\nlet r = result(for(zip(x, a), {merger[i64,+], "
                + "merger[i64,max]}, |b, i, e|\n  {merge(b.$0, " + l1 + "), merge(b.$1, e.$1)}));\nr.$0 + r.$1\n";
        int rows = 4099;
        int n = 5;
        long[] a = new long[rows];
        StringBuilder args = new StringBuilder("[[");
        for (int i = 0; i < rows; i++) {
            a[i] = i % 13 - 6;
            args.append(i == 0 ? "" : ", ").append("0.5");
        }
        args.append("], ").append(java.util.Arrays.toString(a)).append(", ").append(n).append("]");
        Path prog = dir.resolve("nest.weld");
        Files.writeString(prog, program);
        Path argsFile = dir.resolve("nest-args.json");
        Files.writeString(argsFile, args.toString());
        Result r = LauncherIT.weld(null, "--threads", "1", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "--engine.CompilationFailureAction=Throw", "run", prog.toString(),
                "--args", argsFile.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(Long.toString(expected(a, n)), r.out().strip());
        Matcher m = OSR.matcher(r.err());
        assertTrue(m.find(), "the row loop was compiled while it ran: " + r.err());
        int bytes = Integer.parseInt(m.group(1));
        assertTrue(bytes < MAX_CODE_BYTES, "the row loop compiled to " + bytes + " bytes of machine code");
    }

    /**
     * An inner kernel with a constant count (64 here, the logistic step's row width) is compiled once, with constant
     * steps: the row loop compiled to 9.0 KB on an AVX-512 machine; to 15.3 KB while the kernel was compiled a second
     * time, for later repetitions with variable steps that a constant count never runs, and to 17.7 KB while, besides,
     * the kernel's end and its "cannot run" case were one value, which lost the constant count. (Its inner loop
     * converted the index to {@code f64} then, which AVX2 has no vector instruction for: 20.4 KB there; it now reads a
     * second vector instead, 13.4 KB on AVX2.)
     */
    @Test
    void aKernelWithAConstantCountCompilesOnce() throws Exception {
        String program = "|rows: i64, w: vec[f64], u: vec[f64]|\nresult(for(rangeiter(0L, rows, 1L), merger[f64,+], |b, r, row|\n"
                + "  let x = f64(row);\n"
                + "  merge(b, result(for(zip(w, u), merger[f64,+], |s, j, e| merge(s, e.$0 * (x + e.$1)))))))\n";
        long rows = 300_000;
        double[] w = new double[64];
        double[] u = new double[64];
        for (int j = 0; j < w.length; j++) {
            w[j] = (j % 7) * 0.25 - 0.5;
            u[j] = j;
        }
        double expected = 0;
        for (long row = 0; row < rows; row++) {
            for (int j = 0; j < w.length; j++) {
                expected += w[j] * (row + u[j]);
            }
        }
        Path prog = dir.resolve("rows.weld");
        Files.writeString(prog, program);
        Path argsFile = dir.resolve("rows-args.json");
        Files.writeString(argsFile, "[" + rows + ", " + java.util.Arrays.toString(w) + ", " + java.util.Arrays.toString(u) + "]");
        Result r = LauncherIT.weld(null, "--threads", "1", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "--engine.CompilationFailureAction=Throw", "run", prog.toString(),
                "--args", argsFile.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(expected, Double.parseDouble(r.out().strip()), Math.abs(expected) * 1e-12);
        Matcher m = ROW_LOOP.matcher(r.err());
        assertTrue(m.find(), "the row loop was compiled while it ran: " + r.err());
        int bytes = Integer.parseInt(m.group(1));
        assertTrue(bytes < MAX_CONSTANT_COUNT_CODE_BYTES, "the row loop compiled to " + bytes + " bytes: " + m.group());
    }

    @Test
    void vecmergersCopyTheirInitialVectorsOutOfLine() throws Exception {
        Path prog = LauncherIT.ROOT.resolve("benchmarks/programs/tpch_q1.weld");
        String args = "[[10000, 10000, 10500], [0, 2, 1], [1, 0, 1], [1.0, 2.0, 3.0], [10.0, 20.0, 30.0], "
                + "[0.5, 0.0, 0.1], [0.1, 0.2, 0.3]]";
        Path argsFile = dir.resolve("q1-args.json");
        Files.writeString(argsFile, args);
        Result r = LauncherIT.weld(null, "--threads", "1", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.TraceCompilation=true",
                "--engine.CompilationFailureAction=Throw", "run", prog.toString(), "--args", argsFile.toString());
        assertEquals(0, r.exit(), r.err());
        // Groups 1 (flag 0, status 1) and 4 (flag 2, status 0); the third row is shipped after the cut-off.
        assertEquals("[[0.0, 1.0, 0.0, 0.0, 2.0, 0.0], [0.0, 10.0, 0.0, 0.0, 20.0, 0.0], [0.0, 5.0, 0.0, 0.0, 20.0, "
                + "0.0], [0.0, 5.5, 0.0, 0.0, 24.0, 0.0], [0.0, 0.5, 0.0, 0.0, 0.0, 0.0], [0, 1, 0, 0, 1, 0]]",
                r.out().strip());
        Matcher m = ROOT.matcher(r.err());
        assertTrue(m.find(), "the program was compiled: " + r.err());
        int bytes = Integer.parseInt(m.group(1));
        assertTrue(bytes < MAX_Q1_CODE_BYTES, "the program compiled to " + bytes + " bytes of machine code");
    }

    /**
     * First-tier code (an embedder's default, two tiers) leaves a SIMD kernel to the vector blocks, behind a call:
     * with the fused kernel inlined there, a loop over {@code exp} and {@code sqrt} took 28 KB of first-tier code,
     * and Black-Scholes' first-tier calls took 2-3.5 s (its Vector API operations left as calls to their generic
     * fallbacks) where the interpreter's vector blocks took 0.2 s. The last tier keeps the fused kernel. Likewise for
     * an indexed merge's kernel, which first-tier code leaves to the scalar blocks.
     */
    @Test
    void firstTierCodeLeavesKernelsToTheVectorBlocks() throws Exception {
        Path prog = dir.resolve("tiers.weld");
        Files.writeString(prog, "|n: i64| result(for(rangeiter(0L, n, 1L), merger[f64,+], |b, i, x|"
                + " merge(b, exp(f64(x) * 0.000001) + sqrt(f64(x)))))");
        int n = 200_000;
        Result r = twoTierRun(prog, n);
        assertEquals(0, r.exit(), r.err());
        double expected = 0;
        for (int x = 0; x < n; x++) {
            expected += Math.exp(x * 0.000001) + Math.sqrt(x);
        }
        double got = Double.parseDouble(r.out().strip());
        assertEquals(expected, got, expected * 1e-12);
        assertSmallFirstTierCode(r, MAX_FIRST_TIER_CODE_BYTES);
        // The same values merged at the loop index into the loop's own vecmerger (ones), then summed.
        Files.writeString(prog, "|n: i64| let ones = result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, x|"
                + " merge(b, 1.0)));\nlet v = result(for(rangeiter(0L, n, 1L), vecmerger[f64,+](ones), |b, i, x|"
                + " merge(b, {i, exp(f64(x) * 0.000001) + sqrt(f64(x))})));\n"
                + "result(for(v, merger[f64,+], |b, i, x| merge(b, x)))");
        r = twoTierRun(prog, n);
        assertEquals(0, r.exit(), r.err());
        assertEquals(expected + n, Double.parseDouble(r.out().strip()), expected * 1e-12);
        assertSmallFirstTierCode(r, MAX_FIRST_TIER_CODE_BYTES_THREE_LOOPS);
    }

    /** {@code bin/weld run} of {@code prog} with the argument {@code n}: 30 calls, two tiers, compiled in front. */
    /**
     * The fused kernels of every element kind, with arithmetic, comparisons, selects, conversions between the kinds,
     * structs of mergers and zips, compile to vector instructions: each kernel loop, compiled on stack replacement
     * (in the foreground) while an outer loop runs it over slices 40 times, stays small. Where Graal leaves a Vector
     * API operation to its Java fallback, its code grows (and the loop runs many times slower than the scalar loop):
     * the conversion from {@code f64} to {@code i64} in the fourth program did, until kernels with float-to-integer
     * conversions ran as their vector blocks. Results are checked against the scalar loops by the language's tests.
     */
    @Test
    void kernelsCompileToVectorInstructions() throws Exception {
        Map<String, String> vectors = Map.of(
                "f64", "result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, e| merge(b, f64(e % 1000L) * 0.01 - 3.0)))",
                "f32", "result(for(rangeiter(0L, n, 1L), appender[f32], |b, i, e| merge(b, f32(e % 1000L) * 0.01f - 3.0f)))",
                "i64", "result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, e| merge(b, e % 1000L - 500L)))",
                "i32", "result(for(rangeiter(0L, n, 1L), appender[i32], |b, i, e| merge(b, i32(e % 1000L) - 500)))");
        String slice = "iter(v, j, len(v), 1L)";
        String[][] kernels = {
            {"f64", "for(S, merger[f64,+], |b, i, x| merge(b, select(x > 0.0, x * 2.0 - 1.0, x / 3.0)))"},
            {"f64", "for(S, {merger[f64,*], merger[i64,+]}, |b, i, x| "
                    + "{merge(b.$0, 1.0 + x * 1e-6), if(x <= 1.5 && x >= -1.0, merge(b.$1, 1L), b.$1)})"},
            {"f64", "for(S, merger[f32,+], |b, i, x| merge(b, f32(-x)))"},
            {"f64", "for(S, merger[i64,+], |b, i, x| merge(b, i64(x * 100.0)))", WIDE},
            {"i64", "for(S, merger[i64,+], |b, i, x| merge(b, min(x * 3L, 100L) + max(x, -5L) - x))", WIDE},
            {"i64", "for(S, {merger[f64,+], merger[i32,max]}, |b, i, x| {merge(b.$0, f64(x) * 0.5), merge(b.$1, i32(x))})",
                WIDE},
            {"i64", "for(S, merger[i64,max], |b, i, x| if(x != 7L, merge(b, x), b))", WIDE},
            {"i32", "for(S, merger[i32,+], |b, i, x| merge(b, select(x >= 10, x * 3 + 1, -x)))"},
            {"i32", "for(S, {merger[f64,+], merger[f32,+], merger[i64,+]}, |b, i, x| "
                    + "{merge(b.$0, f64(x)), merge(b.$1, f32(x)), merge(b.$2, i64(x) * i)})", WIDE},
            {"i32", "for(S, merger[i64,+], |b, i, x| if(x % 7 == 0, merge(b, i64(x / 3)), b))"},
            // i64 division by a parameter: operands near 2^53 through f64 lanes, past 2^52 (wrapped) value by value
            {"i64", "for(S, merger[i64,+], |b, i, x| merge(b, (x * 9007199254741L) / n + (x * 40000000000000000L) % 1000003L))",
                WIDE},
            {"f32", "for(S, merger[f32,+], |b, i, x| merge(b, sqrt(x * x) / 3.0f + x))"},
            {"f32", "for(S, merger[f64,+], |b, i, x| if(x < 2.5f, merge(b, f64(x)), b))"},
            {"f64", "for(zip(S, S), merger[f64,+], |b, i, x| merge(b, x.$0 * x.$1))"},
        };
        if (!AVX512) {
            kernels = java.util.Arrays.stream(kernels).filter(k -> k.length < 3).toArray(String[][]::new);
        }
        StringBuilder batch = new StringBuilder();
        for (int k = 0; k < kernels.length; k++) {
            String loop = kernels[k][1].replace("S", slice);
            String value = loop.contains("{merger") ? "f64(r.$0) + f64(r.$1)" : "f64(r)";
            String program = "|n: i64|\nlet v = " + vectors.get(kernels[k][0]) + ";\nresult(for(rangeiter(0L, 40L, 1L), "
                    + "merger[f64,+], |bo, j, e0|\n  let r = result(" + loop + ");\n  merge(bo, " + value + ")))";
            batch.append("{\"id\": \"k").append(k).append("\", \"program\": ").append(jsonString(program))
                    .append(", \"args\": [300000]}\n");
        }
        Result r = LauncherIT.weld(batch.toString(), "--threads", "1", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "--engine.CompilationFailureAction=Throw", "batch");
        assertEquals(0, r.exit(), r.err());
        Result scalar = LauncherIT.weld(batch.toString(), "--threads", "1", "--weld.Vectorize=false", "batch");
        assertEquals(0, scalar.exit(), scalar.err());
        String[] got = r.out().strip().split("\n");
        String[] want = scalar.out().strip().split("\n");
        assertEquals(kernels.length, got.length, r.out());
        for (int k = 0; k < kernels.length; k++) {
            // The compiled kernels (their first iterations on the scalar blocks, up to a cache line) against the
            // scalar loops: the same numbers, floating-point sums within rounding (of f32 where it sums f32).
            double[] g = numbers(got[k]);
            double[] w = numbers(want[k]);
            double relative = kernels[k][1].contains("merger[f32") ? 1e-5 : 1e-9;
            assertEquals(w.length, g.length, got[k] + " against " + want[k]);
            for (int j = 0; j < w.length; j++) {
                assertEquals(w[j], g[j], relative * Math.max(1, Math.abs(w[j])), "kernel " + k + ": " + got[k]);
            }
        }
        Matcher m = KERNEL_LOOP.matcher(r.err());
        int loops = 0;
        while (m.find()) {
            loops++;
            int bytes = Integer.parseInt(m.group(1));
            assertTrue(bytes < MAX_KERNEL_LOOP_BYTES, "a kernel loop compiled to " + bytes + " bytes: " + m.group());
        }
        assertTrue(loops >= kernels.length, loops + " kernel loops compiled: " + r.err());
    }

    /**
     * Black-Scholes' loop, a staged kernel (logarithm, square root, two error functions, an exponential), compiled
     * on stack replacement in a fresh JVM stays small, three times: its vector operations all become SIMD
     * instructions (see {@link #MAX_STAGED_KERNEL_LOOP_BYTES}); the result is the scalar loop's within rounding.
     * Without loop fusion the loop reads its five columns from arrays, as from {@code .npy} inputs: that way the
     * jar before the exact typing compiled it to 80,384 bytes every time (5 of 5 runs), this one to 36,836.
     */
    @Test
    void stagedKernelsCompileToVectorInstructions() throws Exception {
        Path prog = dir.resolve("bs.weld");
        String column = "result(for(rangeiter(0L, n, 1L), appender[f64], |b, i, e| merge(b, %s)))";
        Files.writeString(prog, "|n: i64|\n"
                + "let price = " + column.formatted("80.0 + f64(e % 41L)") + ";\n"
                + "let strike = " + column.formatted("90.0 + f64(e % 23L)") + ";\n"
                + "let t = " + column.formatted("0.5 + f64(e % 7L) * 0.1") + ";\n"
                + "let rate = " + column.formatted("0.01 + f64(e % 5L) * 0.01") + ";\n"
                + "let vol = " + column.formatted("0.2 + f64(e % 11L) * 0.02") + ";\n"
                + "result(for(zip(price, strike, t, rate, vol), merger[f64,+], |b, i, e|\n"
                + "  let s = e.$0; let k = e.$1; let tt = e.$2; let r = e.$3; let v = e.$4;\n"
                + "  let sq = v * sqrt(tt);\n"
                + "  let d1 = (log(s / k) + (r + 0.5 * v * v) * tt) / sq;\n"
                + "  let d2 = d1 - sq;\n"
                + "  let nd1 = 0.5 * (1.0 + erf(d1 * 0.7071067811865476));\n"
                + "  let nd2 = 0.5 * (1.0 + erf(d2 * 0.7071067811865476));\n"
                + "  merge(b, s * nd1 - k * exp(0.0 - r * tt) * nd2)))\n");
        Result scalar = LauncherIT.weld(null, "--threads", "1", "--weld.Vectorize=false", "run", prog.toString(),
                "--arg", "300000");
        assertEquals(0, scalar.exit(), scalar.err());
        double expected = Double.parseDouble(scalar.out().strip());
        for (int run = 0; run < 3; run++) {
            Result r = LauncherIT.weld(null, "--threads", "1", "--passes=-loop-fusion",
                    "--engine.BackgroundCompilation=false", "--engine.TraceCompilation=true",
                    "--engine.CompilationFailureAction=Throw", "run", prog.toString(), "--arg", "300000", "--repeat", "2");
            assertEquals(0, r.exit(), r.err());
            for (String line : r.out().strip().split("\n")) {
                assertEquals(expected, Double.parseDouble(line), 1e-9 * Math.abs(expected), r.out());
            }
            Matcher m = KERNEL_LOOP.matcher(r.err());
            assertTrue(m.find(), "the kernel loop was compiled while it ran: " + r.err());
            int bytes = Integer.parseInt(m.group(1));
            assertTrue(bytes < MAX_STAGED_KERNEL_LOOP_BYTES, "the staged kernel loop compiled to " + bytes + " bytes: "
                    + m.group());
        }
    }

    /** The numbers of a batch response's result (a number or an array of numbers). */
    private static double[] numbers(String response) {
        String result = response.substring(response.indexOf("\"result\": ") + 10);
        return Pattern.compile("-?[0-9][0-9.eE+-]*").matcher(result).results()
                .mapToDouble(m -> Double.parseDouble(m.group())).toArray();
    }

    /** {@code s} as a JSON string; it has no quotes or backslashes, only line breaks to escape. */
    private static String jsonString(String s) {
        return "\"" + s.replace("\n", "\\n") + "\"";
    }

    private static Result twoTierRun(Path prog, int n) throws Exception {
        return LauncherIT.weld(null, "--threads", "1", "--engine.MultiTier=true", "--engine.OSR=false",
                "--engine.BackgroundCompilation=false", "--engine.TraceCompilation=true",
                "--engine.CompilationFailureAction=Throw", "run", prog.toString(), "--arg", Integer.toString(n),
                "--repeat", "30");
    }

    private static void assertSmallFirstTierCode(Result r, int maxBytes) {
        Matcher m = FIRST_TIER.matcher(r.err());
        assertTrue(m.find(), "the program was compiled at the first tier: " + r.err());
        int bytes = Integer.parseInt(m.group(1));
        assertTrue(bytes < maxBytes, "first-tier code of " + bytes + " bytes: " + r.err());
    }

    /** The program's result computed in Java. */
    private static long expected(long[] a, int n) {
        long sum = 0;
        long max = Long.MIN_VALUE;
        for (long e : a) {
            long l1 = Long.MIN_VALUE;
            for (long j1 = 0; j1 < n; j1++) {
                long l2 = Long.MAX_VALUE;
                for (long j2 = 0; j2 < n; j2++) {
                    long l3 = 0;
                    for (long j3 = 0; j3 < n; j3++) {
                        for (long e4 = 0; e4 < n; e4++) {
                            l3 += e4 * j3 - j2 + e;
                        }
                    }
                    l2 = Math.min(l2, l3 + j1);
                }
                l1 = Math.max(l1, l2);
            }
            sum += l1;
            max = Math.max(max, e);
        }
        return sum + max;
    }
}
