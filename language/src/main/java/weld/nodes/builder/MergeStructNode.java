package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.nodes.WeldExpressionNode;
import weld.runtime.ScalarOps;
import weld.runtime.WeldStruct;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code merge(b, v)} on a merger over a struct of numeric scalars (the type checker allows no other struct): a new
 * struct combined field by field. The fields' kinds are constants of the node, so compiled code combines each field
 * with its own operation (combining through the struct's type, a recursive walk, had partial evaluation inline the
 * walk into itself until it gave up: such a loop never compiled and ran about 55x slower in the interpreter).
 */
public final class MergeStructNode extends WeldExpressionNode {
    private final WeldType.Struct type;
    private final BinOp op;
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode value;

    public MergeStructNode(WeldType type, BinOp op, WeldExpressionNode builder, WeldExpressionNode value) {
        this.type = (WeldType.Struct) type.resolve();
        this.op = op;
        this.kinds = this.type.fields().stream().map(f -> ((WeldType.Scalar) f.resolve()).kind())
                .toArray(ScalarKind[]::new);
        this.builder = builder;
        this.value = value;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        WeldStruct x = (WeldStruct) builder.executeGeneric(frame);
        WeldStruct y = (WeldStruct) value.executeGeneric(frame);
        Object[] f = new Object[kinds.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = ScalarOps.combineScalar(kinds[i], op, x.fields[i], y.fields[i]);
        }
        return new WeldStruct(type, f);
    }
}
