package weld.syntax;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weld.WeldException;
import weld.syntax.ParseTree.*;
import weld.util.Lists;

/**
 * Expands macros on the parse tree. A call {@code m(a1, ..., an)} of a user or {@link BuiltinMacros built-in}
 * macro is replaced by the macro's body with its parameters substituted by the argument <em>trees</em> (expanded
 * first), and the result is expanded again. A user macro of the same name as a built-in one replaces it; two user
 * macros of one name are an error. An applied function literal {@code (|p1: T, p2| body)(a1, a2)} is reduced to
 * {@code let p1: T = a1; let p2 = a2; body} (through fresh temporaries when an argument mentions an earlier
 * parameter's name), also when the literal is the body of {@code let}s, as a curried application
 * {@code (|a| |b| a - b)(1)(2)} leaves it. Only macros and function literals can be called: a variable bound to a
 * function literal cannot.
 *
 * <p>Expansion is hygienic: every name a macro body binds (with {@code let} or as a lambda parameter) gets a fresh
 * name {@code name__mN} for each expansion, different from every name in the program, so it never captures a name
 * used in an argument. Names bound in the program's own code are kept. Nodes copied from a built-in macro's body take
 * the position of the call; those of a user macro keep their position in the macro's definition.
 *
 * <p>All errors are type errors, since they are found after parsing: a call of anything but a macro or a function
 * literal, a wrong number of arguments, and expansion that does not end (more than {@value #MAX_DEPTH} nested
 * expansions, or more than {@value #MAX_EXPANSIONS} in all).
 */
public final class MacroExpander {
    private static final int MAX_DEPTH = 64;
    private static final int MAX_EXPANSIONS = 100_000;

    private final Map<String, MacroDef> macros = new HashMap<>(BuiltinMacros.all());
    /** Every name in the program, which fresh names must avoid. */
    private final Set<String> names = new HashSet<>();
    /** The source name behind each fresh name, for error messages. */
    private final Map<String, String> origin = new HashMap<>();
    /** Trees already expanded (macro arguments), which substitution places in bodies that are expanded again. */
    private final Set<PExpr> expanded = Collections.newSetFromMap(new IdentityHashMap<>());
    private int freshCount;
    private int expansions;

    private MacroExpander(Program program) {
        Set<String> userMacros = new HashSet<>();
        for (MacroDef m : program.macros()) {
            if (!userMacros.add(m.name())) {
                throw WeldException.type(m.pos(), "macro '" + m.name() + "' is defined twice");
            }
            if (new HashSet<>(m.params()).size() != m.params().size()) {
                throw WeldException.type(m.pos(), "macro '" + m.name() + "' has two parameters of the same name");
            }
            macros.put(m.name(), m);
            names.addAll(m.params());
            collectNames(m.body());
        }
        collectNames(program.body());
    }

    /** The program's body with all macros expanded and all applications of function literals reduced. */
    public static PExpr expand(Program program) {
        return new MacroExpander(program).expand(program.body(), 0);
    }

    private void collectNames(PExpr e) {
        switch (e) {
            case PIdent id -> names.add(id.name());
            case PLet l -> names.add(l.name());
            case PLambda l -> l.params().forEach(p -> names.add(p.name()));
            default -> {
            }
        }
        ParseTrees.children(e).forEach(this::collectNames);
    }

    private PExpr expand(PExpr e, int depth) {
        if (expanded.contains(e)) {
            return e;
        }
        if (!(e instanceof PApply a)) {
            return ParseTrees.mapChildren(e, c -> expand(c, depth));
        }
        List<PExpr> args = new ArrayList<>();
        for (PExpr arg : a.args()) {
            PExpr x = expand(arg, depth);
            expanded.add(x);
            args.add(x);
        }
        PExpr fn = a.function() instanceof PIdent ? a.function() : expand(a.function(), depth);
        return fn instanceof PIdent id ? expandMacro(id, a.pos(), args, depth) : apply(fn, args, a.pos());
    }

    /**
     * Applies an expanded function literal, or a {@code let} whose body is one (such as the result of applying a
     * curried function literal), to expanded arguments.
     */
    private PExpr apply(PExpr fn, List<PExpr> args, Pos pos) {
        return switch (fn) {
            case PLambda l -> reduce(l, args, pos);
            case PLet l when !Lists.any(args, arg -> mentions(arg, Set.of(l.name()))) ->
                    new PLet(l.pos(), l.name(), l.type(), l.value(), apply(l.body(), args, pos));
            case PLet l -> {
                List<PExpr> temps = new ArrayList<>();
                for (PExpr arg : args) {
                    temps.add(new PIdent(arg.pos(), freshName("arg")));
                }
                PExpr body = apply(l, temps, pos);
                for (int i = args.size() - 1; i >= 0; i--) {
                    body = new PLet(pos, ((PIdent) temps.get(i)).name(), null, args.get(i), body);
                }
                yield body;
            }
            default -> throw WeldException.type(pos, "only macros and function literals can be called");
        };
    }

