package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.Node;

import weld.nodes.collection.StoreReadNode;
import weld.runtime.Carrier;
import weld.runtime.SimdOps;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.syntax.ScalarKind;

/**
 * Loads the element of iteration {@code i} of one iterator into its slot, straight from the backing array in the
 * element's carrier (a {@code rangeiter} element is the index value itself), or from the external buffer a vector
 * passed in from outside reads in place; a struct of scalars stored in columns goes field by field to one slot per
 * column, so that the loop makes no struct (one kept in a slot across iterations is allocated in compiled code).
 */
public final class ElementLoader extends Node {
    private final LoopSlots slots;
    private final ScalarKind kind;
    /** The column layout of struct elements, or null. */
    private final StructLayout layout;
    /** Where the struct elements' columns go, one slot per column (in place of the element slot); or null. */
    @CompilationFinal(dimensions = 1) private final int[] columnSlots;
    private final Carrier carrier;
    private final boolean range;
    private final boolean unitStride;
    private final int simdLanes;
    /** For the elements of an {@link IndexedLookup}: its lookup (not a child), which may have left the range. */
    private final IndexedLookup lookup;
    @Child private StoreReadNode read = StoreReadNode.create();
    /** Whether a unit-stride iterator has started at a non-zero array index (until then, the index is the counter). */
    @CompilationFinal private boolean nonZeroBase;

    /**
     * {@code simdLanes} > 0: the element is a SIMD value of that many lanes starting at the index; {@code layout}:
     * the columns of struct elements, or null; {@code columnSlots}: the slot of each of those columns, where the
     * elements are loaded field by field, or null (the element slot then holds a struct).
     */
    public ElementLoader(LoopSlots slots, ScalarKind kind, StructLayout layout, int[] columnSlots, boolean range,
                         boolean unitStride, int simdLanes) {
        this(slots, kind, layout, columnSlots, range, unitStride, simdLanes, null);
    }

    /** The loads of an {@link IndexedLookup}'s elements. */
    public static ElementLoader forLookup(LoopSlots slots, ScalarKind kind, StructLayout layout, IndexedLookup lookup) {
        return new ElementLoader(slots, kind, layout, null, false, true, 0, lookup);
    }

    private ElementLoader(LoopSlots slots, ScalarKind kind, StructLayout layout, int[] columnSlots, boolean range,
                          boolean unitStride, int simdLanes, IndexedLookup lookup) {
        this.lookup = lookup;
        this.slots = slots;
        this.kind = kind;
        this.layout = layout;
        this.columnSlots = columnSlots;
        this.carrier = range ? Carrier.LONG : kind == null || simdLanes > 0 ? Carrier.OBJECT : Carrier.of(kind);
        this.range = range;
        this.unitStride = unitStride;
        this.simdLanes = simdLanes;
    }

    public void load(VirtualFrame frame, long i) {
        if (lookup != null && !lookup.inRange()) {
            return;
        }
        long base = frame.getLong(slots.base());
        long index = unitStride ? base + i : base + i * frame.getLong(slots.stride());
        int e = slots.element();
        if (range) {
            frame.setLong(e, index);
            return;
        }
        Object store = frame.getObject(slots.store());
        int j = arrayIndex(base, i, index);
        if (columnSlots != null) {
            loadColumns(frame, CompilerDirectives.castExact(store, StructColumns.class), j);
            return;
        }
        if (simdLanes > 0) {
            frame.setObject(e, SimdOps.load(store, j, simdLanes));
            return;
        }
        switch (carrier) {
            case BOOLEAN -> frame.setBoolean(e, read.readBoolean(store, j));
            case INT -> frame.setInt(e, read.readInt(kind, store, j));
            case LONG -> frame.setLong(e, read.readLong(store, j));
            case FLOAT -> frame.setFloat(e, read.readFloat(store, j));
            case DOUBLE -> frame.setDouble(e, read.readDouble(store, j));
            case OBJECT -> frame.setObject(e, StructLayout.readElement(layout, store, j));
        }
    }

    /** Element {@code j} of {@code c}, field by field into {@link #columnSlots}. */
    @ExplodeLoop
    private void loadColumns(VirtualFrame frame, StructColumns c, int j) {
        for (int col = 0; col < columnSlots.length; col++) {
            ScalarKind k = layout.kind(col);
            Object column = c.column(col);
            int slot = columnSlots[col];
            switch (Carrier.of(k)) {
                case BOOLEAN -> frame.setBoolean(slot, Storage.readBoolean(column, j));
                case INT -> frame.setInt(slot, Storage.readInt(k, column, j));
                case LONG -> frame.setLong(slot, Storage.readLong(column, j));
                case FLOAT -> frame.setFloat(slot, Storage.readFloat(column, j));
                case DOUBLE -> frame.setDouble(slot, Storage.readDouble(column, j));
                case OBJECT -> throw CompilerDirectives.shouldNotReachHere("a column of objects");
            }
        }
    }

    /**
     * The array index of iteration {@code i}. With a unit stride, an int offset of the (int) counter, so the compiler
     * sees an induction variable and checks the bounds once before the loop; a whole vector from outside starts at
     * array index 0, and then every zipped column shares the counter itself as its index.
     */
    private int arrayIndex(long base, long i, long index) {
        if (!unitStride) {
            return (int) index;
        }
        if (!nonZeroBase) {
            if (base == 0) {
                return (int) i;
            }
            CompilerDirectives.transferToInterpreterAndInvalidate();
            nonZeroBase = true;
        }
        return (int) base + (int) i;
    }
}
