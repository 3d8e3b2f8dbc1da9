package weld.runtime;

import java.util.List;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A key packed into one {@code long} so that a {@link ScalarTable} can hold it: a struct of scalar fields whose widths
 * add up to at most 64 bits (a group-by on two columns: {@code dictmerger[{i32, i32}, f64, +]}), or a float
 * ({@code f32}, {@code f64}) key. Integers are packed in two's complement in their type's width, a bool as one bit,
 * a float as its IEEE bits with every NaN made the canonical one ({@link Double#doubleToLongBits}), so that keys
 * compare as boxed {@code Double}s do: {@code -0.0} and {@code 0.0} are distinct keys, all NaNs one. A struct's
 * fields' bits are interleaved, lowest bits first ({@link Long#expand} into a constant mask per field), so that keys
 * whose fields are all small non-negative numbers (codes of categories) pack into small numbers, which a direct table
 * holds without hashing: {@code {0..2, 0..1}} packs into {@code [0, 7)}. Packing is one to one, so two keys are equal
 * exactly when their packed forms are, as struct keys are compared by content; unpacking gives each field in its
 * carrier's canonical form (see {@link ScalarOps#normalize}).
 */
public final class PackedKey {
    /** The key type: a struct, or a float scalar ({@link #scalar}). */
    public final WeldType type;
    /** Whether the key is a float scalar rather than a struct (its one field). */
    private final boolean scalar;
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;
    /** The bit positions of each field in the packed key. */
    @CompilationFinal(dimensions = 1) private final long[] masks;

    private PackedKey(WeldType type, boolean scalar, ScalarKind[] kinds, long[] masks) {
        this.type = type;
        this.scalar = scalar;
        this.kinds = kinds;
        this.masks = masks;
    }

    /**
     * The packing of {@code key}'s values, or null where it is neither a struct of scalars of at most 64 bits nor a
     * float.
     */
    public static PackedKey of(WeldType key) {
        WeldType t = key.resolve();
        if (t instanceof WeldType.Scalar s && s.kind().isFloat()) {
            return new PackedKey(t, true, new ScalarKind[] {s.kind()}, new long[] {-1L >>> (64 - s.kind().bits)});
        }
        if (!(t instanceof WeldType.Struct s) || s.fields().isEmpty()) {
            return null;
        }
        List<WeldType> fields = s.fields();
        int n = fields.size();
        ScalarKind[] kinds = new ScalarKind[n];
        int bits = 0;
        int widest = 0;
        for (int j = 0; j < n; j++) {
            if (!(fields.get(j).resolve() instanceof WeldType.Scalar f)) {
                return null;
            }
            kinds[j] = f.kind();
            bits += f.kind().bits;
            widest = Math.max(widest, f.kind().bits);
        }
        if (bits > 64) {
            return null;
        }
        long[] masks = new long[n];
        int position = 0;
        for (int b = 0; b < widest; b++) {
            for (int j = 0; j < n; j++) {
                if (b < kinds[j].bits) {
                    masks[j] |= 1L << position++;
                }
            }
        }
        return new PackedKey(t, false, kinds, masks);
    }

    /** Whether the key is a float scalar (one field, boxed as itself) rather than a struct. */
    public boolean isScalar() {
        return scalar;
    }

    public int fieldCount() {
        return kinds.length;
    }

    public ScalarKind kind(int j) {
        return kinds[j];
    }

    /**
     * The bits of field {@code j} of value {@code v} in place: {@code v} is the field in its carrier widened to long
     * (a bool 0 or 1, a float its {@link #floatBits}).
     */
    public long field(int j, long v) {
        return Long.expand(v, masks[j]);
    }

    /** The bits a float field is packed as: IEEE bits, every NaN the canonical one. */
    public static long floatBits(float f) {
        return Float.floatToIntBits(f) & 0xFFFF_FFFFL;
    }

    /** {@link #floatBits(float)} for a double. */
    public static long floatBits(double d) {
        return Double.doubleToLongBits(d);
    }

    /** The packed form of a boxed key: a struct, or a boxed float for a {@link #isScalar} key. */
    public long pack(Object key) {
        if (scalar) {
            return field(0, carried(key));
        }
        WeldStruct s = (WeldStruct) key;
        long k = 0;
        for (int j = 0; j < kinds.length; j++) {
            k |= field(j, carried(s.fields[j]));
        }
        return k;
    }

    /** A boxed field widened to long (a bool 0 or 1, a float its {@link #floatBits}). */
    public static long carried(Object f) {
        return switch (f) {
            case Boolean b -> b ? 1L : 0L;
            case Integer i -> i;
            case Float x -> floatBits(x);
            case Double x -> floatBits(x);
            default -> (Long) f;
        };
    }

    /**
     * Field {@code j} of packed key {@code k}, in its carrier widened to long (ints sign-extended, a bool 0 or 1, a
     * float its bits).
     */
    public long fieldOf(long k, int j) {
        ScalarKind kind = kinds[j];
        long raw = Long.compress(k, masks[j]);
        return switch (kind) {
            case BOOL -> raw & 1;
            case I64, U64, F32, F64 -> raw;
            default -> ScalarOps.normalize(kind, (int) raw);
        };
    }

    /** The key packed as {@code k}, boxed: a struct, or the float of a {@link #isScalar} key. */
    public Object unpack(long k) {
        if (scalar) {
            return boxed(kinds[0], fieldOf(k, 0));
        }
        Object[] fields = new Object[kinds.length];
        for (int j = 0; j < kinds.length; j++) {
            fields[j] = boxed(kinds[j], fieldOf(k, j));
        }
        return new WeldStruct((WeldType.Struct) type, fields);
    }

    /** A field of kind {@code kind} given as by {@link #fieldOf}, boxed in its carrier. */
    private static Object boxed(ScalarKind kind, long v) {
        return switch (Carrier.of(kind)) {
            case BOOLEAN -> v != 0;
            case INT -> (int) v;
            case FLOAT -> Float.intBitsToFloat((int) v);
            case DOUBLE -> Double.longBitsToDouble(v);
            default -> v;
        };
    }
}
