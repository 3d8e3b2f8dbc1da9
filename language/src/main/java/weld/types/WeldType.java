package weld.types;

import java.util.List;

import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.ScalarKind;
import weld.util.Lists;

/**
 * A Weld type. During type inference a type may contain {@link TypeVar}s; {@link #resolve()} substitutes their
 * bindings. {@link #toString()} prints the type in Weld syntax.
 */
public sealed interface WeldType permits WeldType.Scalar, WeldType.Simd, WeldType.Vec, WeldType.Dict, WeldType.Struct,
        WeldType.Builder, WeldType.Function, TypeVar {

    /** This type with every bound type variable replaced by its binding (deeply). */
    WeldType resolve();

    /** Whether the type (after {@link #resolve()}) contains no unbound type variable. */
    boolean isComplete();

    /** A scalar type. */
    record Scalar(ScalarKind kind) implements WeldType {
        public static final Scalar BOOL = new Scalar(ScalarKind.BOOL);
        public static final Scalar I8 = new Scalar(ScalarKind.I8);
        public static final Scalar I32 = new Scalar(ScalarKind.I32);
        public static final Scalar I64 = new Scalar(ScalarKind.I64);
        public static final Scalar U8 = new Scalar(ScalarKind.U8);
        public static final Scalar F64 = new Scalar(ScalarKind.F64);

        public static Scalar of(ScalarKind kind) {
            return new Scalar(kind);
        }

        @Override
        public WeldType resolve() {
            return this;
        }

        @Override
        public boolean isComplete() {
            return true;
        }

        @Override
        public String toString() {
            return kind.name;
        }
    }

    /** {@code simd[S]}. */
    record Simd(ScalarKind kind) implements WeldType {
        @Override
        public WeldType resolve() {
            return this;
        }

        @Override
        public boolean isComplete() {
            return true;
        }

        @Override
        public String toString() {
            return "simd[" + kind.name + "]";
        }
    }

    /** {@code vec[T]}. */
    record Vec(WeldType elem) implements WeldType {
        @Override
        public WeldType resolve() {
            WeldType e = elem.resolve();
            return e == elem ? this : new Vec(e);
        }

        @Override
        public boolean isComplete() {
            return elem.isComplete();
        }

        @Override
        public String toString() {
            return "vec[" + elem + "]";
        }
    }

    /** {@code dict[K, V]}. */
    record Dict(WeldType key, WeldType value) implements WeldType {
        @Override
        public WeldType resolve() {
            WeldType k = key.resolve();
            WeldType v = value.resolve();
            return k == key && v == value ? this : new Dict(k, v);
        }

        @Override
        public boolean isComplete() {
            return key.isComplete() && value.isComplete();
        }

        @Override
        public String toString() {
            return "dict[" + key + "," + value + "]";
        }
    }

    /** A struct {@code {T1, T2, ...}}; a struct whose fields are all builders is itself a builder. */
    record Struct(List<WeldType> fields) implements WeldType {
        public Struct {
            fields = List.copyOf(fields);
        }

        public static Struct of(WeldType... fields) {
            return new Struct(List.of(fields));
        }

        @Override
        public WeldType resolve() {
            boolean same = true;
            WeldType[] r = new WeldType[fields.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = fields.get(i).resolve();
                same &= r[i] == fields.get(i);
            }
            return same ? this : new Struct(List.of(r));
        }

        @Override
        public boolean isComplete() {
            return Lists.all(fields, WeldType::isComplete);
        }

        @Override
        public String toString() {
            return Lists.join(fields, Object::toString, ",", "{", "}");
        }
    }

    /**
     * A builder type. {@code params} holds the element type (appender, merger, vecmerger) or key and value types
     * (dictmerger, groupmerger); {@code op} is the merge operator or null.
     */
    record Builder(BuilderKind kind, List<WeldType> params, BinOp op) implements WeldType {
        public Builder {
            params = List.copyOf(params);
        }

        public WeldType elem() {
            return params.get(0);
        }

        @Override
        public WeldType resolve() {
            boolean same = true;
            WeldType[] r = new WeldType[params.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = params.get(i).resolve();
                same &= r[i] == params.get(i);
            }
            return same ? this : new Builder(kind, List.of(r), op);
        }

        @Override
        public boolean isComplete() {
            return Lists.all(params, WeldType::isComplete);
        }

        /** The type of the values merged into this builder. */
        public WeldType mergeType() {
            return switch (kind) {
                case APPENDER, MERGER -> params.get(0);
                case DICTMERGER, GROUPMERGER -> new Struct(params);
                case VECMERGER -> Struct.of(Scalar.I64, params.get(0));
            };
        }

        /** The type of {@code result(b)}. */
        public WeldType resultType() {
            return switch (kind) {
                case APPENDER, VECMERGER -> new Vec(params.get(0));
                case MERGER -> params.get(0);
                case DICTMERGER -> new Dict(params.get(0), params.get(1));
                case GROUPMERGER -> new Dict(params.get(0), new Vec(params.get(1)));
            };
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(kind.keyword).append('[');
            sb.append(Lists.join(params, Object::toString, ",", "", ""));
            if (op != null) {
                sb.append(',').append(op.symbol);
            }
            return sb.append(']').toString();
        }
    }

    /** The type of a lambda: only lambdas passed to {@code for}, {@code iterate} and {@code sort} have one. */
    record Function(List<WeldType> params, WeldType result) implements WeldType {
        @Override
        public WeldType resolve() {
            boolean same = true;
            WeldType[] r = new WeldType[params.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = params.get(i).resolve();
                same &= r[i] == params.get(i);
            }
            WeldType res = result.resolve();
            return same && res == result ? this : new Function(List.of(r), res);
        }

        @Override
        public boolean isComplete() {
            return result.isComplete() && Lists.all(params, WeldType::isComplete);
        }

        @Override
        public String toString() {
            return Lists.join(params, Object::toString, ",", "|", "|") + "(" + result + ")";
        }
    }

    // ------------------------------------------------------------------ queries on resolved types

    static boolean isBuilder(WeldType t) {
        t = t.resolve();
        if (t instanceof Builder) {
            return true;
        }
        return t instanceof Struct s && !s.fields().isEmpty() && Lists.all(s.fields(), WeldType::isBuilder);
    }

    /** The scalar kind of a scalar type, or null. */
    static ScalarKind scalarKind(WeldType t) {
        return t.resolve() instanceof Scalar s ? s.kind() : null;
    }
}
