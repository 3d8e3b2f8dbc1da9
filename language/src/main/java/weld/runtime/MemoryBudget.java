package weld.runtime;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.WeldException;

/**
 * The memory one evaluation of a Weld program may allocate (option {@code weld.MemoryLimit}, or the limit a lazy
 * evaluation is given). Builders and vector allocations charge their bytes to the budget of the running evaluation;
 * going over the limit is a runtime error that ends the evaluation and leaves the context usable. An evaluation
 * that exhausts the Java heap before reaching its limit ends with the same kind of error instead of taking the JVM
 * down. Charges are estimates of the heap used: primitive arrays by their size, dictionary entries by a fixed
 * per-entry cost. Workers of parallel loops charge the budget of the evaluation that started them.
 */
public final class MemoryBudget {
    /** Estimated heap bytes of one hash-table entry with boxed key and value. */
    public static final long ENTRY_BYTES = 96;

    private static final ThreadLocal<MemoryBudget> CURRENT = new ThreadLocal<>();

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    private MemoryBudget(long limit) {
        this.limit = limit;
    }

    /** Runs one evaluation with a limit in bytes (0: no limit but the heap). */
    @TruffleBoundary
    public static <T> T run(long limit, Supplier<T> evaluation) {
        return within(new MemoryBudget(limit), evaluation);
    }

    /** The budget of the evaluation running on this thread (null outside any). */
    @TruffleBoundary
    public static MemoryBudget current() {
        return CURRENT.get();
    }

    /** Runs part of an evaluation (a parallel task) on this thread against {@code budget}. */
    @TruffleBoundary
    public static <T> T within(MemoryBudget budget, Supplier<T> work) {
        MemoryBudget previous = CURRENT.get();
        CURRENT.set(budget);
        try {
            return work.get();
        } catch (OutOfMemoryError e) {
            throw WeldException.runtime(null, "out of memory: the program needs more memory than the Java heap has"
                    + " left (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB maximum; set a lower "
                    + "weld.MemoryLimit or give the JVM more with -Xmx)", null);
        } finally {
            CURRENT.set(previous);
        }
    }

    /**
     * Whether the running evaluation can spend {@code bytes} on a guess (a table presized from the sizes of earlier
     * runs) and keep half of its limit: a guess must not make an evaluation fail that would fit without it.
     */
    @TruffleBoundary
    public static boolean affords(long bytes) {
        MemoryBudget b = CURRENT.get();
        return b == null || b.limit == 0 || b.used.get() + bytes <= b.limit / 2;
    }

    /** Charges {@code bytes} to the running evaluation; fails when that goes over its limit. */
    @TruffleBoundary
    public static void charge(long bytes) {
        MemoryBudget b = CURRENT.get();
        if (b != null && b.limit > 0 && b.used.addAndGet(bytes) > b.limit) {
            throw WeldException.runtime(null, "memory limit exceeded: the program allocated more than " + b.limit
                    + " bytes (weld.MemoryLimit)", null);
        }
    }
}
