package weld.nodes.loop.lanes;

import java.util.List;

import weld.WeldLanguage;
import weld.ir.Expr;
import weld.nodes.loop.Reductions;
import weld.types.WeldType;

/**
 * The lane plan of a test program's outermost loop, a reduction into a merger or a struct of mergers (null if the
 * planner refuses it).
 */
public final class Plans {
    private Plans() {
    }

    public static LanePlanner.Plan plan(String program) {
        Expr body = WeldLanguage.compile(program).body();
        while (body instanceof Expr.Result r) {
            body = r.builder();
        }
        Expr.For f = (Expr.For) body;
        WeldType bt = f.builder().type().resolve();
        List<WeldType.Builder> mergers = Reductions.mergers(bt);
        List<Expr> parts = Reductions.components(f.update().body(), f.update().params().get(0).symbol(),
                bt instanceof WeldType.Struct, mergers.size());
        return LanePlanner.plan(f, mergers, parts, l -> true);
    }
}
