package weld.runtime;

import java.util.Arrays;

import weld.syntax.ScalarKind;

import static weld.runtime.UnsafeAccess.UNSAFE;

/**
 * A stable sort of text ({@code vec[i8]} or {@code vec[u8]} in byte arrays) in Weld's order: byte by byte, signed
 * for {@code i8} and unsigned for {@code u8}, a proper prefix first. Rather than comparing element pairs (a
 * dependent load of each element's array per comparison), each element's next 7 bytes become one {@code long}
 * whose unsigned order is theirs: the bytes big-endian ({@code i8} with its sign bit flipped), then in the low byte
 * how many there are, or 8 where the text goes on. The longs are radix sorted (least significant byte first, bytes
 * equal over the range skipped), and each run of equal longs whose texts go on is sorted the same way by its next 7
 * bytes; a range of fewer than {@value #SMALL} elements is sorted by insertion with a full comparison.
 *
 * <p>Example: {@code "ab"} ({@code u8}) at depth 0 is {@code 0x6162_0000_0000_0002}, {@code "abcdefgh"}
 * {@code 0x6162_6364_6566_6708} (it goes on), so {@code "ab"} sorts first.
 */
public final class TextSort {
    private static final int SMALL = 32;
    private static final long BYTES = UNSAFE.arrayBaseOffset(byte[].class);
    /** The low byte of a chunk whose text goes on after its 7 bytes. */
    private static final int GOES_ON = 8;

    private final byte[][] arrays;
    private final int[] offsets;
    private final int[] lengths;
    private final boolean unsigned;
    /** All ones where descending: the chunks complemented, the full comparison negated. */
    private final long flip;
    private final int[] order;
    private long[] keys;
    private long[] keysAside;
    private int[] orderAside;
    /** Per byte of the keys, the count of each value (then where it goes); reused by every radix sort. */
    private final int[][] counts = new int[8][256];

    private TextSort(byte[][] arrays, int[] offsets, int[] lengths, boolean unsigned, boolean descending) {
        this.arrays = arrays;
        this.offsets = offsets;
        this.lengths = lengths;
        this.unsigned = unsigned;
        this.flip = descending ? -1L : 0L;
        int n = arrays.length;
        order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
    }

    /**
     * The elements of {@code elems} (vectors, or with {@code field >= 0} structs and their vector field
     * {@code field}) when all are text of one kind in byte arrays, which {@link #sorted} takes; else null.
     */
    public static WeldVector[] texts(Object[] elems, int field) {
        WeldVector[] texts = new WeldVector[elems.length];
        ScalarKind kind = null;
        for (int i = 0; i < elems.length; i++) {
            Object e = field < 0 ? elems[i] : ((WeldStruct) elems[i]).fields[field];
            if (!(e instanceof WeldVector v) || !(v.store instanceof byte[])
                    || v.kind != ScalarKind.I8 && v.kind != ScalarKind.U8 || kind != null && v.kind != kind) {
                return null;
            }
            kind = v.kind;
            texts[i] = v;
        }
        return texts;
    }

