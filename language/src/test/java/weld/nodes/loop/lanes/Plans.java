package weld.nodes.loop.lanes;

import java.util.List;

import weld.WeldLanguage;
import weld.ir.Expr;
import weld.types.WeldType;

/** The lane plan of a test program's outermost loop, a merger reduction (null if the planner refuses it). */
public final class Plans {
    private Plans() {
    }

    public static LanePlanner.Plan plan(String program) {
        Expr body = WeldLanguage.compile(program).body();
        while (body instanceof Expr.Result r) {
            body = r.builder();
        }
        Expr.For f = (Expr.For) body;
        WeldType.Builder m = (WeldType.Builder) f.builder().type();
        return LanePlanner.plan(f, List.of(m), List.of(f.update().body()), l -> true);
    }
}
