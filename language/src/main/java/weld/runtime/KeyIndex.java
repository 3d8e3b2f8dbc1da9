package weld.runtime;

import java.nio.ByteOrder;
import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.types.WeldType;

import static weld.runtime.UnsafeAccess.UNSAFE;

/**
 * Keys that do not pack into a {@code long}, compared by value, to the indexes of their entries, 0, 1, 2, ... in the
 * order of their first insertion: the index of a dictmerger or groupmerger over such keys (see
 * {@link weld.builders.ObjectKeyDictMerger}). Open addressing over an {@code int} array of entry indexes, with each
 * entry's hash kept, so that a probe compares hashes before it compares keys and a growth rehashes without hashing
 * again.
 *
 * <p>Text ({@code vec[i8]} or {@code vec[u8]}) and flat structs of scalars and text are kept as bytes (see
 * {@link KeyCodec}): each key's bytes are copied once, when it is first inserted, into one growing array, so that
 * the index holds no object per key (10^6 names would be 2·10^6 small objects that every young collection copies)
 * and a probe compares the bytes there, and {@link #entryFor} and {@link #find} hash and probe them in the caller's
 * compiled code (a struct key encoded there first, with the caller's codec). Other keys are kept as the objects
 * they are, by their {@code equals} and {@code hashCode} (vectors and structs by content).
 */
public final class KeyIndex {
    /** The offset of a {@code byte[]}'s first element; reads of key bytes stay inside the ranges they are given. */
    private static final long BYTES = UNSAFE.arrayBaseOffset(byte[].class);
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    /** How keys are kept as bytes; null for keys kept as objects. */
    private final KeyCodec codec;
    /** Per slot: the entry index + 1, or 0 for an empty slot. */
    private int[] slots;
    private int mask;
    private int[] hashes;
    private int size;
    /** The keys by entry, when they are objects. */
    private Object[] keys;
    /** The bytes of keys, entry after entry; entry {@code e}'s are {@code [starts[e], starts[e + 1])}. */
    private byte[] bytes;
    private int[] starts;
    /** Where {@link #entryFor} encodes a struct key (an index takes merges from one thread at a time). */
    private byte[] scratch = new byte[0];

    /** An empty index of keys kept as objects, with room for about {@code expected} keys before it grows. */
    public KeyIndex(long expected) {
        this(null, expected);
    }

    /**
     * An empty index of keys of type {@code key} (kept as bytes where {@link KeyCodec#of} has a codec), with room
     * for about {@code expected}.
     */
    public static KeyIndex forKey(WeldType key, long expected) {
        return new KeyIndex(KeyCodec.of(key), expected);
    }

    private KeyIndex(KeyCodec codec, long expected) {
        this.codec = codec;
        int n = (int) Math.min(1 << 28, Math.max(16, expected));
        int capacity = Integer.highestOneBit(2 * n) << 1;
        slots = new int[capacity];
        mask = capacity - 1;
        hashes = new int[n];
        if (codec == null) {
            keys = new Object[n];
        } else {
            starts = new int[n + 1];
            bytes = new byte[(int) Math.min(8L * n, 1 << 30)];
        }
        MemoryBudget.charge(4L * capacity + 12L * n + (codec == null ? 0 : 8L * n));
    }

    private KeyIndex(KeyIndex from) {
        codec = from.codec;
        slots = from.slots.clone();
        mask = from.mask;
        size = from.size;
        hashes = Arrays.copyOf(from.hashes, Math.max(size, 1));
        if (codec == null) {
            keys = Arrays.copyOf(from.keys, Math.max(size, 1));
        } else {
            starts = Arrays.copyOf(from.starts, hashes.length + 1);
            bytes = Arrays.copyOf(from.bytes, Math.max(starts[size], 1));
        }
    }

    /** The number of keys. */
    public int size() {
        return size;
    }

    /**
     * The key of entry {@code e}: text as a vector over this index's bytes (which never change under it), a struct
     * kept as bytes decoded.
     */
    public Object keyOf(int e) {
        if (codec == null) {
            return keys[e];
        }
        return codec.decode(bytes, starts[e], starts[e + 1]);
    }

