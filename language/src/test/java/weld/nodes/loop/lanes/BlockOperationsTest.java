package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

import weld.nodes.expression.MathFunctions;
import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * The lane kernel's block operations against plain Java, for every operator of every kind, every length from one
 * element to three vectors and a half (whole vectors, a masked tail, both) and operands at offsets: each operator
 * has a loop of its own, so each is checked on its own. Values repeat (so {@code <} and {@code <=} differ) and the
 * floating-point ones include NaN, infinities and both zeros.
 */
class BlockOperationsTest {
    private static final BinOp[] COMPARISONS = {BinOp.EQ, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE};
    private static final int OFFSET = 3;

    @Test
    void doubleOperations() {
        int lanes = DoubleLanes.S.length();
        double[] a = doubles(new Random(1));
        double[] b = doubles(new Random(2));
        for (int n = 1; n <= 3 * lanes + lanes / 2 + 1; n++) {
            double[] out = new double[roundUp(n, lanes)];
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.SUB, BinOp.MUL, BinOp.DIV}) {
                DoubleLanes.binary(op, a, OFFSET, b, 0, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(apply(op, a[OFFSET + k], b[k]), out[k], 0.0, op + " n " + n + " k " + k);
                }
            }
            for (BinOp op : COMPARISONS) {
                boolean[] m = new boolean[roundUp(n, lanes)];
                DoubleLanes.compare(op, a, OFFSET, b, 0, m, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(compare(op, a[OFFSET + k], b[k]), m[k],
                            op + " n " + n + " k " + k + ": " + a[OFFSET + k] + ", " + b[k]);
                }
            }
            for (UnaryOp op : new UnaryOp[] {UnaryOp.NEG, UnaryOp.SQRT, UnaryOp.EXP, UnaryOp.LOG, UnaryOp.SIN,
                    UnaryOp.COS, UnaryOp.TAN, UnaryOp.ASIN, UnaryOp.ACOS, UnaryOp.ATAN, UnaryOp.SINH, UnaryOp.COSH,
                    UnaryOp.TANH}) {
                DoubleLanes.unary(op, a, OFFSET, out, n);
                for (int k = 0; k < n; k++) {
                    double want = apply(op, a[OFFSET + k]);
                    assertTrue(Double.compare(want, out[k]) == 0 || Math.abs(want - out[k]) <= 2 * Math.ulp(want),
                            op + "(" + a[OFFSET + k] + "): " + out[k] + ", not " + want);
                }
            }
            boolean[] c = conditions(n);
            DoubleLanes.blend(c, 0, a, OFFSET, b, 0, out, n);
            for (int k = 0; k < n; k++) {
                assertEquals(c[k] ? a[OFFSET + k] : b[k], out[k], 0.0);
            }
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL}) {
                double[] acc = new double[lanes];
                java.util.Arrays.fill(acc, op == BinOp.ADD ? 0.5 : 1.5);
                double[] want = acc.clone();
                DoubleLanes.reduce(op, b, OFFSET, n, acc);
                for (int k = 0; k < n; k++) {
                    want[k % lanes] = apply(op, want[k % lanes], b[OFFSET + k]);
                }
                assertArrayEquals(want, acc, 0.0, "reduce " + op + " n " + n);
            }
        }
    }

    @Test
    void floatOperations() {
        int lanes = FloatLanes.S.length();
        double[] da = doubles(new Random(3));
        double[] db = doubles(new Random(4));
        float[] a = new float[da.length];
        float[] b = new float[db.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (float) da[i];
            b[i] = (float) db[i];
        }
        for (int n = 1; n <= 3 * lanes + lanes / 2 + 1; n++) {
            float[] out = new float[roundUp(n, lanes)];
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.SUB, BinOp.MUL, BinOp.DIV}) {
                FloatLanes.binary(op, a, OFFSET, b, 0, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals((float) apply(op, a[OFFSET + k], b[k]), out[k], 0.0f, op + " n " + n + " k " + k);
                }
            }
            for (BinOp op : COMPARISONS) {
                boolean[] m = new boolean[roundUp(n, lanes)];
                FloatLanes.compare(op, a, OFFSET, b, 0, m, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(compare(op, a[OFFSET + k], b[k]), m[k], op + " n " + n + " k " + k);
                }
            }
            for (UnaryOp op : new UnaryOp[] {UnaryOp.NEG, UnaryOp.SQRT}) {
                FloatLanes.unary(op, a, OFFSET, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals((float) apply(op, a[OFFSET + k]), out[k], 0.0f, op + " n " + n + " k " + k);
                }
            }
            boolean[] c = conditions(n);
            FloatLanes.blend(c, 0, a, OFFSET, b, 0, out, n);
            for (int k = 0; k < n; k++) {
                assertEquals(c[k] ? a[OFFSET + k] : b[k], out[k], 0.0f);
            }
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL}) {
                float[] acc = new float[lanes];
                java.util.Arrays.fill(acc, op == BinOp.ADD ? 0.5f : 1.5f);
                float[] want = acc.clone();
                FloatLanes.reduce(op, b, OFFSET, n, acc);
                for (int k = 0; k < n; k++) {
                    want[k % lanes] = (float) apply(op, want[k % lanes], b[OFFSET + k]);
                }
                assertArrayEquals(want, acc, 0.0f, "reduce " + op + " n " + n);
            }
        }
    }

    @Test
    void longOperations() {
        int lanes = LongLanes.S.length();
        long[] a = longs(new Random(5));
        long[] b = longs(new Random(6));
        for (int n = 1; n <= 3 * lanes + lanes / 2 + 1; n++) {
            long[] out = new long[roundUp(n, lanes)];
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.SUB, BinOp.MUL, BinOp.MIN, BinOp.MAX}) {
                LongLanes.binary(op, a, OFFSET, b, 0, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(apply(op, a[OFFSET + k], b[k]), out[k], op + " n " + n + " k " + k);
                }
            }
            for (BinOp op : new BinOp[] {BinOp.EQ, BinOp.NE, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE}) {
                boolean[] m = new boolean[roundUp(n, lanes)];
                LongLanes.compare(op, a, OFFSET, b, 0, m, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(compare(op, a[OFFSET + k], b[k]), m[k], op + " n " + n);
                }
            }
            LongLanes.unary(UnaryOp.NEG, a, OFFSET, out, n);
            for (int k = 0; k < n; k++) {
                assertEquals(-a[OFFSET + k], out[k]);
            }
            boolean[] c = conditions(n);
            LongLanes.blend(c, 0, a, OFFSET, b, 0, out, n);
            for (int k = 0; k < n; k++) {
                assertEquals(c[k] ? a[OFFSET + k] : b[k], out[k]);
            }
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL, BinOp.MIN, BinOp.MAX}) {
                long[] acc = new long[lanes];
                java.util.Arrays.fill(acc, 7);
                long[] want = acc.clone();
                LongLanes.reduce(op, b, OFFSET, n, acc);
                for (int k = 0; k < n; k++) {
                    want[k % lanes] = apply(op, want[k % lanes], b[OFFSET + k]);
                }
                assertArrayEquals(want, acc, "reduce " + op + " n " + n);
            }
        }
    }

    @Test
    void intOperations() {
        int lanes = IntLanes.S.length();
        long[] la = longs(new Random(7));
        long[] lb = longs(new Random(8));
        int[] a = new int[la.length];
        int[] b = new int[lb.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (int) la[i];
            b[i] = (int) lb[i];
        }
        for (int n = 1; n <= 3 * lanes + lanes / 2 + 1; n++) {
            int[] out = new int[roundUp(n, lanes)];
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.SUB, BinOp.MUL, BinOp.MIN, BinOp.MAX}) {
                IntLanes.binary(op, a, OFFSET, b, 0, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals((int) apply(op, (long) a[OFFSET + k], b[k]), out[k], op + " n " + n + " k " + k);
                }
            }
            for (BinOp op : new BinOp[] {BinOp.EQ, BinOp.NE, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE}) {
                boolean[] m = new boolean[roundUp(n, lanes)];
                IntLanes.compare(op, a, OFFSET, b, 0, m, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(compare(op, (long) a[OFFSET + k], b[k]), m[k], op + " n " + n);
                }
            }
            IntLanes.unary(UnaryOp.NEG, a, OFFSET, out, n);
            for (int k = 0; k < n; k++) {
                assertEquals(-a[OFFSET + k], out[k]);
            }
            boolean[] c = conditions(n);
            IntLanes.blend(c, 0, a, OFFSET, b, 0, out, n);
            for (int k = 0; k < n; k++) {
                assertEquals(c[k] ? a[OFFSET + k] : b[k], out[k]);
            }
            for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL, BinOp.MIN, BinOp.MAX}) {
                int[] acc = new int[lanes];
                java.util.Arrays.fill(acc, 7);
                int[] want = acc.clone();
                IntLanes.reduce(op, b, OFFSET, n, acc);
                for (int k = 0; k < n; k++) {
                    want[k % lanes] = (int) apply(op, (long) want[k % lanes], b[OFFSET + k]);
                }
                assertArrayEquals(want, acc, "reduce " + op + " n " + n);
            }
        }
    }

    /**
     * {@code i32} {@code /} and {@code %}, which divide through {@code f64} lanes: against Java's on the extremes
     * and on random operands, for every length up to three vectors and a half, by divisors that are never 0 or -1
     * (the kernel does not run with those).
     */
    @Test
    void intDivision() {
        int lanes = IntLanes.S.length();
        int[] special = {0, 1, -1, 2, -2, 3, 7, -7, 1000, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1,
                Integer.MIN_VALUE + 1, 65536, -65537, 46341, 1 << 30, -(1 << 30)};
        int[] divisors = {1, 2, -2, 3, 7, -7, 10, 1000, 65536, -65537, Integer.MAX_VALUE, Integer.MIN_VALUE,
                Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1};
        Random r = new Random(9);
        int[] a = new int[4 * lanes + OFFSET];
        for (int i = 0; i < a.length; i++) {
            a[i] = i < special.length ? special[i] : r.nextInt();
        }
        for (int d : divisors) {
            int[] b = new int[a.length];
            java.util.Arrays.fill(b, d);
            for (int n = 1; n <= 3 * lanes + lanes / 2 + 1; n++) {
                int[] out = new int[roundUp(n, lanes)];
                IntLanes.binary(BinOp.DIV, a, OFFSET, b, 0, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(a[OFFSET + k] / d, out[k], a[OFFSET + k] + " / " + d);
                }
                IntLanes.binary(BinOp.MOD, a, 0, b, OFFSET, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(a[k] % d, out[k], a[k] + " % " + d);
                }
            }
        }
        int[] x = new int[1 << 16];
        int[] y = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextInt(4) == 0 ? r.nextInt(2001) - 1000 : r.nextInt();
            do {
                y[i] = r.nextBoolean() ? r.nextInt(201) - 100 : r.nextInt();
            } while (y[i] == 0 || y[i] == -1);
        }
        int[] q = new int[x.length];
        int[] m = new int[x.length];
        IntLanes.binary(BinOp.DIV, x, 0, y, 0, q, x.length);
        IntLanes.binary(BinOp.MOD, x, 0, y, 0, m, x.length);
        for (int i = 0; i < x.length; i++) {
            assertEquals(x[i] / y[i], q[i], x[i] + " / " + y[i]);
            assertEquals(x[i] % y[i], m[i], x[i] + " % " + y[i]);
        }
    }

    /**
     * {@code i64} {@code /} and {@code %}: vectors whose operands are all of magnitude below 2^52 through {@code f64}
     * lanes, the others value by value; against Java's on the edges of that range, the extremes of {@code long} (in
     * vectors mixed with small values), random operands of every magnitude, for every length up to three vectors and
     * a half, by divisors that are never 0 or -1.
     */
    @Test
    void longDivision() {
        int lanes = LongLanes.S.length();
        long e = 1L << 52;
        long[] special = {0, 1, -1, 2, -2, 7, -7, e - 1, -(e - 1), e - 2, 3 * (e / 4) + 5, -(3 * (e / 4) + 5),
                86_400_000L * 20_000 + 12_345, Long.MAX_VALUE, Long.MIN_VALUE, e, -e, e + 1, Long.MIN_VALUE + 1,
                1L << 62, Integer.MIN_VALUE, Integer.MAX_VALUE};
        long[] divisors = {1, 2, -2, 3, 7, -7, 10, 1000, 86_400_000L, -65537, e - 1, -(e - 1), e, e + 1, 1L << 53,
                Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 3 * (e / 4) + 5};
        Random r = new Random(11);
        long[] a = new long[4 * lanes + OFFSET];
        for (int i = 0; i < a.length; i++) {
            a[i] = i < special.length ? special[i] : r.nextLong() >> r.nextInt(64);
        }
        for (long d : divisors) {
            long[] b = new long[a.length];
            java.util.Arrays.fill(b, d);
            for (int n = 1; n <= 3 * lanes + lanes / 2 + 1; n++) {
                long[] out = new long[roundUp(n, lanes)];
                LongLanes.binary(BinOp.DIV, a, OFFSET, b, 0, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(a[OFFSET + k] / d, out[k], a[OFFSET + k] + " / " + d);
                }
                LongLanes.binary(BinOp.MOD, a, 0, b, OFFSET, out, n);
                for (int k = 0; k < n; k++) {
                    assertEquals(a[k] % d, out[k], a[k] + " % " + d);
                }
            }
        }
        long[] x = new long[1 << 16];
        long[] y = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            // magnitudes up to about 2^53 in most vectors, so that most divide through f64 lanes, near its limit
            x[i] = i % 64 == 0 ? r.nextLong() : r.nextLong() >> (11 + r.nextInt(53));
            do {
                y[i] = r.nextBoolean() ? r.nextInt(201) - 100 : r.nextLong() >> (11 + r.nextInt(53));
            } while (y[i] == 0 || y[i] == -1);
        }
        long[] q = new long[x.length];
        long[] m = new long[x.length];
        LongLanes.binary(BinOp.DIV, x, 0, y, 0, q, x.length);
        LongLanes.binary(BinOp.MOD, x, 0, y, 0, m, x.length);
        for (int i = 0; i < x.length; i++) {
            assertEquals(x[i] / y[i], q[i], x[i] + " / " + y[i]);
            assertEquals(x[i] % y[i], m[i], x[i] + " % " + y[i]);
        }
    }

    /** Values from a few repeated ones, NaN, infinities and both zeros. */
    private static double[] doubles(Random r) {
        double[] pool = {1.5, -2.25, 3.0, 0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                1e300, 0.1, 7.0, -7.0};
        double[] v = new double[128 + OFFSET];
        for (int i = 0; i < v.length; i++) {
            v[i] = pool[r.nextInt(pool.length)];
        }
        return v;
    }

    /** Small values that repeat, and values past 32 bits. */
    private static long[] longs(Random r) {
        long[] v = new long[128 + OFFSET];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(5) == 0 ? r.nextLong() : r.nextInt(7) - 3;
        }
        return v;
    }

    private static boolean[] conditions(int n) {
        boolean[] c = new boolean[n + 64];
        for (int k = 0; k < c.length; k++) {
            c[k] = k % 3 == 1;
        }
        return c;
    }

    private static int roundUp(int n, int lanes) {
        return (n + lanes - 1) / lanes * lanes;
    }

    /** Java's comparison operators on doubles (false with NaN, {@code -0.0 == 0.0}). */
    private static boolean compare(BinOp op, double x, double y) {
        return switch (op) {
            case EQ -> x == y;
            case LT -> x < y;
            case LE -> x <= y;
            case GT -> x > y;
            case GE -> x >= y;
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    private static boolean compare(BinOp op, long x, long y) {
        return switch (op) {
            case EQ -> x == y;
            case NE -> x != y;
            case LT -> x < y;
            case LE -> x <= y;
            case GT -> x > y;
            case GE -> x >= y;
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    private static double apply(BinOp op, double x, double y) {
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> x / y;
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    private static long apply(BinOp op, long x, long y) {
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case MIN -> Math.min(x, y);
            case MAX -> Math.max(x, y);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    /** The scalar math functions (their reference, {@link MathFunctions}), and negation. */
    private static double apply(UnaryOp op, double x) {
        return op == UnaryOp.NEG ? -x : MathFunctions.apply(op, x);
    }
}
