package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.builders.ColumnGroupMerger;
import weld.builders.GroupMerger;
import weld.builders.ObjectKeyDictMerger;
import weld.builders.ScalarDictMerger;
import weld.builders.StructDictMerger;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldStruct;
import weld.syntax.Pos;

/**
 * {@code merge(b, {k, v})} on a dictmerger, groupmerger or vecmerger; for a vecmerger an index outside the vector is
 * a runtime error. Vecmergers of scalars mostly take the typed {@link VecMergeNode}.
 */
public final class MergeKeyedNode extends WeldExpressionNode {
    private final Pos pos;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode value;

    public MergeKeyedNode(Pos pos, WeldExpressionNode builder, WeldExpressionNode value) {
        this.pos = pos;
        this.builder = builder;
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object b = builder.executeGeneric(frame);
        WeldStruct kv = (WeldStruct) value.executeGeneric(frame);
        switch (b) {
            case ScalarDictMerger d -> d.merge(kv.fields[0], kv.fields[1]);
            case StructDictMerger d -> d.merge(kv.fields[0], kv.fields[1]);
            case ObjectKeyDictMerger d -> d.merge(kv.fields[0], kv.fields[1]);
            case GroupMerger g -> g.merge(kv.fields[0], kv.fields[1]);
            case ColumnGroupMerger g -> g.merge(kv.fields[0], kv.fields[1]);
            case VecMerger v -> {
                long i = (Long) kv.fields[0];
                if (i < 0 || i >= v.length()) {
                    CompilerDirectives.transferToInterpreter();
                    throw WeldException.runtime(pos, "vecmerger index " + i + " out of bounds for length " + v.length(), this);
                }
                v.mergeBoxed((int) i, kv.fields[1]);
            }
            default -> throw CompilerDirectives.shouldNotReachHere("not a keyed builder: " + b);
        }
        return b;
    }
}
