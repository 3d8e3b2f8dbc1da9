package weld.syntax;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import weld.WeldException;
import weld.syntax.ParseTree.*;

/**
 * Expands macros on the parse tree. A call {@code m(a1, ..., an)} of a user or built-in macro is replaced by the
 * macro's body with the parameters substituted by the argument <em>trees</em>, and expanded again; an applied
 * lambda {@code (|x| body)(a)} becomes {@code let x = a; body}. Expansion is hygienic: every name a macro body binds
 * (with {@code let} or as a lambda parameter) is renamed to a fresh name, so it can never capture a name used in an
 * argument. Nodes of built-in macro bodies take the position of the call. Errors (unknown function, wrong argument
 * count, unbounded recursion) are type errors: they are found after parsing.
 */
public final class MacroExpander {
    private static final int MAX_DEPTH = 64;

    private final Map<String, MacroDef> macros = new HashMap<>();
    private final Set<String> userNames = new HashSet<>();
    private int fresh;

    private MacroExpander(Program program) {
        macros.putAll(BuiltinMacros.all());
        for (MacroDef m : program.macros()) {
            macros.put(m.name(), m);
        }
    }

    /** The program's body with all macros expanded and all lambda applications reduced. */
    public static PExpr expand(Program program) {
        MacroExpander x = new MacroExpander(program);
        return x.expand(program.body(), 0);
    }

    private PExpr expand(PExpr e, int depth) {
        if (e instanceof PApply a) {
            List<PExpr> args = a.args().stream().map(arg -> expand(arg, depth)).toList();
            PExpr fn = a.function() instanceof PIdent ? a.function() : expand(a.function(), depth);
            if (fn instanceof PIdent id) {
                MacroDef m = macros.get(id.name());
                if (m == null) {
                    throw WeldException.type(id.pos(), "undefined function or macro '" + id.name() + "'");
                }
                if (m.params().size() != args.size()) {
                    throw WeldException.type(a.pos(), "macro '" + m.name() + "' takes " + m.params().size()
                            + " argument" + (m.params().size() == 1 ? "" : "s") + " but was given " + args.size());
                }
                if (depth >= MAX_DEPTH) {
                    throw WeldException.type(a.pos(), "macro expansion too deep: is macro '" + m.name() + "' recursive?");
                }
                return expand(instantiate(m, args, a.pos()), depth + 1);
            }
            if (fn instanceof PLambda l) {
                if (l.params().size() != args.size()) {
                    throw WeldException.type(a.pos(), "function takes " + l.params().size() + " argument"
                            + (l.params().size() == 1 ? "" : "s") + " but was given " + args.size());
                }
                return expand(bindSequentially(l, args, a.pos()), depth);
            }
            throw WeldException.type(a.pos(), "this expression cannot be called: only macros and function literals can");
        }
        return map(e, c -> expand(c, depth));
    }

    /**
     * {@code (|p1, ..., pn| body)(a1, ..., an)}: the arguments are bound first to fresh names (so that one argument
     * never sees another's parameter), then the parameters to those names.
     */
    private PExpr bindSequentially(PLambda l, List<PExpr> args, Pos pos) {
        List<String> temps = new ArrayList<>();
        PExpr body = l.body();
        for (int i = args.size() - 1; i >= 0; i--) {
            PParam p = l.params().get(i);
            String temp = freshName(p.name());
            temps.add(0, temp);
            body = new PLet(p.pos(), p.name(), p.type(), new PIdent(p.pos(), temp), body);
        }
        for (int i = args.size() - 1; i >= 0; i--) {
            body = new PLet(pos, temps.get(i), null, args.get(i), body);
        }
        return body;
    }

    private String freshName(String base) {
        return base + "__m" + (++fresh);
    }

    /** The macro body with fresh names for its binders and the arguments substituted for its parameters. */
    private PExpr instantiate(MacroDef m, List<PExpr> args, Pos callPos) {
        Map<String, PExpr> subst = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            subst.put(m.params().get(i), args.get(i));
        }
        boolean builtin = BuiltinMacros.isBuiltin(m);
        return substitute(m.body(), subst, new HashMap<>(), builtin ? callPos : null);
    }

    /**
     * Copies a macro body: parameters become their arguments, bound names get fresh names ({@code renames}), and
     * with {@code pos} non-null every copied node takes that position.
     */
    private PExpr substitute(PExpr e, Map<String, PExpr> subst, Map<String, String> renames, Pos pos) {
        if (e instanceof PIdent id) {
            if (renames.containsKey(id.name())) {
                return new PIdent(pos != null ? pos : id.pos(), renames.get(id.name()));
            }
            if (subst.containsKey(id.name())) {
                return subst.get(id.name());
            }
            return pos != null ? new PIdent(pos, id.name()) : id;
        }
        if (e instanceof PLet l) {
            PExpr value = substitute(l.value(), subst, renames, pos);
            Map<String, String> inner = new HashMap<>(renames);
            String fresh = freshName(l.name());
            inner.put(l.name(), fresh);
            return new PLet(pos != null ? pos : l.pos(), fresh, l.type(), value, substitute(l.body(), subst, inner, pos));
        }
        if (e instanceof PLambda l) {
            Map<String, String> inner = new HashMap<>(renames);
            List<PParam> params = new ArrayList<>();
            for (PParam p : l.params()) {
                String fresh = freshName(p.name());
                inner.put(p.name(), fresh);
                params.add(new PParam(pos != null ? pos : p.pos(), fresh, p.type()));
            }
            return new PLambda(pos != null ? pos : l.pos(), params, substitute(l.body(), subst, inner, pos));
        }
        PExpr copy = map(e, c -> substitute(c, subst, renames, pos));
        return pos != null ? ParseTrees.withPos(copy, pos) : copy;
    }

    /** Rebuilds {@code e} with {@code f} applied to each direct subexpression. */
    static PExpr map(PExpr e, Function<PExpr, PExpr> f) {
        return ParseTrees.mapChildren(e, f);
    }
}
