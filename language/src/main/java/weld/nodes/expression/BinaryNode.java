package weld.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.nodes.NodeInfo;

import weld.WeldException;
import weld.nodes.WeldExpressionNode;
import weld.syntax.BinOp;
import weld.syntax.Pos;

/**
 * Base of the binary operator nodes: the operator is a constant of the node, so the compiler folds the dispatch on
 * it and each node compiles to the single machine operation.
 */
@NodeInfo(shortName = "binary")
public abstract class BinaryNode extends WeldExpressionNode {
    protected final BinOp op;
    protected final Pos pos;
    @Child protected WeldExpressionNode left;
    @Child protected WeldExpressionNode right;

    protected BinaryNode(BinOp op, Pos pos, WeldExpressionNode left, WeldExpressionNode right) {
        this.op = op;
        this.pos = pos;
        this.left = left;
        this.right = right;
    }

    protected final WeldException divisionByZero() {
        CompilerDirectives.transferToInterpreterAndInvalidate();
        return WeldException.runtime(pos, "integer division by zero", this);
    }

    protected final RuntimeException badOp() {
        CompilerDirectives.transferToInterpreterAndInvalidate();
        return new IllegalStateException("operator " + op.symbol + " not valid here");
    }
}
