package weld.nodes.loop.lanes;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;

/**
 * One value of a vectorized update function, computed a block of iterations at a time: node {@code id}'s values
 * for the block are {@code arrays[id]} from {@code offsets[id]} on (an element array at the block's first index, or
 * a temporary array of {@link LaneKernel#BLOCK} values). Masks are {@code boolean[]}.
 */
abstract class LaneNode {
    final int id;
    final ScalarKind kind;

    LaneNode(int id, ScalarKind kind) {
        this.id = id;
        this.kind = kind;
    }

    /** Computes the first {@code n} values of the block into this node's temporary array; leaves do nothing. */
    void eval(Object[] arrays, int[] offsets, int n) {
    }

    /**
     * Element {@code iterator} of the iteration (the element array is set per block); {@code bytes}: an {@code i8}
     * or ({@code unsigned}) {@code u8} element of a {@code byte[]}, widened to an {@code i32} value.
     */
    static final class Element extends LaneNode {
        final int iterator;
        final boolean bytes;
        final boolean unsigned;

        Element(int id, ScalarKind kind, int iterator) {
            this(id, kind, iterator, false, false);
        }

        Element(int id, ScalarKind kind, int iterator, boolean bytes, boolean unsigned) {
            super(id, kind);
            this.iterator = iterator;
            this.bytes = bytes;
            this.unsigned = unsigned;
        }
    }

    /**
     * {@code start + i} in iteration {@code i}, an {@code i64}: the element of a unit-stride {@code rangeiter},
     * iterator {@code iterator} ({@code start} is the iterator's base), or, with {@code iterator} -1, the loop index
     * itself ({@code start} 0).
     */
    static final class Range extends LaneNode {
        final int iterator;

        Range(int id, int iterator) {
            super(id, ScalarKind.I64);
            this.iterator = iterator;
        }

        /** The value in iteration {@code i}, the iterators' bases being {@code bases}. */
        long at(long[] bases, long i) {
            return iterator < 0 ? i : bases[iterator] + i;
        }

        /** {@code out[k] = first + k} for the block's {@code n} iterations. */
        static void fill(long first, long[] out, int n) {
            for (int k = 0; k < n; k++) {
                out[k] = first + k;
            }
        }
    }

    /** A value that is the same in every iteration, {@code invariant}'th of those passed to the kernel. */
    static final class Invariant extends LaneNode {
        final int invariant;

        Invariant(int id, ScalarKind kind, int invariant) {
            super(id, kind);
            this.invariant = invariant;
        }
    }

    /**
     * Arithmetic ({@code + - * / % min max}) or a comparison (a mask) of two values of kind {@code operandKind}. An
     * {@code i32} or {@code i64} {@code /} or {@code %} divides by a loop-invariant value that is neither 0 nor -1
     * (the kernel runs only then), in {@code f64} lanes: the quotient of two integers of magnitude below 2^53
     * rounded to {@code f64} truncates to the exact one (its rounding error, at most 2^-53 |a / b| < 1 / |b|, is less
     * than the distance from {@code a / b} to any other integer, at least 1 / |b|), and the remainder is
     * {@code a - (a / b) * b}. Every 32-bit operand qualifies; {@code i64} lanes divide a vector that way when all of
     * its operands are of magnitude below 2^52, and value by value otherwise.
     */
    static final class Binary extends LaneNode {
        final BinOp op;
        final LaneNode left;
        final LaneNode right;

