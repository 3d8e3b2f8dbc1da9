package weld.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Keys that do not pack into a {@code long}, compared by value, to the indexes of their entries, 0, 1, 2, ... in the
 * order of their first insertion: the index of a dictmerger or groupmerger over such keys (see
 * {@link weld.builders.ObjectKeyDictMerger}). Open addressing over an {@code int} array of entry indexes, with each
 * entry's hash kept, so that a probe compares hashes before it compares keys and a growth rehashes without hashing
 * again.
 *
 * <p>Text ({@code vec[i8]} or {@code vec[u8]}) is kept as bytes: each key's bytes are copied once, when it is first
 * inserted, into one growing array, so that the index holds no object per key (10^6 names would be 2·10^6 small
 * objects that every young collection copies) and a probe compares the bytes there, and {@link #entryFor} and
 * {@link #find} hash and probe text in an array in the caller's compiled code. Other keys are kept as the objects
 * they are, by their {@code equals} and {@code hashCode} (vectors and structs by content).
 */
public final class KeyIndex {
    /** The element type of text keys kept as bytes, {@code i8} or {@code u8}; null for keys kept as objects. */
    private final WeldType.Scalar textElem;
    /** Per slot: the entry index + 1, or 0 for an empty slot. */
    private int[] slots;
    private int mask;
    private int[] hashes;
    private int size;
    /** The keys by entry, when they are objects. */
    private Object[] keys;
    /** The bytes of text keys, entry after entry; entry {@code e}'s are {@code [starts[e], starts[e + 1])}. */
    private byte[] bytes;
    private int[] starts;

    /** An empty index of keys kept as objects, with room for about {@code expected} keys before it grows. */
    public KeyIndex(long expected) {
        this(null, expected);
    }

    /** An empty index of keys of type {@code key} (text kept as bytes), with room for about {@code expected}. */
    public static KeyIndex forKey(WeldType key, long expected) {
        WeldType.Scalar text = key.resolve() instanceof WeldType.Vec v
                && v.elem().resolve() instanceof WeldType.Scalar s
                && (s.kind() == ScalarKind.I8 || s.kind() == ScalarKind.U8) ? s : null;
        return new KeyIndex(text, expected);
    }

    private KeyIndex(WeldType.Scalar textElem, long expected) {
        this.textElem = textElem;
        int n = (int) Math.min(1 << 28, Math.max(16, expected));
        int capacity = Integer.highestOneBit(2 * n) << 1;
        slots = new int[capacity];
        mask = capacity - 1;
        hashes = new int[n];
        if (textElem == null) {
            keys = new Object[n];
        } else {
            starts = new int[n + 1];
            bytes = new byte[8 * n];
        }
        MemoryBudget.charge(4L * capacity + 12L * n + (textElem == null ? 0 : 8L * n));
    }

    private KeyIndex(KeyIndex from) {
        textElem = from.textElem;
        slots = from.slots.clone();
        mask = from.mask;
        size = from.size;
        hashes = Arrays.copyOf(from.hashes, Math.max(size, 1));
        if (textElem == null) {
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

    /** The key of entry {@code e}: text as a vector over this index's bytes (which never change under it). */
    public Object keyOf(int e) {
        if (textElem == null) {
            return keys[e];
        }
        return new WeldVector(textElem, bytes, starts[e], starts[e + 1] - starts[e]);
    }

    /**
     * The entry index of {@code key}, added as the next entry if absent: text in an array hashed and found in the
     * caller's compiled code, out of line only where it is new; other keys out of line.
     */
    public int entryFor(Object key) {
        if (textElem != null && key instanceof WeldVector v && v.store instanceof byte[] b) {
            return textEntry(b, v.offset, v.length);
        }
        return entry(key);
    }

    /** The entry index of {@code key}, or -1 if it is absent; text in an array found in compiled code. */
    public int find(Object key) {
        if (textElem != null && key instanceof WeldVector v && v.store instanceof byte[] b) {
            return textFind(b, v.offset, v.length);
        }
        return entryOf(key);
    }

    /** {@link #entryFor}, out of line. */
    @TruffleBoundary
    public int entry(Object key) {
        if (textElem != null) {
            WeldVector v = (WeldVector) key;
            byte[] b = textBytes(v);
            return textEntry(b, b == v.store ? v.offset : 0, v.length);
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
        if (textElem != null) {
            WeldVector v = (WeldVector) key;
            byte[] b = textBytes(v);
            return textFind(b, b == v.store ? v.offset : 0, v.length);
        }
        return slots[objectSlot(key, spread(key.hashCode()))] - 1;
    }

    /** The array holding the bytes of text {@code v}: its own, or a copy of those read in place from a host buffer. */
    private static byte[] textBytes(WeldVector v) {
        if (v.store instanceof byte[] b) {
            return b;
        }
        byte[] copy = new byte[v.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = ((Number) v.get(i)).byteValue();
        }
        return copy;
    }

    /** The entry of the text {@code b[from, from + n)}, added (out of line) if absent. */
    private int textEntry(byte[] b, int from, int n) {
        int h = textHash(b, from, n);
        int s = textSlot(h, b, from, n);
        int e = slots[s] - 1;
        return e >= 0 ? e : addText(h, s, b, from, n);
    }

    /** The entry of the text {@code b[from, from + n)}, or -1 if it is absent. */
    private int textFind(byte[] b, int from, int n) {
        return slots[textSlot(textHash(b, from, n), b, from, n)] - 1;
    }

    private static int textHash(byte[] b, int from, int n) {
        int h = 1;
        for (int i = 0; i < n; i++) {
            h = 31 * h + b[from + i];
        }
        return spread(h);
    }

    /** The slot of the text {@code b[from, from + n)}, whose hash is {@code h}, or the empty slot where it would go. */
    private int textSlot(int h, byte[] b, int from, int n) {
        int[] sl = slots;
        int m = mask;
        int s = h & m;
        for (int e = sl[s] - 1; e >= 0; e = sl[s] - 1) {
            if (hashes[e] == h) {
                int at = starts[e];
                if (starts[e + 1] - at == n && sameBytes(bytes, at, b, from, n)) {
                    return s;
                }
            }
            s = (s + 1) & m;
        }
        return s;
    }

    private static boolean sameBytes(byte[] a, int af, byte[] b, int bf, int n) {
        for (int i = 0; i < n; i++) {
            if (a[af + i] != b[bf + i]) {
                return false;
            }
        }
        return true;
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

    /** Adds the text {@code b[from, from + n)} as the next entry at empty slot {@code s}. */
    @TruffleBoundary
    private int addText(int h, int s, byte[] b, int from, int n) {
        int at = starts[size];
        if (bytes.length - at < n) {
            long wider = Math.max(2L * bytes.length, (long) at + n);
            if (wider > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("the text keys of a dictionary exceed 2 GB");
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
        MemoryBudget.charge(4L * slots.length + 12L * size + (textElem == null ? 0 : starts[size]));
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
        if (textElem == null) {
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
