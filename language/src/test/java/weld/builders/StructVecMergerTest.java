package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.junit.jupiter.api.Test;

import weld.programs.SequentialAndParallel;

/**
 * Vecmergers of structs of numbers, kept in columns and merged field by field ({@link VecMerger#numberColumns},
 * {@link weld.nodes.builder.VecMergeStructNode}): sums and counts per slot, every operator on every carrier from a
 * non-identity initial vector (the partials of parallel loops start from the identity), merges that are not
 * literals, the initial vector left as it was, and an index out of bounds, each against values computed
 * here, sequentially and in parallel.
 */
class StructVecMergerTest extends SequentialAndParallel {
    /** {@code [{sum, count}, ...]} of {@code x * 0.5} per slot {@code x * 7 % slots} of x < n. */
    private static String sumsAndCounts(long n, int slots) {
        double[] sum = new double[slots];
        long[] count = new long[slots];
        for (long x = 0; x < n; x++) {
            int g = (int) (x * 7 % slots);
            sum[g] += x * 0.5;
            count[g]++;
        }
        StringBuilder b = new StringBuilder("[");
        for (int g = 0; g < slots; g++) {
            b.append(g == 0 ? "" : ", ").append("{").append(sum[g]).append(", ").append(count[g]).append("}");
        }
        return b.append("]").toString();
    }

    private static String zeros(int slots) {
        return "result(for(rangeiter(0L, " + slots + "L, 1L), appender[{f64, i64}], |b, i, x| merge(b, {0.0, 0L})))";
    }

    @Test
    void sumsAndCountsPerSlot() {
        long n = 5000;
        assertBoth(sumsAndCounts(n, 6), "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[{f64, i64}, +]("
                + zeros(6) + "), |b, i, x| merge(b, {x * 7L % 6L, {f64(x) * 0.5, 1L}})))", n);
        // Many slots; a filter around the merge.
        assertBoth(sumsAndCounts(n, 1000), "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[{f64, i64}, +]("
                + zeros(1000) + "), |b, i, x| if(x >= 0L, merge(b, {x * 7L % 1000L, {f64(x) * 0.5, 1L}}), b)))", n);
    }

    @Test
    void everyOperatorOnEveryCarrierFromAnInitialVector() {
        long n = 3000;
        String init = "result(for(rangeiter(0L, 5L, 1L), appender[{i32, f32, u8, u64}], |b, i, x| "
                + "merge(b, {i32(x) - 2, f32(x) + 0.5f, u8(x * 50L), u64(x * 3L)})))";
        String read = "result(for(result(for(rangeiter(0L, n, 1L), vecmerger[{i32, f32, u8, u64}, OP](" + init + "), "
                + "|b, i, x| merge(b, {x % 5L, {i32(x % 9L) - 4, f32(x % 7L) - 3.0f, u8(x * 37L % 256L), "
                + "u64(x * 7919L % 1000L)}}))), appender[{i64, f64, i64, i64}], |b, i, e| "
                + "merge(b, {i64(e.$0), f64(e.$1), i64(e.$2), i64(e.$3)})))";
        for (String op : new String[] {"+", "*", "min", "max"}) {
            long[] ints = new long[5];
            float[] floats = new float[5];
            long[] bytes = new long[5];
            long[] longs = new long[5];
            for (int g = 0; g < 5; g++) {
                ints[g] = g - 2;
                floats[g] = g + 0.5f;
                bytes[g] = g * 50 & 0xFF;
                longs[g] = g * 3L;
            }
            for (long x = 0; x < n; x++) {
                int g = (int) (x % 5);
                ints[g] = (int) combine(op, ints[g], x % 9 - 4, false);
                floats[g] = switch (op) {
                    case "+" -> floats[g] + (x % 7 - 3.0f);
                    case "*" -> floats[g] * (x % 7 - 3.0f);
                    case "min" -> Math.min(floats[g], x % 7 - 3.0f);
                    default -> Math.max(floats[g], x % 7 - 3.0f);
                };
                bytes[g] = combine(op, bytes[g], x * 37 % 256, true) & 0xFF;
                longs[g] = combine(op, longs[g], x * 7919 % 1000, true);
            }
            StringBuilder expected = new StringBuilder("[");
            for (int g = 0; g < 5; g++) {
                expected.append(g == 0 ? "" : ", ").append("{").append(ints[g]).append(", ")
                        .append((double) floats[g]).append(", ").append(bytes[g]).append(", ").append(longs[g])
                        .append("}");
            }
            assertBoth(expected.append("]").toString(), "|n: i64| " + read.replace("OP", op), n);
        }
    }

