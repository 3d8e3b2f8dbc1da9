package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import weld.types.WeldType;

/**
 * {@link TextSort} against a stable sort of the indices by {@code Arrays.compare} ({@code i8}) or
 * {@code Arrays.compareUnsigned} ({@code u8}), ascending and descending: sizes around the insertion-sort threshold
 * and large enough for several radix passes, bytes at the ends of both orders ({@code -128}, {@code -1}, {@code 0},
 * {@code 127}) where a chunk pads with zeros, texts sharing long prefixes (several chunks deep), many duplicates
 * (their order kept), text at offsets of shared arrays.
 */
class TextSortTest {
    private static final byte[] ALPHABET = {-128, -1, 0, 1, 97, 127};

    private static WeldVector[] texts(Random rnd, int n, WeldType.Scalar kind) {
        byte[] prefix = new byte[40];
        for (int i = 0; i < prefix.length; i++) {
            prefix[i] = ALPHABET[rnd.nextInt(ALPHABET.length)];
        }
        WeldVector[] r = new WeldVector[n];
        for (int i = 0; i < n; i++) {
            int shared = rnd.nextInt(3) == 0 ? rnd.nextInt(prefix.length) : 0;
            int n2 = shared + rnd.nextInt(rnd.nextInt(4) == 0 ? 12 : 3);
            int at = rnd.nextInt(5);
            byte[] b = new byte[at + n2 + rnd.nextInt(3)];
            System.arraycopy(prefix, 0, b, at, shared);
            for (int j = shared; j < n2; j++) {
                b[at + j] = ALPHABET[rnd.nextInt(ALPHABET.length)];
            }
            r[i] = new WeldVector(kind, b, at, n2);
        }
        return r;
    }

    private static int[] expected(WeldVector[] t, boolean unsigned, boolean descending) {
        Comparator<Integer> order = (a, b) -> {
            WeldVector x = t[a];
            WeldVector y = t[b];
            byte[] p = (byte[]) x.store;
            byte[] q = (byte[]) y.store;
            return unsigned ? Arrays.compareUnsigned(p, x.offset, x.offset + x.length, q, y.offset, y.offset + y.length)
                    : Arrays.compare(p, x.offset, x.offset + x.length, q, y.offset, y.offset + y.length);
        };
        Integer[] idx = IntStream.range(0, t.length).boxed().toArray(Integer[]::new);
        Arrays.sort(idx, descending ? order.reversed() : order);
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 31, 32, 33, 100, 1000, 20_000})
    void sortsAsAStableSortByTheirOrder(int n) {
        for (WeldType.Scalar kind : new WeldType.Scalar[] {WeldType.Scalar.I8, WeldType.Scalar.U8}) {
            WeldVector[] t = texts(new Random(n * 31L + kind.hashCode()), n, kind);
            for (boolean descending : new boolean[] {false, true}) {
                assertArrayEquals(expected(t, kind == WeldType.Scalar.U8, descending), TextSort.sorted(t, descending),
                        kind + (descending ? " descending" : " ascending"));
            }
        }
    }

    @Test
    void onlyTextOfOneKindInArrays() {
        WeldVector a = new WeldVector(WeldType.Scalar.I8, new byte[] {1}, 0, 1);
        WeldVector b = new WeldVector(WeldType.Scalar.U8, new byte[] {1}, 0, 1);
        WeldVector c = new WeldVector(WeldType.Scalar.I32, new int[] {1}, 0, 1);
        assertNotNull(TextSort.texts(new Object[] {a, a}, -1));
        assertNull(TextSort.texts(new Object[] {a, b}, -1));
        assertNull(TextSort.texts(new Object[] {c}, -1));
        WeldType.Struct row = WeldType.Struct.of(new WeldType.Vec(WeldType.Scalar.I8), WeldType.Scalar.I32);
        assertNotNull(TextSort.texts(new Object[] {new WeldStruct(row, new Object[] {a, 1})}, 0));
    }
}
