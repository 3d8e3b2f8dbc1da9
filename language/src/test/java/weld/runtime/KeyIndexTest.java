package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import weld.types.WeldType;

/**
 * {@link KeyIndex}: entries in the order of first insertion through growth and rehashing, colliding hashes, and text
 * kept as bytes (keys at offsets of larger arrays, equal keys from different arrays, copies left apart), and the
 * entries of one index (a parallel loop's partial) taken into another with their stored hashes and bytes.
 */
class KeyIndexTest {
    @Test
    void entriesFollowTheOrderOfFirstInsertionThroughGrowth() {
        Random rnd = new Random(3);
        KeyIndex index = new KeyIndex(0);
        Map<String, Integer> reference = new LinkedHashMap<>();
        for (int i = 0; i < 100_000; i++) {
            String key = Integer.toString(rnd.nextInt(40_000));
            Integer expected = reference.computeIfAbsent(key, k -> reference.size());
            assertEquals(expected, index.entry(key), key);
        }
        assertEquals(reference.size(), index.size());
        List<String> keys = new ArrayList<>(reference.keySet());
        for (int e = 0; e < keys.size(); e++) {
            assertEquals(keys.get(e), index.keyOf(e));
            assertEquals(e, index.entryOf(new String(keys.get(e))), "an equal key, not the same object");
        }
        assertEquals(-1, index.entryOf("40000"));
        assertEquals(-1, index.entryOf("-1"));
    }

    @Test
    void textIsKeptAsBytesAndFoundFromAnyArray() {
        Random rnd = new Random(4);
        WeldType type = new WeldType.Vec(WeldType.Scalar.U8);
        KeyCodec codec = KeyCodec.of(type);
        KeyIndex index = KeyIndex.forKey(type, 0);
        Map<String, Integer> reference = new LinkedHashMap<>();
        byte[] all = new byte[64];
        for (int i = 0; i < 50_000; i++) {
            // A key of 0 to 5 bytes (every byte value) at a random offset of a shared array.
            int n = rnd.nextInt(6);
            int from = rnd.nextInt(all.length - n);
            for (int j = 0; j < n; j++) {
                all[from + j] = (byte) (rnd.nextInt(3) * 127);
            }
            WeldVector key = new WeldVector(WeldType.Scalar.U8, all, from, n);
            String text = Arrays.toString(Arrays.copyOfRange(all, from, from + n));
            Integer expected = reference.computeIfAbsent(text, k -> reference.size());
            assertEquals(expected, i % 2 == 0 ? index.entryFor(key, codec) : index.entry(key), text);
        }
        assertEquals(reference.size(), index.size());
        KeyIndex copy = index.copy();
        List<String> texts = new ArrayList<>(reference.keySet());
        for (int e = 0; e < texts.size(); e++) {
            WeldVector k = (WeldVector) index.keyOf(e);
            assertEquals(texts.get(e), text(k));
            byte[] fresh = Arrays.copyOfRange((byte[]) k.store, k.offset, k.offset + k.length);
            assertEquals(e, index.find(new WeldVector(WeldType.Scalar.U8, fresh, 0, fresh.length), codec));
            assertEquals(e, copy.entryOf(k));
        }
        WeldVector absent = new WeldVector(WeldType.Scalar.U8, new byte[] {1, 2, 3, 4, 5, 6}, 0, 6);
        assertEquals(-1, index.find(absent, codec));
        assertEquals(texts.size(), copy.entryFor(absent, codec), "added to the copy");
        assertEquals(-1, index.find(absent, codec), "not to the index it was copied from");
        assertEquals(texts.get(0), text(copy.keyOf(0)));
    }