    private PExpr expandMacro(PIdent id, Pos pos, List<PExpr> args, int depth) {
        MacroDef m = macros.get(id.name());
        if (m == null) {
            throw WeldException.type(id.pos(), "undefined function or macro '" + sourceName(id.name()) + "'");
        }
        if (m.params().size() != args.size()) {
            throw WeldException.type(pos, "macro '" + m.name() + "' takes " + arguments(m.params().size())
                    + " but was given " + args.size());
        }
        if (depth >= MAX_DEPTH) {
            throw WeldException.type(pos, "macro expansion too deep (recursive macro '" + m.name() + "'?)");
        }
        if (++expansions > MAX_EXPANSIONS) {
            throw WeldException.type(pos, "macro expansion too large (recursive macro '" + m.name() + "'?)");
        }
        Map<String, PExpr> subst = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            subst.put(m.params().get(i), args.get(i));
        }
        Pos at = BuiltinMacros.isBuiltin(m) ? pos : null;
        return expand(copy(m.body(), subst, Map.of(), at), depth + 1);
    }

    private static String arguments(int n) {
        return n + (n == 1 ? " argument" : " arguments");
    }

    /**
     * {@code (|p1, ..., pn| body)(a1, ..., an)} as {@code let}s. When an argument mentions an earlier parameter's
     * name, binding the parameters in turn would capture it, so all arguments are then bound to fresh names first.
     * Arguments and body are already expanded.
     */
    private PExpr reduce(PLambda l, List<PExpr> args, Pos pos) {
        if (l.params().size() != args.size()) {
            throw WeldException.type(pos, "function takes " + arguments(l.params().size()) + " but was given "
                    + args.size());
        }
        List<PExpr> values = new ArrayList<>(args);
        List<String> temps = new ArrayList<>();
        if (mentionsEarlierParameter(l.params(), args)) {
            for (int i = 0; i < args.size(); i++) {
                String temp = freshName(l.params().get(i).name());
                temps.add(temp);
                values.set(i, new PIdent(args.get(i).pos(), temp));
            }
        }
        PExpr body = l.body();
        for (int i = args.size() - 1; i >= 0; i--) {
            PParam p = l.params().get(i);
            body = new PLet(p.pos(), p.name(), p.type(), values.get(i), body);
        }
        for (int i = temps.size() - 1; i >= 0; i--) {
            body = new PLet(pos, temps.get(i), null, args.get(i), body);
        }
        return body;
    }

    private static boolean mentionsEarlierParameter(List<PParam> params, List<PExpr> args) {
        Set<String> earlier = new HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            if (i > 0 && mentions(args.get(i), earlier)) {
                return true;
            }
            earlier.add(params.get(i).name());
        }
        return false;
    }

    private static boolean mentions(PExpr e, Set<String> names) {
        if (e instanceof PIdent id) {
            return names.contains(id.name());
        }
        return Lists.any(ParseTrees.children(e), c -> mentions(c, names));
    }

    private String freshName(String name) {
        String base = sourceName(name);
        String fresh;
        do {
            fresh = base + "__m" + (++freshCount);
        } while (names.contains(fresh));
        origin.put(fresh, base);
        return fresh;
    }

    private String sourceName(String name) {
        return origin.getOrDefault(name, name);
    }

    /**
     * A copy of a macro body: parameters become their arguments, names bound in the body get fresh names
     * ({@code renames} maps the names in scope), and with {@code at} non-null every copied node takes that position.
     */
    private PExpr copy(PExpr e, Map<String, PExpr> subst, Map<String, String> renames, Pos at) {
        if (e instanceof PIdent id && !renames.containsKey(id.name()) && subst.containsKey(id.name())) {
            return subst.get(id.name());
        }
        PExpr copy = switch (e) {
            case PIdent id -> renames.containsKey(id.name()) ? new PIdent(id.pos(), renames.get(id.name())) : id;
            case PLet l -> {
                PExpr value = copy(l.value(), subst, renames, at);
                String fresh = freshName(l.name());
                yield new PLet(l.pos(), fresh, l.type(), value, copy(l.body(), subst, with(renames, l.name(), fresh), at));
            }
            case PLambda l -> {
                Map<String, String> inner = renames;
                List<PParam> params = new ArrayList<>();
                for (PParam p : l.params()) {
                    String fresh = freshName(p.name());
                    inner = with(inner, p.name(), fresh);
                    params.add(new PParam(p.pos(), fresh, p.type()));
                }
                yield new PLambda(l.pos(), params, copy(l.body(), subst, inner, at));
            }
            default -> ParseTrees.mapChildren(e, c -> copy(c, subst, renames, at));
        };
        return at == null ? copy : ParseTrees.withPos(copy, at);
    }

    private static Map<String, String> with(Map<String, String> renames, String name, String fresh) {
        Map<String, String> m = new HashMap<>(renames);
        m.put(name, fresh);
        return m;
    }
}
