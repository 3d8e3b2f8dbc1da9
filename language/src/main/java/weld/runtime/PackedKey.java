package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A struct key of integer and {@code bool} fields whose widths add up to at most 64 bits (a group-by on two columns:
 * {@code dictmerger[{i32, i32}, f64, +]}), packed into one {@code long} so that a {@link ScalarTable} can hold it.
 * The fields' bits (two's complement in their type's width; a bool one bit) are interleaved, lowest bits first
 * ({@link Long#expand} into a constant mask per field), so that keys whose fields are all small non-negative numbers
 * (codes of categories) pack into small numbers, which a direct table holds without hashing: {@code {0..2, 0..1}}
 * packs into {@code [0, 7)}. Packing is one to one, so two keys are equal exactly when their packed forms are, as
 * struct keys are compared by content; unpacking gives each field in its carrier's canonical form (see
 * {@link ScalarOps#normalize}).
 */
public final class PackedKey {
    public final WeldType.Struct type;
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;
    /** The bit positions of each field in the packed key. */
    @CompilationFinal(dimensions = 1) private final long[] masks;

    private PackedKey(WeldType.Struct type, ScalarKind[] kinds, long[] masks) {
        this.type = type;
        this.kinds = kinds;
        this.masks = masks;
    }

    /** The packing of {@code key}'s values, or null where it is not a struct of integers and bools of at most 64 bits. */
    public static PackedKey of(WeldType key) {
        if (!(key.resolve() instanceof WeldType.Struct s) || s.fields().isEmpty()) {
            return null;
        }
        int n = s.fields().size();
        ScalarKind[] kinds = new ScalarKind[n];
        int bits = 0;
        int widest = 0;
        for (int j = 0; j < n; j++) {
            if (!(s.fields().get(j).resolve() instanceof WeldType.Scalar f) || f.kind().isFloat()) {
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
        return new PackedKey(s, kinds, masks);
    }

    public int fieldCount() {
        return kinds.length;
    }

    public ScalarKind kind(int j) {
        return kinds[j];
    }

    /** The bits of field {@code j} of value {@code v} (in its carrier, widened to long; a bool 0 or 1) in place. */
    public long field(int j, long v) {
        return Long.expand(v, masks[j]);
    }

    /** The packed form of a struct key. */
    public long pack(WeldStruct key) {
        long k = 0;
        for (int j = 0; j < kinds.length; j++) {
            k |= field(j, carried(key.fields[j]));
        }
        return k;
    }

    /** A boxed integer or bool field widened to long (a bool 0 or 1). */
    public static long carried(Object f) {
        return switch (f) {
            case Boolean b -> b ? 1L : 0L;
            case Integer i -> i;
            default -> (Long) f;
        };
    }

    /** Field {@code j} of packed key {@code k}, in its carrier widened to long (ints sign-extended, a bool 0 or 1). */
    public long fieldOf(long k, int j) {
        ScalarKind kind = kinds[j];
        long raw = Long.compress(k, masks[j]);
        return switch (kind) {
            case BOOL -> raw & 1;
            case I64, U64 -> raw;
            default -> ScalarOps.normalize(kind, (int) raw);
        };
    }

    /** The struct key packed as {@code k}. */
    public WeldStruct unpack(long k) {
        Object[] fields = new Object[kinds.length];
        for (int j = 0; j < kinds.length; j++) {
            long v = fieldOf(k, j);
            fields[j] = switch (Carrier.of(kinds[j])) {
                case BOOLEAN -> v != 0;
                case INT -> (int) v;
                default -> v;
            };
        }
        return new WeldStruct(type, fields);
    }
}
