package weld.nodes.loop.lanes;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * Block operations on {@code float} lanes with the Vector API ({@code SPECIES_PREFERRED}). Operands are an array
 * and the offset of the block's first element; results go to a temporary array from index 0, whose length is a
 * multiple of the lane count, so whole vectors may be stored into it; the last partial vector of an operand is
 * read under a mask. Every Vector API call has a constant operator (which it needs to be intrinsified), and no
 * vector computed in a loop is the result of a switch over operators: C2 made such a value an object for every
 * vector.
 */
final class FloatLanes {
    static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;

    private FloatLanes() {
    }

    static void binary(BinOp op, float[] a, int ao, float[] b, int bo, float[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, FloatVector.fromArray(S, a, ao + k), FloatVector.fromArray(S, b, bo + k), out, k);
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            binary(op, FloatVector.fromArray(S, a, ao + k, m), FloatVector.fromArray(S, b, bo + k, m), out, k);
        }
    }

    /**
     * Stores {@code x op y} at {@code out[k]}, the operator a constant at each Vector API call (which it needs to be
     * intrinsified). Each case stores its own result: one returned from the switch merges several vectors into one
     * value, which C2 made an object for every vector.
     */
    private static void binary(BinOp op, FloatVector x, FloatVector y, float[] out, int k) {
        switch (op) {
            case ADD -> x.add(y).intoArray(out, k);
            case SUB -> x.sub(y).intoArray(out, k);
            case MUL -> x.mul(y).intoArray(out, k);
            case DIV -> x.div(y).intoArray(out, k);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    static void compare(BinOp op, float[] a, int ao, float[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorOps.compare(op, FloatVector.fromArray(S, a, ao + k),
                    FloatVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            VectorOps.compare(op, FloatVector.fromArray(S, a, ao + k, m),
                    FloatVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
        }
    }

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks from a vector too). */
    static void blend(boolean[] c, int co, float[] t, int to, float[] f, int fo, float[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            FloatVector.fromArray(S, f, fo + k).blend(FloatVector.fromArray(S, t, to + k),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            FloatVector.fromArray(S, f, fo + k, m).blend(FloatVector.fromArray(S, t, to + k, m),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
    }

    /**
     * Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. A loop for each
     * operator: an accumulator that one switch updates in several ways is one value of several vectors, which C2 made
     * an object for every vector.
     */
    static void reduce(BinOp op, float[] a, int ao, int n, float[] lanes) {
        switch (op) {
            case ADD -> reduceAdd(a, ao, n, lanes);
            case MUL -> reduceMul(a, ao, n, lanes);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void reduceAdd(float[] a, int ao, int n, float[] lanes) {
        FloatVector acc = FloatVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.add(FloatVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            acc = acc.blend(acc.add(FloatVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    private static void reduceMul(float[] a, int ao, int n, float[] lanes) {
        FloatVector acc = FloatVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.mul(FloatVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            acc = acc.blend(acc.mul(FloatVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** {@code out[k] = op(a[ao + k])}: negation and {@code sqrt}. */
    static void unary(UnaryOp op, float[] a, int ao, float[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            unary(op, FloatVector.fromArray(S, a, ao + k), out, k);
        }
        if (k < n) {
            unary(op, FloatVector.fromArray(S, a, ao + k, S.indexInRange(k, n)), out, k);
        }
    }

    /** Stores {@code op(x)} at {@code out[k]}, each case its own result (see {@link #binary}). */
    private static void unary(UnaryOp op, FloatVector x, float[] out, int k) {
        switch (op) {
            case NEG -> x.neg().intoArray(out, k);
            case SQRT -> x.sqrt().intoArray(out, k);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    /** A block of {@code n} copies of {@code v}. */
    static float[] fill(float v, int n) {
        float[] a = new float[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
