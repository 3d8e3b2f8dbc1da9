package weld.nodes.local;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.WeldException;
import weld.nodes.ColumnSlots;
import weld.nodes.WeldExpressionNode;
import weld.nodes.collection.MakeVectorNode;
import weld.runtime.Carrier;
import weld.runtime.KeyCodec;
import weld.runtime.ScalarTable;
import weld.runtime.StructLayout;
import weld.runtime.WeldDict;
import weld.runtime.WeldStruct;
import weld.syntax.Pos;
import weld.types.WeldType;

/**
 * {@code let x = lookup(d, k); body} where the value is a struct of scalars:
 * binds {@code x} field by field, one slot per column, so that the body reads fields from slots and no struct is
 * made (a join's probe: {@code let e = lookup(dim, row.key); e.$0 * e.$1}; {@code lookup(d, k).$0} is built as
 * such a let that reads the field). The entries of a dictmerger's result ({@link WeldDict#entryIndex}) are probed
 * with the key in its carrier, or over a {@link WeldDict#keyIndex} with the key boxed (text and structs of scalars
 * and text in compiled code), and their columns loaded; any other dictionary is looked up boxed and the struct's
 * fields unboxed into the slots.
 */
public final class LetLookupNode extends ScopeNode {
    private final Pos pos;
    private final Carrier keyCarrier;
    /** How a {@link WeldDict#keyIndex} of such keys keeps them as bytes, or null. */
    private final KeyCodec codec;
    private final StructLayout layout;
    /** The slot of each column of the value. */
    @CompilationFinal(dimensions = 1) private final int[] slots;
    /** Per column: the field indexes that lead to it from the value, through nested structs. */
    @CompilationFinal(dimensions = 2) private final int[][] paths;
    @Child private WeldExpressionNode dict;
    @Child private WeldExpressionNode key;

    public LetLookupNode(Pos pos, WeldType.Dict type, StructLayout layout, int[] slots, WeldExpressionNode dict,
                         WeldExpressionNode key, WeldExpressionNode body) {
        super(body);
        this.pos = pos;
        this.keyCarrier = ScalarTable.keyCarrier(type.key());
        this.codec = MakeVectorNode.keyCodec(type.key(), key);
        this.layout = layout;
        this.slots = slots;
        this.paths = new int[slots.length][];
        addPaths(layout.type, new int[0], 0);
        this.dict = dict;
        this.key = key;
    }

    /** Records the paths of the columns of {@code s} (a nested struct at {@code prefix}), from column {@code first}. */
    private int addPaths(WeldType.Struct s, int[] prefix, int first) {
        int column = first;
        for (int f = 0; f < s.fields().size(); f++) {
            int[] path = java.util.Arrays.copyOf(prefix, prefix.length + 1);
            path[prefix.length] = f;
            if (s.fields().get(f).resolve() instanceof WeldType.Struct inner) {
                column = addPaths(inner, path, column);
            } else {
                paths[column++] = path;
            }
        }
        return column;
    }

    /** Looks the key up and loads the value's fields into their slots. */
    @Override
    void bind(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        if (d.entryIndex != null) {
            long k = keyCarrier == Carrier.INT ? key.executeInt(frame) : key.executeLong(frame);
            int e = d.entryIndex.entryOf(k);
            if (e < 0) {
                CompilerDirectives.transferToInterpreter();
                throw missing(d.entryIndex.boxKey(k));
            }
            ColumnSlots.load(frame, layout, slots, d.entryValues, e);
            return;
        }
        Object k = key.executeGeneric(frame);
        if (d.keyIndex != null) {
            int e = d.keyIndex.find(k, codec);
            if (e < 0) {
                CompilerDirectives.transferToInterpreter();
                throw missing(k);
            }
            ColumnSlots.load(frame, layout, slots, d.entryValues, e);
            return;
        }
        Object v = get(d, k);
        if (v == null) {
            CompilerDirectives.transferToInterpreter();
            throw missing(k);
        }
        storeFields(frame, (WeldStruct) v);
    }

    @TruffleBoundary
    private static Object get(WeldDict d, Object k) {
        return d.get(k);
    }

    @ExplodeLoop
    private void storeFields(VirtualFrame frame, WeldStruct v) {
        for (int j = 0; j < slots.length; j++) {
            Object f = v;
            for (int p : paths[j]) {
                f = ((WeldStruct) f).fields[p];
            }
            switch (Carrier.of(layout.kind(j))) {
                case BOOLEAN -> frame.setBoolean(slots[j], (Boolean) f);
                case INT -> frame.setInt(slots[j], (Integer) f);
                case LONG -> frame.setLong(slots[j], (Long) f);
                case FLOAT -> frame.setFloat(slots[j], (Float) f);
                case DOUBLE -> frame.setDouble(slots[j], (Double) f);
                case OBJECT -> throw CompilerDirectives.shouldNotReachHere("a column of objects");
            }
        }
    }

    private WeldException missing(Object k) {
        return WeldException.runtime(pos, "key " + k + " not found in the dictionary", this);
    }
}
