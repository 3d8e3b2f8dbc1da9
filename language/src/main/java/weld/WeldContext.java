package weld;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Function;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.nodes.Node;

import weld.lazy.LazyRuntime;

/** Per-context state of the Weld language. */
public final class WeldContext {
    private static final ContextReference<WeldContext> REFERENCE = ContextReference.create(WeldLanguage.class);

    private final Env env;
    private final int threads;
    private final int grain;
    private final int sharedVecMergerLength;
    private final long memoryLimit;
    private java.util.concurrent.ForkJoinPool pool;
    private final LazyRuntime lazy;

    WeldContext(Env env) {
        this.env = env;
        int t = env.getOptions().get(WeldOptions.Threads);
        this.threads = t > 0 ? t : Runtime.getRuntime().availableProcessors();
        this.grain = Math.max(0, env.getOptions().get(WeldOptions.Grain));
        this.sharedVecMergerLength = env.getOptions().get(WeldOptions.SharedVecMergerLength);
        this.memoryLimit = env.getOptions().get(WeldOptions.MemoryLimit);
        this.lazy = new LazyRuntime(env);
    }

    /** The lazy API of this context ({@link weld.lazy}). */
    public LazyRuntime lazy() {
        return lazy;
    }

    /** Worker threads for parallel loops (option {@code weld.Threads}). */
    public int threads() {
        return threads;
    }

    /** Minimum iterations per parallel task, or 0 for adaptive (option {@code weld.Grain}). */
    public int grain() {
        return grain;
    }

    /** Bytes one evaluation may allocate, 0 for no limit (option {@code weld.MemoryLimit}). */
    public long memoryLimit() {
        return memoryLimit;
    }

    /** Length from which parallel tasks share a vecmerger (option {@code weld.SharedVecMergerLength}). */
    public int sharedVecMergerLength() {
        return sharedVecMergerLength;
    }

    /**
     * The pool of parallel loops, created on first use: {@code threads - 1} plain ForkJoin threads, as the thread
     * running a loop takes tasks too; they enter the worker context while they run tasks (see
     * {@link weld.parallel.ParallelLoop}).
     */
    public synchronized java.util.concurrent.ForkJoinPool pool() {
        if (pool == null) {
            pool = new java.util.concurrent.ForkJoinPool(Math.max(1, threads - 1));
        }
        return pool;
    }

    private final java.util.Set<Thread> workersSeen = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Records that the current thread ran a task of a parallel loop. */
    public void recordWorker() {
        workersSeen.add(Thread.currentThread());
    }

    /** How many distinct threads have run parallel loop tasks in this context (a diagnostic for tests). */
    public int workersSeen() {
        return workersSeen.size();
    }

    /** Whether {@code thread} has run parallel loop tasks in this context (a diagnostic for tests). */
    public boolean ranTasks(Thread thread) {
        return workersSeen.contains(thread);
    }

    private TruffleContext workerContext;
    private final Map<Node, CallTarget> taskTargets = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The context the workers of parallel loops enter: an inner context with Weld alone. Languages such as JavaScript
     * refuse access from other threads, so workers cannot enter a context they share; an inner Weld-only context can
     * be entered by any thread, and Weld's values (plain Java objects, external buffers) pass between the two.
     */
    public synchronized TruffleContext workerContext() {
        if (workerContext == null) {
            workerContext = env.newInnerContextBuilder(WeldLanguage.ID).inheritAllAccess(true)
                    .initializeCreatorContext(true).build();
        }
        return workerContext;
    }

    /** The task root of parallel loop {@code loop} in this (worker) context, created on first use. */
    @TruffleBoundary
    public CallTarget taskTarget(Node loop, Function<WeldLanguage, CallTarget> newTask) {
        return taskTargets.computeIfAbsent(loop, l -> newTask.apply(WeldLanguage.get(null)));
    }

    /** Stops the worker pool and closes the worker context (when the context is finalized). */
    synchronized void shutdown() {
        if (pool != null) {
            pool.shutdownNow();
            pool = null;
        }
        if (workerContext != null) {
            workerContext.close();
            workerContext = null;
        }
    }

    public static WeldContext get(Node node) {
        return REFERENCE.get(node);
    }

    /** The libraries {@code cudf} calls may use (option {@code weld.UdfLibraries}). */
    public String udfLibraries() {
        return env.getOptions().get(WeldOptions.UdfLibraries);
    }

    public Env env() {
        return env;
    }
}
