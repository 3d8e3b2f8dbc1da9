package weld.parallel;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.junit.jupiter.api.Test;

/** Closing a context stops a running parallel loop promptly, workers included. */
class CancellationTest {
    @Test
    void closingTheContextCancelsARunningParallelLoop() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Context context = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2").build();
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread runner = new Thread(() -> {
                try {
                    context.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))")
                            .execute(1_000_000_000_000L);
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            runner.start();
            Thread.sleep(1500);
            context.close(true);
            runner.join(20_000);
            assertTrue(!runner.isAlive(), "the loop is still running after close");
            assertTrue(outcome.get() instanceof PolyglotException p && p.isCancelled(), "cancelled: " + outcome.get());
        });
    }
}
