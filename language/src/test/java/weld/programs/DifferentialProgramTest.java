package weld.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * Random programs ({@link ProgramGenerator}) on random inputs, run first as the reference (every optimization pass
 * off, one thread, no SIMD kernels), then with all passes (type-checked after each), in parallel tasks of a few
 * iterations, with SIMD kernels from a loop's first repetition (one thread and in tasks), and with vecmergers
 * shared by the tasks: each configuration must give the reference's result, or fail with the same kind of error
 * where the reference fails. The seeds are fixed; {@code -Dweld.fuzz.seeds=N} and {@code -Dweld.fuzz.first=S} run
 * others.
 */
class DifferentialProgramTest {
    private static final int SEEDS = Integer.getInteger("weld.fuzz.seeds", 300);
    private static final long FIRST = Long.getLong("weld.fuzz.first", 1);

    private static Context reference;
    private static final Map<String, Context> CONFIGURATIONS = new LinkedHashMap<>();

    @BeforeAll
    static void open() {
        reference = builder().option("weld.Passes", "none").option("weld.Threads", "1")
                .option("weld.Vectorize", "false").build();
        CONFIGURATIONS.put("all passes", builder().option("weld.CheckPasses", "true").option("weld.Threads", "1")
                .build());
        CONFIGURATIONS.put("2 threads", builder().option("weld.Threads", "2").option("weld.Grain", "4").build());
        CONFIGURATIONS.put("kernels", builder().option("weld.Threads", "1").option("weld.KernelWarmup", "0").build());
        CONFIGURATIONS.put("kernels, 2 threads", builder().option("weld.Threads", "2").option("weld.Grain", "4")
                .option("weld.KernelWarmup", "0").build());
        CONFIGURATIONS.put("shared vecmergers", builder().option("weld.Threads", "2").option("weld.Grain", "4")
                .option("weld.SharedVecMergerLength", "1").build());
        CONFIGURATIONS.put("no passes, 2 threads", builder().option("weld.Passes", "none")
                .option("weld.Threads", "2").option("weld.Grain", "4").build());
    }

    private static Context.Builder builder() {
        return Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true);
    }

    @AfterAll
    static void close() {
        reference.close();
        CONFIGURATIONS.values().forEach(Context::close);
    }

    @TestFactory
    Stream<DynamicTest> randomPrograms() {
        return LongStream.range(FIRST, FIRST + SEEDS).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> check(seed)));
    }

    private static void check(long seed) {
        String program = new ProgramGenerator(seed).program();
        Object[] args = ProgramGenerator.inputs(seed);
        String inputs = "seed " + seed + ", length " + ((long[]) args[0]).length + ", n " + args[3] + ":\n" + program;
        Outcome expected = run(reference, program, args, "reference, " + inputs);
        for (Map.Entry<String, Context> c : CONFIGURATIONS.entrySet()) {
            String where = c.getKey() + ", " + inputs;
            Outcome actual = run(c.getValue(), program, args, where);
            if (expected.error != null || actual.error != null) {
                assertEquals(expected.error, actual.error, "error kind (" + expected.message + " / " + actual.message
                        + ") in " + where);
                continue;
            }
            try {
                Values.assertMatches(expected.value, actual.value, 1e-9, "result");
            } catch (AssertionFailedError e) {
                fail(e.getMessage() + " in " + where + "\nexpected " + expected.value + "\nactual   " + actual.value);
            }
        }
    }

    /** A result or the kind of error a run ended with (parse and type errors are the generator's bugs). */
    private record Outcome(Value value, String error, String message) {
    }

    private static Outcome run(Context context, String program, Object[] args, String where) {
        try {
            return new Outcome(context.eval("weld", program).execute(args), null, null);
        } catch (PolyglotException e) {
            if (e.isInternalError() || !ProgramTests.kindOf(e).equals("runtime")) {
                throw new AssertionError("not a runtime error: " + e.getMessage() + " in " + where, e);
            }
            return new Outcome(null, "runtime", e.getMessage());
        }
    }
}