    /**
     * The entry index of {@code key}, added as the next entry if absent. Where {@code c} is this index's codec (a
     * constant of the caller's compiled code; null for keys kept as objects), text in an array, or a struct whose
     * text is, is hashed and found in the caller's compiled code, out of line only where it is new; other keys out
     * of line.
     */
    public int entryFor(Object key, KeyCodec c) {
        if (c != null) {
            if (c.isText()) {
                if (key instanceof WeldVector v && v.store instanceof byte[] b) {
                    return bytesEntry(b, v.offset, v.length, c.readsBytes());
                }
            } else if (key instanceof WeldStruct s && c.inArrays(s)) {
                int n = c.size(s);
                byte[] b = scratch;
                if (b.length < n) {
                    b = widerScratch(n);
                }
                c.encode(s, b);
                return bytesEntry(b, 0, n, c.readsBytes());
            }
        }
        return entry(key);
    }

    /** The entry index of {@code key}, or -1 if it is absent; found in compiled code as {@link #entryFor} says. */
    public int find(Object key, KeyCodec c) {
        if (c != null) {
            if (c.isText()) {
                if (key instanceof WeldVector v && v.store instanceof byte[] b) {
                    return bytesFind(b, v.offset, v.length, c.readsBytes());
                }
            } else if (key instanceof WeldStruct s && c.inArrays(s)) {
                // A lookup may run beside others on the same dictionary: its own array, not the index's scratch.
                byte[] b = new byte[c.size(s)];
                c.encode(s, b);
                return bytesFind(b, 0, b.length, c.readsBytes());
            }
        }
        return entryOf(key);
    }

    @TruffleBoundary
    private byte[] widerScratch(int n) {
        scratch = new byte[Math.max(n, 2 * scratch.length)];
        return scratch;
    }

    /** {@link #entryFor}, out of line. */
    @TruffleBoundary
    public int entry(Object key) {
        if (codec != null) {
            if (key instanceof WeldVector v && v.store instanceof byte[] b) {
                return bytesEntry(b, v.offset, v.length, false);
            }
            byte[] b = codec.bytesOf(key);
            return bytesEntry(b, 0, b.length, false);
        }
        int h = spread(key.hashCode());
        int s = objectSlot(key, h);
        int e = slots[s] - 1;
        if (e >= 0) {
            return e;
        }
        e = newEntry(h, s);
        keys[e] = key;
        return e;
    }

    /** {@link #find}, out of line. */
    @TruffleBoundary
    public int entryOf(Object key) {
        if (codec != null) {
            if (key instanceof WeldVector v && v.store instanceof byte[] b) {
                return bytesFind(b, v.offset, v.length, false);
            }
            byte[] b = codec.bytesOf(key);
            return bytesFind(b, 0, b.length, false);
        }
        return slots[objectSlot(key, spread(key.hashCode()))] - 1;
    }

    /** The entry of the key whose bytes are {@code b[from, from + n)}, added (out of line) if absent. */
    private int bytesEntry(byte[] b, int from, int n, boolean byByte) {
        int h = bytesHash(b, from, n, byByte);
        int s = bytesSlot(h, b, from, n, byByte);
        int e = slots[s] - 1;
        return e >= 0 ? e : addBytes(h, s, b, from, n);
    }

    /** The entry of the key whose bytes are {@code b[from, from + n)}, or -1 if it is absent. */
    private int bytesFind(byte[] b, int from, int n, boolean byByte) {
        return slots[bytesSlot(bytesHash(b, from, n, byByte), b, from, n, byByte)] - 1;
    }

