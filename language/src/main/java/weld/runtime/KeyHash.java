package weld.runtime;

import java.nio.ByteOrder;

import static weld.runtime.UnsafeAccess.UNSAFE;

/**
 * Hashing and comparing the bytes of dictionary keys eight at a time (see {@link KeyIndex}, {@link KeyCodec}): raw
 * reads that never leave the range they are given (the last bytes read as an overlapping word, or two ints, or
 * bytes). {@code byByte} assembles the same words from byte reads, for keys written byte by byte an instant before
 * (see {@link KeyCodec#freshlyWritten}); the hash is the same either way.
 */
final class KeyHash {
    /** The offset of a {@code byte[]}'s first element. */
    static final long BYTES = UNSAFE.arrayBaseOffset(byte[].class);
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private KeyHash() {
    }

    /**
     * {@code h} combined with the length and bytes of {@code b[from, from + n)}: a 16-byte key is two
     * multiplications deep, not sixteen.
     */
    static long text(long h, byte[] b, int from, int n, boolean byByte) {
        h ^= n * GOLDEN;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            h = mix(h ^ word(b, from + i, byByte));
        }
        if (i < n) {
            h = mix(h ^ tail(b, from, i, n, byByte));
        }
        return h;
    }

    /** {@code h} combined with the bits of a scalar. */
    static long scalar(long h, long bits) {
        return mix(h ^ bits);
    }

    /** A hash for a slot: all 64 bits folded, and the low bits mixed with the high ones. */
    static int finish(long h) {
        int x = (int) (h ^ (h >>> 32)) * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    private static long mix(long h) {
        long x = h * 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 29);
    }

    /**
     * Whether {@code a[af, af + n)} (read by words) and {@code b[bf, bf + n)} (read as {@code byByte} says) hold the
     * same bytes.
     */
    static boolean same(byte[] a, int af, byte[] b, int bf, int n, boolean byByte) {
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            if (word(a, af + i, false) != word(b, bf + i, byByte)) {
                return false;
            }
        }
        return i == n || tail(a, af, i, n, false) == tail(b, bf, i, n, byByte);
    }

    /** The eight bytes of {@code b} from {@code at} as a long in the machine's byte order. */
    private static long word(byte[] b, int at, boolean byByte) {
        if (!byByte) {
            return UNSAFE.getLong(b, BYTES + at);
        }
        long w = 0;
        for (int j = 0; j < 8; j++) {
            w |= (b[at + j] & 0xFFL) << 8 * (LITTLE_ENDIAN ? j : 7 - j);
        }
        return w;
    }

    /** The four bytes of {@code b} from {@code at} as an int in the machine's byte order, zero-extended. */
    private static long half(byte[] b, int at, boolean byByte) {
        if (!byByte) {
            return UNSAFE.getInt(b, BYTES + at) & 0xFFFF_FFFFL;
        }
        long w = 0;
        for (int j = 0; j < 4; j++) {
            w |= (b[at + j] & 0xFFL) << 8 * (LITTLE_ENDIAN ? j : 3 - j);
        }
        return w;
    }

    /**
     * The bytes of {@code b[from + i, from + n)}, fewer than eight, in a long (the last eight bytes of the key where
     * there are, else its first and last four).
     */
    private static long tail(byte[] b, int from, int i, int n, boolean byByte) {
        if (n >= 8) {
            return word(b, from + n - 8, byByte);
        }
        if (n >= 4) {
            return half(b, from, byByte) << 32 | half(b, from + n - 4, byByte);
        }
        long w = 0;
        for (int j = 0; j < n; j++) {
            w = w << 8 | b[from + j] & 0xFF;
        }
        return w;
    }
}
