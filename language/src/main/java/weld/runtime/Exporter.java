package weld.runtime;

import weld.types.WeldType;

/**
 * Converts a value in its carrier to the interop value other languages see: unsigned integers keep their unsigned
 * value ({@code u32} widens to a long, a {@code u64} of 2^63 or more becomes an {@link UnsignedLong}); vectors,
 * structs and dictionaries are already interop objects and export their elements lazily.
 */
public final class Exporter {
    private Exporter() {
    }

    public static Object export(WeldType t, Object v) {
        if (t instanceof WeldType.Scalar s) {
            return switch (s.kind()) {
                case U32 -> Integer.toUnsignedLong((Integer) v);
                case U64 -> (Long) v < 0 ? new UnsignedLong((Long) v) : v;
                default -> v;
            };
        }
        return v;
    }
}