    @Test
    void textReadByteByByteAndByWordsMeetsInOneEntry() {
        // Keys of 0 to 20 bytes (every tail: words, 4-byte halves, single bytes) added through the byte-reading probe
        // of keys made in the loop and found through the word-reading one, and the other way round.
        WeldType type = new WeldType.Vec(WeldType.Scalar.I8);
        KeyCodec words = KeyCodec.of(type);
        KeyCodec bytes = words.freshlyWritten();
        assertTrue(bytes.readsBytes());
        assertFalse(words.readsBytes());
        KeyIndex index = KeyIndex.forKey(type, 0);
        Random rnd = new Random(5);
        List<byte[]> keys = new ArrayList<>();
        for (int n = 0; n <= 20; n++) {
            for (int k = 0; k < 30; k++) {
                byte[] key = new byte[n];
                rnd.nextBytes(key);
                keys.add(key);
            }
        }
        Map<String, Integer> reference = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            byte[] key = keys.get(i);
            Integer expected = reference.computeIfAbsent(Arrays.toString(key), k -> reference.size());
            byte[] at = new byte[key.length + 3];
            System.arraycopy(key, 0, at, 3, key.length);
            assertEquals(expected, index.entryFor(new WeldVector(WeldType.Scalar.I8, at, 3, key.length),
                    i % 2 == 0 ? bytes : words), Arrays.toString(key));
        }
        assertEquals(reference.size(), index.size());
        for (byte[] key : keys) {
            int viaBytes = index.find(new WeldVector(WeldType.Scalar.I8, key.clone(), 0, key.length), bytes);
            int viaWords = index.find(new WeldVector(WeldType.Scalar.I8, key.clone(), 0, key.length), words);
            assertEquals(viaWords, viaBytes, Arrays.toString(key));
            assertTrue(viaBytes >= 0 && Arrays.equals(key, bytesOf(index.keyOf(viaBytes))), Arrays.toString(key));
        }
    }

    private static byte[] bytesOf(Object key) {
        WeldVector v = (WeldVector) key;
        return Arrays.copyOfRange((byte[]) v.store, v.offset, v.offset + v.length);
    }

    /** The bytes of a text key as {@link Arrays#toString(byte[])} writes them. */
    private static String text(Object key) {
        WeldVector v = (WeldVector) key;
        return Arrays.toString(Arrays.copyOfRange((byte[]) v.store, v.offset, v.offset + v.length));
    }

    @Test
    void keysWithEqualHashCodesKeepTheirOwnEntries() {
        // "Aa" and "BB" have the same hash code, and so does every string made of such pairs.
        List<String> same = new ArrayList<>();
        for (int bits = 0; bits < 256; bits++) {
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < 8; j++) {
                sb.append((bits >> j & 1) == 0 ? "Aa" : "BB");
            }
            same.add(sb.toString());
        }
        KeyIndex index = new KeyIndex(4);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < same.size(); i++) {
                assertEquals(i, index.entry(same.get(i)));
            }
        }
        assertEquals(256, index.size());
        assertEquals(-1, index.entryOf("AaAaAaAaAaAaAaBc"));
    }

    @Test
    void entriesOfAnotherIndexMeetTheSameKeysMergedDirectly() {
        WeldType.Vec text = new WeldType.Vec(WeldType.Scalar.I8);
        WeldType[] types = {text, WeldType.Struct.of(text, WeldType.Scalar.I32), WeldType.Struct.of(text,
            new WeldType.Vec(WeldType.Scalar.I64))};
        Random rnd = new Random(9);
        for (WeldType t : types) {
            KeyIndex target = KeyIndex.forKey(t, 0);
            KeyIndex partial = KeyIndex.forKey(t, 0);
            KeyIndex reference = KeyIndex.forKey(t, 0);
            for (int i = 0; i < 3000; i++) {
                Object key = key(t, rnd);
                (i % 2 == 0 ? target : partial).entry(key);
            }
            for (int e = 0; e < target.size(); e++) {
                reference.entry(target.keyOf(e));
            }
            for (int j = 0; j < partial.size(); j++) {
                int e = target.entryOfEntry(partial, j);
                assertEquals(reference.entry(partial.keyOf(j)), e, t + ": " + partial.keyOf(j));
                assertEquals(partial.keyOf(j), target.keyOf(e));
            }
            assertEquals(reference.size(), target.size(), t.toString());
            assertTrue(target.size() < 3000, "the two halves share keys");
        }
    }

    /** A key of type {@code t} (text, {text, i32} or {text, vec[i64]}, the last kept as objects) from few values. */
    private static Object key(WeldType t, Random rnd) {
        byte[] b = new byte[rnd.nextInt(10)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) ('a' + rnd.nextInt(2));
        }
        WeldVector name = new WeldVector(WeldType.Scalar.I8, b, 0, b.length);
        if (t instanceof WeldType.Vec) {
            return name;
        }
        WeldType second = ((WeldType.Struct) t).fields().get(1);
        Object other = second instanceof WeldType.Vec v
                ? new WeldVector(v.elem(), new long[] {rnd.nextInt(3)}, 0, 1) : (Object) rnd.nextInt(3);
        return new WeldStruct((WeldType.Struct) t, new Object[] {name, other});
    }
}
