package weld.runtime;

import java.util.ArrayList;
import java.util.List;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * How a vector of structs whose fields are scalars or such structs ({@code vec[{i32, f64}]}, {@code vec[{i64, {f64,
 * i64}}]}) is stored: column by column, one primitive array per scalar field, nested fields flattened in order
 * ({@link StructColumns}), instead of one boxed struct per element. A node that knows the element type holds the
 * layout as a constant, so {@link #read} and {@link #write} unroll over the fields and, in compiled code, the struct
 * they make or take apart is never allocated when the code around it only reads or makes its fields.
 */
public final class StructLayout {
    public final WeldType.Struct type;
    /** The kind of each column, nested structs' columns in place of their field. */
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;
    /** Per field: its (first) column. */
    @CompilationFinal(dimensions = 1) private final int[] firstColumn;
    /** Per field: the layout of a struct field, or null for a scalar. */
    @CompilationFinal(dimensions = 1) private final StructLayout[] nested;

    private StructLayout(WeldType.Struct type, ScalarKind[] kinds, int[] firstColumn, StructLayout[] nested) {
        this.type = type;
        this.kinds = kinds;
        this.firstColumn = firstColumn;
        this.nested = nested;
    }

    /**
     * The layout of vectors of {@code elem}, or null when its elements are not structs of scalars and such structs
     * (a vector, dictionary, SIMD value or empty struct anywhere inside keeps them as objects).
     */
    public static StructLayout of(WeldType elem) {
        if (!(elem.resolve() instanceof WeldType.Struct s) || s.fields().isEmpty()) {
            return null;
        }
        int n = s.fields().size();
        List<ScalarKind> kinds = new ArrayList<>();
        int[] first = new int[n];
        StructLayout[] nested = new StructLayout[n];
        for (int j = 0; j < n; j++) {
            first[j] = kinds.size();
            switch (s.fields().get(j)) {
                case WeldType.Scalar sc -> kinds.add(sc.kind());
                case WeldType.Struct inner -> {
                    nested[j] = of(inner);
                    if (nested[j] == null) {
                        return null;
                    }
                    kinds.addAll(List.of(nested[j].kinds));
                }
                default -> {
                    return null;
                }
            }
        }
        return new StructLayout(s, kinds.toArray(ScalarKind[]::new), first, nested);
    }

    /** The number of columns. */
    public int columnCount() {
        return kinds.length;
    }

    /** The kind of column {@code column}. */
    public ScalarKind kind(int column) {
        return kinds[column];
    }

    /** The column of field {@code field}, a scalar. */
    public int columnOf(int field) {
        return firstColumn[field];
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
            write(c, i, (WeldStruct) structs[i]);
        }
        return c;
    }

    /**
     * Element {@code i} of the store of a vector of objects: read through {@code layout}, a constant of the calling
     * node, when it is not null (the store is then columns), else from the {@code Object[]}.
     */
    public static Object readElement(StructLayout layout, Object store, int i) {
        return layout != null ? layout.read(CompilerDirectives.castExact(store, StructColumns.class), i)
                : Storage.readObject(store, i);
    }

    /** Element {@code i} of {@code c} as a struct (its fields boxed in their carriers). */
    public WeldStruct read(StructColumns c, int i) {
        return read(c, 0, i);
    }

    /** Writes the fields of {@code s} into element {@code i} of {@code c}. */
    public void write(StructColumns c, int i, WeldStruct s) {
        write(c, 0, i, s);
    }

    /** {@link #read} of this layout's columns from column {@code base} of {@code c} on. */
    @ExplodeLoop
    private WeldStruct read(StructColumns c, int base, int i) {
        Object[] f = new Object[nested.length];
        for (int j = 0; j < nested.length; j++) {
            int col = firstColumn[j];
            f[j] = nested[j] != null ? nested[j].read(c, base + col, i)
                    : Storage.readScalar(kinds[col], column(c, base + col, kinds[col]), i);
        }
        return new WeldStruct(type, f);
    }

    /** {@link #write} of this layout's columns from column {@code base} of {@code c} on. */
    @ExplodeLoop
    private void write(StructColumns c, int base, int i, WeldStruct s) {
        for (int j = 0; j < nested.length; j++) {
            int col = firstColumn[j];
            if (nested[j] != null) {
                nested[j].write(c, base + col, i, (WeldStruct) s.fields[j]);
            } else {
                Storage.writeScalar(kinds[col], column(c, base + col, kinds[col]), i, s.fields[j]);
            }
        }
    }

    /** Column {@code j} of {@code c}, of kind {@code k}, typed exactly for the compiler. */
    private static Object column(StructColumns c, int j, ScalarKind k) {
        Object a = c.columns[j];
        return switch (k) {
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
