package weld.programs;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.BeforeAll;

/** The test programs again with every optimization pass off: each gives the same result as with all passes on. */
class UnoptimizedProgramTests extends ProgramTests {
    @BeforeAll
    static void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).option("weld.Passes", "none").build();
    }
}
