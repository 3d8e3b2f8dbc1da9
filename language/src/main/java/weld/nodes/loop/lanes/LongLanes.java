package weld.nodes.loop.lanes;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * Block operations on {@code long} lanes with the Vector API ({@code SPECIES_PREFERRED}). Operands are an array
 * and the offset of the block's first element; results go to a temporary array from index 0, whose length is a
 * multiple of the lane count, so whole vectors may be stored into it; the last partial vector of an operand is
 * read under a mask. Each operator has its own loop so that the operator is a constant for the compiler.
 */
final class LongLanes {
    static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;

    private LongLanes() {
    }

    static void binary(BinOp op, long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, LongVector.fromArray(S, a, ao + k), LongVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            binary(op, LongVector.fromArray(S, a, ao + k, m), LongVector.fromArray(S, b, bo + k, m)).intoArray(out, k, m);
        }
    }

    /** One operation, with the operator a constant at each Vector API call (which it needs to be intrinsified). */
    private static LongVector binary(BinOp op, LongVector x, LongVector y) {
        return switch (op) {
            case ADD -> x.add(y);
            case SUB -> x.sub(y);
            case MUL -> x.mul(y);
            case MIN -> x.min(y);
            case MAX -> x.max(y);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    static void compare(BinOp op, long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorOps.compare(op, LongVector.fromArray(S, a, ao + k),
                    LongVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            VectorOps.compare(op, LongVector.fromArray(S, a, ao + k, m),
                    LongVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
        }
    }

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks are never elements). */
    static void blend(boolean[] c, int co, long[] t, int to, long[] f, int fo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            LongVector.fromArray(S, f, fo + k).blend(LongVector.fromArray(S, t, to + k),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector.fromArray(S, f, fo + k, m).blend(LongVector.fromArray(S, t, to + k, m),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
    }

    /** Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. */
    static void reduce(BinOp op, long[] a, int ao, int n, long[] lanes) {
        LongVector acc = LongVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = binary(op, acc, LongVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            acc = acc.blend(binary(op, acc, LongVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** {@code out[k] = op(a[ao + k])}: negation. */
    static void unary(UnaryOp op, long[] a, int ao, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            unary(op, LongVector.fromArray(S, a, ao + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            unary(op, LongVector.fromArray(S, a, ao + k, m)).intoArray(out, k, m);
        }
    }

    /** One function, a constant at each Vector API call. */
    private static LongVector unary(UnaryOp op, LongVector x) {
        return switch (op) {
            case NEG -> x.neg();
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    /** A block of {@code n} copies of {@code v}. */
    static long[] fill(long v, int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
