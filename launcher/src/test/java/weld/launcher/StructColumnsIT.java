package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import weld.launcher.LauncherIT.Result;

/**
 * Vectors of nested structs of scalars, stored in columns, made and read by compiled code: a filter into an appender,
 * a sort whose comparator reads nested fields, a group-by whose {@code tovec} gives {@code {key, {sum, count}}},
 * and a group-by into struct values over hashed keys, each compiled before it runs with compilation failures
 * thrown, at 1 and 2 threads, against Java.
 */
class StructColumnsIT {
    private static final String PROGRAM = """
            |n: i64|
            let v = result(for(rangeiter(0L, n, 1L), appender[{i64, {f64, i32}}], |b, i, x|
              if(x % 3L != 0L, merge(b, {x % 97L, {f64(x) * 0.5, i32(x % 5L)}}), b)));
            let s = sort(v, |p, q| compare(p.$1.$1 * 100 + i32(p.$0), q.$1.$1 * 100 + i32(q.$0)));
            let g = tovec(result(for(s, dictmerger[i64, {f64, i64}, +], |b, i, e| merge(b, {e.$0, {e.$1.$0, 1L}}))));
            let t = sort(g, |p, q| compare(p.$0, q.$0));
            {i64(2.0 * result(for(s, merger[f64,+], |b, i, e| merge(b, f64(i) * e.$1.$0)))),
             i64(2.0 * result(for(t, merger[f64,+], |b, i, e| merge(b, f64(i) * (e.$1.$0 + f64(e.$1.$1)))))), len(t)}
            """;

    /** A group-by into struct values over hashed keys (a table and value columns that grow in compiled code). */
    private static final String HASHED_GROUPS = """
            |n: i64|
            let d = result(for(rangeiter(0L, n, 1L), dictmerger[i64, {i64, f64}, max], |b, i, x|
              merge(b, {x * 7919L % 5003L * 1000003L, {x, f64(x % 101L)}})));
            let t = sort(tovec(d), |p, q| compare(p.$0, q.$0));
            {len(t), result(for(t, merger[i64,+], |b, i, e| merge(b, i * e.$1.$0 + i64(e.$1.$1))))}
            """;

    @TempDir
    static Path dir;

    @BeforeAll
    static void jarsAreFresh() throws Exception {
        LauncherIT.jarsAreFresh();
    }

    @Test
    void compiledCodeMakesAndReadsNestedStructColumns() throws Exception {
        int n = 20_000;
        Path prog = dir.resolve("structs.weld");
        Files.writeString(prog, PROGRAM);
        for (String threads : new String[] {"1", "2"}) {
            Result r = LauncherIT.weld(null, "--threads", threads, "--grain", "1000",
                    "--engine.CompileImmediately=true", "--engine.BackgroundCompilation=false",
                    "--engine.CompilationFailureAction=Throw", "run", prog.toString(), "--arg", Integer.toString(n));
            assertEquals(0, r.exit(), r.err());
            assertEquals(expected(n), r.out().strip(), threads + " threads");
        }
    }

    @Test
    void compiledCodeMergesStructValuesOverHashedKeys() throws Exception {
        int n = 30_000;
        Path prog = dir.resolve("groups.weld");
        Files.writeString(prog, HASHED_GROUPS);
        TreeMap<Long, long[]> groups = new TreeMap<>();
        for (long x = 0; x < n; x++) {
            long[] g = groups.computeIfAbsent(x * 7919 % 5003 * 1000003, k -> new long[] {Long.MIN_VALUE, -1});
            g[0] = Math.max(g[0], x);
            g[1] = Math.max(g[1], x % 101);
        }
        long sum = 0;
        int i = 0;
        for (long[] g : groups.values()) {
            sum += i++ * g[0] + g[1];
        }
        String expected = "[" + groups.size() + ", " + sum + "]";
        Result one = LauncherIT.weld(null, "--threads", "1", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.CompilationFailureAction=Throw", "run",
                prog.toString(), "--arg", Integer.toString(n));
        assertEquals(0, one.exit(), one.err());
        assertEquals(expected, one.out().strip(), "1 thread");
        // In tasks, compilation failures are traced: Graal 25.0.3's guarantee on task roots compiled before they run
        // (see RandomProgramsIT) is the only one allowed.
        Result two = LauncherIT.weld(null, "--threads", "2", "--grain", "1000", "--engine.CompileImmediately=true",
                "--engine.BackgroundCompilation=false", "--engine.TraceCompilation=true", "run", prog.toString(),
                "--arg", Integer.toString(n));
        assertEquals(0, two.exit(), two.err());
        assertEquals(expected, two.out().strip(), "2 threads");
        assertEquals(List.of(), two.err().lines().filter(l -> l.contains("opt failed"))
                .filter(l -> !l.contains("LoopChunkRoot") || !l.contains("Loop begin does not match")).toList());
    }

    /** The program's result computed in Java (every sum is exact: multiples of 0.5 far below 2^53). */
    private static String expected(int n) {
        List<long[]> v = new ArrayList<>(); // {key, 2 * value, code}
        for (long x = 0; x < n; x++) {
            if (x % 3 != 0) {
                v.add(new long[] {x % 97, x, x % 5});
            }
        }
        v.sort(Comparator.comparingLong(e -> e[2] * 100 + e[0]));
        long s1 = 0;
        TreeMap<Long, long[]> groups = new TreeMap<>();
        for (int i = 0; i < v.size(); i++) {
            long[] e = v.get(i);
            s1 += i * e[1];
            long[] g = groups.computeIfAbsent(e[0], k -> new long[2]);
            g[0] += e[1];
            g[1]++;
        }
        long s2 = 0;
        int i = 0;
        for (long[] g : groups.values()) {
            s2 += i++ * (g[0] + 2 * g[1]);
        }
        return "[" + s1 + ", " + s2 + ", " + groups.size() + "]";
    }
}
