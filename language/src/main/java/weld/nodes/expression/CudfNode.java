package weld.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.runtime.NativeUdf;
import weld.syntax.Pos;

/** {@code cudf[name, T](args)}: evaluates the arguments and calls the C function ({@link NativeUdf}). */
public final class CudfNode extends WeldExpressionNode {
    private final Pos pos;
    private final String symbol;
    private final NativeUdf udf;
    @Children private final WeldExpressionNode[] args;

    public CudfNode(Pos pos, String symbol, NativeUdf udf, WeldExpressionNode[] args) {
        this.pos = pos;
        this.symbol = symbol;
        this.udf = udf;
        this.args = args;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object[] values = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            values[i] = args[i].executeGeneric(frame);
        }
        return call(values);
    }

    @TruffleBoundary
    private Object call(Object[] values) {
        try {
            return udf.call(values);
        } catch (Throwable t) {
            CompilerDirectives.transferToInterpreter();
            throw WeldException.runtime(pos, "the C function '" + symbol + "' failed: " + t, this);
        }
    }
}
