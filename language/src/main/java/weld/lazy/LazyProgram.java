package weld.lazy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.source.Source;

import weld.WeldException;
import weld.WeldLanguage;
import weld.syntax.Pos;

/**
 * The one Weld program that evaluates a lazy object: its text, the arguments to call it with, and where each
 * fragment lies in the text. See Note [Program layout] in {@code package-info.java}.
 */
record LazyProgram(String text, List<Object> arguments, List<Part> parts) {

    /** The fragment of {@code object} occupies lines {@code first} to {@code first + lines - 1} of the text. */
    record Part(WeldObject object, int first, int lines) {
    }

    /** The program computing {@code root}, which is not evaluated yet. */
    @TruffleBoundary
    static LazyProgram of(WeldObject root) {
        return new Emitter(root).emit();
    }

    /** {@code e}, raised by running the program, moved into the fragment it occurred in (if any). */
    @TruffleBoundary
    WeldException relocate(WeldException e) {
        Pos p = e.pos();
        if (p == null || !p.isKnown()) {
            return e;
        }
        for (Part part : parts) {
            if (p.line() >= part.first && p.line() < part.first + part.lines) {
                WeldObject o = part.object;
                Source text = Source.newBuilder(WeldLanguage.ID, o.fragment, o.name).build();
                int line = p.line() - part.first + 1;
                int offset = text.getLineStartOffset(line) - 1 + p.column();
                return e.in("fragment '" + o.name + "'", new Pos(line, p.column(), offset, p.length()), text);
            }
        }
        return e;
    }

    /** Walks the graph once and writes the program. */
    private static final class Emitter {
        private final WeldObject root;
        /** Objects whose value is known: data, and fragments evaluated before; each becomes a parameter. */
        private final List<WeldObject> params = new ArrayList<>();
        private final List<Object> arguments = new ArrayList<>();
        /** Fragments to compute, dependencies first; each becomes a {@code let}, the root the body. */
        private final List<WeldObject> lets = new ArrayList<>();
        private final Set<WeldObject> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Map<WeldObject, String> names = new IdentityHashMap<>();

        Emitter(WeldObject root) {
            this.root = root;
        }

        LazyProgram emit() {
            visit(root, true);
            nameAll();
            StringBuilder sb = new StringBuilder("|");
            for (int i = 0; i < params.size(); i++) {
                WeldObject p = params.get(i);
                sb.append(i == 0 ? "" : ", ").append(names.get(p)).append(": ").append(p.type);
            }
            sb.append("|\n");
            int line = 2;
            List<Part> parts = new ArrayList<>();
            for (WeldObject o : lets) {
                if (o != root) {
                    sb.append("let ").append(names.get(o)).append(" = ");
                }
                List<String> aliases = new ArrayList<>();
                o.inputs.forEach((alias, in) -> aliases.add("let " + alias + " = " + names.get(in) + ";"));
                sb.append('(').append(String.join(" ", aliases)).append('\n');
                sb.append(o.fragment).append(o != root ? "\n);\n" : "\n)\n");
                int lines = (int) o.fragment.chars().filter(c -> c == '\n').count() + 1;
                parts.add(new Part(o, line + 1, lines));
                line += lines + 2;
            }
            if (root.fragment == null) {
                sb.append(names.get(root)).append('\n');
            }
            return new LazyProgram(sb.toString(), List.copyOf(arguments), List.copyOf(parts));
        }

        private void visit(WeldObject o, boolean isRoot) {
            if (!seen.add(o)) {
                return;
            }
            Object value = isRoot ? null : o.knownValue();
            if (o.fragment == null || value != null) {
                params.add(o);
                arguments.add(o.fragment == null ? o.data : value);
                return;
            }
            for (WeldObject in : o.inputs.values()) {
                visit(in, false);
            }
            lets.add(o);
        }

        /**
         * Gives each parameter and {@code let} a distinct name: the object's own name where it is an identifier
         * that no fragment uses for an input (which would hide it), else a generated {@code _N}.
         */
        private void nameAll() {
            Set<String> taken = new HashSet<>();
            for (WeldObject o : lets) {
                taken.addAll(o.inputs.keySet());
            }
            List<WeldObject> unnamed = new ArrayList<>();
            for (WeldObject o : concat(params, lets)) {
                if (FragmentCheck.isIdentifier(o.name) && taken.add(o.name)) {
                    names.put(o, o.name);
                } else {
                    unnamed.add(o);
                }
            }
            int n = 0;
            for (WeldObject o : unnamed) {
                while (!taken.add("_" + n)) {
                    n++;
                }
                names.put(o, "_" + n);
            }
        }

        private static List<WeldObject> concat(List<WeldObject> a, List<WeldObject> b) {
            List<WeldObject> all = new ArrayList<>(a);
            all.addAll(b);
            return all;
        }
    }
}
