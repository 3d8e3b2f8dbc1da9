package weld.nodes.loop.lanes;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * What the block operations need to store a comparison's mask into a {@code boolean[]} without
 * {@code VectorMask.intoArray(boolean[], int)}: unlike the rest of the Vector API that method is not annotated for
 * inlining (JDK 25), so C2 inlines it only where the call's profile counts it as hot; where it did not (in about 1
 * run in 10 of the allocation test on a busy two-core machine) it made an object of every mask, 5 bytes per
 * {@code i32} value. A block operation instead casts its mask to the {@code byte} species of as many lanes
 * ({@link #bytes}) and stores that as a vector, or, where there is no such species (fewer than 8 lanes: {@code f64}
 * and {@code i64} on 256-bit vectors), stores the mask's bits one by one ({@link #bits}); both only call methods that
 * are always inlined. The store is written out in each operation's loop, as no mask may cross a call.
 */
final class MaskStores {
    private MaskStores() {
    }

    /**
     * The {@code byte} species of {@code lanes} lanes, or null if there is none: fewer than 8 lanes, or a lane count
     * that is not a power of two (vectors of a length other machines may have).
     */
    static VectorSpecies<Byte> bytes(int lanes) {
        return lanes < 8 || lanes > 64 || Integer.bitCount(lanes) != 1 ? null
                : ByteVector.SPECIES_64.withShape(VectorShape.forBitSize(lanes * 8));
    }

    /** The exact class of the masks of {@code bytes} (null with it), to which the cast masks are cast again. */
    @SuppressWarnings("unchecked")
    static Class<VectorMask<Byte>> maskClass(VectorSpecies<Byte> bytes) {
        return bytes == null ? null : (Class<VectorMask<Byte>>) bytes.maskAll(true).getClass();
    }

    /** {@code out[k + j] = bit j of bits} for the {@code lanes} lowest bits (a mask's {@code toLong()}). */
    static void bits(long bits, boolean[] out, int k, int lanes) {
        for (int j = 0; j < lanes; j++) {
            out[k + j] = (bits >>> j & 1) != 0;
        }
    }
}
