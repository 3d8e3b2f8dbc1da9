package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/** What the lane planner turns into kernel nodes: shared invariants, and the limit on a kernel's size. */
class LanePlannerTest {
    @Test
    void equalLiteralsAndVariablesAreOneInvariant() {
        // t twice, 0.0 twice and 2.0 once: three invariants, each broadcast once per call.
        LanePlanner.Plan p = Plans.plan("""
                |v: vec[f64], t: f64|
                  result(for(v, {merger[f64,+], merger[f64,+]}, |b, i, x|
                    {merge(b.$0, select(x > t, x, 0.0)), merge(b.$1, select(x > t, 2.0 * x, 0.0))}))
                """);
        assertNotNull(p);
        assertEquals(3, p.invariants().size(), p.invariants().toString());
    }

    @Test
    void literalsOfEqualValueAndOtherKindsStayApart() {
        // 1.0 and 1.0f are different invariants, as are 0.0 and -0.0 (a sum's identity must stay +0.0).
        LanePlanner.Plan p = Plans.plan("""
                |v: vec[f64], w: vec[f32]|
                  result(for(zip(v, w), {merger[f64,+], merger[f32,+], merger[f64,+]}, |b, i, x|
                    {merge(b.$0, x.$0 * 1.0), merge(b.$1, x.$1 * 1.0f), merge(b.$2, x.$0 * -0.0 + 0.0)}))
                """);
        assertNotNull(p);
        assertEquals(4, p.invariants().size(), p.invariants().toString());
    }

    @Test
    void kernelsOverTheNodeLimitAreLeftToTheScalarLoop() {
        // Each term adds three nodes (its literal, a product and a sum) to the element's one.
        int fits = (LanePlanner.MAX_NODES - 1) / 3;
        assertNotNull(Plans.plan(scaledSum(fits)));
        assertNull(Plans.plan(scaledSum(fits + 1)));
    }

    @Test
    void kernelsOverTheMergerLimitAreLeftToTheScalarLoop() {
        assertNotNull(Plans.plan(scaledSums(LanePlanner.MAX_COMPONENTS)));
        assertNull(Plans.plan(scaledSums(LanePlanner.MAX_COMPONENTS + 1)));
    }

    @Test
    void aLetBeforeTheMergesIsPlannedOnceForEveryMerger() {
        // Each merger's part repeats the let; planned once, the kernel has about 60 nodes, planned per merger 400.
        int n = LanePlanner.MAX_COMPONENTS;
        String chain = "x";
        for (int k = 0; k < 10; k++) {
            chain = "(" + chain + (k % 2 == 0 ? " * " : " + ") + k + ".5)";
        }
        assertNotNull(Plans.plan(structOfSums(n, "let y = " + chain + "; ", k -> "y * " + k + ".25")));
    }

    /** One sum of {@code terms} products of the element, the k-th by k + 0.5, added to 0.25. */
    private static String scaledSum(int terms) {
        String sum = IntStream.range(0, terms).mapToObj(k -> "x * " + k + ".5").collect(Collectors.joining(" + "));
        return "|v: vec[f64]| result(for(v, merger[f64,+], |b, i, x| merge(b, 0.25 + " + sum + ")))";
    }

    /** A struct of {@code n} sums, the k-th of the elements times k + 0.5. */
    private static String scaledSums(int n) {
        return structOfSums(n, "", k -> "x * " + k + ".5");
    }

    /** A loop over {@code v} into {@code n} sums, the k-th merging {@code value(k)} after {@code prefix}. */
    private static String structOfSums(int n, String prefix, IntFunction<String> value) {
        String mergers = IntStream.range(0, n).mapToObj(k -> "merger[f64,+]").collect(Collectors.joining(", "));
        String merges = IntStream.range(0, n).mapToObj(k -> "merge(b.$" + k + ", " + value.apply(k) + ")")
                .collect(Collectors.joining(", "));
        return "|v: vec[f64]| result(for(v, {" + mergers + "}, |b, i, x| " + prefix + "{" + merges + "}))";
    }
}
