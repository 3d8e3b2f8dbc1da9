package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.KeyCodec;
import weld.runtime.ScalarTable;
import weld.runtime.Storage;
import weld.runtime.WeldDict;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code lookup(d, k)} on a dictionary; a missing key is a runtime error. A dictionary of scalars
 * ({@link WeldDict#table}) is probed in compiled code with the key in its carrier, one over a
 * {@link WeldDict#keyIndex} (text keys, structs of scalars and text) with the key found in compiled code
 * ({@link weld.runtime.KeyIndex#find}), and the typed execute methods return the value unboxed.
 */
public final class LookupDictNode extends WeldExpressionNode {
    private final Pos pos;
    /** The key's carrier when the dictionary is a {@link ScalarTable}, else null. */
    private final Carrier keyCarrier;
    /** How a {@link WeldDict#keyIndex} of such keys keeps them as bytes, or null. */
    private final KeyCodec codec;
    /** The kind of a scalar value, or null. */
    private final ScalarKind valueKind;
    @Child private WeldExpressionNode dict;
    @Child private WeldExpressionNode key;

    public LookupDictNode(Pos pos, WeldType.Dict type, WeldExpressionNode dict, WeldExpressionNode key) {
        this.pos = pos;
        this.keyCarrier = ScalarTable.supports(type.key(), type.value()) ? ScalarTable.keyCarrier(type.key()) : null;
        this.codec = MakeVectorNode.keyCodec(type.key(), key);
        this.valueKind = type.value().resolve() instanceof WeldType.Scalar s ? s.kind() : null;
        this.dict = dict;
        this.key = key;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        if (keyCarrier != null && t != null) {
            return t.valueAt(slot(frame, t));
        }
        return d.keyIndex != null ? d.entryValue(entry(frame, d)) : generic(frame, d);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        if (keyCarrier != null && t != null) {
            return (int) t.longAt(slot(frame, t));
        }
        return d.keyIndex != null ? Storage.readInt(valueKind, d.entryValues.column(0), entry(frame, d))
                : (Integer) generic(frame, d);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        if (keyCarrier != null && t != null) {
            return t.longAt(slot(frame, t));
        }
        return d.keyIndex != null ? Storage.readLong(d.entryValues.column(0), entry(frame, d))
                : (Long) generic(frame, d);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        if (keyCarrier != null && t != null) {
            return (float) t.doubleAt(slot(frame, t));
        }
        return d.keyIndex != null ? Storage.readFloat(d.entryValues.column(0), entry(frame, d))
                : (Float) generic(frame, d);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        if (keyCarrier != null && t != null) {
            return t.doubleAt(slot(frame, t));
        }
        return d.keyIndex != null ? Storage.readDouble(d.entryValues.column(0), entry(frame, d))
                : (Double) generic(frame, d);
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

    /** The entry of the key in {@code d}'s {@link WeldDict#keyIndex}; a missing key is an error. */
    private int entry(VirtualFrame frame, WeldDict d) {
        Object k = key.executeGeneric(frame);
        int e = d.keyIndex.find(k, codec);
        if (e < 0) {
            CompilerDirectives.transferToInterpreter();
            throw missing(k);
        }
        return e;
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
