package weld.runtime;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Scalar semantics shared by nodes and builders: narrowing of int-carried values to their Weld width, and the
 * commutative merge operators ({@code + * min max}) with their identities on boxed carriers, applied field by
 * field to structs of scalars.
 */
public final class ScalarOps {
    private ScalarOps() {
    }

    /** Wraps an int-carried result to the width and signedness of {@code k}. */
    public static int normalize(ScalarKind k, int v) {
        return switch (k) {
            case I8 -> (byte) v;
            case U8 -> v & 0xFF;
            case I16 -> (short) v;
            case U16 -> v & 0xFFFF;
            default -> v;
        };
    }

    /** The initial value of a builder with operator {@code op} over {@code t} (a scalar or a struct of scalars). */
    public static Object identity(WeldType t, BinOp op) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            Object[] f = new Object[s.fields().size()];
            for (int i = 0; i < f.length; i++) {
                f[i] = identity(s.fields().get(i), op);
            }
            return new WeldStruct(s, f);
        }
        ScalarKind k = ((WeldType.Scalar) t).kind();
        return switch (op) {
            case ADD -> box(k, 0);
            case MUL -> box(k, 1);
            case MIN -> maxValue(k);
            case MAX -> minValue(k);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    private static Object box(ScalarKind k, long v) {
        return switch (Carrier.of(k)) {
            case BOOLEAN -> v != 0;
            case INT -> (int) v;
            case LONG -> v;
            case FLOAT -> (float) v;
            case DOUBLE -> (double) v;
            case OBJECT -> throw new IllegalArgumentException();
        };
    }

    private static Object maxValue(ScalarKind k) {
        return switch (k) {
            case BOOL -> true;
            case I8 -> (int) Byte.MAX_VALUE;
            case U8 -> 0xFF;
            case I16 -> (int) Short.MAX_VALUE;
            case U16 -> 0xFFFF;
            case I32 -> Integer.MAX_VALUE;
            case U32 -> -1;
            case I64 -> Long.MAX_VALUE;
            case U64 -> -1L;
            case F32 -> Float.MAX_VALUE;
            case F64 -> Double.MAX_VALUE;
        };
    }

    private static Object minValue(ScalarKind k) {
        return switch (k) {
            case BOOL -> false;
            case I8 -> (int) Byte.MIN_VALUE;
            case I16 -> (int) Short.MIN_VALUE;
            case I32 -> Integer.MIN_VALUE;
            case I64 -> Long.MIN_VALUE;
            case U8, U16, U32 -> 0;
            case U64 -> 0L;
            case F32 -> -Float.MAX_VALUE;
            case F64 -> -Double.MAX_VALUE;
        };
    }

    /** {@code a op b} for a merge operator on boxed carriers of type {@code t}. */
    public static Object combine(WeldType t, BinOp op, Object a, Object b) {
        t = t.resolve();
        if (t instanceof WeldType.Struct s) {
            WeldStruct x = (WeldStruct) a;
            WeldStruct y = (WeldStruct) b;
            Object[] f = new Object[x.fields.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = combine(s.fields().get(i), op, x.fields[i], y.fields[i]);
            }
            return new WeldStruct(s, f);
        }
        return combineScalar(((WeldType.Scalar) t).kind(), op, a, b);
    }

    /** {@code a op b} for a merge operator on boxed values of the scalar kind {@code k}. */
    public static Object combineScalar(ScalarKind k, BinOp op, Object a, Object b) {
        return switch (Carrier.of(k)) {
            case INT -> combineInt(k, op, (Integer) a, (Integer) b);
            case LONG -> combineLong(k, op, (Long) a, (Long) b);
            case FLOAT -> (float) combineDouble(op, (Float) a, (Float) b);
            case DOUBLE -> combineDouble(op, (Double) a, (Double) b);
            default -> throw new IllegalArgumentException("cannot merge " + k);
        };
    }

    public static int combineInt(ScalarKind k, BinOp op, int a, int b) {
        boolean u = k == ScalarKind.U32;
        return switch (op) {
            case ADD -> normalize(k, a + b);
            case MUL -> normalize(k, a * b);
            case MIN -> (u ? Integer.compareUnsigned(a, b) <= 0 : a <= b) ? a : b;
            case MAX -> (u ? Integer.compareUnsigned(a, b) >= 0 : a >= b) ? a : b;
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    public static long combineLong(ScalarKind k, BinOp op, long a, long b) {
        boolean u = k == ScalarKind.U64;
        return switch (op) {
            case ADD -> a + b;
            case MUL -> a * b;
            case MIN -> (u ? Long.compareUnsigned(a, b) <= 0 : a <= b) ? a : b;
            case MAX -> (u ? Long.compareUnsigned(a, b) >= 0 : a >= b) ? a : b;
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    public static double combineDouble(BinOp op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case MUL -> a * b;
            case MIN -> a <= b ? a : b;
            case MAX -> a >= b ? a : b;
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    /**
     * Any binary operator on boxed scalar carriers, with the same semantics as the typed operator nodes (used
     * lane by lane for SIMD values). Integer division by zero throws {@link ArithmeticException}.
     */
    public static Object apply(ScalarKind k, BinOp op, Object a, Object b) {
        if (op.isComparison()) {
            int c;
            if (k.isFloat()) {
                return compareDouble(op, ((Number) a).doubleValue(), ((Number) b).doubleValue());
            }
            c = ValueOrder.compare(WeldType.Scalar.of(k), a, b);
            return holds(op, c);
        }
        return switch (Carrier.of(k)) {
            case BOOLEAN -> switch (op) {
                case BAND, LAND -> (Boolean) a & (Boolean) b;
                case BOR, LOR -> (Boolean) a | (Boolean) b;
                case XOR -> (Boolean) a ^ (Boolean) b;
                default -> throw new IllegalArgumentException(op.symbol);
            };
            case INT -> {
                int x = (Integer) a;
                int y = (Integer) b;
                boolean u = k == ScalarKind.U32;
                yield switch (op) {
                    case SUB -> normalize(k, x - y);
                    case DIV -> normalize(k, u ? Integer.divideUnsigned(x, y) : x / y);
                    case MOD -> normalize(k, u ? Integer.remainderUnsigned(x, y) : x % y);
                    case BAND -> x & y;
                    case BOR -> x | y;
                    case XOR -> x ^ y;
                    case POW -> normalize(k, (int) ipow(x, y));
                    default -> combineInt(k, op, x, y);
                };
            }
            case LONG -> applyLong(k, op, (Long) a, (Long) b);
            case FLOAT -> (float) applyDouble(op, (Float) a, (Float) b);
            case DOUBLE -> applyDouble(op, (Double) a, (Double) b);
            case OBJECT -> throw new IllegalArgumentException(op.symbol);
        };
    }

    /** {@code a op b} on a 64-bit integer kind ({@code i64} or {@code u64}); not a comparison. */
    public static long applyLong(ScalarKind k, BinOp op, long x, long y) {
        boolean u = k == ScalarKind.U64;
        return switch (op) {
            case SUB -> x - y;
            case DIV -> u ? Long.divideUnsigned(x, y) : x / y;
            case MOD -> u ? Long.remainderUnsigned(x, y) : x % y;
            case BAND -> x & y;
            case BOR -> x | y;
            case XOR -> x ^ y;
            case POW -> ipow(x, y);
            default -> combineLong(k, op, x, y);
        };
    }

    /** Comparison {@code op} on doubles: {@code !=} is "ordered and not equal", as for scalars. */
    public static boolean compareDouble(BinOp op, double x, double y) {
        return switch (op) {
            case EQ -> x == y;
            case NE -> x < y || x > y;
            case LT -> x < y;
            case LE -> x <= y;
            case GT -> x > y;
            default -> x >= y;
        };
    }

    /** Whether comparison {@code op} holds for operands whose order is {@code order} (negative, 0, positive). */
    public static boolean holds(BinOp op, int order) {
        return switch (op) {
            case EQ -> order == 0;
            case NE -> order != 0;
            case LT -> order < 0;
            case LE -> order <= 0;
            case GT -> order > 0;
            default -> order >= 0;
        };
    }

    /** {@code a op b} on doubles (an {@code f32} operation is this, rounded to {@code float}). */
    public static double applyDouble(BinOp op, double a, double b) {
        return switch (op) {
            case SUB -> a - b;
            case DIV -> a / b;
            case MOD -> a % b;
            case POW -> Math.pow(a, b);
            default -> combineDouble(op, a, b);
        };
    }

    /** Integer power with wrap-around; a negative exponent gives the truncated quotient {@code 1 / a^-e}. */
    public static long ipow(long base, long exp) {
        if (exp < 0) {
            return base == 1 ? 1 : base == -1 ? ((exp & 1) == 0 ? 1 : -1) : 0;
        }
        long r = 1;
        long b = base;
        long e = exp;
        while (e != 0) {
            if ((e & 1) != 0) {
                r *= b;
            }
            b *= b;
            e >>>= 1;
        }
        return r;
    }
}
