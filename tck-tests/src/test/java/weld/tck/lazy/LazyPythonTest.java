package weld.tck.lazy;

import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The lazy API from Python: the functions {@code test_*} of {@code lazy/ndarray_test.py} over the module
 * {@code lazy/ndarray.py}, all in one context (a Python context takes seconds to start).
 */
class LazyPythonTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("python", "weld").allowAllAccess(true).build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @TestFactory
    Stream<DynamicTest> ndarray() {
        Scripts.definePythonModule(context, "ndarray", Scripts.text("ndarray.py"));
        context.eval(Scripts.source("python", "ndarray_test.py"));
        Value globals = context.getBindings("python");
        Value gaps = globals.getMember("GAPS");
        return globals.getMemberKeys().stream().filter(n -> n.startsWith("test_")).sorted()
                .map(name -> DynamicTest.dynamicTest(name, () -> {
                    Assumptions.assumeFalse(gaps.hasHashEntry(name), () -> "known gap: " + gaps.getHashValue(name).asString());
                    globals.getMember(name).execute();
                }));
    }
}
