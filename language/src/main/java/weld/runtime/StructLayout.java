package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * How a vector of flat structs of scalars ({@code vec[{i32, f64}]}) is stored: column by column, one primitive array
 * per field ({@link StructColumns}), instead of one boxed struct per element. A node that knows the element type
 * holds the layout as a constant, so {@link #read} and {@link #write} unroll over the fields and, in compiled code,
 * the struct they make or take apart is never allocated when the code around it only reads or makes its fields.
 */
public final class StructLayout {
    public final WeldType.Struct type;
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;

    private StructLayout(WeldType.Struct type, ScalarKind[] kinds) {
        this.type = type;
        this.kinds = kinds;
    }

    /** The layout of vectors of {@code elem}, or null when its elements are not flat structs of scalars. */
    public static StructLayout of(WeldType elem) {
        if (!(elem.resolve() instanceof WeldType.Struct s) || s.fields().isEmpty()) {
            return null;
        }
        ScalarKind[] kinds = new ScalarKind[s.fields().size()];
        for (int j = 0; j < kinds.length; j++) {
            if (!(s.fields().get(j) instanceof WeldType.Scalar sc)) {
                return null;
            }
            kinds[j] = sc.kind();
        }
        return new StructLayout(s, kinds);
    }

    public int fieldCount() {
        return kinds.length;
    }

    public ScalarKind kind(int field) {
        return kinds[field];
    }

    /** Columns for {@code n} elements, all bits zero, charged to the running evaluation's {@link MemoryBudget}. */
    public StructColumns allocate(int n) {
        Object[] columns = new Object[kinds.length];
        for (int j = 0; j < kinds.length; j++) {
            columns[j] = Storage.newArray(kinds[j], n);
        }
        return new StructColumns(this, columns);
    }

    /** The structs of {@code structs} in new columns. */
    public StructColumns columnsOf(Object[] structs) {
        StructColumns c = allocate(structs.length);
        for (int i = 0; i < structs.length; i++) {
            c.set(i, (WeldStruct) structs[i]);
        }
        return c;
    }

    /** Element {@code i} of {@code c} as a struct (its fields boxed in their carriers). */
    @ExplodeLoop
    public WeldStruct read(StructColumns c, int i) {
        Object[] f = new Object[kinds.length];
        for (int j = 0; j < kinds.length; j++) {
            f[j] = Storage.readScalar(kinds[j], column(c, j), i);
        }
        return new WeldStruct(type, f);
    }

    /** Writes the fields of {@code s} into element {@code i} of {@code c}. */
    @ExplodeLoop
    public void write(StructColumns c, int i, WeldStruct s) {
        for (int j = 0; j < kinds.length; j++) {
            Storage.writeScalar(kinds[j], column(c, j), i, s.fields[j]);
        }
    }

    /** Column {@code j} of {@code c}, typed exactly for the compiler. */
    private Object column(StructColumns c, int j) {
        Object a = c.columns[j];
        return switch (kinds[j]) {
            case BOOL -> CompilerDirectives.castExact(a, boolean[].class);
            case I8, U8 -> CompilerDirectives.castExact(a, byte[].class);
            case I16, U16 -> CompilerDirectives.castExact(a, short[].class);
            case I32, U32 -> CompilerDirectives.castExact(a, int[].class);
            case I64, U64 -> CompilerDirectives.castExact(a, long[].class);
            case F32 -> CompilerDirectives.castExact(a, float[].class);
            case F64 -> CompilerDirectives.castExact(a, double[].class);
        };
    }
}
