package weld.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.types.WeldType;

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
 * compiled code (a struct key hashed and compared field by field there, with the caller's codec, and encoded only
 * when it is new). Other keys are kept as the objects they are, by their {@code equals} and {@code hashCode}
 * (vectors and structs by content).
 */
public final class KeyIndex {
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
                    return bytesEntry(c.hashOf(b, v.offset, v.length, c.readsBytes()), b, v.offset, v.length,
                            c.readsBytes());
                }
            } else if (key instanceof WeldStruct st && c.inArrays(st)) {
                int h = c.hash(st);
                int s = structSlot(h, st, c);
                int e = slots[s] - 1;
                return e >= 0 ? e : addStruct(h, s, st, c);
            }
        }
        return entry(key);
    }

    /** The entry index of {@code key}, or -1 if it is absent; found in compiled code as {@link #entryFor} says. */
    public int find(Object key, KeyCodec c) {
        if (c != null) {
            if (c.isText()) {
                if (key instanceof WeldVector v && v.store instanceof byte[] b) {
                    int h = c.hashOf(b, v.offset, v.length, c.readsBytes());
                    return slots[bytesSlot(h, b, v.offset, v.length, c.readsBytes())] - 1;
                }
            } else if (key instanceof WeldStruct st && c.inArrays(st)) {
                return slots[structSlot(c.hash(st), st, c)] - 1;
            }
        }
        return entryOf(key);
    }

    /** {@link #entryFor}, out of line. */
    @TruffleBoundary
    public int entry(Object key) {
        if (codec != null) {
            byte[] b;
            int from;
            int n;
            if (key instanceof WeldVector v && v.store instanceof byte[] vb) {
                b = vb;
                from = v.offset;
                n = v.length;
            } else {
                b = codec.bytesOf(key);
                from = 0;
                n = b.length;
            }
            return bytesEntry(codec.hashOf(b, from, n, false), b, from, n, false);
        }
        return objectEntry(key, spread(key.hashCode()));
    }

    /**
     * The entry index of entry {@code j} of {@code other} (an index of the same key type, e.g. a parallel loop's
     * partial), added as the next entry if absent: its stored hash and bytes reused, the key neither decoded nor
     * hashed again.
     */
    @TruffleBoundary
    public int entryOfEntry(KeyIndex other, int j) {
        int h = other.hashes[j];
        if (codec != null) {
            int from = other.starts[j];
            return bytesEntry(h, other.bytes, from, other.starts[j + 1] - from, false);
        }
        return objectEntry(other.keys[j], h);
    }

    /** The entry of the key whose bytes are {@code b[from, from + n)} and whose hash is {@code h}, added if absent. */
    private int bytesEntry(int h, byte[] b, int from, int n, boolean byByte) {
        int s = bytesSlot(h, b, from, n, byByte);
        int e = slots[s] - 1;
        return e >= 0 ? e : addBytes(h, s, b, from, n);
    }

    /** The entry of {@code key}, kept as an object, whose hash is {@code h}, added if absent. */
    private int objectEntry(Object key, int h) {
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
                return slots[bytesSlot(codec.hashOf(b, v.offset, v.length, false), b, v.offset, v.length, false)] - 1;
            }
            byte[] b = codec.bytesOf(key);
            return slots[bytesSlot(codec.hashOf(b, 0, b.length, false), b, 0, b.length, false)] - 1;
        }
        return slots[objectSlot(key, spread(key.hashCode()))] - 1;
    }

    /**
     * The slot of the key whose bytes are {@code b[from, from + n)} and whose hash is {@code h}, or the empty slot
     * where it would go ({@code byByte}: {@code b} read a byte at a time, see {@link KeyCodec#freshlyWritten}).
     */
    private int bytesSlot(int h, byte[] b, int from, int n, boolean byByte) {
        int[] sl = slots;
        int m = mask;
        int s = h & m;
        for (int e = sl[s] - 1; e >= 0; e = sl[s] - 1) {
            if (hashes[e] == h) {
                int at = starts[e];
                if (starts[e + 1] - at == n && KeyHash.same(bytes, at, b, from, n, byByte)) {
                    return s;
                }
            }
            s = (s + 1) & m;
        }
        return s;
    }

    /** The slot of struct key {@code k}, whose hash is {@code h}, or the empty slot where it would go. */
    private int structSlot(int h, WeldStruct k, KeyCodec c) {
        int[] sl = slots;
        int m = mask;
        int s = h & m;
        for (int e = sl[s] - 1; e >= 0; e = sl[s] - 1) {
            if (hashes[e] == h && c.matches(k, bytes, starts[e])) {
                return s;
            }
            s = (s + 1) & m;
        }
        return s;
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
        int at = roomFor(n);
        System.arraycopy(b, from, bytes, at, n);
        int e = newEntry(h, s);
        starts[e + 1] = at + n;
        return e;
    }

    /** Adds struct key {@code k} (text in arrays) as the next entry at empty slot {@code s}, encoded by {@code c}. */
    @TruffleBoundary
    private int addStruct(int h, int s, WeldStruct k, KeyCodec c) {
        int n = c.size(k);
        int at = roomFor(n);
        c.encode(k, bytes, at);
        int e = newEntry(h, s);
        starts[e + 1] = at + n;
        return e;
    }

    /** Where the next key's {@code n} bytes go, with {@link #bytes} grown to hold them. */
    private int roomFor(int n) {
        int at = starts[size];
        if (bytes.length - at < n) {
            long wider = Math.max(2L * bytes.length, (long) at + n);
            if (wider > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("the keys of a dictionary exceed 2 GB");
            }
            MemoryBudget.charge(wider - bytes.length);
            bytes = Arrays.copyOf(bytes, (int) wider);
        }
        return at;
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
