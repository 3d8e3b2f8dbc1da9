package weld.parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
 * Runs a loop's iterations as tasks (chunks of consecutive iterations) and combines the builder partials in task
 * order (so appenders and groupmergers see values in iteration order). The calling thread and up to
 * {@code threads - 1} threads of the context's ForkJoin pool each take the next task not yet taken until none is
 * left: the caller works instead of waiting for a pool thread to wake up, and a pool thread that starts late finds
 * the work done. Every runner enters the context's worker context (an inner Weld-only context, see
 * {@link WeldContext#workerContext()}) while it runs tasks, so the pool can be shared, the context closed at any
 * time, and a context shared with a single-threaded language such as JavaScript still runs loops on all threads;
 * the worker context compiles one copy of the loop body ({@code newTask}, cached per loop) that all runners call.
 * A runtime error in one task stops the others (tasks not started are skipped, running ones finish their range,
 * see {@link LoopChunkRoot}) and is rethrown once they have stopped; closing the context interrupts the waiting thread.
 *
 * <p>Splitting: at least two grains of iterations are needed (option {@code weld.Grain}; adaptive by default:
 * {@value #ADAPTIVE_MIN_GRAIN} iterations or an eighth of a thread's share, whichever is larger), and there are at
 * most four tasks per thread, so that work stealing can balance uneven iterations (or threads: one that the
 * system slows leaves its remaining tasks to the others); a loop into a dictmerger, or into vecmergers of more than
 * {@value #SMALL_PARTIAL} elements in all, gets one task per thread, as each task's partial is as large as the key
 * space (not the iterations).
 */
public final class ParallelLoop {
    static final int ADAPTIVE_MIN_GRAIN = 4096;
    private static final int TASKS_PER_THREAD = 4;
    /** Keyed partials up to this many elements are cheap to make and combine: such loops keep four tasks a thread. */
    static final long SMALL_PARTIAL = 1 << 12;

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

    /** {@code tasks}, or one task a thread where each task's partial of {@code initial} would be large. */
    static long limitForPartials(long tasks, int threads, WeldType builderType, Object initial) {
        if (Partials.keyed(builderType) && Partials.keyedElements(builderType, initial) > SMALL_PARTIAL) {
            return Math.min(tasks, threads);
        }
        return tasks;
    }

    /**
     * Runs the loop of {@code n} iterations as about {@code tasks} tasks (see {@link #tasks}); returns the builder.
     * With {@code shared}, every task updates {@code initial} itself (a map writing its values in place by index).
     */
    @TruffleBoundary
    public static Object run(Node location, WeldContext context, Function<WeldLanguage, CallTarget> newTask,
                             MaterializedFrame frame, long n, long tasks, WeldType builderType, Object initial,
                             boolean shared) {
        tasks = limitForPartials(tasks, context.threads(), builderType, initial);
        long chunk = (n + tasks - 1) / tasks;
        int chunks = (int) ((n + chunk - 1) / chunk);
        // The first task merges into the initial builder itself; the others get fresh partials, made by each task
        // or, where the builder holds a vecmerger shared by all tasks, all before any task starts
        // (Partials.madeInTasks). null: made by the task.
        boolean inTasks = Partials.madeInTasks(builderType, initial, context.sharedVecMergerLength());
        Object[] partials = new Object[chunks];
        for (int c = 0; c < chunks; c++) {
            partials[c] = c == 0 || shared ? initial
                    : inTasks ? null : Partials.fresh(builderType, initial, context.sharedVecMergerLength());
        }
        Runner runner = new Runner(context, location, newTask, frame, n, chunk, partials, builderType, initial,
                MemoryBudget.current());
        List<ForkJoinTask<?>> helpers = new ArrayList<>();
        for (int h = 1; h < Math.min(chunks, context.threads()); h++) {
            helpers.add(context.pool().submit(runner::run));
        }
        boolean done = false;
        try {
            runner.run();
            for (ForkJoinTask<?> h : helpers) {
                await(location, h);
            }
            done = true;
        } finally {
            if (!done) {
                // An error or an interrupt: the other runners stop (at the end of their task, or where the context
                // is cancelled) and are waited for, so no worker is still inside the context when the error reaches
                // the caller (who may close it next).
                runner.failed.set(true);
                for (ForkJoinTask<?> h : helpers) {
                    h.quietlyJoin();
                }
            }
        }
        if (shared) {
            return initial;
        }
        Object result = partials[0];
        Partials.reserveForAll(builderType, result, partials);
        for (int c = 1; c < chunks; c++) {
            result = Partials.combine(builderType, result, partials[c]);
        }
        return result;
    }

    /**
     * Runs chunks of a loop, taking the next one not yet taken until none is left: the calling thread and up to
     * {@code threads - 1} pool threads run one each, so the caller works instead of waiting, and a pool thread that
     * starts late finds the work done rather than delaying the result. Each chunk's partial lands at its index, to
     * be combined in iteration order. Every runner enters the worker context, so all of them call its one
     * compiled copy of the loop body.
     */
    private static final class Runner {
        final AtomicBoolean failed = new AtomicBoolean();
        private final AtomicInteger next = new AtomicInteger();
        private final WeldContext context;
        private final Node location;
        private final Function<WeldLanguage, CallTarget> newTask;
        private final MaterializedFrame frame;
        private final long n;
        private final long chunk;
        private final Object[] partials;
        private final WeldType builderType;
        private final Object initial;
        private final MemoryBudget budget;

        Runner(WeldContext context, Node location, Function<WeldLanguage, CallTarget> newTask,
               MaterializedFrame frame, long n, long chunk, Object[] partials, WeldType builderType, Object initial,
               MemoryBudget budget) {
            this.context = context;
            this.location = location;
            this.newTask = newTask;
            this.frame = frame;
            this.n = n;
            this.chunk = chunk;
            this.partials = partials;
            this.builderType = builderType;
            this.initial = initial;
            this.budget = budget;
        }

        void run() {
            TruffleContext workers = context.workerContext();
            Object previous = workers.enter(null);
            try {
                CallTarget task = WeldContext.get(null).taskTarget(location, newTask);
                MemoryBudget.within(budget, () -> {
                    for (int c = next.getAndIncrement(); c < partials.length && !failed.get();
                            c = next.getAndIncrement()) {
                        context.recordWorker();
                        long from = c * chunk;
                        Object partial = partials[c] != null ? partials[c]
                                : Partials.fresh(builderType, initial, context.sharedVecMergerLength());
                        partials[c] = task.call(frame, from, Math.min(n, from + chunk), partial, failed);
                    }
                    return null;
                });
            } catch (RuntimeException | Error e) {
                failed.set(true);
                throw e;
            } finally {
                workers.leave(null, previous);
            }
        }
    }

    private static void await(Node location, ForkJoinTask<?> task) {
        TruffleSafepoint.setBlockedThreadInterruptible(location, t -> {
            try {
                t.get();
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
    }
}
