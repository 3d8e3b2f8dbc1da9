package weld.nodes.expression;

import weld.syntax.UnaryOp;

/** The unary math functions of Weld with the behaviour of C's {@code math.h}; {@code erf} follows fdlibm's s_erf.c. */
public final class MathFunctions {
    private MathFunctions() {
    }

    /** Math function {@code op} of {@code x}. */
    public static double apply(UnaryOp op, double x) {
        return switch (op) {
            case EXP -> Math.exp(x);
            case LOG -> Math.log(x);
            case SQRT -> Math.sqrt(x);
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case TAN -> Math.tan(x);
            case ASIN -> Math.asin(x);
            case ACOS -> Math.acos(x);
            case ATAN -> Math.atan(x);
            case SINH -> Math.sinh(x);
            case COSH -> Math.cosh(x);
            case TANH -> Math.tanh(x);
            case ERF -> erf(x);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    private static final double ERX = 8.45062911510467529297e-01;
    private static final double EFX = 1.28379167095512586316e-01;
    private static final double[] PP = {1.28379167095512558561e-01, -3.25042107247001499370e-01,
        -2.84817495755985104766e-02, -5.77027029648944159157e-03, -2.37630166566501626084e-05};
    private static final double[] QQ = {1.0, 3.97917223959155352819e-01, 6.50222499887672944485e-02,
        5.08130628187576562776e-03, 1.32494738004321644526e-04, -3.96022827877536812320e-06};
    private static final double[] PA = {-2.36211856075265944077e-03, 4.14856118683748331666e-01,
        -3.72207876035701323847e-01, 3.18346619901161753674e-01, -1.10894694282396677476e-01,
        3.54783043256182359371e-02, -2.16637559486879084300e-03};
    private static final double[] QA = {1.0, 1.06420880400844228286e-01, 5.40397917702171048937e-01,
        7.18286544141962662868e-02, 1.26171219808761642112e-01, 1.36370839120290507362e-02,
        1.19844998467991074170e-02};
    private static final double[] RA = {-9.86494403484714822705e-03, -6.93858572707181764372e-01,
        -1.05586262253232909814e+01, -6.23753324503260060396e+01, -1.62396669462573470355e+02,
        -1.84605092906711035994e+02, -8.12874355063065934246e+01, -9.81432934416914548592e+00};
    private static final double[] SA = {1.0, 1.96512716674392571292e+01, 1.37657754143519042600e+02,
        4.34565877475229228821e+02, 6.45387271733267880336e+02, 4.29008140027567833386e+02,
        1.08635005541779435134e+02, 6.57024977031928170135e+00, -6.04244152148580987438e-02};
    private static final double[] RB = {-9.86494292470009928597e-03, -7.99283237680523006574e-01,
        -1.77579549177547519889e+01, -1.60636384855821916062e+02, -6.37566443368389627722e+02,
        -1.02509513161107724954e+03, -4.83519191608651397019e+02};
    private static final double[] SB = {1.0, 3.03380607434824582924e+01, 3.25792512996573918826e+02,
        1.53672958608443695994e+03, 3.19985821950859553908e+03, 2.55305040643316442583e+03,
        4.74528541206955367215e+02, -2.24409524465858183362e+01};

    private static double poly(double[] c, double s) {
        double r = c[c.length - 1];
        for (int i = c.length - 2; i >= 0; i--) {
            r = c[i] + s * r;
        }
        return r;
    }

    /** {@code erf(x)}: fdlibm's algorithm, within 1 ulp. */
    public static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double ax = Math.abs(x);
        if (Double.isInfinite(x)) {
            return Math.signum(x);
        }
        if (ax < 0.84375) {
            if (ax < 0x1p-28) {
                return x + EFX * x;
            }
            double z = x * x;
            return x + x * (poly(PP, z) / poly(QQ, z));
        }
        if (ax < 1.25) {
            double s = ax - 1.0;
            double q = poly(PA, s) / poly(QA, s);
            return x >= 0 ? ERX + q : -ERX - q;
        }
        if (ax >= 6) {
            return x >= 0 ? 1.0 - 1e-300 : 1e-300 - 1.0;
        }
        double s = 1.0 / (ax * ax);
        double rs = ax < 1 / 0.35 ? poly(RA, s) / poly(SA, s) : poly(RB, s) / poly(SB, s);
        double z = Double.longBitsToDouble(Double.doubleToRawLongBits(ax) & 0xffffffff00000000L);
        double r = Math.exp(-z * z - 0.5625) * Math.exp((z - ax) * (z + ax) + rs);
        return x >= 0 ? 1.0 - r / ax : r / ax - 1.0;
    }
}
