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
 * read under a mask. Every Vector API call has a constant operator (which it needs to be intrinsified), and no
 * vector computed in a loop is the result of a switch over operators: C2 made such a value an object for every
 * vector.
 */
final class DoubleLanes {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    private DoubleLanes() {
    }

    static void binary(BinOp op, double[] a, int ao, double[] b, int bo, double[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            binary(op, DoubleVector.fromArray(S, a, ao + k), DoubleVector.fromArray(S, b, bo + k), out, k);
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            binary(op, DoubleVector.fromArray(S, a, ao + k, m), DoubleVector.fromArray(S, b, bo + k, m), out, k);
        }
    }

    /**
     * Stores {@code x op y} at {@code out[k]}, the operator a constant at each Vector API call (which it needs to be
     * intrinsified). Each case stores its own result: one returned from the switch merges several vectors into one
     * value, which C2 made an object for every vector.
     */
    private static void binary(BinOp op, DoubleVector x, DoubleVector y, double[] out, int k) {
        switch (op) {
            case ADD -> x.add(y).intoArray(out, k);
            case SUB -> x.sub(y).intoArray(out, k);
            case MUL -> x.mul(y).intoArray(out, k);
            case DIV -> x.div(y).intoArray(out, k);
            default -> throw new IllegalArgumentException(op.symbol);
        }
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

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks from a vector too). */
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

    /**
     * Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. A loop for each
     * operator: an accumulator that one switch updates in several ways is one value of several vectors, which C2 made
     * an object for every vector.
     */
    static void reduce(BinOp op, double[] a, int ao, int n, double[] lanes) {
        switch (op) {
            case ADD -> reduceAdd(a, ao, n, lanes);
            case MUL -> reduceMul(a, ao, n, lanes);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void reduceAdd(double[] a, int ao, int n, double[] lanes) {
        DoubleVector acc = DoubleVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.add(DoubleVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            acc = acc.blend(acc.add(DoubleVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    private static void reduceMul(double[] a, int ao, int n, double[] lanes) {
        DoubleVector acc = DoubleVector.fromArray(S, lanes, 0);
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            acc = acc.mul(DoubleVector.fromArray(S, a, ao + k));
        }
        if (k < n) {
            VectorMask<Double> m = S.indexInRange(k, n);
            acc = acc.blend(acc.mul(DoubleVector.fromArray(S, a, ao + k, m)), m);
        }
        acc.intoArray(lanes, 0);
    }

    /**
     * {@code out[k] = op(a[ao + k])}: negation and the math functions ({@link VectorErf} for {@code erf}). The
     * function has its own loop, with no method call per vector (a vector passed to a method that is not inlined is
     * boxed, and a method compiled on its own is not inlined into a larger one) and no switch inside it: with one
     * switch over the functions in the loop, C2 made every vector an object (24 bytes per value) once the JVM had run
     * more than one function.
     */
    static void unary(UnaryOp op, double[] a, int ao, double[] out, int n) {
        switch (op) {
            case ERF -> VectorErf.erf(a, ao, out, n);
            case NEG -> neg(a, ao, out, n);
            case SQRT -> sqrt(a, ao, out, n);
            case EXP -> exp(a, ao, out, n);
            case LOG -> log(a, ao, out, n);
            case SIN -> sin(a, ao, out, n);
            case COS -> cos(a, ao, out, n);
            case TAN -> tan(a, ao, out, n);
            case ASIN -> asin(a, ao, out, n);
            case ACOS -> acos(a, ao, out, n);
            case ATAN -> atan(a, ao, out, n);
            case SINH -> sinh(a, ao, out, n);
            case COSH -> cosh(a, ao, out, n);
            case TANH -> tanh(a, ao, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void neg(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).neg().intoArray(out, k, m);
        }
    }

    private static void sqrt(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).sqrt().intoArray(out, k, m);
        }
    }

    private static void exp(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.EXP).intoArray(out, k, m);
        }
    }

    private static void log(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.LOG).intoArray(out, k, m);
        }
    }

    private static void sin(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.SIN).intoArray(out, k, m);
        }
    }

    private static void cos(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.COS).intoArray(out, k, m);
        }
    }

    private static void tan(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.TAN).intoArray(out, k, m);
        }
    }

    private static void asin(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.ASIN).intoArray(out, k, m);
        }
    }

    private static void acos(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.ACOS).intoArray(out, k, m);
        }
    }

    private static void atan(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.ATAN).intoArray(out, k, m);
        }
    }

    private static void sinh(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.SINH).intoArray(out, k, m);
        }
    }

    private static void cosh(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.COSH).intoArray(out, k, m);
        }
    }

    private static void tanh(double[] a, int ao, double[] out, int n) {
        for (int k = 0; k < n; k += S.length()) {
            VectorMask<Double> m = S.indexInRange(k, n);
            DoubleVector.fromArray(S, a, ao + k, m).lanewise(VectorOperators.TANH).intoArray(out, k, m);
        }
    }

    /** A block of {@code n} copies of {@code v}. */
    static double[] fill(double v, int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
