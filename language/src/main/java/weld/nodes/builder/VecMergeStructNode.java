package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.StructColumns;
import weld.syntax.Pos;

/**
 * {@code merge(b, {i, {a, b, ...}})} of a struct literal of numbers on a vecmerger of such structs, which keeps its
 * elements in columns ({@link VecMerger#numberColumns}): each field evaluated in its carrier and combined into its
 * column at index {@code i}, so nothing is boxed (TPC-H Q1's sums per group as one vecmerger of structs).
 */
public final class VecMergeStructNode extends WeldExpressionNode {
    private final Pos pos;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode index;
    @Child private StructValueFields fields;
    /** Whether a vecmerger shared by parallel tasks came here (then each field is combined atomically). */
    @CompilationFinal private boolean seenShared;

    public VecMergeStructNode(Pos pos, WeldExpressionNode builder, WeldExpressionNode index, StructValueFields fields) {
        this.pos = pos;
        this.builder = builder;
        this.index = index;
        this.fields = fields;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        VecMerger v = CompilerDirectives.castExact(builder.executeGeneric(frame), VecMerger.class);
        long i = index.executeLong(frame);
        long[] bits = fields.evaluate(frame);
        if (i != (int) i || Integer.compareUnsigned((int) i, v.length()) >= 0) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            throw WeldException.runtime(pos, "vecmerger index " + i + " out of bounds for length " + v.length(), this);
        }
        StructColumns c = CompilerDirectives.castExact(v.store(), StructColumns.class);
        if (v.isShared()) {
            if (!seenShared) {
                CompilerDirectives.transferToInterpreterAndInvalidate();
                seenShared = true;
            }
            fields.storeAtomically(c, (int) i, bits);
        } else {
            fields.store(c, (int) i, bits, false);
        }
        return v;
    }
}
