package weld.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every test program under {@code src/test/resources/programs} (see {@link TestProgram} for the format) through
 * {@code Context.eval("weld", ...)} and checks its result or its error kind and message. All optimization passes
 * run, and the program is type-checked again after each ({@code weld.CheckPasses}).
 */
class ProgramTests {
    static final Path ROOT = Path.of("src/test/resources/programs");
    static Context context;

    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                .option("weld.CheckPasses", "true").build();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @TestFactory
    Stream<DynamicTest> programs() throws Exception {
        List<Path> files = TestProgram.all(ROOT);
        assertTrue(files.size() > 0, "no test programs found under " + ROOT.toAbsolutePath());
        return files.stream().map(f -> DynamicTest.dynamicTest(ROOT.relativize(f).toString(), () -> run(f)));
    }

    private static void run(Path file) throws Exception {
        TestProgram t = TestProgram.load(file);
        Assumptions.assumeFalse(t.disabled(), "disabled: known gap");
        Value[] args = t.input() == null ? new Value[0] : evalArgs(t.input());
        try {
            Value fn = context.eval(Source.newBuilder("weld", t.source(), file.getFileName().toString()).build());
            Value result = fn.execute((Object[]) args);
            if (t.errorKind() != null) {
                fail("expected a " + t.errorKind() + " error but got " + result);
            }
            Value expected = context.eval("weld", "|| " + t.output()).execute();
            Values.assertMatches(expected, result, t.tolerance(), "result");
        } catch (PolyglotException e) {
            if (t.errorKind() == null || e.isInternalError()) {
                throw e;
            }
            String msg = e.getMessage();
            assertEquals(t.errorKind(), kindOf(e), "error kind of: " + msg);
            if (t.errorRegex() != null) {
                assertTrue(java.util.regex.Pattern.compile(t.errorRegex()).matcher(msg).find(),
                        "message '" + msg + "' does not match /" + t.errorRegex() + "/");
            }
            assertTrue(msg.matches("(?s)\\w+ error( at \\d+:\\d+)?: .*"), "message has kind and position: " + msg);
        }
    }

    static String kindOf(PolyglotException e) {
        String m = e.getMessage();
        return e.isSyntaxError() ? "parse" : m.startsWith("type error") ? "type" : "runtime";
    }

    private static Value[] evalArgs(String input) {
        Value tuple = context.eval("weld", "|| {" + input + "}").execute();
        Value[] args = new Value[(int) tuple.getArraySize()];
        for (int i = 0; i < args.length; i++) {
            args[i] = tuple.getArrayElement(i);
        }
        return args;
    }
}
