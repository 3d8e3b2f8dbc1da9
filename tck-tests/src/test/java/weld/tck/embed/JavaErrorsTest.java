package weld.tck.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Java hosts: a wrong argument is a guest error (never a host exception) that names the parameter, its Weld type
 * and what was passed, and the context stays usable.
 */
class JavaErrorsTest {
    private static Context context;
    private static Value f;

    @BeforeAll
    static void open() {
        context = Embedding.newContext();
        f = context.eval("weld", "|small: u8, points: vec[{f64, f64}]| f64(small) + sum(map(points, |p| p.$0 * p.$1))");
    }

    @AfterAll
    static void close() {
        context.close();
    }

    private static void assertGuestError(Executable call, String... fragments) {
        PolyglotException e = assertThrows(PolyglotException.class, call);
        assertTrue(e.isGuestException(), "a guest error: " + e);
        assertFalse(e.isInternalError(), "not an internal error: " + e);
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), "\"" + e.getMessage() + "\" contains \"" + fragment + "\"");
        }
    }

    private static final double[][] POINTS = {{1, 2}, {3, 4}};

    @Test
    void wellFormedArgumentsWork() {
        assertEquals(15.0, f.execute(1, POINTS).asDouble());
    }

    @Test
    void wrongType() {
        assertGuestError(() -> f.execute("one", POINTS), "argument 'small': expected u8 but got one");
        assertGuestError(() -> f.execute(1, 2.5), "argument 'points': expected vec[{f64,f64}] but got 2.5");
        assertGuestError(() -> f.execute(null, POINTS), "argument 'small': expected u8");
    }

    @Test
    void wrongArity() {
        assertGuestError(() -> f.execute(1), "takes 2 arguments but got 1");
        assertGuestError(() -> f.execute(1, POINTS, 3), "takes 2 arguments but got 3");
    }

    @Test
    void outOfRange() {
        assertGuestError(() -> f.execute(300, POINTS), "argument 'small': expected u8 but got 300 (out of range)");
        assertGuestError(() -> f.execute(-1, POINTS), "argument 'small': expected u8 but got -1 (out of range)");
        assertGuestError(() -> f.execute(1.5, POINTS), "argument 'small': expected u8 but got 1.5");
    }

    @Test
    void raggedAndMalformedNestedArrays() {
        assertGuestError(() -> f.execute(1, new double[][] {{1, 2}, {3}}), "argument 'points': expected vec[{f64,f64}]", "element 1");
        assertGuestError(() -> f.execute(1, List.of(List.of(1, 2), List.of(3, "x"))), "argument 'points'", "element 1");
        Value nested = context.eval("weld", "|m: vec[vec[i32]]| len(m)");
        assertGuestError(() -> nested.execute(List.of(List.of(1), 2)), "argument 'm': expected vec[vec[i32]]", "element 1");
    }

    @Test
    void buffersThatDoNotHoldWholeElements() {
        Value sum = context.eval("weld", "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, x)))");
        assertGuestError(() -> sum.execute(ByteBuffer.allocateDirect(12)), "argument 'v': expected vec[f64]", "12 bytes");
    }

    @Test
    void theContextStaysUsableAfterAnError() {
        assertThrows(PolyglotException.class, () -> f.execute(300, POINTS));
        assertEquals(3.0, f.execute(1, new double[][] {{1, 2}}).asDouble());
    }
}
