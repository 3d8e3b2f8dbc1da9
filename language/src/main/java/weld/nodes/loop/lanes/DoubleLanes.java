package weld.nodes.loop.lanes;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * Block operations on {@code double} lanes with the Vector API ({@code SPECIES_PREFERRED}). Operands are an array
 * and the offset of the block's first element; results go to a temporary array from index 0, whose length is a
 * multiple of the lane count, so whole vectors may be stored into it; the last partial vector of an operand is
 * read under a mask. Each operator has its own loop so that the operator is a constant for the compiler.
 */
final class DoubleLanes {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    private DoubleLanes() {
    }

    static void binary(BinOp op, double[] a, int ao, double[] b, int bo, double[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, DoubleVector.fromArray(S, a, ao + k), DoubleVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            binary(op, DoubleVector.fromArray(S, a, ao + k, m), DoubleVector.fromArray(S, b, bo + k, m)).intoArray(out, k, m);
        }
    }

    /** One operation, with the operator a constant at each Vector API call (which it needs to be intrinsified). */
    private static DoubleVector binary(BinOp op, DoubleVector x, DoubleVector y) {
        return switch (op) {
            case ADD -> x.add(y);
            case SUB -> x.sub(y);
            case MUL -> x.mul(y);
            case DIV -> x.div(y);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    static void compare(BinOp op, double[] a, int ao, double[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorOps.compare(op, DoubleVector.fromArray(S, a, ao + k),
                    DoubleVector.fromArray(S, b, bo + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            VectorOps.compare(op, DoubleVector.fromArray(S, a, ao + k, m),
                    DoubleVector.fromArray(S, b, bo + k, m)).intoArray(out, k);
        }
    }

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks are never elements). */
    static void blend(boolean[] c, int co, double[] t, int to, double[] f, int fo, double[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            DoubleVector.fromArray(S, f, fo + k).blend(DoubleVector.fromArray(S, t, to + k),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, f, fo + k, m).blend(DoubleVector.fromArray(S, t, to + k, m),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
    }

    /** Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. */
    static void reduce(BinOp op, double[] a, int ao, int n, double[] lanes) {
        DoubleVector acc = DoubleVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = binary(op, acc, DoubleVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            acc = acc.blend(binary(op, acc, DoubleVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /**
     * {@code out[k] = op(a[ao + k])}: negation and the math functions ({@link VectorErf} for {@code erf}). The
     * operator is a constant at each Vector API call and the loop calls no method per vector: a vector passed to
     * a method that is not inlined is boxed, and a method compiled on its own is not inlined into a larger one.
     */
    static void unary(UnaryOp op, double[] a, int ao, double[] out, int n) {
        if (op == UnaryOp.ERF) {
            VectorErf.erf(a, ao, out, n);
            return;
        }
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector x = DoubleVector.fromArray(S, a, ao + k, m);
            DoubleVector y = switch (op) {
                case NEG -> x.neg();
                case SQRT -> x.sqrt();
                case EXP -> x.lanewise(VectorOperators.EXP);
                case LOG -> x.lanewise(VectorOperators.LOG);
                case SIN -> x.lanewise(VectorOperators.SIN);
                case COS -> x.lanewise(VectorOperators.COS);
                case TAN -> x.lanewise(VectorOperators.TAN);
                case ASIN -> x.lanewise(VectorOperators.ASIN);
                case ACOS -> x.lanewise(VectorOperators.ACOS);
                case ATAN -> x.lanewise(VectorOperators.ATAN);
                case SINH -> x.lanewise(VectorOperators.SINH);
                case COSH -> x.lanewise(VectorOperators.COSH);
                case TANH -> x.lanewise(VectorOperators.TANH);
                default -> throw new IllegalArgumentException(op.symbol);
            };
            y.intoArray(out, k, m);
        }
    }

    /** A block of {@code n} copies of {@code v}. */
    static double[] fill(double v, int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
