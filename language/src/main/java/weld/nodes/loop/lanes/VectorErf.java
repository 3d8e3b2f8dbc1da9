package weld.nodes.loop.lanes;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code erf} on {@code double} lanes: fdlibm's s_erf.c (the scalar {@code erf} of Weld). Each of its argument
 * ranges is a quotient of two polynomials. A vector whose lanes fall into several ranges evaluates one numerator
 * and one denominator, each lane with its own range's variable and coefficients (a lane permutation of a table row
 * per Horner step), where it used to evaluate every present range's pair; one division serves every range. Horner's
 * rule uses fused multiply-adds and the tail's {@code exp} the Vector API's {@code EXP} (the JDK's SIMD math
 * library, within 1 ulp of {@code Math.exp}): results may differ from the scalar function by 1 ulp, and a lane's
 * result does not depend on the other lanes of its vector (below 1.25 not at all; from 1.25 on, {@code EXP} itself
 * may differ in the last bit before and after C2 compiles this method).
 */
final class VectorErf {
    private static final double ERX = 8.45062911510467529297e-01;
    private static final double EFX = 1.28379167095512586316e-01;

    /**
     * The coefficients of each range's numerator and denominator, highest degree first, in range order: |x| below
     * 0.84375 (in x^2), below 1.25 (in |x| - 1), below 1/0.35 and below 6 (both in 1/x^2).
     */
    private static final double[][] NUMERATORS = {
        {-2.37630166566501626084e-05, -5.77027029648944159157e-03, -2.84817495755985104766e-02,
            -3.25042107247001499370e-01, 1.28379167095512558561e-01},
        {-2.16637559486879084300e-03, 3.54783043256182359371e-02, -1.10894694282396677476e-01,
            3.18346619901161753674e-01, -3.72207876035701323847e-01, 4.14856118683748331666e-01,
            -2.36211856075265944077e-03},
        {-9.81432934416914548592e+00, -8.12874355063065934246e+01, -1.84605092906711035994e+02,
            -1.62396669462573470355e+02, -6.23753324503260060396e+01, -1.05586262253232909814e+01,
            -6.93858572707181764372e-01, -9.86494403484714822705e-03},
        {-4.83519191608651397019e+02, -1.02509513161107724954e+03, -6.37566443368389627722e+02,
            -1.60636384855821916062e+02, -1.77579549177547519889e+01, -7.99283237680523006574e-01,
            -9.86494292470009928597e-03}
    };

    private static final double[][] DENOMINATORS = {
        {-3.96022827877536812320e-06, 1.32494738004321644526e-04, 5.08130628187576562776e-03,
            6.50222499887672944485e-02, 3.97917223959155352819e-01, 1.0},
        {1.19844998467991074170e-02, 1.36370839120290507362e-02, 1.26171219808761642112e-01,
            7.18286544141962662868e-02, 5.40397917702171048937e-01, 1.06420880400844228286e-01, 1.0},
        {-6.04244152148580987438e-02, 6.57024977031928170135e+00, 1.08635005541779435134e+02,
            4.29008140027567833386e+02, 6.45387271733267880336e+02, 4.34565877475229228821e+02,
            1.37657754143519042600e+02, 1.96512716674392571292e+01, 1.0},
        {-2.24409524465858183362e+01, 4.74528541206955367215e+02, 2.55305040643316442583e+03,
            3.19985821950859553908e+03, 1.53672958608443695994e+03, 3.25792512996573918826e+02,
            3.03380607434824582924e+01, 1.0}
    };