    @Test
    void mergesThatAreNotLiterals() {
        long n = 2000;
        String expected = sumsAndCounts(n, 4);
        assertBoth(expected, "|n: i64| result(for(result(for(rangeiter(0L, n, 1L), appender[{i64, {f64, i64}}], "
                + "|b, i, x| merge(b, {x * 7L % 4L, {f64(x) * 0.5, 1L}}))), vecmerger[{f64, i64}, +](" + zeros(4)
                + "), |b, i, p| merge(b, p)))", n);
    }

    @Test
    void sharedByTheTasksOfParallelLoops() {
        // Every vecmerger shared: each field of an element combined atomically by both threads.
        long n = 20_000;
        try (Context shared = Context.newBuilder("weld").allowExperimentalOptions(true).option("weld.Threads", "2")
                .option("weld.Grain", "64").option("weld.SharedVecMergerLength", "1").build()) {
            String program = "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[{f64, i64}, +](" + zeros(6)
                    + "), |b, i, x| merge(b, {x * 7L % 6L, {f64(x) * 0.5, 1L}})))";
            assertEquals(sumsAndCounts(n, 6), shared.eval("weld", program).execute(n).toString());
            String minMax = "|n: i64| result(for(rangeiter(0L, n, 1L), vecmerger[{i32, f32}, OP](result(for("
                    + "rangeiter(0L, 3L, 1L), appender[{i32, f32}], |b, i, x| merge(b, {0, 0.0f})))), |b, i, x| "
                    + "merge(b, {x % 3L, {i32(x % 1000L) - 500, f32(x % 77L)}})))";
            assertEquals("[{-500, 0.0}, {-500, 0.0}, {-500, 0.0}]",
                    shared.eval("weld", minMax.replace("OP", "min")).execute(n).toString());
            assertEquals("[{499, 76.0}, {499, 76.0}, {499, 76.0}]",
                    shared.eval("weld", minMax.replace("OP", "max")).execute(n).toString());
            // A merge that is not a literal takes the boxed path, atomically too.
            String pairs = "|n: i64| result(for(result(for(rangeiter(0L, n, 1L), appender[{i64, {f64, i64}}], "
                    + "|b, i, x| merge(b, {x * 7L % 6L, {f64(x) * 0.5, 1L}}))), vecmerger[{f64, i64}, +](" + zeros(6)
                    + "), |b, i, p| merge(b, p)))";
            assertEquals(sumsAndCounts(n, 6), shared.eval("weld", pairs).execute(n).toString());
        }
    }

    @Test
    void theInitialVectorIsLeftAsItWasAndIndexesAreChecked() {
        assertBoth("{[{1.0, 1}, {2.0, 2}], [{4.0, 4}, {2.0, 2}]}", "|n: i64| let z = [{1.0, 1L}, {2.0, 2L}]; "
                + "{z, result(for(rangeiter(0L, n, 1L), vecmerger[{f64, i64}, +](z), |b, i, x| "
                + "merge(b, {0L, {1.0, 1L}})))}", 3L);
        for (Context c : contexts()) {
            String error = assertThrows(PolyglotException.class, () -> c.eval("weld", "|n: i64| "
                    + "result(for(rangeiter(0L, n, 1L), vecmerger[{f64, i64}, +](" + zeros(6) + "), |b, i, x| "
                    + "merge(b, {x, {1.0, 1L}})))").execute(7L)).getMessage();
            assertTrue(error.contains("vecmerger index 6 out of bounds for length 6"), error);
        }
    }
}
