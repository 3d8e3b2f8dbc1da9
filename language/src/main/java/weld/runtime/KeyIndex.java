package weld.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.ScalarKind;

/**
 * Boxed keys compared by value (their {@code equals} and {@code hashCode}: vectors such as text and structs by
 * content, as in a boxed dictionary) to the indexes of their entries, 0, 1, 2, ... in the order of their first
 * insertion: the index of a dictmerger whose keys do not pack into a {@code long} (see
 * {@link weld.builders.ObjectKeyDictMerger}). Open addressing over an {@code int} array of entry indexes, with the
 * keys and their hashes by entry, so that a probe compares hashes before it compares keys and a growth rehashes
 * without calling {@code hashCode} again.
 */
public final class KeyIndex {
    /** Per slot: the entry index + 1, or 0 for an empty slot. */
    private int[] slots;
    private int mask;
    private Object[] keys;
    private int[] hashes;
    private int size;

    /** An empty index with room for about {@code expected} keys before it grows. */
    public KeyIndex(long expected) {
        int n = (int) Math.min(1 << 28, Math.max(16, expected));
        int capacity = Integer.highestOneBit(2 * n) << 1;
        slots = new int[capacity];
        mask = capacity - 1;
        keys = new Object[n];
        hashes = new int[n];
        MemoryBudget.charge(4L * capacity + 12L * n);
    }

    private KeyIndex(int[] slots, int mask, Object[] keys, int[] hashes, int size) {
        this.slots = slots;
        this.mask = mask;
        this.keys = keys;
        this.hashes = hashes;
        this.size = size;
    }

    /** The number of keys. */
    public int size() {
        return size;
    }

    /** The key of entry {@code e}. */
    public Object keyOf(int e) {
        return keys[e];
    }

    /** The entry index of {@code key}, added as the next entry if absent. */
    @TruffleBoundary
    public int entry(Object key) {
        int h = spread(key.hashCode());
        int s = slotOf(key, h);
        int found = slots[s] - 1;
        if (found >= 0) {
            return found;
        }
        int e = size;
        if (e == keys.length) {
            growEntries();
        }
        keys[e] = key;
        hashes[e] = h;
        slots[s] = e + 1;
        size = e + 1;
        if (2L * size > mask) {
            rehash();
        }
        return e;
    }

    /**
     * {@link #entry} of {@code key}: text in an array (the common key) is hashed and found in compiled code
     * ({@link #textProbe}), out of line only where it is new; other keys out of line.
     */
    public int entryFor(Object key) {
        if (key instanceof WeldVector v && v.store instanceof byte[] b) {
            int e = textProbe(b, v.offset, v.length, v.kind == ScalarKind.U8);
            if (e >= 0) {
                return e;
            }
        }
        return entry(key);
    }

    /** {@link #entryOf} of {@code key}, text in an array found in compiled code as in {@link #entryFor}. */
    public int find(Object key) {
        if (key instanceof WeldVector v && v.store instanceof byte[] b) {
            int e = textProbe(b, v.offset, v.length, v.kind == ScalarKind.U8);
            if (e >= -1) {
                return e;
            }
        }
        return entryOf(key);
    }

    /**
     * The entry of the text {@code b[from, from + n)} ({@code unsigned} for {@code u8}), hashed as its boxed
     * elements would be and compared with the stored keys of equal hash on their arrays, without a call out of
     * line: -1 where it is absent, -2 where the probe met a stored key that is not text in an array (read in place
     * from a host buffer), which only {@link #entryOf} compares.
     */
    private int textProbe(byte[] b, int from, int n, boolean unsigned) {
        int h = 1;
        for (int i = 0; i < n; i++) {
            h = 31 * h + (unsigned ? b[from + i] & 0xFF : b[from + i]);
        }
        h = spread(h);
        int[] sl = slots;
        int m = mask;
        int s = h & m;
        for (int e = sl[s] - 1; e >= 0; e = sl[s] - 1) {
            if (hashes[e] == h) {
                if (!(keys[e] instanceof WeldVector v && v.store instanceof byte[] c)) {
                    return -2;
                }
                if (v.length == n && sameBytes(c, v.offset, b, from, n)) {
                    return e;
                }
            }
            s = (s + 1) & m;
        }
        return -1;
    }

    private static boolean sameBytes(byte[] a, int af, byte[] b, int bf, int n) {
        for (int i = 0; i < n; i++) {
            if (a[af + i] != b[bf + i]) {
                return false;
            }
        }
        return true;
    }

    /** The entry index of {@code key}, or -1 if it is absent. */
    @TruffleBoundary
    public int entryOf(Object key) {
        return slots[slotOf(key, spread(key.hashCode()))] - 1;
    }

    /** The slot of {@code key}, whose spread hash is {@code h}, or the empty slot where it would go. */
    private int slotOf(Object key, int h) {
        int s = h & mask;
        for (int e = slots[s] - 1; e >= 0; e = slots[s] - 1) {
            if (hashes[e] == h && keys[e].equals(key)) {
                return s;
            }
            s = (s + 1) & mask;
        }
        return s;
    }

    /** A copy of this index, which later insertions into either leave apart. */
    @TruffleBoundary
    public KeyIndex copy() {
        MemoryBudget.charge(4L * slots.length + 12L * size);
        return new KeyIndex(slots.clone(), mask, Arrays.copyOf(keys, Math.max(size, 1)),
                Arrays.copyOf(hashes, Math.max(size, 1)), size);
    }

    /** Mixes the bits of a hash code so that the low bits, which pick the slot, depend on all of them. */
    private static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    private void growEntries() {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, 2L * keys.length);
        MemoryBudget.charge(12L * (n - keys.length));
        keys = Arrays.copyOf(keys, n);
        hashes = Arrays.copyOf(hashes, n);
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