    /**
     * The same coefficients as tables for choosing lane by lane: row {@code j} holds the coefficients of degree
     * {@code degree - j} of the four ranges, 0 where a range's polynomial is shorter (which Horner's rule passes
     * through exactly, {@code fma(0, v, c) == c}, so a lane gets the result of its range's own polynomial), padded to
     * the vector length; null for vectors of fewer than {@value #PERMUTED_LANES} lanes, which evaluate each range's
     * pair.
     */
    private static final int ROW = DoubleLanes.S.length();
    private static final double[] NUMERATOR_ROWS = rows(NUMERATORS, 7);
    private static final double[] DENOMINATOR_ROWS = rows(DENOMINATORS, 8);
    /**
     * The fewest lanes for choosing coefficients by permutation: with AVX-512 (8 lanes) {@code selectFrom} is one
     * {@code vpermpd}; with AVX2 (4 lanes, {@code -XX:UseAVX=2}) C2 did not make it one instruction and Black-Scholes
     * took 2.85 s instead of 0.28.
     */
    private static final int PERMUTED_LANES = 8;

    private VectorErf() {
    }

    private static double[] rows(double[][] polys, int degree) {
        if (DoubleLanes.S.length() < PERMUTED_LANES) {
            return null;
        }
        double[] t = new double[(degree + 1) * ROW];
        for (int r = 0; r < polys.length; r++) {
            double[] c = polys[r];
            for (int j = 0; j < c.length; j++) {
                t[(degree + 1 - c.length + j) * ROW + r] = c[j];
            }
        }
        return t;
    }

