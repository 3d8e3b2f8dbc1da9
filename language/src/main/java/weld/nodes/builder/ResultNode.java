package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.builders.ColumnGroupMerger;
import weld.builders.GroupMerger;
import weld.builders.ObjectKeyDictMerger;
import weld.builders.ScalarDictMerger;
import weld.builders.StructDictMerger;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/**
 * {@code result(b)} for an object builder, or a struct of builders (field by field); {@code resultType} is the type
 * of the result. A scalar merger's result is its accumulator and needs no node.
 */
public final class ResultNode extends WeldExpressionNode {
    private final WeldType resultType;
    @Child private WeldExpressionNode builder;

    public ResultNode(WeldType resultType, WeldExpressionNode builder) {
        this.resultType = resultType;
        this.builder = builder;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return result(resultType, builder.executeGeneric(frame));
    }

    @TruffleBoundary
    static Object result(WeldType t, Object b) {
        return switch (b) {
            case Appender a -> a.result();
            case ScalarDictMerger d -> d.result();
            case StructDictMerger d -> d.result();
            case ObjectKeyDictMerger d -> d.result();
            case GroupMerger g -> g.result();
            case ColumnGroupMerger g -> g.result();
            case VecMerger v -> v.result();
            case WeldStruct s when t instanceof WeldType.Struct st && !(s.type.equals(st)) -> {
                Object[] f = new Object[s.fields.length];
                for (int i = 0; i < f.length; i++) {
                    f[i] = result(st.fields().get(i), s.fields[i]);
                }
                yield new WeldStruct(st, f);
            }
            default -> b;
        };
    }
}
