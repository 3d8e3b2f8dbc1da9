package weld.nodes.builder;

import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.builders.ColumnGroupMerger;
import weld.builders.GroupMerger;
import weld.builders.ObjectKeyDictMerger;
import weld.builders.ScalarDictMerger;
import weld.builders.StructDictMerger;
import weld.builders.SizeFeedback;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.WeldVector;
import weld.types.WeldType;

/**
 * Creates a mutable builder: {@code appender[T](hint)}, {@code dictmerger}, {@code groupmerger} or
 * {@code vecmerger[T, op](v)}. (A scalar {@code merger} needs no object: it starts as its identity or initial value.)
 */
public final class NewBuilderNode extends WeldExpressionNode {
    private final WeldType.Builder type;
    /** Whether a dictmerger is a {@link ScalarDictMerger}. */
    private final boolean scalar;
    /** Whether a dictmerger is a {@link StructDictMerger}. */
    private final boolean structValues;
    /** Whether a groupmerger is a {@link ColumnGroupMerger}. */
    private final boolean columns;
    /** Whether a vecmerger takes over its initial vector's array: the vector is fresh, referenced nowhere else. */
    private final boolean adopt;
    /** The sizes of the dictionaries built here, for the next ones' initial capacity. */
    private final SizeFeedback sizes = new SizeFeedback();
    @Child private WeldExpressionNode arg;

    public NewBuilderNode(WeldType.Builder type, WeldExpressionNode arg, boolean adopt) {
        this.type = type;
        this.adopt = adopt;
        this.scalar = type.kind() == weld.syntax.BuilderKind.DICTMERGER && ScalarDictMerger.supports(type);
        this.structValues = type.kind() == weld.syntax.BuilderKind.DICTMERGER && StructDictMerger.supports(type);
        this.columns = type.kind() == weld.syntax.BuilderKind.GROUPMERGER && ColumnGroupMerger.supports(type);
        this.arg = arg;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return switch (type.kind()) {
            case APPENDER -> new Appender(type.elem(), arg == null ? 0 : arg.executeLong(frame));
            case DICTMERGER -> {
                long hint = arg != null ? arg.executeLong(frame) : 0;
                WeldType.Dict dict = (WeldType.Dict) type.resultType();
                yield scalar ? new ScalarDictMerger(dict, type.op(), hint, sizes)
                        : structValues ? new StructDictMerger(dict, type.op(), hint, sizes)
                        : new ObjectKeyDictMerger(dict, type.op(), hint, sizes);
            }
            case GROUPMERGER -> {
                long hint = arg != null ? arg.executeLong(frame) : 0;
                yield columns ? new ColumnGroupMerger(type.params().get(0), type.params().get(1), hint)
                        : new GroupMerger(type.params().get(0), type.params().get(1));
            }
            case VECMERGER -> {
                WeldVector init = (WeldVector) arg.executeGeneric(frame);
                yield adopt ? VecMerger.adopting(type.elem(), type.op(), init)
                        : new VecMerger(type.elem(), type.op(), init);
            }
            case MERGER -> throw new IllegalStateException("mergers are values");
        };
    }
}
