package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;

import weld.nodes.collection.StoreReadNode;
import weld.runtime.Carrier;
import weld.runtime.SimdOps;
import weld.runtime.StructLayout;
import weld.syntax.ScalarKind;

/**
 * Loads the element of iteration {@code i} of one iterator into its slot, straight from the backing array in the
 * element's carrier (a {@code rangeiter} element is the index value itself), or from the external buffer a vector
 * passed in from outside reads in place.
 */
public final class ElementLoader extends Node {
    private final LoopSlots slots;
    private final ScalarKind kind;
    /** The column layout of struct elements, or null. */
    private final StructLayout layout;
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
     * the columns of struct elements, or null.
     */
    public ElementLoader(LoopSlots slots, ScalarKind kind, StructLayout layout, boolean range, boolean unitStride,
                         int simdLanes) {
        this(slots, kind, layout, range, unitStride, simdLanes, null);
    }

    /** The loads of an {@link IndexedLookup}'s elements. */
    public static ElementLoader forLookup(LoopSlots slots, ScalarKind kind, StructLayout layout, IndexedLookup lookup) {
        return new ElementLoader(slots, kind, layout, false, true, 0, lookup);
    }

    private ElementLoader(LoopSlots slots, ScalarKind kind, StructLayout layout, boolean range, boolean unitStride,
                          int simdLanes, IndexedLookup lookup) {
        this.lookup = lookup;
        this.slots = slots;
        this.kind = kind;
        this.layout = layout;
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
