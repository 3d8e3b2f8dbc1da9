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
 * Python hosts: runs the files under {@code python/} in one context with Python and Weld (starting Python takes
 * seconds), each {@code @test} function as its own JUnit test.
 */
class PythonTest {
    private static Context context;
    private static Value load;

    @BeforeAll
    static void open() {
        context = newContext();
        context.eval(Source.create("python", Resources.read("python/harness.py")));
        load = context.getBindings("python").getMember("load");
    }

    // doc:python-context
    static Context newContext() {
        return Context.newBuilder("python", "weld")
                .allowPolyglotAccess(PolyglotAccess.ALL)  // polyglot.eval(language="weld", ...) from Python
                .build();
    }
    // doc:end

    @AfterAll
    static void close() {
        context.close();
    }

    /** A parallel loop over a Python array runs on more than one of Weld's worker threads, reading it in place. */
    @Test
    void parallelLoopsUseSeveralWorkersWhenCalledFromPython() {
        Value sum = context.eval("python", """
                import array, polyglot
                sum_of = polyglot.eval(language="weld",
                    string="|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))")
                values = array.array('d', range(2000000))
                # The calling thread takes tasks too: call a few times, so a pool thread that started late joins in.
                [sum_of(values) for i in range(5)][-1]
                """);
        assertEquals(1999999000000.0, sum.asDouble());
        context.enter();
        try {
            assertTrue(WeldContext.get(null).workersSeen() > 1, "workers seen: " + WeldContext.get(null).workersSeen());
        } finally {
            context.leave();
        }
    }

    @TestFactory
    Stream<DynamicNode> files() throws IOException {
        List<DynamicNode> files = new ArrayList<>();
        for (String name : Resources.list("python", "_test.py")) {
            Value tests = load.execute(name, Resources.read("python/" + name));
            List<DynamicTest> each = new ArrayList<>();
            for (long i = 0; i < tests.getArraySize(); i++) {
                Value fn = tests.getArrayElement(i).getArrayElement(1);
                each.add(DynamicTest.dynamicTest(tests.getArrayElement(i).getArrayElement(0).asString(), () -> fn.executeVoid()));
            }
            files.add(DynamicContainer.dynamicContainer(name, each));
        }
        return files.stream();
    }
}
