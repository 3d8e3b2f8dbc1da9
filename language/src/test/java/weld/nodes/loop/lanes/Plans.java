package weld.nodes.loop.lanes;

import java.util.List;

import weld.WeldLanguage;
import weld.ir.Expr;
import weld.ir.Program;
import weld.ir.Symbol;
import weld.ir.passes.PassManager;
import weld.nodes.loop.Reductions;
import weld.types.WeldType;

/**
 * The lane plan of a test program's outermost loop, a reduction into a merger or a struct of mergers, or a merge
 * into the loop's vecmerger at the loop index (null if the planner refuses it).
 */
public final class Plans {
    private Plans() {
    }

    public static LanePlanner.Plan plan(String program) {
        Expr.For f = outermostLoop(program);
        WeldType bt = f.builder().type().resolve();
        List<WeldType.Builder> mergers = Reductions.mergers(bt);
        Symbol b = f.update().params().get(0).symbol();
        boolean struct = bt instanceof WeldType.Struct;
        List<Expr> parts = Reductions.components(f.update().body(), b, struct, mergers.size());
        return LanePlanner.plan(f, b, struct, mergers, parts, l -> true);
    }

    /** The plan of a loop merging into its own vecmerger at the loop index ({@link LanePlanner#planIndexedMerge}). */
    public static LanePlanner.Plan indexedPlan(String program) {
        return LanePlanner.planIndexedMerge(outermostLoop(program), l -> true);
    }

    /** The plan of a loop merging into its builders at computed indices or keys ({@link LanePlanner#planScatterMerge}). */
    public static LanePlanner.Plan scatterPlan(String program) {
        return LanePlanner.planScatterMerge(outermostLoop(program), l -> true);
    }

    /** {@link #scatterPlan} of the program as the default passes leave it (loops fused). */
    public static LanePlanner.Plan optimizedScatterPlan(String program) {
        return LanePlanner.planScatterMerge(outermostLoop(WeldLanguage.compile(program, PassManager.parse(""), null)),
                l -> true);
    }

    private static Expr.For outermostLoop(String program) {
        return outermostLoop(WeldLanguage.compile(program));
    }

    private static Expr.For outermostLoop(Program program) {
        Expr body = program.body();
        while (body instanceof Expr.Result || body instanceof Expr.Let) {
            // The loop of result(for(...)), or of the first let's value (let r = for(...); ...).
            body = body instanceof Expr.Result r ? r.builder() : ((Expr.Let) body).value();
        }
        return (Expr.For) body;
    }
}
