package weld.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.runtime.Carrier;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.syntax.ScalarKind;

/**
 * Loads a struct of scalars stored in columns field by field into frame slots, one per column, in their carriers:
 * for code that binds such a struct's fields instead of the struct (a sort comparator's parameters, a {@code let}
 * of a dictionary lookup), so that no struct is made.
 */
public final class ColumnSlots {
    private ColumnSlots() {
    }

    /** Row {@code i} of {@code c}, laid out as {@code layout} (a constant), into {@code slots}. */
    @ExplodeLoop
    public static void load(VirtualFrame frame, StructLayout layout, int[] slots, StructColumns c, int i) {
        for (int j = 0; j < slots.length; j++) {
            ScalarKind k = layout.kind(j);
            Object column = c.column(j);
            switch (Carrier.of(k)) {
                case BOOLEAN -> frame.setBoolean(slots[j], Storage.readBoolean(column, i));
                case INT -> frame.setInt(slots[j], Storage.readInt(k, column, i));
                case LONG -> frame.setLong(slots[j], Storage.readLong(column, i));
                case FLOAT -> frame.setFloat(slots[j], Storage.readFloat(column, i));
                case DOUBLE -> frame.setDouble(slots[j], Storage.readDouble(column, i));
                case OBJECT -> throw CompilerDirectives.shouldNotReachHere("a column of objects");
            }
        }
    }
}
