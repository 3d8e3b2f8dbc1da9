package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@link KeyCodec}: which key types are kept as bytes, keys of every field kind decoded as they were, bytes equal
 * exactly when keys are equal (as boxed struct keys compare: {@code -0.0} apart from {@code 0.0}, every NaN one key,
 * text of different splits apart), text at offsets and in slices, struct keys hashed and compared field by field as
 * their bytes are, and a {@link KeyIndex} over struct keys kept as bytes (the compiled-code path, field by field,
 * with text read by words and by bytes, the out-of-line one, lookups, copies).
 */
class KeyCodecTest {
    private static final WeldType.Vec I8_TEXT = new WeldType.Vec(WeldType.Scalar.I8);
    private static final WeldType.Vec U8_TEXT = new WeldType.Vec(WeldType.Scalar.U8);

    @Test
    void flatStructsOfScalarsAndTextAreKeptAsBytes() {
        assertTrue(KeyCodec.of(I8_TEXT).isText());
        assertTrue(KeyCodec.of(U8_TEXT).isText());
        KeyCodec pair = KeyCodec.of(WeldType.Struct.of(I8_TEXT, WeldType.Scalar.I32));
        assertNotNull(pair);
        assertFalse(pair.isText());
        assertFalse(pair.readsBytes(), "text fields from data are read by words");
        assertTrue(pair.freshlyWritten().readsBytes());
        assertFalse(KeyCodec.of(WeldType.Struct.of(WeldType.Scalar.I64, WeldType.Scalar.I64)).readsBytes());
        assertFalse(KeyCodec.of(I8_TEXT).readsBytes());
        assertTrue(KeyCodec.of(I8_TEXT).freshlyWritten().readsBytes());
        assertNull(KeyCodec.of(WeldType.Scalar.I64), "scalars pack into a long");
        assertNull(KeyCodec.of(new WeldType.Vec(WeldType.Scalar.I32)), "other vectors stay objects");
        assertNull(KeyCodec.of(WeldType.Struct.of(I8_TEXT, new WeldType.Vec(WeldType.Scalar.I64))));
        assertNull(KeyCodec.of(WeldType.Struct.of(WeldType.Struct.of(WeldType.Scalar.I32), I8_TEXT)),
                "nested structs stay objects");
        assertNull(KeyCodec.of(WeldType.Struct.of()));
    }

    /** A struct type of one field of every scalar kind and both kinds of text. */
    private static WeldType.Struct everyKind() {
        List<WeldType> fields = new ArrayList<>();
        for (ScalarKind k : ScalarKind.values()) {
            fields.add(WeldType.Scalar.of(k));
        }
        fields.add(I8_TEXT);
        fields.add(U8_TEXT);
        return WeldType.Struct.of(fields.toArray(WeldType[]::new));
    }

    /** A random key of type {@code t} (from {@link #everyKind}) whose fields come from small sets of values. */
    private static WeldStruct key(WeldType.Struct t, Random rnd) {
        Object[] f = new Object[t.fields().size()];
        for (int j = 0; j < f.length; j++) {
            WeldType ft = t.fields().get(j);
            if (ft instanceof WeldType.Vec v) {
                byte[] all = new byte[16];
                int n = rnd.nextInt(3) == 0 ? rnd.nextInt(12) : rnd.nextInt(3);
                int at = rnd.nextInt(all.length - n + 1);
                for (int i = 0; i < n; i++) {
                    all[at + i] = (byte) (rnd.nextInt(2) * 200);
                }
                f[j] = new WeldVector(v.elem(), all, at, n);
                continue;
            }
            ScalarKind k = ((WeldType.Scalar) ft).kind();
            int pick = rnd.nextInt(3);
            f[j] = switch (Carrier.of(k)) {
                case BOOLEAN -> pick == 0;
                case INT -> ScalarOps.normalize(k, pick == 0 ? -1 : pick * 1000);
                case LONG -> pick == 0 ? -1L : pick * 10_000_000_000L;
                case FLOAT -> new float[] {-0.0f, 0.0f, Float.intBitsToFloat(0x7fc00001)}[pick];
                case DOUBLE -> new double[] {-0.0, 0.0, Double.longBitsToDouble(0x7ff8000000000003L)}[pick];
                default -> throw new AssertionError(k);
            };
        }
        return new WeldStruct(t, f);
    }

    private static byte[] encoded(KeyCodec c, WeldStruct s) {
        byte[] b = new byte[c.size(s)];
        c.encode(s, b, 0);
        return b;
    }

