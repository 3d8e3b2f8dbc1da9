package weld.nodes.loop.lanes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import weld.runtime.ScalarOps;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;

/**
 * The vector operations of a {@link FusedKernel}, on values typed {@code Object} (a vector of the kind's class or a
 * mask) with the operator and kind as arguments: in partially evaluated code both are constants, so each call
 * folds to one Vector API operation with a constant operator, which the compiler turns into SIMD instructions.
 * Each kind has its own cases on purpose: the same operations written once against the generic {@code Vector<E>}
 * interface were not turned into SIMD instructions in partially evaluated code (measured: the chained
 * filter-map-sum over 10^7 {@code f64} went from 3.7 to 142 ms).
 */
final class VectorOps {
    private VectorOps() {
    }

    static Object load(ScalarKind k, VectorSpecies<?> s, Object store, int offset) {
        return switch (k) {
            case F64 -> DoubleVector.fromArray(FusedKernel.cast(s, Double.class), (double[]) store, offset);
            case F32 -> FloatVector.fromArray(FusedKernel.cast(s, Float.class), (float[]) store, offset);
            case I64 -> LongVector.fromArray(FusedKernel.cast(s, Long.class), (long[]) store, offset);
            case I32 -> IntVector.fromArray(FusedKernel.cast(s, Integer.class), (int[]) store, offset);
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    /**
     * The {@code i8} (or, {@code unsigned}, {@code u8}) elements of {@code store} from {@code offset}, as an
     * {@code i32} vector of species {@code s}.
     */
    static Object loadBytes(VectorSpecies<?> bytes, VectorSpecies<?> s, Object store, int offset, boolean unsigned) {
        IntVector v = (IntVector) ByteVector.fromArray(FusedKernel.cast(bytes, Byte.class), (byte[]) store, offset)
                .convertShape(VectorOperators.B2I, FusedKernel.cast(s, Integer.class), 0);
        return unsigned ? v.and(0xFF) : v;
    }

    static void store(ScalarKind k, Object vector, Object store, int offset) {
        switch (k) {
            case F64 -> ((DoubleVector) vector).intoArray((double[]) store, offset);
            case F32 -> ((FloatVector) vector).intoArray((float[]) store, offset);
            case I64 -> ((LongVector) vector).intoArray((long[]) store, offset);
            case I32 -> ((IntVector) vector).intoArray((int[]) store, offset);
            default -> throw CompilerDirectives.shouldNotReachHere();
        }
    }

    static Object binary(BinOp op, ScalarKind k, Object a, Object b) {
        return switch (k) {
            case F64 -> {
                DoubleVector x = (DoubleVector) a;
                DoubleVector y = (DoubleVector) b;
                yield switch (op) {
                    case ADD -> x.add(y);
                    case SUB -> x.sub(y);
                    case MUL -> x.mul(y);
                    case DIV -> x.div(y);
                    default -> throw CompilerDirectives.shouldNotReachHere();
                };
            }
            case F32 -> {
                FloatVector x = (FloatVector) a;
                FloatVector y = (FloatVector) b;
                yield switch (op) {
                    case ADD -> x.add(y);
                    case SUB -> x.sub(y);
                    case MUL -> x.mul(y);
                    case DIV -> x.div(y);
                    default -> throw CompilerDirectives.shouldNotReachHere();
                };
            }
            case I64 -> {
                LongVector x = (LongVector) a;
                LongVector y = (LongVector) b;
                yield switch (op) {
                    case ADD -> x.add(y);
                    case SUB -> x.sub(y);
                    case MUL -> x.mul(y);
                    case MIN -> x.min(y);
                    case MAX -> x.max(y);
                    default -> throw CompilerDirectives.shouldNotReachHere();
                };
            }
            case I32 -> {
                IntVector x = (IntVector) a;
                IntVector y = (IntVector) b;
                yield switch (op) {
                    case ADD -> x.add(y);
                    case SUB -> x.sub(y);
                    case MUL -> x.mul(y);
                    case MIN -> x.min(y);
                    case MAX -> x.max(y);
                    default -> throw CompilerDirectives.shouldNotReachHere();
                };
            }
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    static VectorMask<?> compare(BinOp op, ScalarKind k, Object a, Object b) {
        return switch (k) {
            case F64 -> compare(op, (DoubleVector) a, (DoubleVector) b);
            case F32 -> compare(op, (FloatVector) a, (FloatVector) b);
            case I64 -> compare(op, (LongVector) a, (LongVector) b);
            case I32 -> compare(op, (IntVector) a, (IntVector) b);
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    /** One comparison, with the operator a constant at the Vector API call (which it needs to be intrinsified). */
    static <E> VectorMask<E> compare(BinOp op, jdk.incubator.vector.Vector<E> x, jdk.incubator.vector.Vector<E> y) {
        return switch (op) {
            case EQ -> x.compare(VectorOperators.EQ, y);
            case NE -> x.compare(VectorOperators.NE, y);
            case LT -> x.compare(VectorOperators.LT, y);
            case LE -> x.compare(VectorOperators.LE, y);
            case GT -> x.compare(VectorOperators.GT, y);
            case GE -> x.compare(VectorOperators.GE, y);
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    /** {@code &&}, {@code ||}, {@code &}, {@code |} of two masks of the same species. */
    @SuppressWarnings("unchecked")
    static Object logic(BinOp op, Object a, Object b) {
        VectorMask<Object> x = (VectorMask<Object>) a;
        VectorMask<Object> y = (VectorMask<Object>) b;
        return op == BinOp.LAND || op == BinOp.BAND ? x.and(y) : x.or(y);
    }

    static Object unary(UnaryOp op, ScalarKind k, Object a) {
        return switch (k) {
            case F64 -> op == UnaryOp.NEG ? ((DoubleVector) a).neg() : ((DoubleVector) a).sqrt();
            case F32 -> op == UnaryOp.NEG ? ((FloatVector) a).neg() : ((FloatVector) a).sqrt();
            case I64 -> ((LongVector) a).neg();
            case I32 -> ((IntVector) a).neg();
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    /** The {@code i64} vector {@code first, first + 1, ...}: a {@code rangeiter}'s elements for one step. */
    static Object iota(VectorSpecies<?> s, long first) {
        return LongVector.broadcast(FusedKernel.cast(s, Long.class), first).addIndex(1);
    }

    /**
     * {@code a}, of kind {@code from}, converted to kind {@code to} ({@code from != to}; not a float to an integer
     * kind, see {@code FusedKernel#compiles}) in vectors of the same lanes, of species {@code s}.
     */
    static Object convert(ScalarKind from, ScalarKind to, Object a, VectorSpecies<?> s) {
        return switch (from) {
            case F64 -> ((DoubleVector) a).convertShape(VectorOperators.D2F, FusedKernel.cast(s, Float.class), 0);
            case F32 -> ((FloatVector) a).convertShape(VectorOperators.F2D, FusedKernel.cast(s, Double.class), 0);
            case I64 -> {
                LongVector x = (LongVector) a;
                yield switch (to) {
                    case F64 -> x.convertShape(VectorOperators.L2D, FusedKernel.cast(s, Double.class), 0);
                    case F32 -> x.convertShape(VectorOperators.L2F, FusedKernel.cast(s, Float.class), 0);
                    default -> x.convertShape(VectorOperators.L2I, FusedKernel.cast(s, Integer.class), 0);
                };
            }
            default -> {
                IntVector x = (IntVector) a;
                yield switch (to) {
                    case F64 -> x.convertShape(VectorOperators.I2D, FusedKernel.cast(s, Double.class), 0);
                    case F32 -> x.convertShape(VectorOperators.I2F, FusedKernel.cast(s, Float.class), 0);
                    default -> x.convertShape(VectorOperators.I2L, FusedKernel.cast(s, Long.class), 0);
                };
            }
        };
    }

    /** {@code select(mask, t, f)}; masks (kind BOOL) are combined with {@code and}/{@code or}. */
    @SuppressWarnings("unchecked")
    static Object select(ScalarKind k, VectorMask<?> mask, Object t, Object f, VectorSpecies<?> s) {
        return switch (k) {
            case F64 -> ((DoubleVector) f).blend((DoubleVector) t, (VectorMask<Double>) mask.cast(s));
            case F32 -> ((FloatVector) f).blend((FloatVector) t, (VectorMask<Float>) mask.cast(s));
            case I64 -> ((LongVector) f).blend((LongVector) t, (VectorMask<Long>) mask.cast(s));
            case I32 -> ((IntVector) f).blend((IntVector) t, (VectorMask<Integer>) mask.cast(s));
            case BOOL -> {
                VectorMask<Object> m = (VectorMask<Object>) mask;
                yield m.and((VectorMask<Object>) t).or(m.not().and((VectorMask<Object>) f));
            }
            default -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    /**
     * The {@code lanes} lanes of accumulator vector {@code a} combined with {@code op} left to right, boxed in their
     * carrier. Lane by lane (exploded): a vector's {@code toArray} allocated an array per call in compiled code.
     */
    @ExplodeLoop
    static Object fold(BinOp op, ScalarKind k, Object a, int lanes) {
        switch (k) {
            case F64 -> {
                DoubleVector v = (DoubleVector) a;
                double r = v.lane(0);
                for (int i = 1; i < lanes; i++) {
                    r = ScalarOps.combineDouble(op, r, v.lane(i));
                }
                return r;
            }
            case F32 -> {
                FloatVector v = (FloatVector) a;
                float r = v.lane(0);
                for (int i = 1; i < lanes; i++) {
                    r = (float) ScalarOps.combineDouble(op, r, v.lane(i));
                }
                return r;
            }
            case I64 -> {
                LongVector v = (LongVector) a;
                long r = v.lane(0);
                for (int i = 1; i < lanes; i++) {
                    r = ScalarOps.combineLong(ScalarKind.I64, op, r, v.lane(i));
                }
                return r;
            }
            default -> {
                IntVector v = (IntVector) a;
                int r = v.lane(0);
                for (int i = 1; i < lanes; i++) {
                    r = ScalarOps.combineInt(ScalarKind.I32, op, r, v.lane(i));
                }
                return r;
            }
        }
    }
}
