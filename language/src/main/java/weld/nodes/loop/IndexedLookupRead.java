package weld.nodes.loop;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.nodes.collection.LookupVectorNode;
import weld.runtime.Carrier;

/**
 * A lookup read as an {@link IndexedLookup}: the element slot its loop loaded, or, once the loop's elements have
 * not all been inside the vector, the checked lookup.
 */
public final class IndexedLookupRead extends WeldExpressionNode {
    /** The loop's lookup (not a child: task copies of the body share it). */
    private final IndexedLookup source;
    private final int slot;
    private final Carrier carrier;
    @Child private LookupVectorNode checked;

    public IndexedLookupRead(IndexedLookup source, int slot, Carrier carrier, LookupVectorNode checked) {
        this.source = source;
        this.slot = slot;
        this.carrier = carrier;
        this.checked = checked;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return source.inRange() ? carrier.read(frame, slot) : checked.executeGeneric(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return source.inRange() ? frame.getBoolean(slot) : checked.executeBoolean(frame);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        return source.inRange() ? frame.getInt(slot) : checked.executeInt(frame);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        return source.inRange() ? frame.getLong(slot) : checked.executeLong(frame);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        return source.inRange() ? frame.getFloat(slot) : checked.executeFloat(frame);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        return source.inRange() ? frame.getDouble(slot) : checked.executeDouble(frame);
    }
}
