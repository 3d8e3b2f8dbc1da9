package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldVector;
import weld.syntax.Pos;
import weld.types.WeldType;

/** {@code lookup(v, i)} on a vector: bounds-checked, read straight from the backing array in the element's carrier. */
public final class LookupVectorNode extends WeldExpressionNode {
    private final Pos pos;
    /** The column layout of struct elements, or null. */
    private final StructLayout layout;
    @Child private WeldExpressionNode vector;
    @Child private WeldExpressionNode index;
    @Child private StoreReadNode read = StoreReadNode.create();

    public LookupVectorNode(Pos pos, WeldType elem, WeldExpressionNode vector, WeldExpressionNode index) {
        this.pos = pos;
        this.layout = StructLayout.of(elem);
        this.vector = vector;
        this.index = index;
    }

    private WeldVector vec(VirtualFrame frame) {
        return (WeldVector) vector.executeGeneric(frame);
    }

    private int at(WeldVector v, long i) {
        if (i < 0 || i >= v.length) {
            CompilerDirectives.transferToInterpreter();
            throw WeldException.runtime(pos, "index " + i + " out of bounds for a vector of length " + v.length, this);
        }
        return v.offset + (int) i;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldVector v = vec(frame);
        int i = at(v, index.executeLong(frame));
        if (layout != null) {
            return layout.read(CompilerDirectives.castExact(v.store, StructColumns.class), i);
        }
        return Storage.readBoxed(v.kind, v.store, i);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        WeldVector v = vec(frame);
        return read.readBoolean(v.store, at(v, index.executeLong(frame)));
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        WeldVector v = vec(frame);
        return read.readInt(v.kind, v.store, at(v, index.executeLong(frame)));
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        WeldVector v = vec(frame);
        return read.readLong(v.store, at(v, index.executeLong(frame)));
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        WeldVector v = vec(frame);
        return read.readFloat(v.store, at(v, index.executeLong(frame)));
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        WeldVector v = vec(frame);
        return read.readDouble(v.store, at(v, index.executeLong(frame)));
    }
}
