package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import sun.misc.Unsafe;

import weld.WeldException;
import weld.builders.AtomicMerges;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.runtime.ScalarOps;
import weld.runtime.UnsafeAccess;
import weld.syntax.BinOp;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;

/**
 * Several {@code merge(b.$k, {g, v_k})} into {@code f64} or {@code i64} vecmergers at one index {@code g}, the fields
 * of a struct of builders updated in place (TPC-H Q1's six sums per group): the index is checked once, against the
 * shortest of the vecmergers' arrays, and the elements are then combined without further bounds checks. Merged one by
 * one, each merge checked the index against its own array, so the compiled loop kept every array's length live
 * beside the arrays themselves, and with seven input columns and six vecmerger arrays it ran out of registers and
 * reloaded about 20 values from the stack per row.
 *
 * <p>The values are evaluated in merge order. An index outside a vecmerger, or a vecmerger shared by the tasks of a
 * parallel loop (updated atomically), invalidates the compiled code and switches this node to merging one at a time,
 * as the single merges do: merges before the failing one happen, then the error names the failing merge.
 */
public final class VecMergeGroupNode extends WeldExpressionNode {
    private static final Unsafe UNSAFE = UnsafeAccess.UNSAFE;
    private static final long DOUBLE_BASE = UNSAFE.arrayBaseOffset(double[].class);
    private static final long LONG_BASE = UNSAFE.arrayBaseOffset(long[].class);

    @CompilationFinal(dimensions = 1) private final Pos[] positions;
    @CompilationFinal(dimensions = 1) private final ScalarKind[] kinds;
    @CompilationFinal(dimensions = 1) private final BinOp[] ops;
    @Child private WeldExpressionNode index;
    @Children private final WeldExpressionNode[] builders;
    @Children private final WeldExpressionNode[] values;
    /** Whether this group met a shared vecmerger or an index outside one: it then merges one at a time. */
    @CompilationFinal private boolean oneByOne;

    /** Merges {@code values[k]} into {@code builders[k]} at {@code index}; each kind is {@code f64} or {@code i64}. */
    public VecMergeGroupNode(Pos[] positions, ScalarKind[] kinds, BinOp[] ops, WeldExpressionNode index,
                             WeldExpressionNode[] builders, WeldExpressionNode[] values) {
        for (ScalarKind k : kinds) {
            if (!supports(k)) {
                throw new IllegalArgumentException("not an f64 or i64 vecmerger: " + k);
            }
        }
        this.positions = positions;
        this.kinds = kinds;
        this.ops = ops;
        this.index = index;
        this.builders = builders;
        this.values = values;
    }

    /** Whether merges into a vecmerger of {@code kind} can be grouped. */
    public static boolean supports(ScalarKind kind) {
        return kind == ScalarKind.F64 || kind == ScalarKind.I64;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        long li = index.executeLong(frame);
        if (oneByOne) {
            mergeOneByOne(frame, li);
            return null;
        }
        int shortest = Integer.MAX_VALUE;
        boolean shared = false;
        for (int k = 0; k < builders.length; k++) {
            VecMerger v = (VecMerger) builders[k].executeGeneric(frame);
            shared |= v.isShared();
            shortest = Math.min(shortest, arrayLength(k, v.store()));
        }
        if (shared || li != (int) li || Integer.compareUnsigned((int) li, shortest) >= 0) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            oneByOne = true;
            mergeOneByOne(frame, li);
            return null;
        }
        long offset = 8L * li;
        for (int k = 0; k < builders.length; k++) {
            Object store = ((VecMerger) builders[k].executeGeneric(frame)).store();
            if (kinds[k] == ScalarKind.F64) {
                double[] a = CompilerDirectives.castExact(store, double[].class);
                double old = UNSAFE.getDouble(a, DOUBLE_BASE + offset);
                UNSAFE.putDouble(a, DOUBLE_BASE + offset, ScalarOps.combineDouble(ops[k], old, values[k].executeDouble(frame)));
            } else {
                long[] a = CompilerDirectives.castExact(store, long[].class);
                long old = UNSAFE.getLong(a, LONG_BASE + offset);
                UNSAFE.putLong(a, LONG_BASE + offset, ScalarOps.combineLong(kinds[k], ops[k], old, values[k].executeLong(frame)));
            }
        }
        return null;
    }

    private int arrayLength(int k, Object store) {
        return kinds[k] == ScalarKind.F64 ? CompilerDirectives.castExact(store, double[].class).length
                : CompilerDirectives.castExact(store, long[].class).length;
    }

    /** The merges one at a time, each checking the index against its own vecmerger. */
    @ExplodeLoop
    private void mergeOneByOne(VirtualFrame frame, long li) {
        for (int k = 0; k < builders.length; k++) {
            VecMerger v = (VecMerger) builders[k].executeGeneric(frame);
            if (li != (int) li || Integer.compareUnsigned((int) li, v.length()) >= 0) {
                CompilerDirectives.transferToInterpreter();
                throw WeldException.runtime(positions[k], "vecmerger index " + li + " out of bounds for length "
                        + v.length(), this);
            }
            int i = (int) li;
            if (v.isShared()) {
                if (kinds[k] == ScalarKind.F64) {
                    AtomicMerges.mergeDouble(ops[k], (double[]) v.store(), i, values[k].executeDouble(frame));
                } else {
                    AtomicMerges.mergeLong(kinds[k], ops[k], (long[]) v.store(), i, values[k].executeLong(frame));
                }
            } else if (kinds[k] == ScalarKind.F64) {
                double[] a = (double[]) v.store();
                a[i] = ScalarOps.combineDouble(ops[k], a[i], values[k].executeDouble(frame));
            } else {
                long[] a = (long[]) v.store();
                a[i] = ScalarOps.combineLong(kinds[k], ops[k], a[i], values[k].executeLong(frame));
            }
        }
    }
}