        Binary(int id, BinOp op, LaneNode left, LaneNode right) {
            super(id, op.isComparison() ? ScalarKind.BOOL : left.kind);
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        void eval(Object[] arrays, int[] offsets, int n) {
            Object a = arrays[left.id];
            int ao = offsets[left.id];
            Object b = arrays[right.id];
            int bo = offsets[right.id];
            Object out = arrays[id];
            if (op.isComparison()) {
                boolean[] m = (boolean[]) out;
                switch (left.kind) {
                    case F64 -> DoubleLanes.compare(op, (double[]) a, ao, (double[]) b, bo, m, n);
                    case F32 -> FloatLanes.compare(op, (float[]) a, ao, (float[]) b, bo, m, n);
                    case I64 -> LongLanes.compare(op, (long[]) a, ao, (long[]) b, bo, m, n);
                    default -> IntLanes.compare(op, (int[]) a, ao, (int[]) b, bo, m, n);
                }
                return;
            }
            switch (kind) {
                case F64 -> DoubleLanes.binary(op, (double[]) a, ao, (double[]) b, bo, (double[]) out, n);
                case F32 -> FloatLanes.binary(op, (float[]) a, ao, (float[]) b, bo, (float[]) out, n);
                case I64 -> LongLanes.binary(op, (long[]) a, ao, (long[]) b, bo, (long[]) out, n);
                case I32 -> IntLanes.binary(op, (int[]) a, ao, (int[]) b, bo, (int[]) out, n);
                default -> logic((boolean[]) a, ao, (boolean[]) b, bo, (boolean[]) out, n);
            }
        }

        private void logic(boolean[] a, int ao, boolean[] b, int bo, boolean[] out, int n) {
            boolean and = op == BinOp.LAND || op == BinOp.BAND;
            for (int k = 0; k < n; k++) {
                out[k] = and ? a[ao + k] & b[bo + k] : a[ao + k] | b[bo + k];
            }
        }
    }

    /** Negation or a math function of a value (which functions each kind supports: see {@link LanePlanner}). */
    static final class Unary extends LaneNode {
        final UnaryOp op;
        final LaneNode arg;

        Unary(int id, UnaryOp op, LaneNode arg) {
            super(id, arg.kind);
            this.op = op;
            this.arg = arg;
        }

        @Override
        void eval(Object[] arrays, int[] offsets, int n) {
            Object a = arrays[arg.id];
            int ao = offsets[arg.id];
            Object out = arrays[id];
            switch (kind) {
                case F64 -> DoubleLanes.unary(op, (double[]) a, ao, (double[]) out, n);
                case F32 -> FloatLanes.unary(op, (float[]) a, ao, (float[]) out, n);
                case I64 -> LongLanes.unary(op, (long[]) a, ao, (long[]) out, n);
                default -> IntLanes.unary(op, (int[]) a, ao, (int[]) out, n);
            }
        }
    }

    /**
     * {@code T(e)} between {@code f64}, {@code f32}, {@code i64} and {@code i32}, as {@code CastNode} converts:
     * Java's conversions, except that a float converts to {@code i32} through {@code i64} ({@code (int) (long) x}).
     */
    static final class Cast extends LaneNode {
        final LaneNode arg;

        Cast(int id, ScalarKind to, LaneNode arg) {
            super(id, to);
            this.arg = arg;
        }

        @Override
        void eval(Object[] arrays, int[] offsets, int n) {
            LaneCasts.convert(arrays[arg.id], offsets[arg.id], kind, arrays[id], n);
        }
    }

    /** {@code select(cond, onTrue, onFalse)} as a blend. */
    static final class Select extends LaneNode {
        final LaneNode cond;
        final LaneNode onTrue;
        final LaneNode onFalse;

        Select(int id, LaneNode cond, LaneNode onTrue, LaneNode onFalse) {
            super(id, onTrue.kind);
            this.cond = cond;
            this.onTrue = onTrue;
            this.onFalse = onFalse;
        }

        @Override
        void eval(Object[] arrays, int[] offsets, int n) {
            boolean[] c = (boolean[]) arrays[cond.id];
            int co = offsets[cond.id];
            Object t = arrays[onTrue.id];
            int to = offsets[onTrue.id];
            Object f = arrays[onFalse.id];
            int fo = offsets[onFalse.id];
            Object out = arrays[id];
            switch (kind) {
                case F64 -> DoubleLanes.blend(c, co, (double[]) t, to, (double[]) f, fo, (double[]) out, n);
                case F32 -> FloatLanes.blend(c, co, (float[]) t, to, (float[]) f, fo, (float[]) out, n);
                case I64 -> LongLanes.blend(c, co, (long[]) t, to, (long[]) f, fo, (long[]) out, n);
                case I32 -> IntLanes.blend(c, co, (int[]) t, to, (int[]) f, fo, (int[]) out, n);
                default -> {
                    boolean[] bt = (boolean[]) t;
                    boolean[] bf = (boolean[]) f;
                    for (int k = 0; k < n; k++) {
                        ((boolean[]) out)[k] = c[co + k] ? bt[to + k] : bf[fo + k];
                    }
                }
            }
        }
    }
}
