package weld.ir.passes;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weld.ir.Expr;
import weld.ir.Program;
import weld.util.Lists;

/**
 * Runs the optimization passes in a fixed order, mirroring Weld's default pass list
 * ({@code CONF_OPTIMIZATION_PASSES_DEFAULT}), after SIMD loops are rewritten over their elements: inlining, loop
 * fusion, size inference, constant folding, common subexpression elimination, predication. Each pass runs until it
 * changes nothing, as Weld's {@code Pass::transform} does; since one pass can open opportunities for an earlier one
 * (fusion leaves lets to inline), the whole sequence is repeated until the program is stable, at most
 * {@value #ROUNDS} times. A pass is not run again on a program it has already left unchanged (the same object): in
 * the round that finds the program stable, only the passes before the last change run.
 *
 * <p>A selection ({@link #parse}) picks the passes: empty or {@code all} for every pass, {@code none} for none, a
 * list of names to keep only those, or a list of {@code -name} to leave those out.
 */
public final class PassManager {
    private static final int ROUNDS = 4;
    private static final int MAX_ITERATIONS = 64;

    /** Every pass, in the default order. */
    public static final List<Pass> ALL = List.of(new ScalarizeSimd(), new InlineLet(), new LoopFusion(),
            new HorizontalFusion(), new InferSize(), new FoldConstants(), new Cse(), new Predicate());

    private final List<Pass> passes;

    /** Called after a pass changed the program (for {@code --weld.DumpIr} and for re-type-checking in tests). */
    public interface Listener {
        void afterPass(Pass pass, Program program);
    }

    PassManager(List<Pass> passes) {
        this.passes = passes;
    }

    public List<Pass> passes() {
        return passes;
    }

    /** The passes a selection names; throws {@link IllegalArgumentException} for an unknown name or a mixed list. */
    public static PassManager parse(String selection) {
        String s = selection.strip();
        if (s.isEmpty() || s.equals("all")) {
            return new PassManager(ALL);
        }
        if (s.equals("none")) {
            return new PassManager(List.of());
        }
        Map<String, Pass> byName = new LinkedHashMap<>();
        ALL.forEach(p -> byName.put(p.name(), p));
        List<String> names = new ArrayList<>();
        Boolean exclude = null;
        for (String item : s.split(",")) {
            String n = item.strip();
            boolean minus = n.startsWith("-");
            n = minus ? n.substring(1) : n;
            if (!byName.containsKey(n)) {
                throw new IllegalArgumentException("unknown pass '" + n + "' (passes: " + names() + ")");
            }
            if (exclude != null && exclude != minus) {
                throw new IllegalArgumentException("either name the passes to run or the passes to leave out (-name), not both");
            }
            exclude = minus;
            names.add(n);
        }
        boolean leaveOut = exclude;
        return new PassManager(ALL.stream().filter(p -> names.contains(p.name()) != leaveOut).toList());
    }

    /** The pass names, comma-separated, in the default order. */
    public static String names() {
        return String.join(", ", Lists.map(ALL, Pass::name));
    }

    /** Whether {@code name} is a pass name. */
    public static boolean isPass(String name) {
        return Lists.any(ALL, p -> p.name().equals(name));
    }

    /** Optimizes a program; {@code listener} (may be null) sees the program after each pass that changed it. */
    public Program run(Program program, Listener listener) {
        Expr body = program.body();
        Map<Pass, Expr> stableFor = new IdentityHashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            Expr before = body;
            for (Pass pass : passes) {
                if (stableFor.get(pass) == body) {
                    continue;
                }
                Expr after = toFixpoint(pass, body, stableFor);
                if (after != body) {
                    body = after;
                    if (listener != null) {
                        listener.afterPass(pass, new Program(program.params(), body));
                    }
                }
            }
            if (body == before) {
                break;
            }
        }
        return new Program(program.params(), body);
    }

    /** Applies {@code pass} until it changes nothing, noting in {@code stableFor} the program it left unchanged. */
    private static Expr toFixpoint(Pass pass, Expr e, Map<Pass, Expr> stableFor) {
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            Expr next = pass.apply(e);
            if (next == e) {
                stableFor.put(pass, e);
                break;
            }
            e = next;
        }
        return e;
    }
}
