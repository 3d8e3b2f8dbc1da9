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
 * each compiled before it runs with compilation failures thrown, at 1 and 2 threads, against Java.
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