    @Test
    void keysOfEveryKindDecodeAsTheyWereAndCompareByTheirBytes() {
        WeldType.Struct t = everyKind();
        KeyCodec c = KeyCodec.of(t);
        Random rnd = new Random(11);
        List<WeldStruct> keys = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            WeldStruct s = key(t, rnd);
            assertTrue(c.inArrays(s));
            byte[] b = encoded(c, s);
            assertArrayEquals(b, c.bytesOf(s), "in line and out of line alike");
            byte[] shifted = new byte[b.length + 5];
            System.arraycopy(b, 0, shifted, 3, b.length);
            assertEquals(s, c.decode(shifted, 3, 3 + b.length));
            keys.add(s);
        }
        for (WeldStruct a : keys) {
            for (WeldStruct b : keys) {
                assertEquals(a.equals(b), Arrays.equals(encoded(c, a), encoded(c, b)), a + " and " + b);
            }
        }
        // Equal keys with different NaNs and distinct keys of signed zeros, as Double.equals has them.
        WeldType.Struct f = WeldType.Struct.of(WeldType.Scalar.F64, WeldType.Scalar.of(ScalarKind.F32));
        KeyCodec fc = KeyCodec.of(f);
        byte[] nan1 = encoded(fc, new WeldStruct(f, new Object[] {Double.NaN, Float.NaN}));
        byte[] nan2 = encoded(fc, new WeldStruct(f, new Object[] {Double.longBitsToDouble(0xfff0000000000001L),
            Float.intBitsToFloat(0xff800001)}));
        assertArrayEquals(nan1, nan2);
        assertFalse(Arrays.equals(encoded(fc, new WeldStruct(f, new Object[] {0.0, 0.0f})),
                encoded(fc, new WeldStruct(f, new Object[] {-0.0, 0.0f}))));
    }

    @Test
    void structKeysHashAndCompareFieldByFieldAsTheirBytesDo() {
        WeldType.Struct t = everyKind();
        KeyCodec words = KeyCodec.of(t);
        KeyCodec bytes = words.freshlyWritten();
        Random rnd = new Random(13);
        List<WeldStruct> keys = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            keys.add(key(t, rnd));
        }
        for (WeldStruct a : keys) {
            byte[] b = encoded(words, a);
            byte[] shifted = new byte[b.length + 7];
            System.arraycopy(b, 0, shifted, 5, b.length);
            int h = words.hashOf(shifted, 5, b.length, false);
            assertEquals(h, words.hash(a), "the hash of the struct is the hash of its bytes");
            assertEquals(h, bytes.hash(a), "read by bytes or by words");
            for (WeldStruct other : keys) {
                byte[] o = encoded(words, other);
                assertEquals(a.equals(other), words.matches(a, o, 0), a + " against " + other);
                assertEquals(a.equals(other), bytes.matches(a, o, 0), a + " against " + other);
            }
        }
    }

    @Test
    void textFieldsOfDifferentSplitsStayApart() {
        WeldType.Struct t = WeldType.Struct.of(I8_TEXT, I8_TEXT);
        KeyCodec c = KeyCodec.of(t);
        byte[] abc = "abc".getBytes();
        WeldStruct aBc = new WeldStruct(t, new Object[] {text(abc, 0, 1), text(abc, 1, 2)});
        WeldStruct abC = new WeldStruct(t, new Object[] {text(abc, 0, 2), text(abc, 2, 1)});
        assertFalse(Arrays.equals(encoded(c, aBc), encoded(c, abC)));
        assertEquals(aBc, c.decode(encoded(c, aBc), 0, encoded(c, aBc).length));
    }

    private static WeldVector text(byte[] b, int from, int n) {
        return new WeldVector(WeldType.Scalar.I8, b, from, n);
    }

    @Test
    void anIndexOfStructKeysKeptAsBytes() {
        // {name, i32, f64} keys: the compiled-code path (text read by words and by bytes), the out-of-line path and
        // lookups agree
        // with a map of the same keys, through growth; decoded keys and a copy find the same entries.
        WeldType.Struct t = WeldType.Struct.of(U8_TEXT, WeldType.Scalar.I32, WeldType.Scalar.F64);
        KeyCodec c = KeyCodec.of(t);
        KeyIndex index = KeyIndex.forKey(t, 0);
        Map<WeldStruct, Integer> reference = new LinkedHashMap<>();
        Random rnd = new Random(12);
        byte[] all = new byte[64];
        for (int i = 0; i < 60_000; i++) {
            int n = rnd.nextInt(12);
            int from = rnd.nextInt(all.length - n);
            for (int j = 0; j < n; j++) {
                all[from + j] = (byte) (rnd.nextInt(2) * 255);
            }
            WeldStruct key = new WeldStruct(t, new Object[] {new WeldVector(WeldType.Scalar.U8, all, from, n),
                rnd.nextInt(3), rnd.nextInt(2) == 0 ? -0.0 : 0.0});
            WeldStruct kept = new WeldStruct(t, new Object[] {new WeldVector(WeldType.Scalar.U8,
                Arrays.copyOfRange(all, from, from + n), 0, n), key.fields[1], key.fields[2]});
            Integer expected = reference.computeIfAbsent(kept, k -> reference.size());
            int e = switch (i % 3) {
                case 0 -> index.entryFor(key, c);
                case 1 -> index.entryFor(key, c.freshlyWritten());
                default -> index.entry(key);
            };
            assertEquals(expected, e, kept.toString());
        }
        assertEquals(reference.size(), index.size());
        KeyIndex copy = index.copy();
        List<WeldStruct> keys = new ArrayList<>(reference.keySet());
        for (int e = 0; e < keys.size(); e++) {
            assertEquals(keys.get(e), index.keyOf(e));
            assertEquals(e, index.find(keys.get(e), c));
            assertEquals(e, index.find(keys.get(e), c.freshlyWritten()));
            assertEquals(e, copy.entryOf(index.keyOf(e)));
        }
        WeldStruct absent = new WeldStruct(t, new Object[] {new WeldVector(WeldType.Scalar.U8, new byte[13], 0, 13),
            0, 0.0});
        assertEquals(-1, index.find(absent, c));
        assertEquals(keys.size(), copy.entryFor(absent, c), "added to the copy");
        assertEquals(-1, index.entryOf(absent), "not to the index it was copied from");
    }
}
