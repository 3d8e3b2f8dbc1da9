package weld.runtime;

import com.oracle.truffle.api.frame.Frame;
import com.oracle.truffle.api.frame.FrameSlotKind;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/** The Java representation of a Weld value in nodes and frame slots (see the package documentation). */
public enum Carrier {
    BOOLEAN(FrameSlotKind.Boolean), INT(FrameSlotKind.Int), LONG(FrameSlotKind.Long), FLOAT(FrameSlotKind.Float),
    DOUBLE(FrameSlotKind.Double), OBJECT(FrameSlotKind.Object);

    public final FrameSlotKind slotKind;

    Carrier(FrameSlotKind slotKind) {
        this.slotKind = slotKind;
    }

    public static Carrier of(ScalarKind k) {
        return switch (k) {
            case BOOL -> BOOLEAN;
            case I8, I16, I32, U8, U16, U32 -> INT;
            case I64, U64 -> LONG;
            case F32 -> FLOAT;
            case F64 -> DOUBLE;
        };
    }

    /** The carrier of a value of type {@code t}; a scalar merger is carried as its accumulator. */
    public static Carrier of(WeldType t) {
        t = t.resolve();
        if (t instanceof WeldType.Scalar s) {
            return of(s.kind());
        }
        if (t instanceof WeldType.Builder b && b.kind() == weld.syntax.BuilderKind.MERGER
                && b.elem().resolve() instanceof WeldType.Scalar s) {
            return of(s.kind());
        }
        return OBJECT;
    }

    /** Reads a slot holding a value of this carrier, boxed. */
    public Object read(VirtualFrame frame, int slot) {
        return switch (this) {
            case BOOLEAN -> frame.getBoolean(slot);
            case INT -> frame.getInt(slot);
            case LONG -> frame.getLong(slot);
            case FLOAT -> frame.getFloat(slot);
            case DOUBLE -> frame.getDouble(slot);
            case OBJECT -> frame.getObject(slot);
        };
    }

    /** Writes a boxed value of this carrier into a slot. */
    public void write(VirtualFrame frame, int slot, Object value) {
        switch (this) {
            case BOOLEAN -> frame.setBoolean(slot, (Boolean) value);
            case INT -> frame.setInt(slot, (Integer) value);
            case LONG -> frame.setLong(slot, (Long) value);
            case FLOAT -> frame.setFloat(slot, (Float) value);
            case DOUBLE -> frame.setDouble(slot, (Double) value);
            case OBJECT -> frame.setObject(slot, value);
        }
    }

    /**
     * Copies slot {@code slot} of {@code from} into {@code to} as this carrier's kind: its value where {@code from}
     * holds that kind, else the kind's zero (or null). The copy always has the kind, which compiled code then knows.
     */
    public void copy(Frame from, Frame to, int slot) {
        boolean holds = from.getTag(slot) == slotKind.tag;
        switch (this) {
            case BOOLEAN -> to.setBoolean(slot, holds && from.getBoolean(slot));
            case INT -> to.setInt(slot, holds ? from.getInt(slot) : 0);
            case LONG -> to.setLong(slot, holds ? from.getLong(slot) : 0L);
            case FLOAT -> to.setFloat(slot, holds ? from.getFloat(slot) : 0f);
            case DOUBLE -> to.setDouble(slot, holds ? from.getDouble(slot) : 0d);
            case OBJECT -> to.setObject(slot, holds ? from.getObject(slot) : null);
        }
    }
}
