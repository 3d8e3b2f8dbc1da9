package weld.parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.TruffleSafepoint;
import com.oracle.truffle.api.frame.MaterializedFrame;
import com.oracle.truffle.api.nodes.Node;

import weld.WeldContext;
import weld.WeldLanguage;
import weld.runtime.MemoryBudget;
import weld.types.WeldType;

/**
 * Runs a loop's iterations as tasks on the context's ForkJoin pool and combines the builder partials in task
 * order (so appenders and groupmergers see values in iteration order). Workers are ordinary ForkJoin threads that
 * enter the context's worker context (an inner Weld-only context, see {@link WeldContext#workerContext()}) for the
 * duration of each task, so the pool can be shared, the context closed at any time, and a context shared with a
 * single-threaded language such as JavaScript still runs loops on all workers. Each worker context compiles its
 * own copy of the loop body ({@code newTask}, cached per loop). A runtime error in one task stops the others (tasks not started are skipped, running ones stop within
 * 2^16 iterations) and is rethrown once they have stopped; closing the context interrupts the waiting thread.
 *
 * <p>Splitting: at least two grains of iterations are needed (option {@code weld.Grain}; adaptive by default:
 * {@value #ADAPTIVE_MIN_GRAIN} iterations or an eighth of a thread's share, whichever is larger), and there are at
 * most four tasks per thread, so that work stealing can balance uneven iterations; a loop into a dictmerger or a
 * vecmerger gets one task per thread, as each task's partial is as large as the key space (not the iterations).
 */
public final class ParallelLoop {
    static final int ADAPTIVE_MIN_GRAIN = 4096;
    private static final int TASKS_PER_THREAD = 4;

    private ParallelLoop() {
    }

    /** How many tasks a loop of {@code n} iterations splits into (1: run it sequentially). */
    public static long tasks(WeldContext context, long n) {
        int threads = context.threads();
        if (threads < 2) {
            return 1;
        }
        long grain = context.grain() > 0 ? context.grain() : Math.max(ADAPTIVE_MIN_GRAIN, n / (threads * 8L));
        return Math.max(1, Math.min(n / grain, (long) threads * TASKS_PER_THREAD));
    }

    /**
     * Runs the loop of {@code n} iterations as about {@code tasks} tasks (see {@link #tasks}); returns the builder.
     * With {@code shared}, every task updates {@code initial} itself (a map writing its values in place by index).
     */
    @TruffleBoundary
    public static Object run(Node location, WeldContext context, Function<WeldLanguage, CallTarget> newTask,
                             MaterializedFrame frame, long n, long tasks, WeldType builderType, Object initial,
                             boolean shared) {
        if (Partials.keyed(builderType)) {
            tasks = Math.min(tasks, context.threads());
        }
        long chunk = (n + tasks - 1) / tasks;
        // The first task merges into the initial builder itself; the others get fresh partials, made by each task
        // or, where the builder holds a vecmerger, all before any task starts (Partials.madeInTasks). null: made
        // by the task.
        boolean inTasks = Partials.madeInTasks(builderType);
        List<Object> partials = new ArrayList<>();
        for (long from = 0; from < n; from += chunk) {
            partials.add(from == 0 || shared ? initial
                    : inTasks ? null : Partials.fresh(builderType, initial, context.sharedVecMergerLength()));
        }
        TruffleContext workers = context.workerContext();
        AtomicBoolean failed = new AtomicBoolean();
        MemoryBudget budget = MemoryBudget.current();
        List<ForkJoinTask<Object>> running = new ArrayList<>();
        for (long from = 0; from < n; from += chunk) {
            long start = from;
            long end = Math.min(n, from + chunk);
            Object partial = partials.get(running.size());
            running.add(context.pool().submit(() -> {
                if (failed.get()) {
                    return null;
                }
                Object previous = workers.enter(null);
                try {
                    context.recordWorker();
                    CallTarget task = WeldContext.get(null).taskTarget(location, newTask);
                    return MemoryBudget.within(budget, () -> task.call(frame, start, end, partial != null ? partial
                            : Partials.fresh(builderType, initial, context.sharedVecMergerLength()), failed));
                } catch (RuntimeException | Error e) {
                    failed.set(true);
                    throw e;
                } finally {
                    workers.leave(null, previous);
                }
            }));
        }
        Object result = null;
        boolean done = false;
        try {
            for (ForkJoinTask<Object> t : running) {
                Object partial = await(location, t);
                // null: the task was skipped after another one failed, and awaiting that one throws.
                if (partial != null) {
                    result = result == null || shared ? partial : Partials.combine(builderType, result, partial);
                }
            }
            done = true;
        } finally {
            if (!done) {
                // An error or an interrupt: the other tasks stop (within 2^16 iterations) and are waited for, so no
                // worker is still inside the context when the error reaches the caller (who may close it next).
                failed.set(true);
                for (ForkJoinTask<Object> t : running) {
                    t.quietlyJoin();
                }
            }
        }
        return result;
    }

    private static Object await(Node location, ForkJoinTask<Object> task) {
        Object[] out = new Object[1];
        TruffleSafepoint.setBlockedThreadInterruptible(location, t -> {
            try {
                out[0] = t.get();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(cause);
            }
        }, task);
        return out[0];
    }
}
