package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.WeldExpressionNode;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.WeldDict;
import weld.runtime.WeldStruct;
import weld.runtime.WeldVector;
import weld.types.WeldType;

/**
 * {@code tovec(d)}: the entries as a {@code vec[{K, V}]} in the dictionary's (unspecified) order; a typed dictionary
 * ({@link weld.runtime.ScalarTable}) copies its keys and values into the vector's columns without boxing them (a
 * packed struct key into one column per field), one of struct values its keys and value columns.
 */
public final class ToVecNode extends WeldExpressionNode {
    private final WeldType.Struct pairType;
    @Child private WeldExpressionNode dict;

    public ToVecNode(WeldType.Struct pairType, WeldExpressionNode dict) {
        this.pairType = pairType;
        this.dict = dict;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return toVec((WeldDict) dict.executeGeneric(frame));
    }

    @TruffleBoundary
    private WeldVector toVec(WeldDict d) {
        int n = d.size();
        Object out = Storage.newStore(pairType, n);
        if (d.table != null && out instanceof StructColumns c
                && c.layout.columnCount() == d.table.keyColumns() + 1) {
            d.table.copyEntries(c);
        } else if (d.entryIndex != null && out instanceof StructColumns c) {
            d.entryIndex.copyKeys(c);
            int first = d.entryIndex.keyColumns();
            for (int j = 0; j < d.entryValues.layout.columnCount(); j++) {
                System.arraycopy(d.entryValues.column(j), 0, c.column(first + j), 0, n);
            }
        } else {
            int[] i = {0};
            d.forEach((k, v) -> Storage.writeBoxed(null, out, i[0]++, new WeldStruct(pairType, new Object[] {k, v})));
        }
        return new WeldVector(pairType, out, 0, n);
    }
}
