package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.KeyCodec;
import weld.runtime.ScalarOps;
import weld.runtime.ScalarTable;
import weld.runtime.WeldDict;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/**
 * {@code keyexists(d, k)} (a bool) or {@code optlookup(d, k)} (a {@code {bool, V}}; the value is the type's zero
 * when the key is missing). A typed dictionary ({@link WeldDict#table}, {@link WeldDict#entryIndex}) is probed with
 * the key in its carrier, one over a {@link WeldDict#keyIndex} with text and struct keys in compiled code; others
 * are looked up boxed.
 */
public final class DictQueryNode extends WeldExpressionNode {
    private final WeldType.Struct optType;
    private final Object missingValue;
    /**
     * The key's carrier where typed tables hold such keys ({@link WeldDict#table} for scalar values,
     * {@link WeldDict#entryIndex} for struct values), else null.
     */
    private final Carrier keyCarrier;
    /** How a {@link WeldDict#keyIndex} of such keys keeps them as bytes, or null. */
    private final KeyCodec codec;
    @Child private WeldExpressionNode dict;
    @Child private WeldExpressionNode key;

    /** {@code optType} is null for keyexists. */
    public DictQueryNode(WeldType.Struct optType, WeldType.Dict type, WeldExpressionNode dict, WeldExpressionNode key) {
        this.optType = optType;
        this.keyCarrier = ScalarTable.keyCarrier(type.key());
        this.codec = MakeVectorNode.keyCodec(type.key(), key);
        this.missingValue = optType == null ? null : zero(optType.fields().get(1));
        this.dict = dict;
        this.key = key;
    }

    private static Object zero(WeldType t) {
        t = t.resolve();
        if (t instanceof WeldType.Scalar || t instanceof WeldType.Struct s && s.fields().stream()
                .allMatch(f -> f.resolve() instanceof WeldType.Scalar sc && sc.kind().isNumeric())) {
            return ScalarOps.identity(t, weld.syntax.BinOp.ADD);
        }
        return null;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        ScalarTable t = d.table;
        Object v;
        if (keyCarrier != null && t != null) {
            int s = t.find(keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame));
            if (optType == null) {
                return s >= 0;
            }
            v = s >= 0 ? t.valueAt(s) : null;
        } else if (keyCarrier != null && d.entryIndex != null) {
            int e = d.entryIndex.entryOf(keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame));
            if (optType == null) {
                return e >= 0;
            }
            v = e >= 0 ? entryValue(d, e) : null;
        } else if (d.keyIndex != null) {
            int e = d.keyIndex.find(key.executeGeneric(frame), codec);
            if (optType == null) {
                return e >= 0;
            }
            v = e >= 0 ? d.entryValue(e) : null;
        } else {
            v = d.get(key.executeGeneric(frame));
        }
        if (optType == null) {
            return v != null;
        }
        return new WeldStruct(optType, new Object[] {v != null, v != null ? v : missingValue});
    }

    @TruffleBoundary
    private static Object entryValue(WeldDict d, int e) {
        return d.entryValues.get(e);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        return (Boolean) executeGeneric(frame);
    }
}
