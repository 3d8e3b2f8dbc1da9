package weld.nodes.collection;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;
import weld.runtime.KeyCodec;
import weld.runtime.Storage;
import weld.runtime.WeldVector;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/** A vector literal {@code [e1, ..., en]} into a fresh backing array of the element's width. */
public final class MakeVectorNode extends WeldExpressionNode {
    private final WeldType elemType;
    private final ScalarKind kind;
    @Children private final WeldExpressionNode[] elems;

    public MakeVectorNode(WeldType elemType, WeldExpressionNode[] elems) {
        this.elemType = elemType;
        this.kind = Storage.kindOf(elemType);
        this.elems = elems;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object store = Storage.newStore(elemType, elems.length);
        for (int i = 0; i < elems.length; i++) {
            Storage.writeBoxed(kind, store, i, elems[i].executeGeneric(frame));
        }
        return new WeldVector(elemType, store, 0, elems.length);
    }

    /**
     * The codec of dictionary keys of type {@code keyType} computed by {@code key}, or null where they are kept as
     * objects: text made by a vector literal, alone or in a struct literal, is read byte by byte
     * ({@link KeyCodec#freshlyWritten}).
     */
    public static KeyCodec keyCodec(WeldType keyType, WeldExpressionNode key) {
        KeyCodec c = KeyCodec.of(keyType);
        boolean literal = key instanceof MakeVectorNode || key instanceof MakeStructNode s && s.hasVectorLiteral();
        return c != null && literal ? c.freshlyWritten() : c;
    }
}
