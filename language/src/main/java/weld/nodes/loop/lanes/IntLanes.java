package weld.nodes.loop.lanes;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * Block operations on {@code int} lanes with the Vector API ({@code SPECIES_PREFERRED}). Operands are an array
 * and the offset of the block's first element; results go to a temporary array from index 0, whose length is a
 * multiple of the lane count, so whole vectors may be stored into it; the last partial vector of an operand is
 * read under a mask. Every Vector API call has a constant operator (which it needs to be intrinsified), and no vector
 * crosses a method call, a switch over operators or a loop iteration (see {@link #binary}).
 */
final class IntLanes {
    static final VectorSpecies<Integer> S = IntVector.SPECIES_PREFERRED;
    /** {@link #S}'s vector class, the exact class of every vector loaded (see {@link #binary}). */
    private static final Class<IntVector> V = exactClass(S);
    /** The {@code byte} species of as many lanes, as which comparisons store their masks ({@link MaskStores}). */
    private static final VectorSpecies<Byte> BYTES = MaskStores.bytes(S.length());
    private static final Class<VectorMask<Byte>> BYTE_MASK = MaskStores.maskClass(BYTES);
    /** The {@code f64} lanes a division computes in, and as many {@code int} lanes. */
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> HALF = VectorSpecies.of(int.class,
            VectorShape.forBitSize(D.length() * Integer.SIZE));
    private static final Class<IntVector> HV = exactClass(HALF);

    private IntLanes() {
    }

    /**
     * {@code out[k] = a[ao + k] op b[bo + k]}. Each operator has its own loop, in which every vector is loaded,
     * computed and stored. C2 made an object of every vector otherwise: of one passed to a method it did not inline
     * (it does not inline a method it has compiled on its own into a larger one), of one merged from a switch over
     * operators, and of one carried around a loop (typed by its declared class while C2 parses the loop, so that its
     * operations are bound by their call sites' type profiles, which vectors of other shapes pollute). Every vector
     * loaded is cast to its exact class ({@link #V}), as C2 intrinsifies a load only after parsing the loop: on a busy
     * machine, with the loads' class unknown, C2 bound the operations by those profiles in about 1 run in 15 and made
     * an object of every vector.
     */
    static void binary(BinOp op, int[] a, int ao, int[] b, int bo, int[] out, int n) {
        switch (op) {
            case ADD -> add(a, ao, b, bo, out, n);
            case SUB -> sub(a, ao, b, bo, out, n);
            case MUL -> mul(a, ao, b, bo, out, n);
            case MIN -> min(a, ao, b, bo, out, n);
            case MAX -> max(a, ao, b, bo, out, n);
            case DIV -> div(a, ao, b, bo, out, n);
            case MOD -> mod(a, ao, b, bo, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    /**
     * {@code a / b} through {@code f64} lanes, exact for 32-bit operands (see {@code LaneNode.Binary}); no divisor
     * is 0 or -1 (the kernel runs only then). The last partial vector is divided one value at a time.
     */
    private static void div(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = HALF.loopBound(n); k < up; k += HALF.length()) {
            DoubleVector x = (DoubleVector) HV.cast(IntVector.fromArray(HALF, a, ao + k))
                    .convertShape(VectorOperators.I2D, D, 0);
            DoubleVector y = (DoubleVector) HV.cast(IntVector.fromArray(HALF, b, bo + k))
                    .convertShape(VectorOperators.I2D, D, 0);
            ((IntVector) x.div(y).convertShape(VectorOperators.D2I, HALF, 0)).intoArray(out, k);
        }
        for (; k < n; k++) {
            out[k] = a[ao + k] / b[bo + k];
        }
    }

    /** {@code a % b}, as {@code a - (a / b) * b} with the quotient of {@link #div}. */
    private static void mod(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = HALF.loopBound(n); k < up; k += HALF.length()) {
            IntVector x = HV.cast(IntVector.fromArray(HALF, a, ao + k));
            IntVector y = HV.cast(IntVector.fromArray(HALF, b, bo + k));
            DoubleVector q = ((DoubleVector) x.convertShape(VectorOperators.I2D, D, 0))
                    .div((DoubleVector) y.convertShape(VectorOperators.I2D, D, 0));
            x.sub(((IntVector) q.convertShape(VectorOperators.D2I, HALF, 0)).mul(y)).intoArray(out, k);
        }
        for (; k < n; k++) {
            out[k] = a[ao + k] % b[bo + k];
        }
    }

    private static void add(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, a, ao + k)).add(V.cast(IntVector.fromArray(S, b, bo + k))).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            V.cast(IntVector.fromArray(S, a, ao + k, m)).add(V.cast(IntVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void sub(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, a, ao + k)).sub(V.cast(IntVector.fromArray(S, b, bo + k))).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            V.cast(IntVector.fromArray(S, a, ao + k, m)).sub(V.cast(IntVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void mul(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, a, ao + k)).mul(V.cast(IntVector.fromArray(S, b, bo + k))).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            V.cast(IntVector.fromArray(S, a, ao + k, m)).mul(V.cast(IntVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void min(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, a, ao + k)).min(V.cast(IntVector.fromArray(S, b, bo + k))).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            V.cast(IntVector.fromArray(S, a, ao + k, m)).min(V.cast(IntVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void max(int[] a, int ao, int[] b, int bo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, a, ao + k)).max(V.cast(IntVector.fromArray(S, b, bo + k))).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            V.cast(IntVector.fromArray(S, a, ao + k, m)).max(V.cast(IntVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    /** {@code out[k] = a[ao + k] op b[bo + k]} for a comparison, a loop each ({@code >}, {@code >=}: swapped). */
    static void compare(BinOp op, int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
        switch (op) {
            case EQ -> eq(a, ao, b, bo, out, n);
            case NE -> ne(a, ao, b, bo, out, n);
            case LT -> lt(a, ao, b, bo, out, n);
            case LE -> le(a, ao, b, bo, out, n);
            case GT -> lt(b, bo, a, ao, out, n);
            case GE -> le(b, bo, a, ao, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void eq(int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k)).compare(VectorOperators.EQ,
                    V.cast(IntVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.EQ,
                    V.cast(IntVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    private static void ne(int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k)).compare(VectorOperators.NE,
                    V.cast(IntVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.NE,
                    V.cast(IntVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    private static void lt(int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k)).compare(VectorOperators.LT,
                    V.cast(IntVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.LT,
                    V.cast(IntVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    private static void le(int[] a, int ao, int[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k)).compare(VectorOperators.LE,
                    V.cast(IntVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            VectorMask<Integer> c = V.cast(IntVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.LE,
                    V.cast(IntVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks from a vector too). */
    static void blend(boolean[] c, int co, int[] t, int to, int[] f, int fo, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, f, fo + k)).blend(V.cast(IntVector.fromArray(S, t, to + k)),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            V.cast(IntVector.fromArray(S, f, fo + k, m)).blend(V.cast(IntVector.fromArray(S, t, to + k, m)),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
    }

    /**
     * Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. A loop for each
     * operator, whose accumulator stays in {@code lanes}: loaded and stored in every step (see {@link #binary}), which
     * measured as fast as a vector carried around the loop.
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
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, lanes, 0)).add(V.cast(IntVector.fromArray(S, a, ao + k))).intoArray(lanes, 0);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector acc = V.cast(IntVector.fromArray(S, lanes, 0));
            acc.blend(acc.add(V.cast(IntVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    private static void reduceMul(int[] a, int ao, int n, int[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, lanes, 0)).mul(V.cast(IntVector.fromArray(S, a, ao + k))).intoArray(lanes, 0);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector acc = V.cast(IntVector.fromArray(S, lanes, 0));
            acc.blend(acc.mul(V.cast(IntVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    private static void reduceMin(int[] a, int ao, int n, int[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, lanes, 0)).min(V.cast(IntVector.fromArray(S, a, ao + k))).intoArray(lanes, 0);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector acc = V.cast(IntVector.fromArray(S, lanes, 0));
            acc.blend(acc.min(V.cast(IntVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    private static void reduceMax(int[] a, int ao, int n, int[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, lanes, 0)).max(V.cast(IntVector.fromArray(S, a, ao + k))).intoArray(lanes, 0);
        }
        if (k < n) {
            VectorMask<Integer> m = S.indexInRange(k, n);
            IntVector acc = V.cast(IntVector.fromArray(S, lanes, 0));
            acc.blend(acc.max(V.cast(IntVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    /** {@code out[k] = op(a[ao + k])}: negation, a loop for each (see {@link #binary}). */
    static void unary(UnaryOp op, int[] a, int ao, int[] out, int n) {
        switch (op) {
            case NEG -> neg(a, ao, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void neg(int[] a, int ao, int[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(IntVector.fromArray(S, a, ao + k)).neg().intoArray(out, k);
        }
        if (k < n) {
            V.cast(IntVector.fromArray(S, a, ao + k, S.indexInRange(k, n))).neg().intoArray(out, k);
        }
    }

    /** A block of {@code n} copies of {@code v}. */
    static int[] fill(int v, int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    /** The class of {@code species}' vectors, as the class of its kind's vectors. */
    @SuppressWarnings("unchecked")
    private static Class<IntVector> exactClass(VectorSpecies<Integer> species) {
        return (Class<IntVector>) species.vectorType();
    }
}
