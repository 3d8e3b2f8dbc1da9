package weld.nodes.loop.lanes;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code erf} on {@code double} lanes: fdlibm's s_erf.c (the scalar {@code erf} of Weld) with its four argument
 * ranges computed as blends, each only when some lane of the vector falls into it. The two {@code exp}s of the
 * tail use the Vector API's {@code EXP} (the JDK's SIMD math library, within 1 ulp of {@code Math.exp}), so results
 * may differ from the scalar function in the last bit.
 */
final class VectorErf {
    private static final double ERX = 8.45062911510467529297e-01;
    private static final double EFX = 1.28379167095512586316e-01;

    private VectorErf() {
    }

    /**
     * {@code out[k] = erf(a[ao + k])} for {@code k < n}. One method with the polynomials written out (Horner's rule,
     * in the scalar function's operation order): the loop calls no method per vector, so no vector is boxed.
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
            if (small.anyTrue()) {
                DoubleVector z = x.mul(x);
                DoubleVector pp = z.mul(-2.37630166566501626084e-05).add(-5.77027029648944159157e-03);
                pp = z.mul(pp).add(-2.84817495755985104766e-02);
                pp = z.mul(pp).add(-3.25042107247001499370e-01);
                pp = z.mul(pp).add(1.28379167095512558561e-01);
                DoubleVector qq = z.mul(-3.96022827877536812320e-06).add(1.32494738004321644526e-04);
                qq = z.mul(qq).add(5.08130628187576562776e-03);
                qq = z.mul(qq).add(6.50222499887672944485e-02);
                qq = z.mul(qq).add(3.97917223959155352819e-01);
                qq = z.mul(qq).add(1.0);
                DoubleVector y = x.add(x.mul(pp.div(qq)));
                y = y.blend(x.add(x.mul(EFX)), ax.compare(VectorOperators.LT, 0x1p-28));
                r = r.blend(y, small);
            }
            if (mid.anyTrue()) {
                DoubleVector s = ax.sub(1.0);
                DoubleVector pa = s.mul(-2.16637559486879084300e-03).add(3.54783043256182359371e-02);
                pa = s.mul(pa).add(-1.10894694282396677476e-01);
                pa = s.mul(pa).add(3.18346619901161753674e-01);
                pa = s.mul(pa).add(-3.72207876035701323847e-01);
                pa = s.mul(pa).add(4.14856118683748331666e-01);
                pa = s.mul(pa).add(-2.36211856075265944077e-03);
                DoubleVector qa = s.mul(1.19844998467991074170e-02).add(1.36370839120290507362e-02);
                qa = s.mul(qa).add(1.26171219808761642112e-01);
                qa = s.mul(qa).add(7.18286544141962662868e-02);
                qa = s.mul(qa).add(5.40397917702171048937e-01);
                qa = s.mul(qa).add(1.06420880400844228286e-01);
                qa = s.mul(qa).add(1.0);
                DoubleVector q = pa.div(qa);
                r = r.blend(q.add(ERX).blend(q.neg().sub(ERX), negative), mid);
            }
            if (tail.anyTrue()) {
                DoubleVector s = DoubleVector.broadcast(sp, 1.0).div(ax.mul(ax));
                DoubleVector rb = s.mul(-4.83519191608651397019e+02).add(-1.02509513161107724954e+03);
                rb = s.mul(rb).add(-6.37566443368389627722e+02);
                rb = s.mul(rb).add(-1.60636384855821916062e+02);
                rb = s.mul(rb).add(-1.77579549177547519889e+01);
                rb = s.mul(rb).add(-7.99283237680523006574e-01);
                rb = s.mul(rb).add(-9.86494292470009928597e-03);
                DoubleVector sb = s.mul(-2.24409524465858183362e+01).add(4.74528541206955367215e+02);
                sb = s.mul(sb).add(2.55305040643316442583e+03);
                sb = s.mul(sb).add(3.19985821950859553908e+03);
                sb = s.mul(sb).add(1.53672958608443695994e+03);
                sb = s.mul(sb).add(3.25792512996573918826e+02);
                sb = s.mul(sb).add(3.03380607434824582924e+01);
                sb = s.mul(sb).add(1.0);
                DoubleVector rs = rb.div(sb);
                VectorMask<Double> near = ax.compare(VectorOperators.LT, 1 / 0.35);
                if (near.anyTrue()) {
                    DoubleVector ra = s.mul(-9.81432934416914548592e+00).add(-8.12874355063065934246e+01);
                    ra = s.mul(ra).add(-1.84605092906711035994e+02);
                    ra = s.mul(ra).add(-1.62396669462573470355e+02);
                    ra = s.mul(ra).add(-6.23753324503260060396e+01);
                    ra = s.mul(ra).add(-1.05586262253232909814e+01);
                    ra = s.mul(ra).add(-6.93858572707181764372e-01);
                    ra = s.mul(ra).add(-9.86494403484714822705e-03);
                    DoubleVector sa = s.mul(-6.04244152148580987438e-02).add(6.57024977031928170135e+00);
                    sa = s.mul(sa).add(1.08635005541779435134e+02);
                    sa = s.mul(sa).add(4.29008140027567833386e+02);
                    sa = s.mul(sa).add(6.45387271733267880336e+02);
                    sa = s.mul(sa).add(4.34565877475229228821e+02);
                    sa = s.mul(sa).add(1.37657754143519042600e+02);
                    sa = s.mul(sa).add(1.96512716674392571292e+01);
                    sa = s.mul(sa).add(1.0);
                    rs = rs.blend(ra.div(sa), near);
                }
                DoubleVector z = ax.reinterpretAsLongs().lanewise(VectorOperators.AND, 0xffffffff00000000L)
                        .reinterpretAsDoubles();
                DoubleVector e1 = z.neg().mul(z).sub(0.5625).lanewise(VectorOperators.EXP);
                DoubleVector e2 = z.sub(ax).mul(z.add(ax)).add(rs).lanewise(VectorOperators.EXP);
                DoubleVector q = e1.mul(e2).div(ax);
                r = r.blend(DoubleVector.broadcast(sp, 1.0).sub(q).blend(q.sub(1.0), negative), tail);
            }
            r.intoArray(out, k, lanes);
        }
    }
}
