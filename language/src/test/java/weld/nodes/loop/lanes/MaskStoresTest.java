package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jdk.incubator.vector.ByteVector;

import org.junit.jupiter.api.Test;

/** The species and the bit stores that the comparison blocks store their masks with. */
class MaskStoresTest {
    @Test
    void byteSpeciesExistForPowersOfTwoFromEightLanes() {
        for (int lanes : new int[] {8, 16, 32, 64}) {
            var bytes = MaskStores.bytes(lanes);
            assertEquals(lanes, bytes.length());
            assertEquals(bytes.maskAll(false).getClass(), MaskStores.maskClass(bytes));
        }
        assertEquals(ByteVector.SPECIES_64, MaskStores.bytes(8));
        for (int lanes : new int[] {1, 2, 4, 12, 128}) {
            assertNull(MaskStores.bytes(lanes), lanes + " lanes");
        }
        assertNull(MaskStores.maskClass(null));
    }

    @Test
    void bitsAreStoredLaneByLaneFromTheLowest() {
        boolean[] out = new boolean[12];
        MaskStores.bits(0b1011L | 1L << 40, out, 3, 4);
        assertArrayEquals(new boolean[] {false, false, false, true, true, false, true, false, false, false, false,
            false}, out);
    }
}
