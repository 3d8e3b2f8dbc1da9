package weld.nodes.loop.lanes;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;

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
        switch (op) {
            case ADD -> binary(VectorOperators.ADD, a, ao, b, bo, out, n);
            case SUB -> binary(VectorOperators.SUB, a, ao, b, bo, out, n);
            case MUL -> binary(VectorOperators.MUL, a, ao, b, bo, out, n);
            case MIN -> binary(VectorOperators.MIN, a, ao, b, bo, out, n);
            case MAX -> binary(VectorOperators.MAX, a, ao, b, bo, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void binary(VectorOperators.Binary op, long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            LongVector.fromArray(S, a, ao + k).lanewise(op, LongVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector.fromArray(S, a, ao + k, m).lanewise(op, LongVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
        }
    }

    static void compare(BinOp op, long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
        switch (op) {
            case EQ -> compare(VectorOperators.EQ, a, ao, b, bo, out, n);
            case NE -> compare(VectorOperators.NE, a, ao, b, bo, out, n);
            case LT -> compare(VectorOperators.LT, a, ao, b, bo, out, n);
            case LE -> compare(VectorOperators.LE, a, ao, b, bo, out, n);
            case GT -> compare(VectorOperators.GT, a, ao, b, bo, out, n);
            case GE -> compare(VectorOperators.GE, a, ao, b, bo, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void compare(VectorOperators.Comparison op, long[] a, int ao, long[] b, int bo, boolean[] out,
                                int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            LongVector.fromArray(S, a, ao + k).compare(op, LongVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector.fromArray(S, a, ao + k, m).compare(op, LongVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
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
        switch (op) {
            case ADD -> reduce(VectorOperators.ADD, a, ao, n, lanes);
            case MUL -> reduce(VectorOperators.MUL, a, ao, n, lanes);
            case MIN -> reduce(VectorOperators.MIN, a, ao, n, lanes);
            case MAX -> reduce(VectorOperators.MAX, a, ao, n, lanes);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void reduce(VectorOperators.Binary op, long[] a, int ao, int n, long[] lanes) {
        LongVector acc = LongVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.lanewise(op, LongVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            acc = acc.lanewise(op, LongVector.fromArray(S, a, ao + k, m), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** A block of {@code n} copies of {@code v}. */
    static long[] fill(long v, int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
