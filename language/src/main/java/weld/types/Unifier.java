package weld.types;

import java.util.List;

import weld.WeldException;
import weld.syntax.Pos;
import weld.util.Lists;

/** Unification of Weld types, binding {@link TypeVar}s; a mismatch is a type error at the given position. */
public final class Unifier {
    private Unifier() {
    }

    /** Unifies {@code expected} with {@code actual}; {@code what} describes the position for the error message. */
    public static void unify(WeldType expected, WeldType actual, Pos pos, String what) {
        if (!tryUnify(expected, actual)) {
            throw WeldException.type(pos, what + ": expected " + expected.resolve() + " but found " + actual.resolve());
        }
    }

    /** Unifies, returning false on a mismatch (bindings made before the mismatch are kept). */
    public static boolean tryUnify(WeldType a, WeldType b) {
        a = prune(a);
        b = prune(b);
        if (a == b) {
            return true;
        }
        if (a instanceof TypeVar va) {
            if (occurs(va, b)) {
                return false;
            }
            va.bind(b);
            return true;
        }
        if (b instanceof TypeVar) {
            return tryUnify(b, a);
        }
        if (a instanceof WeldType.Scalar sa && b instanceof WeldType.Scalar sb) {
            return sa.kind() == sb.kind();
        }
        if (a instanceof WeldType.Simd sa && b instanceof WeldType.Simd sb) {
            return sa.kind() == sb.kind();
        }
        if (a instanceof WeldType.Vec va && b instanceof WeldType.Vec vb) {
            return tryUnify(va.elem(), vb.elem());
        }
        if (a instanceof WeldType.Dict da && b instanceof WeldType.Dict db) {
            return tryUnify(da.key(), db.key()) && tryUnify(da.value(), db.value());
        }
        if (a instanceof WeldType.Struct sa && b instanceof WeldType.Struct sb) {
            return all(sa.fields(), sb.fields());
        }
        if (a instanceof WeldType.Builder ba && b instanceof WeldType.Builder bb) {
            return ba.kind() == bb.kind() && ba.op() == bb.op() && all(ba.params(), bb.params());
        }
        return false;
    }

    private static boolean all(List<WeldType> a, List<WeldType> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!tryUnify(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static WeldType prune(WeldType t) {
        return t instanceof TypeVar v ? v.prune() : t;
    }

    private static boolean occurs(TypeVar v, WeldType t) {
        t = prune(t);
        if (t == v) {
            return true;
        }
        return switch (t) {
            case WeldType.Vec vec -> occurs(v, vec.elem());
            case WeldType.Dict d -> occurs(v, d.key()) || occurs(v, d.value());
            case WeldType.Struct s -> Lists.any(s.fields(), f -> occurs(v, f));
            case WeldType.Builder b -> Lists.any(b.params(), f -> occurs(v, f));
            default -> false;
        };
    }
}
