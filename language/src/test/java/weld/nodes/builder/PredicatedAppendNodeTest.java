package weld.nodes.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.Test;

/**
 * Filters run as {@link PredicatedAppendNode}s append what the branching {@code if} appends
 * ({@code @(predicate:false)}, in the same context): every kind, structs in columns, the negated form, a field of a
 * struct of builders, a condition around a struct of appenders and a merger,
 * none, some or all rows kept across the appender's growth, on one thread and in parallel tasks.
 */
class PredicatedAppendNodeTest {
    private static final String[] PROGRAMS = {
        "|v: vec[f64], t: f64| result(for(v, appender[f64], |b, i, x| IF(x > t, merge(b, x * 2.0), b)))",
        "|v: vec[f64], t: f64| result(for(v, appender[f32], |b, i, x| IF(x > t, merge(b, f32(x) * 0.5f), b)))",
        "|v: vec[f64], t: f64| result(for(v, appender[i64], |b, i, x| IF(x > t, merge(b, i + 1L), b)))",
        "|v: vec[f64], t: f64| result(for(v, appender[i32], |b, i, x| IF(x > t, b, merge(b, i32(i) * 3))))",
        "|v: vec[f64], t: f64| result(for(v, appender[{f64,{i32,i64}}], |b, i, x| "
            + "IF(x < t, merge(b, {x, {i32(i), i * 2L}}), b)))",
        "|v: vec[f64], t: f64| let r = for(v, {appender[f64], merger[i64,+], appender[i64]}, |b, i, x| "
            + "IF(x > t, {merge(b.$0, x), merge(b.$1, 1L), merge(b.$2, i)}, b)); "
            + "{result(r.$0), result(r.$1), result(r.$2)}",
        "|v: vec[f64], t: f64| let r = for(v, {merger[f64,+], appender[f64]}, |b, i, x| "
            + "{merge(b.$0, x), IF(x <= t, merge(b.$1, x), b.$1)}); {result(r.$0), result(r.$1)}",
    };

    @Test
    void aMapIntoTheSameAppenderLaterWritesItsZeros() {
        // The last row is filtered out, so the predicated append left its value after the kept ones; a map of a
        // literal zero into that appender then must not take the element past its size as already zero.
        String program = "|v: vec[f64]| let b = for(v, appender[f64], |b, i, x| IF(x > 0.5, merge(b, x), b)); "
                + "result(for(v, b, |c, i, x| merge(c, 0.0)))";
        double[] v = {0.9, 0.7, 0.2, 0.8, 0.3};
        for (int threads : new int[] {1, 2}) {
            try (Context c = context(threads)) {
                assertEquals(c.eval("weld", program.replace("IF(", "@(predicate:false) if(")).execute(v).toString(),
                        c.eval("weld", program.replace("IF(", "if(")).execute(v).toString());
            }
        }
    }

    private static Context context(int threads) {
        // The update body on every row: no scatter blocks in the interpreter.
        return Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                .option("weld.Grain", "100").option("weld.Vectorize", "false").build();
    }

    @Test
    void appendsWhatTheBranchAppends() {
        Random r = new Random(61);
        double[] all = r.ints(5000, 0, 64).asDoubleStream().map(x -> x / 64).toArray();
        for (int threads : new int[] {1, 2}) {
            try (Context c = context(threads)) {
                for (String p : PROGRAMS) {
                    var predicated = c.eval("weld", p.replace("IF(", "if("));
                    var branching = c.eval("weld", p.replace("IF(", "@(predicate:false) if("));
                    for (int n : new int[] {0, 1, 15, 16, 17, 33, 5000}) {
                        double[] v = Arrays.copyOf(all, n);
                        for (double t : new double[] {-1.0, 0.5, 2.0}) {
                            assertEquals(branching.execute(v, t).toString(), predicated.execute(v, t).toString(),
                                    p + " n=" + n + " t=" + t);
                        }
                    }
                }
            }
        }
    }
}
