package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import weld.launcher.LauncherIT.Result;

/**
 * Sorts whose comparators run (a computed key on {@code i64} values, two keys of struct elements) are compiled on
 * stack replacement while they sort, with the comparator inlined, and give the stable order Java's sort gives.
 */
class ComparatorSortIT {
    private static final Pattern SORT_OSR = Pattern.compile("opt done.*MergeSortLoop@\\w+<OSR>");

    @TempDir
    static Path dir;

    @BeforeAll
    static void jarsAreFresh() throws Exception {
        LauncherIT.jarsAreFresh();
    }

    @Test
    void sortsByComparatorCompileAndKeepEqualElementsInOrder() throws Exception {
        String program = """
                |n: i64|
                let v = result(for(rangeiter(0L, n, 1L), appender[i64], |b, i, x| merge(b, (x * 7919L) % 100003L - 50000L)));
                let s = sort(v, |a, b| compare(select(a < 0L, 0L - a, a), select(b < 0L, 0L - b, b)));
                let p = result(for(v, appender[{i64, i64}], |b, i, x| merge(b, {x % 100L, i % 1000L})));
                let t = sort(p, |a, b| if(a.$0 != b.$0, compare(a.$0, b.$0), compare(b.$1, a.$1)));
                {result(for(s, merger[i64,+], |b, i, x| merge(b, i * x))),
                 result(for(t, merger[i64,+], |b, i, x| merge(b, i * (x.$0 * 1000L + x.$1))))}
                """;
        int n = 300_000;
        Path prog = dir.resolve("sort.weld");
        Files.writeString(prog, program);
        Result r = LauncherIT.weld(null, "--threads", "1", "--engine.BackgroundCompilation=false",
                "--engine.TraceCompilation=true", "--engine.CompilationFailureAction=Throw", "run", prog.toString(),
                "--arg", Integer.toString(n));
        assertEquals(0, r.exit(), r.err());
        assertEquals(expected(n), r.out().strip());
        assertTrue(SORT_OSR.matcher(r.err()).find(), "the sort loop was compiled while it ran: " + r.err());
    }

    /** The program's result computed with Java's stable sort. */
    private static String expected(int n) {
        List<Long> v = new ArrayList<>();
        List<long[]> p = new ArrayList<>();
        for (long x = 0; x < n; x++) {
            long e = (x * 7919L) % 100003L - 50000L;
            v.add(e);
            p.add(new long[] {e % 100L, x % 1000L});
        }
        List<Long> s = new ArrayList<>(v);
        s.sort(Comparator.comparingLong(Math::abs));
        List<long[]> t = new ArrayList<>(p);
        t.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparing(a -> a[1], Comparator.reverseOrder()));
        long c1 = 0;
        long c2 = 0;
        for (int i = 0; i < n; i++) {
            c1 += i * s.get(i);
            c2 += i * (t.get(i)[0] * 1000L + t.get(i)[1]);
        }
        return "[" + c1 + ", " + c2 + "]";
    }
}
