package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.ScalarTable;
import weld.runtime.WeldDict;
import weld.syntax.Pos;
import weld.types.WeldType;

/**
 * {@code lookup(d, k)} on a dictionary; a missing key is a runtime error. A dictionary of scalars
 * ({@link WeldDict#table}) is probed in compiled code with the key in its carrier, and the typed execute methods
 * return the value unboxed.
 */
public final class LookupDictNode extends WeldExpressionNode {
    private final Pos pos;
    /** The key's carrier when the dictionary is a {@link ScalarTable}, else null. */
    private final Carrier keyCarrier;
    @Child private WeldExpressionNode dict;
    @Child private WeldExpressionNode key;

    public LookupDictNode(Pos pos, WeldType.Dict type, WeldExpressionNode dict, WeldExpressionNode key) {
        this.pos = pos;
        this.keyCarrier = ScalarTable.supports(type.key(), type.value()) ? ScalarTable.keyCarrier(type.key()) : null;
        this.dict = dict;
        this.key = key;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        return keyCarrier != null && t != null ? t.valueAt(slot(frame, t)) : generic(frame, d);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        return keyCarrier != null && t != null ? (int) t.longAt(slot(frame, t)) : (Integer) generic(frame, d);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        return keyCarrier != null && t != null ? t.longAt(slot(frame, t)) : (Long) generic(frame, d);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        return keyCarrier != null && t != null ? (float) t.doubleAt(slot(frame, t)) : (Float) generic(frame, d);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        return keyCarrier != null && t != null ? t.doubleAt(slot(frame, t)) : (Double) generic(frame, d);
    }

    private Object generic(VirtualFrame frame, WeldDict d) {
        Object k = key.executeGeneric(frame);
        Object v = d.get(k);
        if (v == null) {
            CompilerDirectives.transferToInterpreter();
            throw missing(k);
        }
        return v;
    }

    private int slot(VirtualFrame frame, ScalarTable t) {
        long k = keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame);
        int s = t.find(k);
        if (s < 0) {
            CompilerDirectives.transferToInterpreter();
            throw missing(t.boxKey(k));
        }
        return s;
    }

    private WeldException missing(Object k) {
        return WeldException.runtime(pos, "key " + k + " not found in the dictionary", this);
    }
}
