package weld.nodes.loop.lanes;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
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
 * read under a mask. Every Vector API call has a constant operator (which it needs to be intrinsified), and no vector
 * crosses a method call, a switch over operators or a loop iteration (see {@link #binary}).
 */
final class LongLanes {
    static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;
    /** {@link #S}'s vector class, the exact class of every vector loaded (see {@link #binary}). */
    private static final Class<LongVector> V = exactClass(S);
    /** The {@code byte} species of as many lanes, as which comparisons store their masks ({@link MaskStores}). */
    private static final VectorSpecies<Byte> BYTES = MaskStores.bytes(S.length());
    private static final Class<VectorMask<Byte>> BYTE_MASK = MaskStores.maskClass(BYTES);
    /** The {@code f64} lanes a division computes in: as many as {@link #S}'s. */
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
    /** Operands of smaller magnitude divide exactly through {@code f64} lanes (see {@code LaneNode.Binary}). */
    private static final long EXACT = 1L << 52;

    private LongLanes() {
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
    static void binary(BinOp op, long[] a, int ao, long[] b, int bo, long[] out, int n) {
        switch (op) {
            case ADD -> add(a, ao, b, bo, out, n);
            case SUB -> sub(a, ao, b, bo, out, n);
            case MUL -> mul(a, ao, b, bo, out, n);
            case MIN -> min(a, ao, b, bo, out, n);
            case MAX -> max(a, ao, b, bo, out, n);
            case DIV -> divide(a, ao, b, bo, out, n, false);
            case MOD -> divide(a, ao, b, bo, out, n, true);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    /**
     * {@code a / b}, or {@code a % b} if {@code remainder} (as {@code a - (a / b) * b}): a vector whose operands are
     * all of magnitude below 2^52 through {@code f64} lanes, exact there (see {@code LaneNode.Binary}), any other
     * vector and the last partial one a value at a time (every value without {@link LanePlanner#WIDE_I64}: the
     * {@code i64}<->{@code f64} lane conversions are then Java fallbacks, 200 bytes allocated per value). No divisor
     * is 0 (the kernel runs only then). Each result vector is stored where it is computed, so that no vector is
     * merged from the two operators' branches.
     */
    private static void divide(long[] a, int ao, long[] b, int bo, long[] out, int n, boolean remainder) {
        int k = 0;
        for (int up = LanePlanner.WIDE_I64 ? S.loopBound(n) : 0; k < up; k += S.length()) {
            LongVector x = V.cast(LongVector.fromArray(S, a, ao + k));
            LongVector y = V.cast(LongVector.fromArray(S, b, bo + k));
            if (x.lanewise(VectorOperators.ABS).compare(VectorOperators.UGE, EXACT)
                    .or(y.lanewise(VectorOperators.ABS).compare(VectorOperators.UGE, EXACT)).anyTrue()) {
                for (int j = k; j < k + S.length(); j++) {
                    out[j] = remainder ? a[ao + j] % b[bo + j] : a[ao + j] / b[bo + j];
                }
                continue;
            }
            LongVector q = (LongVector) ((DoubleVector) x.convertShape(VectorOperators.L2D, D, 0))
                    .div((DoubleVector) y.convertShape(VectorOperators.L2D, D, 0))
                    .convertShape(VectorOperators.D2L, S, 0);
            if (remainder) {
                x.sub(q.mul(y)).intoArray(out, k);
            } else {
                q.intoArray(out, k);
            }
        }
        for (; k < n; k++) {
            out[k] = remainder ? a[ao + k] % b[bo + k] : a[ao + k] / b[bo + k];
        }
    }

    private static void add(long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, a, ao + k)).add(V.cast(LongVector.fromArray(S, b, bo + k))).intoArray(out,
                    k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            V.cast(LongVector.fromArray(S, a, ao + k, m)).add(V.cast(LongVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void sub(long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, a, ao + k)).sub(V.cast(LongVector.fromArray(S, b, bo + k))).intoArray(out,
                    k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            V.cast(LongVector.fromArray(S, a, ao + k, m)).sub(V.cast(LongVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void mul(long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, a, ao + k)).mul(V.cast(LongVector.fromArray(S, b, bo + k))).intoArray(out,
                    k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            V.cast(LongVector.fromArray(S, a, ao + k, m)).mul(V.cast(LongVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void min(long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, a, ao + k)).min(V.cast(LongVector.fromArray(S, b, bo + k))).intoArray(out,
                    k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            V.cast(LongVector.fromArray(S, a, ao + k, m)).min(V.cast(LongVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    private static void max(long[] a, int ao, long[] b, int bo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, a, ao + k)).max(V.cast(LongVector.fromArray(S, b, bo + k))).intoArray(out,
                    k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            V.cast(LongVector.fromArray(S, a, ao + k, m)).max(V.cast(LongVector.fromArray(S, b, bo + k, m)))
                    .intoArray(out, k);
        }
    }

    /** {@code out[k] = a[ao + k] op b[bo + k]} for a comparison, a loop each ({@code >}, {@code >=}: swapped). */
    static void compare(BinOp op, long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
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

    private static void eq(long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k)).compare(VectorOperators.EQ,
                    V.cast(LongVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.EQ,
                    V.cast(LongVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    private static void ne(long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k)).compare(VectorOperators.NE,
                    V.cast(LongVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.NE,
                    V.cast(LongVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    private static void lt(long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k)).compare(VectorOperators.LT,
                    V.cast(LongVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.LT,
                    V.cast(LongVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    private static void le(long[] a, int ao, long[] b, int bo, boolean[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k)).compare(VectorOperators.LE,
                    V.cast(LongVector.fromArray(S, b, bo + k)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            VectorMask<Long> c = V.cast(LongVector.fromArray(S, a, ao + k, m)).compare(VectorOperators.LE,
                    V.cast(LongVector.fromArray(S, b, bo + k, m)));
            if (BYTES != null) {
                ((ByteVector) BYTE_MASK.cast(c.cast(BYTES)).toVector()).intoBooleanArray(out, k);
            } else {
                MaskStores.bits(c.toLong(), out, k, S.length());
            }
        }
    }

    /** {@code out[k] = c[co + k] ? t[to + k] : f[fo + k]}; {@code c} is a temporary (masks from a vector too). */
    static void blend(boolean[] c, int co, long[] t, int to, long[] f, int fo, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, f, fo + k)).blend(V.cast(LongVector.fromArray(S, t, to + k)),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            V.cast(LongVector.fromArray(S, f, fo + k, m)).blend(V.cast(LongVector.fromArray(S, t, to + k, m)),
                    VectorMask.fromArray(S, c, co + k)).intoArray(out, k);
        }
    }

    /**
     * Merges {@code a[ao + k]} into {@code lanes[k % S.length()]}, for {@code k < n}, in order. A loop for each
     * operator, whose accumulator stays in {@code lanes}: loaded and stored in every step (see {@link #binary}), which
     * measured as fast as a vector carried around the loop.
     */
    static void reduce(BinOp op, long[] a, int ao, int n, long[] lanes) {
        switch (op) {
            case ADD -> reduceAdd(a, ao, n, lanes);
            case MUL -> reduceMul(a, ao, n, lanes);
            case MIN -> reduceMin(a, ao, n, lanes);
            case MAX -> reduceMax(a, ao, n, lanes);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void reduceAdd(long[] a, int ao, int n, long[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, lanes, 0)).add(V.cast(LongVector.fromArray(S, a, ao + k))).intoArray(lanes,
                    0);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector acc = V.cast(LongVector.fromArray(S, lanes, 0));
            acc.blend(acc.add(V.cast(LongVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    private static void reduceMul(long[] a, int ao, int n, long[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, lanes, 0)).mul(V.cast(LongVector.fromArray(S, a, ao + k))).intoArray(lanes,
                    0);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector acc = V.cast(LongVector.fromArray(S, lanes, 0));
            acc.blend(acc.mul(V.cast(LongVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    private static void reduceMin(long[] a, int ao, int n, long[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, lanes, 0)).min(V.cast(LongVector.fromArray(S, a, ao + k))).intoArray(lanes,
                    0);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector acc = V.cast(LongVector.fromArray(S, lanes, 0));
            acc.blend(acc.min(V.cast(LongVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    private static void reduceMax(long[] a, int ao, int n, long[] lanes) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, lanes, 0)).max(V.cast(LongVector.fromArray(S, a, ao + k))).intoArray(lanes,
                    0);
        }
        if (k < n) {
            VectorMask<Long> m = S.indexInRange(k, n);
            LongVector acc = V.cast(LongVector.fromArray(S, lanes, 0));
            acc.blend(acc.max(V.cast(LongVector.fromArray(S, a, ao + k, m))), m).intoArray(lanes, 0);
        }
    }

    /** {@code out[k] = op(a[ao + k])}: negation, a loop for each (see {@link #binary}). */
    static void unary(UnaryOp op, long[] a, int ao, long[] out, int n) {
        switch (op) {
            case NEG -> neg(a, ao, out, n);
            default -> throw new IllegalArgumentException(op.symbol);
        }
    }

    private static void neg(long[] a, int ao, long[] out, int n) {
        int k = 0;
        for (int up = S.loopBound(n); k < up; k += S.length()) {
            V.cast(LongVector.fromArray(S, a, ao + k)).neg().intoArray(out, k);
        }
        if (k < n) {
            V.cast(LongVector.fromArray(S, a, ao + k, S.indexInRange(k, n))).neg().intoArray(out, k);
        }
    }

    /** A block of {@code n} copies of {@code v}. */
    static long[] fill(long v, int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    /** The class of {@code species}' vectors, as the class of its kind's vectors. */
    @SuppressWarnings("unchecked")
    private static Class<LongVector> exactClass(VectorSpecies<Long> species) {
        return (Class<LongVector>) species.vectorType();
    }
}
