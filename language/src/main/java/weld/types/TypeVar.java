package weld.types;

/** A type variable of type inference: unbound, or bound to a type by unification. */
public final class TypeVar implements WeldType {
    private static int counter;

    private final int id;
    private WeldType binding;

    public TypeVar() {
        synchronized (TypeVar.class) {
            this.id = ++counter;
        }
    }

    public boolean isBound() {
        return binding != null;
    }

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

    public int id() {
        return id;
    }
}