    /**
     * The hash of {@code b[from, from + n)}, eight bytes at a time (the last eight, or four and four, read where they
     * overlap, so that no read leaves the range): a 16-byte struct key is two multiplications deep, not sixteen.
     * {@code byByte} reads the same words a byte at a time (see {@link KeyCodec#freshlyWritten}).
     */
    private static int bytesHash(byte[] b, int from, int n, boolean byByte) {
        long h = n * 0x9E3779B97F4A7C15L;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            h = mix(h ^ word(b, from + i, byByte));
        }
        if (i < n) {
            h = mix(h ^ tail(b, from, i, n, byByte));
        }
        return spread((int) (h ^ (h >>> 32)));
    }

    private static long mix(long h) {
        long x = h * 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 29);
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

    /**
     * The slot of the key whose bytes are {@code b[from, from + n)} and whose hash is {@code h}, or the empty slot
     * where it would go.
     */
    private int bytesSlot(int h, byte[] b, int from, int n, boolean byByte) {
        int[] sl = slots;
        int m = mask;
        int s = h & m;
        for (int e = sl[s] - 1; e >= 0; e = sl[s] - 1) {
            if (hashes[e] == h) {
                int at = starts[e];
                if (starts[e + 1] - at == n && sameBytes(bytes, at, b, from, n, byByte)) {
                    return s;
                }
            }
            s = (s + 1) & m;
        }
        return s;
    }

    /**
     * Whether this index's {@code a[af, af + n)} and a probe's {@code b[bf, bf + n)} hold the same bytes, compared
     * eight at a time ({@code b}'s read as {@code byByte} says).
     */
    private static boolean sameBytes(byte[] a, int af, byte[] b, int bf, int n, boolean byByte) {
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            if (word(a, af + i, false) != word(b, bf + i, byByte)) {
                return false;
            }
        }
        return i == n || tail(a, af, i, n, false) == tail(b, bf, i, n, byByte);
    }

    /** The slot of {@code key}, whose hash is {@code h}, or the empty slot where it would go. */
    private int objectSlot(Object key, int h) {
        int s = h & mask;
        for (int e = slots[s] - 1; e >= 0; e = slots[s] - 1) {
            if (hashes[e] == h && keys[e].equals(key)) {
                return s;
            }
            s = (s + 1) & mask;
        }
        return s;
    }

    /** Adds the key whose bytes are {@code b[from, from + n)} as the next entry at empty slot {@code s}. */
    @TruffleBoundary
    private int addBytes(int h, int s, byte[] b, int from, int n) {
        int at = starts[size];
        if (bytes.length - at < n) {
            long wider = Math.max(2L * bytes.length, (long) at + n);
            if (wider > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("the keys of a dictionary exceed 2 GB");
            }
            MemoryBudget.charge(wider - bytes.length);
            bytes = Arrays.copyOf(bytes, (int) wider);
        }
        System.arraycopy(b, from, bytes, at, n);
        int e = newEntry(h, s);
        starts[e + 1] = at + n;
        return e;
    }

    /** Numbers a new entry of hash {@code h} at empty slot {@code s}, growing the arrays as needed. */
    private int newEntry(int h, int s) {
        int e = size;
        if (e == hashes.length) {
            growEntries();
        }
        hashes[e] = h;
        slots[s] = e + 1;
        size = e + 1;
        if (2L * size > mask) {
            rehash();
        }
        return e;
    }

    /** A copy of this index, which later insertions into either leave apart. */
    @TruffleBoundary
    public KeyIndex copy() {
        MemoryBudget.charge(4L * slots.length + 12L * size + (codec == null ? 0 : starts[size]));
        return new KeyIndex(this);
    }

    /** Mixes the bits of a hash code so that the low bits, which pick the slot, depend on all of them. */
    private static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    private void growEntries() {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, 2L * hashes.length);
        MemoryBudget.charge(12L * (n - hashes.length));
        hashes = Arrays.copyOf(hashes, n);
        if (codec == null) {
            keys = Arrays.copyOf(keys, n);
        } else {
            starts = Arrays.copyOf(starts, n + 1);
        }
    }

    private void rehash() {
        int capacity = 2 * slots.length;
        MemoryBudget.charge(4L * capacity);
        int[] wider = new int[capacity];
        int m = capacity - 1;
        for (int e = 0; e < size; e++) {
            int s = hashes[e] & m;
            while (wider[s] != 0) {
                s = (s + 1) & m;
            }
            wider[s] = e + 1;
        }
        slots = wider;
        mask = m;
    }
}
