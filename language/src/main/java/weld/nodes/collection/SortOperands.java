package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.ColumnSlots;
import weld.runtime.Carrier;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.syntax.ScalarKind;

/**
 * Where a sort's comparator finds its two operands: each element in one frame slot per side, or, for structs of
 * scalars stored in columns ({@link StructLayout}), each column in a slot of its own. The comparator then reads the
 * fields it uses from their slots, and a comparison makes no struct: a struct loaded into one slot and kept across
 * the merge loop's iterations (the unchanged side) is allocated per load in compiled code, with its fields boxed.
 */
public final class SortOperands {
    /** The elements' carrier, where each goes to one slot. */
    private final Carrier carrier;
    /** The elements' scalar kind (null: objects), where each goes to one slot. */
    private final ScalarKind kind;
    /** The columns' layout, or null where each element goes to one slot. */
    private final StructLayout layout;
    /** The left operand's slot, or its slot per column. */
    @CompilationFinal(dimensions = 1) private final int[] left;
    /** The right operand's slot, or its slot per column. */
    @CompilationFinal(dimensions = 1) private final int[] right;

    private SortOperands(Carrier carrier, ScalarKind kind, StructLayout layout, int[] left, int[] right) {
        this.carrier = carrier;
        this.kind = kind;
        this.layout = layout;
        this.left = left;
        this.right = right;
    }

    /** Each element, carried as {@code carrier} (of scalar kind {@code kind}, or null), in one slot per side. */
    public static SortOperands elements(Carrier carrier, ScalarKind kind, int left, int right) {
        return new SortOperands(carrier, kind, null, new int[] {left}, new int[] {right});
    }

    /** Each column of structs laid out as {@code layout} in a slot per side ({@code left[j]}, {@code right[j]}). */
    public static SortOperands columns(StructLayout layout, int[] left, int[] right) {
        return new SortOperands(Carrier.OBJECT, null, layout, left, right);
    }

    /** Element {@code i} of {@code store} as the left operand. */
    void loadLeft(VirtualFrame frame, Object store, int i) {
        load(frame, left, store, i);
    }

    /** Element {@code i} of {@code store} as the right operand. */
    void loadRight(VirtualFrame frame, Object store, int i) {
        load(frame, right, store, i);
    }

    private void load(VirtualFrame frame, int[] slots, Object store, int i) {
        if (layout != null) {
            ColumnSlots.load(frame, layout, slots, CompilerDirectives.castExact(store, StructColumns.class), i);
            return;
        }
        int slot = slots[0];
        switch (carrier) {
            case BOOLEAN -> frame.setBoolean(slot, Storage.readBoolean(store, i));
            case INT -> frame.setInt(slot, Storage.readInt(kind, store, i));
            case LONG -> frame.setLong(slot, Storage.readLong(store, i));
            case FLOAT -> frame.setFloat(slot, Storage.readFloat(store, i));
            case DOUBLE -> frame.setDouble(slot, Storage.readDouble(store, i));
            case OBJECT -> frame.setObject(slot, Storage.readObject(store, i));
        }
    }
}
