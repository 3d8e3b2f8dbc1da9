package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import sun.misc.Unsafe;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.ScalarOps;
import weld.runtime.UnsafeAccess;
import weld.runtime.WeldStruct;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;

/**
 * {@code {merge(b.$0, {i, x0}), ..., merge(b.$n, {i, xn})}}: every field of the struct of builders {@code b} a
 * vecmerger of a primitive scalar, every merge at the same index variable {@code i} (TPC-H Q1's six sums per group).
 * One unsigned comparison of {@code i} with the shortest vecmerger's length covers every merge, after which each
 * value is combined into its array without a bounds check of its own: a loop then keeps one length live instead of
 * one per vecmerger, and tests the index once. Otherwise (an index out of range, a shared vecmerger) the merges run
 * one by one ({@code generic}), which report an error at the merge that fails, as always.
 */
public final class VecMergeGroupNode extends WeldExpressionNode {
    private static final Unsafe UNSAFE = UnsafeAccess.UNSAFE;

    @Child private WeldExpressionNode builders;
    @Child private WeldExpressionNode index;
    @Children private final WeldExpressionNode[] values;
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;
    @CompilationFinal(dimensions = 1) private final BinOp[] ops;
    @Child private WeldExpressionNode generic;

    /** Merge {@code k} combines {@code values[k]} into field {@code k} with {@code ops[k]}. */
    public VecMergeGroupNode(WeldExpressionNode builders, WeldExpressionNode index, WeldExpressionNode[] values,
                             ScalarKind[] kinds, BinOp[] ops, WeldExpressionNode generic) {
        this.builders = builders;
        this.index = index;
        this.values = values;
        this.kinds = kinds;
        this.ops = ops;
        this.generic = generic;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        WeldStruct b = (WeldStruct) builders.executeGeneric(frame);
        long li = index.executeLong(frame);
        int length = shortest(b);
        if (length < 0 || li != (int) li || Integer.compareUnsigned((int) li, length) >= 0) {
            return generic.executeGeneric(frame);
        }
        merge(frame, b, (int) li);
        return b;
    }

    /** The shortest vecmerger's length, or -1 if one is shared by parallel tasks (updated atomically). */
    @ExplodeLoop
    private int shortest(WeldStruct b) {
        int length = Integer.MAX_VALUE;
        for (int k = 0; k < values.length; k++) {
            VecMerger v = (VecMerger) b.fields[k];
            if (v.isShared()) {
                return -1;
            }
            length = Math.min(length, v.length());
        }
        return length;
    }

    @ExplodeLoop
    private void merge(VirtualFrame frame, WeldStruct b, int i) {
        for (int k = 0; k < values.length; k++) {
            Object a = ((VecMerger) b.fields[k]).store();
            BinOp op = ops[k];
            switch (kinds[k]) {
                case F64 -> {
                    long at = Unsafe.ARRAY_DOUBLE_BASE_OFFSET + (long) i * Unsafe.ARRAY_DOUBLE_INDEX_SCALE;
                    UNSAFE.putDouble(a, at, ScalarOps.combineDouble(op, UNSAFE.getDouble(a, at), values[k].executeDouble(frame)));
                }
                case F32 -> {
                    long at = Unsafe.ARRAY_FLOAT_BASE_OFFSET + (long) i * Unsafe.ARRAY_FLOAT_INDEX_SCALE;
                    UNSAFE.putFloat(a, at, (float) ScalarOps.combineDouble(op, UNSAFE.getFloat(a, at), values[k].executeFloat(frame)));
                }
                case I64 -> {
                    long at = Unsafe.ARRAY_LONG_BASE_OFFSET + (long) i * Unsafe.ARRAY_LONG_INDEX_SCALE;
                    UNSAFE.putLong(a, at, ScalarOps.combineLong(kinds[k], op, UNSAFE.getLong(a, at), values[k].executeLong(frame)));
                }
                default -> {
                    long at = Unsafe.ARRAY_INT_BASE_OFFSET + (long) i * Unsafe.ARRAY_INT_INDEX_SCALE;
                    UNSAFE.putInt(a, at, ScalarOps.combineInt(kinds[k], op, UNSAFE.getInt(a, at), values[k].executeInt(frame)));
                }
            }
        }
    }
}
