package weld.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.runtime.Carrier;

/** Moves a child's value into a frame slot through the typed execute method of its carrier (no boxing). */
public final class Slots {
    private Slots() {
    }

    public static void store(VirtualFrame frame, int slot, Carrier carrier, WeldExpressionNode value) {
        switch (carrier) {
            case BOOLEAN -> frame.setBoolean(slot, value.executeBoolean(frame));
            case INT -> frame.setInt(slot, value.executeInt(frame));
            case LONG -> frame.setLong(slot, value.executeLong(frame));
            case FLOAT -> frame.setFloat(slot, value.executeFloat(frame));
            case DOUBLE -> frame.setDouble(slot, value.executeDouble(frame));
            case OBJECT -> frame.setObject(slot, value.executeGeneric(frame));
        }
    }
}
