package weld.tck.lazy;

import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The lazy API from JavaScript: the tests of {@code lazy/ndarray_test.js} over the library {@code lazy/ndarray.js}. */
class LazyJavaScriptTest {
    private static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("js", "weld").allowAllAccess(true).build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @TestFactory
    Stream<DynamicTest> ndarray() {
        Value library = context.eval(Scripts.source("js", "ndarray.js"));
        Value suite = context.eval(Scripts.source("js", "ndarray_test.js")).execute(library);
        Value tests = suite.getMember("tests");
        Value gaps = suite.getMember("gaps");
        return tests.getMemberKeys().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Assumptions.assumeFalse(gaps.hasMember(name), () -> "known gap: " + gaps.getMember(name).asString());
            tests.getMember(name).execute();
        }));
    }
}
