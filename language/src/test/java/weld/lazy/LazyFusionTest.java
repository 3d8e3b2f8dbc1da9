package weld.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static weld.lazy.LazyApiTest.ADD;
import static weld.lazy.LazyApiTest.MUL;
import static weld.lazy.LazyApiTest.SUM;
import static weld.lazy.LazyApiTest.inputs;

import java.util.Map;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import weld.lazy.host.Lazy;
import weld.lazy.host.LazyValue;

/** Fragments written separately are optimized as one program: the optimizer fuses their loops. */
class LazyFusionTest {
    private Context context;
    private Lazy weld;
    private LazyValue x;
    private LazyValue y;
    private LazyValue z;

    @BeforeEach
    void open() {
        context = Context.newBuilder("weld").allowAllAccess(true).build();
        weld = Lazy.in(context);
        x = weld.data(new double[] {1, 2, 3}, "vec[f64]");
        y = weld.data(new double[] {4, 5, 6}, "vec[f64]");
        z = weld.data(new double[] {7, 8, 9}, "vec[f64]");
    }

    @AfterEach
    void close() {
        context.close();
    }

    static int loops(String ir) {
        return ir.split("for\\(", -1).length - 1;
    }

    /** The example of docs/embedding.md, section Lazy API. */
    @Test
    void guideExample() throws java.io.IOException {
        // doc:lazy-java
        Lazy weld = Lazy.in(context);
        LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]", "x");
        LazyValue sq = weld.fragment("result(for(a, appender[f64], |bs, i, e| merge(bs, e * e)))", Map.of("a", x), "sq");
        LazyValue sum = weld.fragment("result(for(v, merger[f64, +], |bs, i, e| merge(bs, e)))", Map.of("v", sq), "sum");
        String program = sum.program();      // the one Weld program evaluate() runs
        double total = sum.evaluate().asDouble();   // 14.0
        // doc:end
        try (var in = getClass().getResourceAsStream("/lazy/guide_program.weld")) {
            assertEquals(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), program);
        }
        assertEquals(14.0, total);
    }

    @Test
    void mapThenSumIsOneLoop() {
        LazyValue sum = weld.fragment(SUM, inputs("v", weld.fragment(MUL, inputs("a", x, "b", y), "mul")), "sum");
        assertEquals(1, loops(sum.optimized()), sum.optimized());
        assertEquals(32.0, sum.evaluate().asDouble());
    }

    @Test
    void mapOfMapThenSumIsOneLoop() {
        LazyValue sq = weld.fragment("result(for(a, appender[f64], |bs, i, e| merge(bs, e * e)))", inputs("a", x), "sq");
        LazyValue inc = weld.fragment("result(for(a, appender[f64], |bs, i, e| merge(bs, e + 1.0)))", inputs("a", sq), "inc");
        LazyValue sum = weld.fragment(SUM, inputs("v", inc), "sum");
        assertEquals(1, loops(sum.optimized()), sum.optimized());
        assertEquals(17.0, sum.evaluate().asDouble());
    }

    @Test
    void multiplyAddSumIsOneLoop() {
        LazyValue mul = weld.fragment(MUL, inputs("a", x, "b", y), "mul");
        LazyValue sum = weld.fragment(SUM, inputs("v", weld.fragment(ADD, inputs("a", mul, "b", z), "add")), "sum");
        assertEquals(1, loops(sum.optimized()), sum.optimized());
    }

    @Test
    void multiplyAddSumIsCorrect() {
        LazyValue mul = weld.fragment(MUL, inputs("a", x, "b", y), "mul");
        LazyValue sum = weld.fragment(SUM, inputs("v", weld.fragment(ADD, inputs("a", mul, "b", z), "add")), "sum");
        assertEquals(32.0 + 24, sum.evaluate().asDouble());
    }

    @Test
    void withoutPassesEveryFragmentKeepsItsLoop() {
        try (Context plain = Context.newBuilder("weld").option("weld.Passes", "none").build()) {
            Lazy w = Lazy.in(plain);
            LazyValue a = w.data(new double[] {1, 2, 3}, "vec[f64]");
            LazyValue sum = w.fragment(SUM, inputs("v", w.fragment(MUL, inputs("a", a, "b", a), "mul")), "sum");
            assertEquals(2, loops(sum.optimized()), sum.optimized());
            assertEquals(14.0, sum.evaluate().asDouble());
        }
    }
}
