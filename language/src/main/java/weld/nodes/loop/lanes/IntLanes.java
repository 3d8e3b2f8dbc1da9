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
 * read under a mask. Every Vector API call has a constant operator (which it needs to be intrinsified), and no
 * vector computed in a loop is the result of a switch over operators: C2 made such a value an object for every
 * vector.
 */
final class IntLanes {
    static final VectorSpecies<Integer> S = IntVector.SPECIES_PREFERRED;

    private IntLanes() {
    }

    static void binary(BinOp op, int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, IntVector.fromArray(S, a, ao + k), IntVector.fromArray(S, b, bo + k), out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            binary(op, IntVector.fromArray(S, a, ao + k, m), IntVector.fromArray(S, b, bo + k, m), out, k);
        }
    }

    /**
     * Stores {@code x op y} at {@code out[k]}, the operator a constant at each Vector API call (which it needs to be
     * intrinsified). Each case stores its own result: one returned from the switch merges several vectors into one
     * value, which C2 made an object for every vector.
     */
    private static void binary(BinOp op, IntVector x, IntVector y, int[] out, int k) {
        switch (op) {
            case ADD -> x.add(y).intoArray(out, k);
            case SUB -> x.sub(y).intoArray(out, k);
            case MUL -> x.mul(y).intoArray(out, k);
            case MIN -> x.min(y).intoArray(out, k);
            case MAX -> x.max(y).intoArray(out, k);
            default -> throw new IllegalArgumentException(op.symbol);
        }
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

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks from a vector too). */
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

    /**
     * Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. A loop for each
     * operator: an accumulator that one switch updates in several ways is one value of several vectors, which C2 made
     * an object for every vector.
     */
    static void reduce(BinOp op, int[] a, int ao, int n, int[] lanes) {
        switch (op) {
            case ADD -> reduceAdd(a, ao, n, lanes);
            case MUL -> reduceMul(a, ao, n, lanes);
            case MIN -> reduceMin(a, ao, n, lanes);
            case MAX -> reduceMax(a, ao, n, lanes);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void reduceAdd(int[] a, int ao, int n, int[] lanes) {
        IntVector acc = IntVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.add(IntVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            acc = acc.blend(acc.add(IntVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    private static void reduceMul(int[] a, int ao, int n, int[] lanes) {
        IntVector acc = IntVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.mul(IntVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            acc = acc.blend(acc.mul(IntVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    private static void reduceMin(int[] a, int ao, int n, int[] lanes) {
        IntVector acc = IntVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.min(IntVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            acc = acc.blend(acc.min(IntVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    private static void reduceMax(int[] a, int ao, int n, int[] lanes) {
        IntVector acc = IntVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.max(IntVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            acc = acc.blend(acc.max(IntVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** {@code out[k] = op(a[ao + k])}: negation. */
    static void unary(UnaryOp op, int[] a, int ao, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            unary(op, IntVector.fromArray(S, a, ao + k), out, k);
        }
        if (k < n) {
            unary(op, IntVector.fromArray(S, a, ao + k, S.indexInRange(k, n)), out, k);
        }
    }

    /** Stores {@code op(x)} at {@code out[k]}, each case its own result (see {@link #binary}). */
    private static void unary(UnaryOp op, IntVector x, int[] out, int k) {
        switch (op) {
            case NEG -> x.neg().intoArray(out, k);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    /** A block of {@code n} copies of {@code v}. */
    static int[] fill(int v, int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
