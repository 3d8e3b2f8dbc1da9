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
 * code the loops over the fields unroll and a struct made in the loop is never allocated.
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
        // Text is copied into the encoding partly byte by byte: read back by words, those bytes would not be
        // forwarded from their stores (see freshlyWritten).
        boolean hasText = Arrays.stream(texts).anyMatch(x -> x != null);
        return new KeyCodec(t, null, carriers, texts, hasText);
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
     * This codec for text keys that the caller writes just before each probe (a vector literal made in the loop):
     * its probes read them a byte at a time. A probe reads keys by words, but a word read of bytes stored one by one
     * an instant before waits for the stores to complete (no store-to-load forwarding across several stores): 24
     * against 19 ms for 10^6 such keys of 7 bytes, where keys from data read by words gain 21 -> 14 ms. Reading
     * bytes also lets partial evaluation keep such a key's array virtual. The hash is the same either way.
     */
    public KeyCodec freshlyWritten() {
        return isText() ? new KeyCodec(type, textElem, carriers, texts, true) : this;
    }

    /**
     * Whether a probe reads keys a byte at a time: text made in the loop ({@link #freshlyWritten}), and structs
     * holding text, whose encoding is written just before each probe.
     */
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
     * index 0; {@code into} has room for {@link #size} bytes (so the raw writes stay inside it).
     */
    @ExplodeLoop
    public void encode(WeldStruct s, byte[] into) {
        long at = BYTES;
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
                case BOOLEAN -> UnsafeAccess.UNSAFE.putByte(into, at, (Boolean) f ? (byte) 1 : (byte) 0);
                case INT -> UnsafeAccess.UNSAFE.putInt(into, at, (Integer) f);
                case LONG -> UnsafeAccess.UNSAFE.putLong(into, at, (Long) f);
                case FLOAT -> UnsafeAccess.UNSAFE.putInt(into, at, Float.floatToIntBits((Float) f));
                default -> UnsafeAccess.UNSAFE.putLong(into, at, Double.doubleToLongBits((Double) f));
            }
            at += width(c);
        }
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
        encode(inArrays, b);
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
