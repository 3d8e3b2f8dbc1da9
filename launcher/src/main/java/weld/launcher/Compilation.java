package weld.launcher;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * A program's {@code eval} on a thread of its own, so that {@code weld run} reads its arguments meanwhile. The
 * language allows several threads in a context; the caller only uses the compiled function after {@link #join}.
 */
final class Compilation {
    private final FutureTask<Value> task;
    private final Thread thread;
    private volatile long nanos;

    private Compilation(Context context, Source source) {
        this.task = new FutureTask<>(() -> {
            long t0 = System.nanoTime();
            try {
                return context.eval(source);
            } finally {
                nanos = System.nanoTime() - t0;
            }
        });
        this.thread = new Thread(task, "weld-compile");
        thread.setDaemon(true);
    }

    /** Starts compiling {@code source} in {@code context}. */
    static Compilation start(Context context, Source source) {
        Compilation c = new Compilation(context, source);
        c.thread.start();
        return c;
    }

    /** The compiled function; throws what {@code eval} threw (a {@code PolyglotException} for a program error). */
    Value join() {
        try {
            return task.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling", e);
        }
    }

    /** Waits until the compilation has ended, whatever its outcome (before the context is closed). */
    void await() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Milliseconds the {@code eval} took. */
    double millis() {
        return nanos / 1e6;
    }
}
