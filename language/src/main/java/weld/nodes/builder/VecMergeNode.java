package weld.nodes.builder;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.WeldException;
import weld.builders.AtomicMerges;
import weld.builders.VecMerger;
import weld.nodes.WeldExpressionNode;
import weld.nodes.expression.ConstantNode;
import weld.runtime.Carrier;
import weld.runtime.ScalarOps;
import weld.runtime.Storage;
import weld.syntax.BinOp;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;

/**
 * {@code merge(b, {index, value})} on a {@code vecmerger} of a scalar: the index and the value are evaluated in their
 * carriers (the {@code {index, value}} struct is never built) and combined into the vecmerger's primitive array in
 * compiled code. A vecmerger shared by the tasks of a parallel loop is updated atomically ({@link AtomicMerges}, the
 * value unboxed). An index outside the vector is a runtime error. A merge of a small positive constant into a
 * {@code long} sum vecmerger goes to the vecmerger's {@code int} counters while a loop has started them
 * ({@link VecMerger#countNarrow}).
 */
public final class VecMergeNode extends WeldExpressionNode {
    /** The largest constant a merge adds to {@code int} counters. */
    private static final long MAX_NARROW_INCREMENT = 1 << 16;
    private final Pos pos;
    private final ScalarKind kind;
    private final Carrier carrier;
    private final BinOp op;
    @Child private WeldExpressionNode builder;
    @Child private WeldExpressionNode index;
    @Child private WeldExpressionNode value;
    /**
     * Whether this merge has met a shared vecmerger. Until then the shared case deoptimizes instead of calling out,
     * so a compiled loop has no call that could change the vecmerger, and loads its array once before the loop.
     */
    @CompilationFinal private boolean seenShared;
    /** The constant this merge adds, if it can go to {@code int} counters ({@link VecMerger#narrowCounts}); else 0. */
    private final long narrowIncrement;
    /**
     * Whether this merge has met {@code int} counters. Until then compiled code does not look for them: a merge
     * into the elements instead is as right (the counters are added to them), only slower.
     */
    @CompilationFinal private boolean seenNarrow;
    /**
     * Whether this merge has met a vecmerger without counters, where it could have used them. Until then compiled
     * code that uses counters deoptimizes without them: their presence is then a guard that the compiler moves before
     * the loop, with their length.
     */
    @CompilationFinal private boolean seenWide;

    public VecMergeNode(Pos pos, ScalarKind kind, BinOp op, WeldExpressionNode builder, WeldExpressionNode index,
                        WeldExpressionNode value) {
        this.pos = pos;
        this.kind = kind;
        this.carrier = Carrier.of(kind);
        this.op = op;
        this.builder = builder;
        this.index = index;
        this.value = value;
        this.narrowIncrement = kind == ScalarKind.I64 && op == BinOp.ADD && value instanceof ConstantNode c
                && c.executeGeneric(null) instanceof Long v && v >= 1 && v <= MAX_NARROW_INCREMENT ? v : 0;
    }

    /** The most one execution of this merge adds to an element of a vecmerger with {@code int} counters (0: none). */
    public long narrowIncrement() {
        return narrowIncrement;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        VecMerger v = (VecMerger) builder.executeGeneric(frame);
        long li = index.executeLong(frame);
        if (v.isShared()) {
            if (!seenShared) {
                CompilerDirectives.transferToInterpreterAndInvalidate();
                seenShared = true;
            }
            mergeShared(frame, v, checked(li, v.length()));
            return v;
        }
        Object s = v.store();
        // The index is checked against the array's own length (the vecmerger's length), so that the compiler
        // recognizes the array access's bounds check as the same test and emits one.
        switch (carrier) {
            case INT -> {
                int i = checked(li, v.length());
                Storage.writeInt(kind, s, i, ScalarOps.combineInt(kind, op, Storage.readInt(kind, s, i), value.executeInt(frame)));
            }
            case LONG -> {
                if (narrowIncrement != 0 && (seenNarrow || CompilerDirectives.inInterpreter())) {
                    int[] c = v.narrowCounts();
                    if (c != null) {
                        if (!seenNarrow) {
                            CompilerDirectives.transferToInterpreterAndInvalidate();
                            seenNarrow = true;
                        }
                        int i = checked(li, c.length);
                        c[i] += (int) narrowIncrement;
                        return v;
                    }
                    if (!seenWide) {
                        CompilerDirectives.transferToInterpreterAndInvalidate();
                        seenWide = true;
                    }
                }
                long[] a = CompilerDirectives.castExact(s, long[].class);
                int i = checked(li, a.length);
                a[i] = ScalarOps.combineLong(kind, op, a[i], value.executeLong(frame));
            }
            case FLOAT -> {
                float[] a = CompilerDirectives.castExact(s, float[].class);
                int i = checked(li, a.length);
                a[i] = (float) ScalarOps.combineDouble(op, a[i], value.executeFloat(frame));
            }
            case DOUBLE -> {
                double[] a = CompilerDirectives.castExact(s, double[].class);
                int i = checked(li, a.length);
                a[i] = ScalarOps.combineDouble(op, a[i], value.executeDouble(frame));
            }
            case BOOLEAN, OBJECT -> v.mergeBoxed(checked(li, v.length()), value.executeGeneric(frame));
        }
        return v;
    }

    /** An atomic update of a shared vecmerger's element {@code i}, with the value unboxed where it is a number. */
    private void mergeShared(VirtualFrame frame, VecMerger v, int i) {
        Object s = v.store();
        switch (carrier) {
            case INT -> AtomicMerges.mergeInt(kind, op, (int[]) s, i, value.executeInt(frame));
            case LONG -> AtomicMerges.mergeLong(kind, op, (long[]) s, i, value.executeLong(frame));
            case FLOAT -> AtomicMerges.mergeFloat(op, (float[]) s, i, value.executeFloat(frame));
            case DOUBLE -> AtomicMerges.mergeDouble(op, (double[]) s, i, value.executeDouble(frame));
            case BOOLEAN, OBJECT -> v.mergeBoxed(i, value.executeGeneric(frame));
        }
    }

    private int checked(long index, int length) {
        // One unsigned comparison, the shape of the array access's own bounds check, so the compiler emits one test
        // (an index computed from an int is never outside int range: that test folds away). Failing it invalidates
        // the compiled code: that makes the test a speculative guard, which Graal moves before the loop when the
        // index is the loop's counter (the logistic step's update loop, 67.5 -> 63.5 ms).
        if (index != (int) index || Integer.compareUnsigned((int) index, length) >= 0) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            throw WeldException.runtime(pos, "vecmerger index " + index + " out of bounds for length " + length, this);
        }
        return (int) index;
    }
}
