package weld.types;

/** A type variable of type inference: unbound, or bound to a type by unification. */
public final class TypeVar implements WeldType {
    private WeldType binding;

    void bind(WeldType t) {
        this.binding = t;
    }

    /** Follows bindings to the first unbound variable or non-variable type. */
    public WeldType prune() {
        WeldType t = this;
        while (t instanceof TypeVar v && v.binding != null) {
            t = v.binding;
        }
        return t;
    }

    @Override
    public WeldType resolve() {
        WeldType p = prune();
        return p instanceof TypeVar ? p : p.resolve();
    }

    @Override
    public boolean isComplete() {
        WeldType p = prune();
        return !(p instanceof TypeVar) && p.isComplete();
    }

    @Override
    public String toString() {
        WeldType p = prune();
        return p == this ? "?" : p.toString();
    }
}
