package weld.nodes.loop.lanes;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

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
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, IntVector.fromArray(S, a, ao + k), IntVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            binary(op, IntVector.fromArray(S, a, ao + k, m), IntVector.fromArray(S, b, bo + k, m)).intoArray(out, k, m);
        }
    }

    /** One operation, with the operator a constant at each Vector API call (which it needs to be intrinsified). */
    private static IntVector binary(BinOp op, IntVector x, IntVector y) {
        return switch (op) {
            case ADD -> x.add(y);
            case SUB -> x.sub(y);
            case MUL -> x.mul(y);
            case MIN -> x.min(y);
            case MAX -> x.max(y);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    static void compare(BinOp op, int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorOps.compare(op, IntVector.fromArray(S, a, ao + k),
                    IntVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            VectorOps.compare(op, IntVector.fromArray(S, a, ao + k, m),
                    IntVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
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
        IntVector acc = IntVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = binary(op, acc, IntVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            acc = acc.blend(binary(op, acc, IntVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** {@code out[k] = op(a[ao + k])}: negation. */
    static void unary(UnaryOp op, int[] a, int ao, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            unary(op, IntVector.fromArray(S, a, ao + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            unary(op, IntVector.fromArray(S, a, ao + k, m)).intoArray(out, k, m);
        }
    }

    /** One function, a constant at each Vector API call. */
    private static IntVector unary(UnaryOp op, IntVector x) {
        return switch (op) {
            case NEG -> x.neg();
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    /** A block of {@code n} copies of {@code v}. */
    static int[] fill(int v, int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
