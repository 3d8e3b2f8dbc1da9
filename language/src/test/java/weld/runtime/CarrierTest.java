package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.FrameSlotKind;
import com.oracle.truffle.api.frame.MaterializedFrame;

import org.junit.jupiter.api.Test;

/** {@link Carrier#copy}: the slot's value where the source holds the carrier's kind, else the kind's zero. */
class CarrierTest {
    private static MaterializedFrame frame(int slots) {
        FrameDescriptor.Builder b = FrameDescriptor.newBuilder();
        b.addSlots(slots, FrameSlotKind.Illegal);
        return Truffle.getRuntime().createMaterializedFrame(new Object[0], b.build());
    }

    @Test
    void copiesAValueOfTheCarriersKind() {
        MaterializedFrame from = frame(6);
        MaterializedFrame to = frame(6);
        Object text = "x";
        from.setBoolean(0, true);
        from.setInt(1, -7);
        from.setLong(2, 1L << 40);
        from.setFloat(3, 2.5f);
        from.setDouble(4, -0.125);
        from.setObject(5, text);
        Carrier[] carriers = {Carrier.BOOLEAN, Carrier.INT, Carrier.LONG, Carrier.FLOAT, Carrier.DOUBLE, Carrier.OBJECT};
        for (int i = 0; i < carriers.length; i++) {
            carriers[i].copy(from, to, i);
            assertEquals(carriers[i].slotKind.tag, to.getTag(i), carriers[i].name());
        }
        assertTrue(to.getBoolean(0));
        assertEquals(-7, to.getInt(1));
        assertEquals(1L << 40, to.getLong(2));
        assertEquals(2.5f, to.getFloat(3));
        assertEquals(-0.125, to.getDouble(4));
        assertSame(text, to.getObject(5));
    }

    @Test
    void copiesTheKindsZeroWhereTheSlotHoldsAnotherKind() {
        // A loop counter widened to long, a cleared slot: the copy still has the carrier's kind.
        MaterializedFrame from = frame(6);
        MaterializedFrame to = frame(6);
        from.setLong(0, 5L);
        from.setLong(1, 1L << 40);
        from.setInt(2, 3);
        from.setInt(3, 4);
        from.setInt(4, 5);
        from.clear(5);
        Carrier[] carriers = {Carrier.BOOLEAN, Carrier.INT, Carrier.LONG, Carrier.FLOAT, Carrier.DOUBLE, Carrier.OBJECT};
        for (int i = 0; i < carriers.length; i++) {
            carriers[i].copy(from, to, i);
            assertEquals(carriers[i].slotKind.tag, to.getTag(i), carriers[i].name());
        }
        assertFalse(to.getBoolean(0));
        assertEquals(0, to.getInt(1));
        assertEquals(0L, to.getLong(2));
        assertEquals(0f, to.getFloat(3));
        assertEquals(0d, to.getDouble(4));
        assertNull(to.getObject(5));
    }
}
