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
 * read under a mask. Each operator has its own loop so that the operator is a constant for the compiler.
 */
final class FloatLanes {
    static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;

    private FloatLanes() {
    }

    static void binary(BinOp op, float[] a, int ao, float[] b, int bo, float[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, FloatVector.fromArray(S, a, ao + k), FloatVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            binary(op, FloatVector.fromArray(S, a, ao + k, m), FloatVector.fromArray(S, b, bo + k, m)).intoArray(out, k, m);
        }
    }

    /** One operation, with the operator a constant at each Vector API call (which it needs to be intrinsified). */
    private static FloatVector binary(BinOp op, FloatVector x, FloatVector y) {
        return switch (op) {
            case ADD -> x.add(y);
            case SUB -> x.sub(y);
            case MUL -> x.mul(y);
            case DIV -> x.div(y);
            default -> throw new IllegalArgumentException(op.symbol);
        };
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

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks are never elements). */
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

    /** Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. */
    static void reduce(BinOp op, float[] a, int ao, int n, float[] lanes) {
        FloatVector acc = FloatVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = binary(op, acc, FloatVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            acc = acc.blend(binary(op, acc, FloatVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /** {@code out[k] = op(a[ao + k])}: negation and {@code sqrt}. */
    static void unary(UnaryOp op, float[] a, int ao, float[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            unary(op, FloatVector.fromArray(S, a, ao + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Float> m = S.indexInRange(k, n);
            unary(op, FloatVector.fromArray(S, a, ao + k, m)).intoArray(out, k, m);
        }
    }

    /** One function, a constant at each Vector API call. */
    private static FloatVector unary(UnaryOp op, FloatVector x) {
        return switch (op) {
            case NEG -> x.neg();
            case SQRT -> x.sqrt();
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    /** A block of {@code n} copies of {@code v}. */
    static float[] fill(float v, int n) {
        float[] a = new float[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
