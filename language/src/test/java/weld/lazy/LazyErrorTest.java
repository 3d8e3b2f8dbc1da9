package weld.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weld.lazy.LazyApiTest.inputs;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import weld.lazy.host.Lazy;
import weld.lazy.host.LazyValue;

/** Errors name the fragment (or data object) and give positions within its own text. */
class LazyErrorTest {
    private Context context;
    private Lazy weld;
    private LazyValue v;

    @BeforeEach
    void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).build();
        weld = Lazy.in(context);
        v = weld.data(new long[] {1, 2, 3}, "vec[i64]", "v");
    }

    @AfterEach
    void close() {
        context.close();
    }

    private static PolyglotException fails(Executable e) {
        return assertThrows(PolyglotException.class, e);
    }

    @Test
    void typeErrorNamesTheFragmentAndItsOwnLine() {
        PolyglotException e = fails(() -> weld.fragment("let n = len(x);\nn + 1.0", inputs("x", v), "scale"));
        assertEquals("type error in fragment 'scale' at 2:3: cannot apply + to i64 and f64: operands must have the same type",
                e.getMessage());
        SourceSection s = e.getSourceLocation();
        assertEquals("scale", s.getSource().getName());
        assertEquals(2, s.getStartLine());
        assertEquals(3, s.getStartColumn());
    }

    @Test
    void parseErrorNamesTheFragment() {
        PolyglotException e = fails(() -> weld.fragment("result(for(x, appender[i64],", inputs("x", v), "broken"));
        assertTrue(e.isSyntaxError());
        assertTrue(e.getMessage().startsWith("parse error in fragment 'broken' at 1:"), e.getMessage());
    }

    @Test
    void unboundNameIsAnErrorAtCreation() {
        PolyglotException e = fails(() -> weld.fragment("len(y)", inputs("x", v), "f"));
        assertTrue(e.getMessage().startsWith("type error in fragment 'f' at 1:5:"), e.getMessage());
    }

    @Test
    void unnamedFragmentsGetAGeneratedName() {
        PolyglotException e = fails(() -> weld.fragment("x + 1", inputs("x", v)));
        assertTrue(e.getMessage().matches("type error in fragment '#\\d+' at 1:\\d+: .*"), e.getMessage());
    }

    @Test
    void macrosCannotBeDefinedInAFragment() {
        PolyglotException e = fails(() -> weld.fragment("# doubles\nmacro twice(a) = (a + a);\ntwice(len(x))", inputs("x", v), "m"));
        assertTrue(e.getMessage().contains("fragment 'm'") && e.getMessage().contains("cannot define macros"), e.getMessage());
    }

    @Test
    void badDataTypeNamesTheData() {
        PolyglotException e = fails(() -> weld.data(new double[0], "vec[f65]", "prices"));
        assertTrue(e.getMessage().startsWith("type error in the type of data 'prices' at 1:5: undefined type 'f65'"), e.getMessage());
    }

    @Test
    void runtimeErrorIsPlacedInTheFragment() {
        LazyValue ok = weld.fragment("len(x)", inputs("x", v), "ok");
        LazyValue bad = weld.fragment("let i = n * 4L;\nlookup(x, i)", inputs("x", v, "n", ok), "indexing");
        PolyglotException e = fails(bad::evaluate);
        assertEquals("runtime error in fragment 'indexing' at 2:1: index 12 out of bounds for a vector of length 3",
                e.getMessage());
        assertEquals("indexing", e.getSourceLocation().getSource().getName());
        assertEquals(2, e.getSourceLocation().getStartLine());
    }

    @Test
    void wrongHostDataNamesTheDataObject() {
        LazyValue d = weld.data("not an array", "vec[f64]", "prices");
        LazyValue s = weld.fragment("len(p)", inputs("p", d), "count");
        PolyglotException e = fails(s::evaluate);
        assertTrue(e.getMessage().contains("argument 'prices': expected vec[f64]"), e.getMessage());
    }

    @Test
    void inputsMustBeLazyObjects() {
        var api = context.eval("weld", "lazy");
        PolyglotException e = fails(() -> api.invokeMember("fragment", "len(x)",
                org.graalvm.polyglot.proxy.ProxyObject.fromMap(java.util.Map.of("x", new double[] {1}))));
        assertTrue(e.getMessage().contains("input 'x' is not a lazy Weld object"), e.getMessage());
        PolyglotException n = fails(() -> api.invokeMember("fragment", "1",
                org.graalvm.polyglot.proxy.ProxyObject.fromMap(java.util.Map.of("if", v.value()))));
        assertTrue(n.getMessage().contains("'if' is not a Weld identifier"), n.getMessage());
    }

    @Test
    void memoryLimitMustBePositive() {
        LazyValue s = weld.fragment("len(x)", inputs("x", v));
        PolyglotException e = fails(() -> s.evaluate(0));
        assertTrue(e.getMessage().contains("memory limit must be a positive whole number of bytes, got 0"), e.getMessage());
        PolyglotException f = fails(() -> s.value().invokeMember("evaluate", 1.5));
        assertTrue(f.getMessage().contains("got 1.5"), f.getMessage());
        assertEquals(3L, s.evaluate().asLong(), "the context stays usable");
    }
}
