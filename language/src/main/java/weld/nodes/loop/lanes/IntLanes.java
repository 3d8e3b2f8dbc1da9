package weld.nodes.loop.lanes;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;

/**
 * Block operations on {@code int} lanes with the Vector API ({@code SPECIES_PREFERRED}). Operands are an array
 * and the offset of the block's first element; results go to a temporary array from index 0, whose length is a
 * multiple of the lane count, so whole vectors may be stored into it; the last partial vector of an operand is
 * read under a mask. Each operator has its own loop so that the operator is a constant for the compiler.
 */
final class IntLanes {
    static final VectorSpecies<Integer> S = IntVector.SPECIES_PREFERRED;

    private IntLanes() {
    }

    static void binary(BinOp op, int[] a, int ao, int[] b, int bo, int[] out, int n) {
        switch (op) {
            case ADD -> binary(VectorOperators.ADD, a, ao, b, bo, out, n);
            case SUB -> binary(VectorOperators.SUB, a, ao, b, bo, out, n);
            case MUL -> binary(VectorOperators.MUL, a, ao, b, bo, out, n);
            case MIN -> binary(VectorOperators.MIN, a, ao, b, bo, out, n);
            case MAX -> binary(VectorOperators.MAX, a, ao, b, bo, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void binary(VectorOperators.Binary op, int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            IntVector.fromArray(S, a, ao + k).lanewise(op, IntVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector.fromArray(S, a, ao + k, m).lanewise(op, IntVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
        }
    }

    static void compare(BinOp op, int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
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

    private static void compare(VectorOperators.Comparison op, int[] a, int ao, int[] b, int bo, boolean[] out,
                                int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            IntVector.fromArray(S, a, ao + k).compare(op, IntVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector.fromArray(S, a, ao + k, m).compare(op, IntVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
        }
    }

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks are never elements). */
    static void blend(boolean[] c, int co, int[] t, int to, int[] f, int fo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            IntVector.fromArray(S, f, fo + k).blend(IntVector.fromArray(S, t, to + k),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector.fromArray(S, f, fo + k, m).blend(IntVector.fromArray(S, t, to + k, m),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
    }

    /** Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. */
    static void reduce(BinOp op, int[] a, int ao, int n, int[] lanes) {
        switch (op) {
            case ADD -> reduce(VectorOperators.ADD, a, ao, n, lanes);
            case MUL -> reduce(VectorOperators.MUL, a, ao, n, lanes);
            case MIN -> reduce(VectorOperators.MIN, a, ao, n, lanes);
            case MAX -> reduce(VectorOperators.MAX, a, ao, n, lanes);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void reduce(VectorOperators.Binary op, int[] a, int ao, int n, int[] lanes) {
        IntVector acc = IntVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.lanewise(op, IntVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            acc = acc.lanewise(op, IntVector.fromArray(S, a, ao + k, m), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** A block of {@code n} copies of {@code v}. */
    static int[] fill(int v, int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
