package weld.runtime;

import java.util.Arrays;
import java.util.List;

import sun.misc.Unsafe;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * How a {@link KeyIndex} keeps keys as bytes: text ({@code vec[i8]}, {@code vec[u8]}) as its own bytes, and a flat
 * struct of scalars and text that does not pack into a {@code long} ({@code {vec[i8], i32}}, {@code {i64, i64}}) as
 * its fields one after the other: a scalar in its carrier's width (a bool one byte, a float its IEEE bits with every
 * NaN the canonical one, as {@link Float#equals} and {@link Double#equals} compare), text as its length in four
 * bytes then its bytes. The encoding is one to one, so two keys are equal, as struct keys compare by content,
 * exactly when their bytes are; {@link #decode} gives each field back in its carrier and text as a vector over the
 * index's bytes. A node that merges or looks up such keys holds the codec of its key type, so that in its compiled
 * code the loops over the fields unroll: a struct key is hashed ({@link #hash}) and compared with the stored bytes
 * ({@link #matches}) field by field, without being encoded (only a new key is) and, when made in the loop, without
 * being allocated.
 *
 * <p>Example: the key {@code {"ab", 7}} of type {@code {vec[i8], i32}} is {@code 02 00 00 00 61 62 07 00 00 00}.
 */
public final class KeyCodec {
    /** The offset of a {@code byte[]}'s first element, for the raw writes and reads of scalar fields. */
    private static final long BYTES = UnsafeAccess.UNSAFE.arrayBaseOffset(byte[].class);

    /** The key type. */
    public final WeldType type;
    /** The element type of a text key; null for a struct. */
    private final WeldType.Scalar textElem;
    /** Per field of a struct: its carrier, or null for text. */
    @CompilationFinal(dimensions = 1) private final Carrier[] carriers;
    /** Per field of a struct: the element type of text, or null for a scalar. */
    @CompilationFinal(dimensions = 1) private final WeldType.Scalar[] texts;
    /** The bytes of a struct key besides the bytes of its text. */
    private final int fixed;
    /** Whether probes read keys byte by byte (see {@link #readsBytes}). */
    private final boolean byByte;

    private KeyCodec(WeldType type, WeldType.Scalar textElem, Carrier[] carriers, WeldType.Scalar[] texts,
                     boolean byByte) {
        this.type = type;
        this.textElem = textElem;
        this.carriers = carriers;
        this.texts = texts;
        this.byByte = byByte;
        int n = 0;
        for (Carrier c : carriers) {
            n += c == null ? 4 : width(c);
        }
        this.fixed = n;
    }

    /**
     * The codec of keys of type {@code key}, or null where they are kept as objects: other vectors, nested structs,
     * structs without fields, scalars (which pack into a {@code long} elsewhere).
     */
    public static KeyCodec of(WeldType key) {
        WeldType t = key.resolve();
        WeldType.Scalar text = text(t);
        if (text != null) {
            return new KeyCodec(t, text, new Carrier[0], new WeldType.Scalar[0], false);
        }
        if (!(t instanceof WeldType.Struct s) || s.fields().isEmpty()) {
            return null;
        }
        List<WeldType> fields = s.fields();
        Carrier[] carriers = new Carrier[fields.size()];
        WeldType.Scalar[] texts = new WeldType.Scalar[fields.size()];
        for (int j = 0; j < carriers.length; j++) {
            WeldType f = fields.get(j).resolve();
            if (f instanceof WeldType.Scalar sc) {
                carriers[j] = Carrier.of(sc.kind());
            } else if ((texts[j] = text(f)) == null) {
                return null;
            }
        }
        return new KeyCodec(t, null, carriers, texts, false);
    }

    /** The element type of text ({@code vec[i8]} or {@code vec[u8]}), or null for any other type. */
    private static WeldType.Scalar text(WeldType t) {
        return t instanceof WeldType.Vec v && v.elem().resolve() instanceof WeldType.Scalar s
                && (s.kind() == ScalarKind.I8 || s.kind() == ScalarKind.U8) ? s : null;
    }

    private static int width(Carrier c) {
        return switch (c) {
            case BOOLEAN -> 1;
            case INT, FLOAT -> 4;
            default -> 8;
        };
    }

    /**
     * This codec for keys whose text the caller writes just before each probe (a vector literal made in the loop,
     * alone or as a struct's field): its probes read that text a byte at a time. A probe reads keys by words, but a
     * word read of bytes stored one by one an instant before waits for the stores to complete (no store-to-load
     * forwarding across several stores): 24 against 19 ms for 10^6 such keys of 7 bytes, where keys from data read
     * by words gain 21 -> 14 ms. Reading bytes also lets partial evaluation keep such a key's array virtual. The hash
     * is the same either way.
     */
    public KeyCodec freshlyWritten() {
        return new KeyCodec(type, textElem, carriers, texts, true);
    }

    /** Whether a probe reads the text of its key a byte at a time ({@link #freshlyWritten}). */
    public boolean readsBytes() {
        return byByte;
    }

    /** Whether the keys are text, kept as their own bytes, rather than structs. */
    public boolean isText() {
        return textElem != null;
    }

    /** Whether the text fields of {@code s} are all in arrays, so that {@link #encode} takes it in compiled code. */
    @ExplodeLoop
    public boolean inArrays(WeldStruct s) {
        for (int j = 0; j < carriers.length; j++) {
            if (carriers[j] == null && !(((WeldVector) s.fields[j]).store instanceof byte[])) {
                return false;
            }
        }
        return true;
    }

    /** The length of the bytes of struct key {@code s}. */
    @ExplodeLoop
    public int size(WeldStruct s) {
        int n = fixed;
        for (int j = 0; j < carriers.length; j++) {
            if (carriers[j] == null) {
                n += ((WeldVector) s.fields[j]).length;
            }
        }
        return n;
    }

    /**
     * Writes the bytes of struct key {@code s}, whose text is in arrays ({@link #inArrays}), into {@code into} from
     * index {@code from}; {@code into} has room for {@link #size} bytes there (so the raw writes stay inside it).
     */
    @ExplodeLoop
    public void encode(WeldStruct s, byte[] into, int from) {
        long at = BYTES + from;
        for (int j = 0; j < carriers.length; j++) {
            Object f = s.fields[j];
            Carrier c = carriers[j];
            if (c == null) {
                WeldVector v = (WeldVector) f;
                UnsafeAccess.UNSAFE.putInt(into, at, v.length);
                copy((byte[]) v.store, BYTES + v.offset, into, at + 4, v.length);
                at += 4 + v.length;
                continue;
            }
            switch (c) {
                case BOOLEAN -> UnsafeAccess.UNSAFE.putByte(into, at, (byte) bits(c, f));
                case INT, FLOAT -> UnsafeAccess.UNSAFE.putInt(into, at, (int) bits(c, f));
                default -> UnsafeAccess.UNSAFE.putLong(into, at, bits(c, f));
            }
            at += width(c);
        }
    }

    /**
     * The hash of struct key {@code s}, whose text is in arrays, field by field from the struct itself (in compiled
     * code the struct need not exist): the same as {@link #hashOf} its bytes.
     */
    @ExplodeLoop
    public int hash(WeldStruct s) {
        long h = 0;
        for (int j = 0; j < carriers.length; j++) {
            Object f = s.fields[j];
            Carrier c = carriers[j];
            if (c == null) {
                WeldVector v = (WeldVector) f;
                h = KeyHash.text(h, (byte[]) v.store, v.offset, v.length, byByte);
            } else {
                h = KeyHash.scalar(h, bits(c, f));
            }
        }
        return KeyHash.finish(h);
    }

    /** The hash of the key whose bytes are {@code b[from, from + n)}, as {@link #hash} gives it for a struct. */
    public int hashOf(byte[] b, int from, int n, boolean readBytes) {
        if (textElem != null) {
            return KeyHash.finish(KeyHash.text(0, b, from, n, readBytes));
        }
        return encodedHash(b, from);
    }

    @TruffleBoundary
    private int encodedHash(byte[] b, int from) {
        long h = 0;
        int at = from;
        for (Carrier c : carriers) {
            if (c == null) {
                int n = UnsafeAccess.UNSAFE.getInt(b, BYTES + at);
                h = KeyHash.text(h, b, at + 4, n, false);
                at += 4 + n;
            } else {
                h = KeyHash.scalar(h, stored(c, b, BYTES + at));
                at += width(c);
            }
        }
        return KeyHash.finish(h);
    }

    /**
     * Whether struct key {@code s} (text in arrays) is the key stored as bytes in {@code b} from {@code from},
     * compared field by field: a text field's length first, so that the fields after it are read where they are.
     */
    @ExplodeLoop
    public boolean matches(WeldStruct s, byte[] b, int from) {
        long at = BYTES + from;
        for (int j = 0; j < carriers.length; j++) {
            Carrier c = carriers[j];
            if (c != null) {
                if (stored(c, b, at) != bits(c, s.fields[j])) {
                    return false;
                }
                at += width(c);
            } else {
                WeldVector text = (WeldVector) s.fields[j];
                int n = text.length;
                if (UnsafeAccess.UNSAFE.getInt(b, at) != n
                        || !KeyHash.same(b, (int) (at - BYTES) + 4, (byte[]) text.store, text.offset, n, byByte)) {
                    return false;
                }
                at += 4 + n;
            }
        }
        return true;
    }

    /** The bits by which a scalar field is encoded, hashed and compared: zero-extended, floats' NaNs canonical. */
    private static long bits(Carrier c, Object f) {
        return switch (c) {
            case BOOLEAN -> (Boolean) f ? 1 : 0;
            case INT -> (Integer) f & 0xFFFF_FFFFL;
            case LONG -> (Long) f;
            case FLOAT -> Float.floatToIntBits((Float) f) & 0xFFFF_FFFFL;
            default -> Double.doubleToLongBits((Double) f);
        };
    }

    /** The bits of a scalar field stored at raw offset {@code at} of {@code b}, zero-extended. */
    private static long stored(Carrier c, byte[] b, long at) {
        return switch (c) {
            case BOOLEAN -> UnsafeAccess.UNSAFE.getByte(b, at) & 0xFFL;
            case INT, FLOAT -> UnsafeAccess.UNSAFE.getInt(b, at) & 0xFFFF_FFFFL;
            default -> UnsafeAccess.UNSAFE.getLong(b, at);
        };
    }

    /**
     * Copies {@code n} bytes from {@code from} (an offset in {@code src}) to {@code to} (in {@code dst}), eight at a
     * time, then byte by byte: short text would otherwise call the array-copy stub per key (26 against 32 ms for 10^6
     * keys {@code {vec[i8], i32}}; overlapping int and long reads for the last bytes measured slower still, 30 ms).
     */
    private static void copy(byte[] src, long from, byte[] dst, long to, int n) {
        Unsafe u = UnsafeAccess.UNSAFE;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            u.putLong(dst, to + i, u.getLong(src, from + i));
        }
        for (; i < n; i++) {
            u.putByte(dst, to + i, u.getByte(src, from + i));
        }
    }

    /** The bytes of any key of this codec's type: text's own or a copy, a struct's encoding (text read anywhere). */
    @TruffleBoundary
    public byte[] bytesOf(Object key) {
        if (textElem != null) {
            return textBytes((WeldVector) key);
        }
        WeldStruct s = (WeldStruct) key;
        Object[] fields = s.fields.clone();
        for (int j = 0; j < carriers.length; j++) {
            if (carriers[j] == null) {
                WeldVector v = (WeldVector) fields[j];
                fields[j] = new WeldVector(texts[j], textBytes(v), 0, v.length);
            }
        }
        WeldStruct inArrays = new WeldStruct(s.type, fields);
        byte[] b = new byte[size(inArrays)];
        encode(inArrays, b, 0);
        return b;
    }

    /** The array holding the bytes of text {@code v} from its offset: its own, or a copy of those in a host buffer. */
    private static byte[] textBytes(WeldVector v) {
        if (v.store instanceof byte[] b) {
            return v.offset == 0 ? b : Arrays.copyOfRange(b, v.offset, v.offset + v.length);
        }
        byte[] copy = new byte[v.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = ((Number) v.get(i)).byteValue();
        }
        return copy;
    }

    /** The key whose bytes are {@code b[from, to)}: text as a vector over them, a struct with its fields decoded. */
    @TruffleBoundary
    public Object decode(byte[] b, int from, int to) {
        if (textElem != null) {
            return new WeldVector(textElem, b, from, to - from);
        }
        Object[] fields = new Object[carriers.length];
        long at = BYTES + from;
        for (int j = 0; j < carriers.length; j++) {
            Carrier c = carriers[j];
            if (c == null) {
                int n = UnsafeAccess.UNSAFE.getInt(b, at);
                fields[j] = new WeldVector(texts[j], b, (int) (at - BYTES) + 4, n);
                at += 4 + n;
                continue;
            }
            fields[j] = switch (c) {
                case BOOLEAN -> UnsafeAccess.UNSAFE.getByte(b, at) != 0;
                case INT -> UnsafeAccess.UNSAFE.getInt(b, at);
                case LONG -> UnsafeAccess.UNSAFE.getLong(b, at);
                case FLOAT -> Float.intBitsToFloat(UnsafeAccess.UNSAFE.getInt(b, at));
                default -> Double.longBitsToDouble(UnsafeAccess.UNSAFE.getLong(b, at));
            };
            at += width(c);
        }
        return new WeldStruct((WeldType.Struct) type, fields);
    }
}