    /**
     * {@code out[k] = erf(a[ao + k])} for {@code k < n}. One method with every step written out: the loop calls no
     * method per vector, so no vector is boxed.
     */
    static void erf(double[] a, int ao, double[] out, int n) {
        VectorSpecies<Double> sp = DoubleLanes.S;
        for (int k = 0; k < n; k += sp.length()) {
            VectorMask<Double> lanes = sp.indexInRange(k, n);
            DoubleVector x = DoubleVector.fromArray(sp, a, ao + k, lanes);
            DoubleVector ax = x.abs();
            VectorMask<Double> negative = x.compare(VectorOperators.LT, 0.0);
            // |x| >= 6, infinities included: +-1 (NaN lanes fall through to the tail, which keeps NaN).
            DoubleVector r = DoubleVector.broadcast(sp, 1.0 - 1e-300);
            r = r.blend(r.neg(), negative);
            VectorMask<Double> small = ax.compare(VectorOperators.LT, 0.84375);
            VectorMask<Double> mid = ax.compare(VectorOperators.GE, 0.84375).and(ax.compare(VectorOperators.LT, 1.25));
            // 1.25 <= |x| < 6, and NaN (whose comparisons are all false), which the tail's arithmetic keeps.
            VectorMask<Double> tail = ax.compare(VectorOperators.LT, 1.25).not()
                    .and(ax.compare(VectorOperators.GE, 6.0).not());
            boolean anySmall = small.anyTrue();
            boolean anyMid = mid.anyTrue();
            boolean anyTail = tail.anyTrue();
            DoubleVector num;
            DoubleVector den;
            if (NUMERATOR_ROWS != null && (anySmall ? 1 : 0) + (anyMid ? 1 : 0) + (anyTail ? 1 : 0) >= 2) {
                // Lanes of several ranges: one numerator and one denominator, each lane with its range's variable
                // and coefficients (a lane permutation of a table row per step).
                VectorMask<Double> near = ax.compare(VectorOperators.LT, 1 / 0.35);
                DoubleVector range = DoubleVector.broadcast(sp, 3.0).blend(2.0, near).blend(1.0, mid).blend(0.0, small);
                DoubleVector v = ax.sub(1.0).blend(x.mul(x), small);
                if (anyTail) {
                    v = v.blend(DoubleVector.broadcast(sp, 1.0).div(ax.mul(ax)), tail);
                }
                // The steps written out: as loops over the rows, erf over mixed ranges ran at 57 ms in some JVMs and at
                // 97-135 in others.
                num = range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 0));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 1 * ROW)));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 2 * ROW)));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 3 * ROW)));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 4 * ROW)));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 5 * ROW)));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 6 * ROW)));
                num = num.fma(v, range.selectFrom(DoubleVector.fromArray(sp, NUMERATOR_ROWS, 7 * ROW)));
                den = range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 0));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 1 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 2 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 3 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 4 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 5 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 6 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 7 * ROW)));
                den = den.fma(v, range.selectFrom(DoubleVector.fromArray(sp, DENOMINATOR_ROWS, 8 * ROW)));
            } else {
                // Lanes of one range (|x| >= 6 aside), or vectors too short for the tables: each present range's pair,
                // its coefficients written out (loads from NUMERATORS and DENOMINATORS, or loops over them, made the
                // vectors of AVX2 8-10% slower; VectorErfTest compares this path with the tables').
                num = DoubleVector.zero(sp);
                den = DoubleVector.broadcast(sp, 1.0);
                if (anySmall) {
                    DoubleVector z = x.mul(x);
                    DoubleVector pp = z.fma(-2.37630166566501626084e-05, -5.77027029648944159157e-03);
                    pp = pp.fma(z, DoubleVector.broadcast(sp, -2.84817495755985104766e-02));
                    pp = pp.fma(z, DoubleVector.broadcast(sp, -3.25042107247001499370e-01));
                    pp = pp.fma(z, DoubleVector.broadcast(sp, 1.28379167095512558561e-01));
                    DoubleVector qq = z.fma(-3.96022827877536812320e-06, 1.32494738004321644526e-04);
                    qq = qq.fma(z, DoubleVector.broadcast(sp, 5.08130628187576562776e-03));
                    qq = qq.fma(z, DoubleVector.broadcast(sp, 6.50222499887672944485e-02));
                    qq = qq.fma(z, DoubleVector.broadcast(sp, 3.97917223959155352819e-01));
                    qq = qq.fma(z, DoubleVector.broadcast(sp, 1.0));
                    num = num.blend(pp, small);
                    den = den.blend(qq, small);
                }
                if (anyMid) {
                    DoubleVector m = ax.sub(1.0);
                    DoubleVector pa = m.fma(-2.16637559486879084300e-03, 3.54783043256182359371e-02);
                    pa = pa.fma(m, DoubleVector.broadcast(sp, -1.10894694282396677476e-01));
                    pa = pa.fma(m, DoubleVector.broadcast(sp, 3.18346619901161753674e-01));
                    pa = pa.fma(m, DoubleVector.broadcast(sp, -3.72207876035701323847e-01));
                    pa = pa.fma(m, DoubleVector.broadcast(sp, 4.14856118683748331666e-01));
                    pa = pa.fma(m, DoubleVector.broadcast(sp, -2.36211856075265944077e-03));
                    DoubleVector qa = m.fma(1.19844998467991074170e-02, 1.36370839120290507362e-02);
                    qa = qa.fma(m, DoubleVector.broadcast(sp, 1.26171219808761642112e-01));
                    qa = qa.fma(m, DoubleVector.broadcast(sp, 7.18286544141962662868e-02));
                    qa = qa.fma(m, DoubleVector.broadcast(sp, 5.40397917702171048937e-01));
                    qa = qa.fma(m, DoubleVector.broadcast(sp, 1.06420880400844228286e-01));
                    qa = qa.fma(m, DoubleVector.broadcast(sp, 1.0));
                    num = num.blend(pa, mid);
                    den = den.blend(qa, mid);
                }
                if (anyTail) {
                    DoubleVector s = DoubleVector.broadcast(sp, 1.0).div(ax.mul(ax));
                    DoubleVector rb = s.fma(-4.83519191608651397019e+02, -1.02509513161107724954e+03);
                    rb = rb.fma(s, DoubleVector.broadcast(sp, -6.37566443368389627722e+02));
                    rb = rb.fma(s, DoubleVector.broadcast(sp, -1.60636384855821916062e+02));
                    rb = rb.fma(s, DoubleVector.broadcast(sp, -1.77579549177547519889e+01));
                    rb = rb.fma(s, DoubleVector.broadcast(sp, -7.99283237680523006574e-01));
                    rb = rb.fma(s, DoubleVector.broadcast(sp, -9.86494292470009928597e-03));
                    DoubleVector sb = s.fma(-2.24409524465858183362e+01, 4.74528541206955367215e+02);
                    sb = sb.fma(s, DoubleVector.broadcast(sp, 2.55305040643316442583e+03));
                    sb = sb.fma(s, DoubleVector.broadcast(sp, 3.19985821950859553908e+03));
                    sb = sb.fma(s, DoubleVector.broadcast(sp, 1.53672958608443695994e+03));
                    sb = sb.fma(s, DoubleVector.broadcast(sp, 3.25792512996573918826e+02));
                    sb = sb.fma(s, DoubleVector.broadcast(sp, 3.03380607434824582924e+01));
                    sb = sb.fma(s, DoubleVector.broadcast(sp, 1.0));
                    VectorMask<Double> near = ax.compare(VectorOperators.LT, 1 / 0.35);
                    if (near.anyTrue()) {
                        DoubleVector ra = s.fma(-9.81432934416914548592e+00, -8.12874355063065934246e+01);
                        ra = ra.fma(s, DoubleVector.broadcast(sp, -1.84605092906711035994e+02));
                        ra = ra.fma(s, DoubleVector.broadcast(sp, -1.62396669462573470355e+02));
                        ra = ra.fma(s, DoubleVector.broadcast(sp, -6.23753324503260060396e+01));
                        ra = ra.fma(s, DoubleVector.broadcast(sp, -1.05586262253232909814e+01));
                        ra = ra.fma(s, DoubleVector.broadcast(sp, -6.93858572707181764372e-01));
                        ra = ra.fma(s, DoubleVector.broadcast(sp, -9.86494403484714822705e-03));
                        DoubleVector sa = s.fma(-6.04244152148580987438e-02, 6.57024977031928170135e+00);
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 1.08635005541779435134e+02));
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 4.29008140027567833386e+02));
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 6.45387271733267880336e+02));
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 4.34565877475229228821e+02));
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 1.37657754143519042600e+02));
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 1.96512716674392571292e+01));
                        sa = sa.fma(s, DoubleVector.broadcast(sp, 1.0));
                        rb = rb.blend(ra, near);
                        sb = sb.blend(sa, near);
                    }
                    num = num.blend(rb, tail);
                    den = den.blend(sb, tail);
                }
            }
            // One division for the quotient of every range: each lane divides its own range's polynomials.
            DoubleVector t = num.div(den);
            // The small and middle ranges' results are blended in whether or not a lane needs them: under
            // `if (anySmall)` and `if (anyMid)`, C2 allocated the quotient t as an object for every vector (80 bytes
            // per 8 values, Black-Scholes' erfs 160 MB a call) and erf ran 20-25% slower.
            DoubleVector y = x.add(x.mul(t));
            y = y.blend(x.add(x.mul(EFX)), ax.compare(VectorOperators.LT, 0x1p-28));
            r = r.blend(y, small);
            r = r.blend(t.add(ERX).blend(t.neg().sub(ERX), negative), mid);
            if (anyTail) {
                // erfc(|x|) = exp(-x^2 - 0.5625 + R/S) / |x| with one exp. fdlibm splits -x^2 into a second exp of an
                // exactly squared head of x, which erfc needs; erf = 1 - erfc (erfc < 0.08 here) only feels the
                // rounding of the exponent (one, with the fused multiply-add) in its last bit: of 200,000 tail
                // arguments, 0.60% are 1 ulp from the correctly rounded erf (fdlibm: 0.37%), none more.
                // Black-Scholes: 149 -> 134 ms.
                DoubleVector q = ax.neg().fma(ax, t.sub(0.5625)).lanewise(VectorOperators.EXP).div(ax);
                r = r.blend(DoubleVector.broadcast(sp, 1.0).sub(q).blend(q.sub(1.0), negative), tail);
            }
            r.intoArray(out, k, lanes);
        }
    }
}
