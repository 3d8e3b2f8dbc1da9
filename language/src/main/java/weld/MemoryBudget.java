package weld;

import java.util.function.Supplier;

/**
 * The memory limit of one evaluation, in bytes: the lazy API's {@code evaluate(limitBytes)} runs its program inside
 * {@link #run}, and the runtime's memory accounting reads {@link #current()} on the thread that started the program
 * (parallel loops take it from there for their workers) in place of the context option {@code weld.MemoryLimit}.
 */
public final class MemoryBudget {
    private static final ThreadLocal<Long> LIMIT = new ThreadLocal<>();

    private MemoryBudget() {
    }

    /** Runs {@code evaluation} with the limit {@code limitBytes} (positive) in force on this thread. */
    public static <T> T run(long limitBytes, Supplier<T> evaluation) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("memory limit " + limitBytes + " is not positive");
        }
        Long outer = LIMIT.get();
        LIMIT.set(outer == null ? limitBytes : Math.min(outer, limitBytes));
        try {
            return evaluation.get();
        } finally {
            if (outer == null) {
                LIMIT.remove();
            } else {
                LIMIT.set(outer);
            }
        }
    }

    /** The limit of the evaluation running on this thread, or 0 when none was given. */
    public static long current() {
        Long limit = LIMIT.get();
        return limit == null ? 0 : limit;
    }
}
