package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldDict;
import weld.syntax.Pos;

/** {@code lookup(d, k)} on a dictionary; a missing key is a runtime error. */
public final class LookupDictNode extends WeldExpressionNode {
    private final Pos pos;
    @Child private WeldExpressionNode dict;
    @Child private WeldExpressionNode key;

    public LookupDictNode(Pos pos, WeldExpressionNode dict, WeldExpressionNode key) {
        this.pos = pos;
        this.dict = dict;
        this.key = key;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldDict d = (WeldDict) dict.executeGeneric(frame);
        Object k = key.executeGeneric(frame);
        Object v = d.get(k);
        if (v == null) {
            CompilerDirectives.transferToInterpreter();
            throw WeldException.runtime(pos, "key " + k + " not found in the dictionary", this);
        }
        return v;
    }
}
