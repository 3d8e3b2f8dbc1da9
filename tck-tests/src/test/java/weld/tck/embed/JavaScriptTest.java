package weld.tck.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import weld.WeldContext;

/**
 * JavaScript hosts: runs the modules under {@code js/} in one context with JavaScript and Weld, each {@code test()}
 * they register as its own JUnit test.
 */
class JavaScriptTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = newContext();
        context.eval(Source.create("js", Resources.read("js/harness.js")));
    }

    // doc:js-context
    static Context newContext() {
        return Context.newBuilder("js", "weld")
                .allowPolyglotAccess(PolyglotAccess.ALL)  // Polyglot.eval("weld", ...) from JavaScript
                .option("weld.Threads", "4")
                .build();
    }
    // doc:end

    @AfterAll
    static void close() {
        context.close();
    }

    @TestFactory
    Stream<DynamicNode> modules() throws IOException {
        List<DynamicNode> files = new ArrayList<>();
        for (String name : Resources.list("js", ".mjs")) {
            context.eval("js", "__tests.length = 0");
            context.eval(Source.newBuilder("js", Resources.read("js/" + name), name).build());
            Value registry = context.getBindings("js").getMember("__tests");
            List<DynamicTest> tests = new ArrayList<>();
            for (long i = 0; i < registry.getArraySize(); i++) {
                Value entry = registry.getArrayElement(i);
                Value fn = entry.getArrayElement(1);
                tests.add(DynamicTest.dynamicTest(entry.getArrayElement(0).asString(), () -> fn.executeVoid()));
            }
            files.add(DynamicContainer.dynamicContainer(name, tests));
        }
        return files.stream();
    }

    /** A parallel loop called from JavaScript runs on more than one of Weld's worker threads. */
    @Test
    void parallelLoopsUseSeveralWorkersWhenCalledFromJavaScript() {
        Value sum = context.eval("js", """
                const sumTo = Polyglot.eval("weld",
                    "|n: i64| result(for(rangeiter(0L, n, 1L), merger[i64,+], |b, i, x| merge(b, x)))");
                // The calling thread takes tasks too: call a few times, so a pool thread that started late joins in.
                let sum;
                for (let i = 0; i < 5; i++) {
                    sum = sumTo(4000000n);
                }
                sum
                """);
        assertEquals(7999998000000L, sum.asLong());
        context.enter();
        try {
            assertTrue(WeldContext.get(null).workersSeen() > 1, "workers seen: " + WeldContext.get(null).workersSeen());
        } finally {
            context.leave();
        }
    }
}