    /**
     * The indices of {@code texts} (from {@link #texts}) in the order of their text, ascending or
     * descending; equal texts keep their order.
     */
    public static int[] sorted(WeldVector[] texts, boolean descending) {
        int n = texts.length;
        MemoryBudget.charge(40L * n + 64);
        byte[][] arrays = new byte[n][];
        int[] offsets = new int[n];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            arrays[i] = (byte[]) texts[i].store;
            offsets[i] = texts[i].offset;
            lengths[i] = texts[i].length;
        }
        boolean unsigned = n > 0 && texts[0].kind == ScalarKind.U8;
        TextSort s = new TextSort(arrays, offsets, lengths, unsigned, descending);
        s.sortAll();
        return s.order;
    }

    private void sortAll() {
        int n = order.length;
        // Ranges left to sort: lo, hi, depth (in chunks), three ints each.
        int[] stack = new int[48];
        int top = 0;
        stack[top++] = 0;
        stack[top++] = n;
        stack[top++] = 0;
        while (top > 0) {
            int depth = stack[--top];
            int hi = stack[--top];
            int lo = stack[--top];
            if (hi - lo < SMALL) {
                insertionSort(lo, hi, 7 * depth);
                continue;
            }
            if (keys == null) {
                keys = new long[n];
                keysAside = new long[n];
                orderAside = new int[n];
            }
            for (int i = lo; i < hi; i++) {
                keys[i] = chunk(order[i], depth) ^ flip;
            }
            radixSort(lo, hi);
            for (int i = lo, j; i < hi; i = j) {
                long k = keys[i];
                j = i + 1;
                while (j < hi && keys[j] == k) {
                    j++;
                }
                if (j - i > 1 && ((k ^ flip) & 0xFF) == GOES_ON) {
                    if (top + 3 > stack.length) {
                        stack = Arrays.copyOf(stack, 2 * stack.length);
                    }
                    stack[top++] = i;
                    stack[top++] = j;
                    stack[top++] = depth + 1;
                }
            }
        }
    }

    /** Element {@code e}'s bytes {@code [7 * depth, 7 * depth + 7)} and how many there are (or 8), as one long. */
    private long chunk(int e, int depth) {
        byte[] a = arrays[e];
        int from = offsets[e] + 7 * depth;
        int left = lengths[e] - 7 * depth;
        long w;
        if (left >= 8) {
            w = Long.reverseBytes(UNSAFE.getLong(a, BYTES + from)) & ~0xFFL | GOES_ON;
        } else {
            w = left;
            for (int j = 0; j < left; j++) {
                w |= (a[from + j] & 0xFFL) << 56 - 8 * j;
            }
        }
        if (!unsigned) {
            // Signed bytes: -128 .. 127 to 0 .. 255, the padding after the text's end left at 0.
            long signs = 0x8080_8080_8080_8000L;
            if (left < 7) {
                signs &= ~(-1L >>> 8 * left);
            }
            w ^= signs;
        }
        return w;
    }

    /** Sorts {@code keys[lo, hi)}, and {@code order} with them, stably by the keys' unsigned values. */
    private void radixSort(int lo, int hi) {
        for (int[] c : counts) {
            Arrays.fill(c, 0);
        }
        for (int i = lo; i < hi; i++) {
            long k = keys[i];
            for (int b = 0; b < 8; b++) {
                counts[b][(int) (k >>> 8 * b) & 0xFF]++;
            }
        }
        long[] k = keys;
        int[] p = order;
        long[] kt = keysAside;
        int[] pt = orderAside;
        int n = hi - lo;
        for (int b = 0; b < 8; b++) {
            int[] c = counts[b];
            int first = (int) (k[lo] >>> 8 * b) & 0xFF;
            if (c[first] == n) {
                continue;
            }
            int at = lo;
            for (int d = 0; d < 256; d++) {
                int x = c[d];
                c[d] = at;
                at += x;
            }
            for (int i = lo; i < hi; i++) {
                int d = (int) (k[i] >>> 8 * b) & 0xFF;
                int to = c[d]++;
                kt[to] = k[i];
                pt[to] = p[i];
            }
            long[] ks = k;
            k = kt;
            kt = ks;
            int[] ps = p;
            p = pt;
            pt = ps;
        }
        if (k != keys) {
            System.arraycopy(k, lo, keys, lo, n);
            System.arraycopy(p, lo, order, lo, n);
        }
    }

    /** Sorts {@code order[lo, hi)} by insertion, comparing texts from byte {@code from} (those before are equal). */
    private void insertionSort(int lo, int hi, int from) {
        for (int i = lo + 1; i < hi; i++) {
            int x = order[i];
            int j = i - 1;
            while (j >= lo && compare(order[j], x, from) > 0) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
    }

    private int compare(int a, int b, int from) {
        int af = offsets[a] + from;
        int at = offsets[a] + lengths[a];
        int bf = offsets[b] + from;
        int bt = offsets[b] + lengths[b];
        int c = unsigned ? Arrays.compareUnsigned(arrays[a], af, at, arrays[b], bf, bt)
                : Arrays.compare(arrays[a], af, at, arrays[b], bf, bt);
        return flip == 0 ? c : -c;
    }
}
