package weld.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of tests that run each program in a context with 1 thread and in one with 2 threads and small tasks (so that
 * loops of a few hundred iterations run as parallel tasks whose partials are combined), expecting the same result.
 */
public abstract class SequentialAndParallel {
    protected static Context sequential;
    protected static Context parallel;

    @BeforeAll
    static void openContexts() {
        sequential = Context.newBuilder("weld").option("weld.Threads", "1").build();
        parallel = Context.newBuilder("weld").option("weld.Threads", "2").option("weld.Grain", "64").build();
    }

    @AfterAll
    static void closeContexts() {
        sequential.close();
        parallel.close();
    }

    /** Both contexts. */
    protected static Context[] contexts() {
        return new Context[] {sequential, parallel};
    }

    /** {@code a op b} on integers, unsigned where {@code unsigned}, wrapping: the reference for merged values. */
    protected static long combine(String op, long a, long b, boolean unsigned) {
        return switch (op) {
            case "+" -> a + b;
            case "*" -> a * b;
            case "min" -> unsigned ? (Long.compareUnsigned(a, b) <= 0 ? a : b) : Math.min(a, b);
            default -> unsigned ? (Long.compareUnsigned(a, b) >= 0 ? a : b) : Math.max(a, b);
        };
    }

    /** Asserts that {@code program} applied to {@code args} prints as {@code expected} in both contexts. */
    protected static void assertBoth(String expected, String program, Object... args) {
        for (Context c : contexts()) {
            assertEquals(expected, c.eval("weld", program).execute(args).toString(), program);
        }
    }
}
