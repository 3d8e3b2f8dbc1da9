package weld.tck;

import java.math.BigInteger;

import org.graalvm.polyglot.Value;

/**
 * The Weld scalar types as the tests model them: which polyglot numbers a parameter of the type accepts, and the
 * type's arithmetic (integers wrap around at their width, unsigned types are unsigned, floats are IEEE). The TCK
 * snippets compare Weld's results against this model.
 */
enum Scalar {
    I8(8, true), I16(16, true), I32(32, true), I64(64, true),
    U8(8, false), U16(16, false), U32(32, false), U64(64, false),
    F32(32, true), F64(64, true);

    final String name;
    final int bits;
    final boolean signed;

    Scalar(int bits, boolean signed) {
        this.name = name().toLowerCase();
        this.bits = bits;
        this.signed = signed;
    }

    boolean isFloat() {
        return this == F32 || this == F64;
    }

    BigInteger min() {
        return signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
    }

    BigInteger max() {
        return (signed ? BigInteger.ONE.shiftLeft(bits - 1) : BigInteger.ONE.shiftLeft(bits)).subtract(BigInteger.ONE);
    }

    /**
     * The value a parameter of this type receives for the polyglot value {@code v} (a {@link BigInteger} for integer
     * types, a {@link Double} for floats, an f32 already rounded to float), or null if the argument must be rejected:
     * not a number, not an integer for an integer type, or out of the type's range.
     */
    Number accept(Value v) {
        if (!v.isNumber()) {
            return null;
        }
        if (isFloat()) {
            if (!v.fitsInDouble()) {
                return null;
            }
            return this == F32 ? (double) (float) v.asDouble() : v.asDouble();
        }
        if (!v.fitsInBigInteger()) {
            return null;
        }
        BigInteger b = v.asBigInteger();
        return b.compareTo(min()) < 0 || b.compareTo(max()) > 0 ? null : b;
    }

    /** Reduces an exact integer result to this type's width (two's complement or unsigned). */
    BigInteger wrap(BigInteger x) {
        BigInteger m = BigInteger.ONE.shiftLeft(bits);
        BigInteger r = x.mod(m);
        return signed && r.compareTo(max()) > 0 ? r.subtract(m) : r;
    }

    /** Rounds an exact float result to this type's precision. */
    double round(double x) {
        return this == F32 ? (double) (float) x : x;
    }
}
