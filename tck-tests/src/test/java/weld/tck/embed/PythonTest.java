package weld.tck.embed;

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
import org.junit.jupiter.api.TestFactory;

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
                .allowCreateThread(true)                  // Weld's worker threads for parallel loops
                .build();
    }
    // doc:end

    @AfterAll
    static void close() {
        context.close();
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
