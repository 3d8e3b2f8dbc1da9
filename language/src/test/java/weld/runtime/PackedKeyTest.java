package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Struct keys packed into a {@code long} ({@link PackedKey}): which types pack, round trips of every integer kind at
 * its extremes and of random keys, distinct keys packing to distinct longs, small fields packing to small keys (so
 * that direct tables hold them), and a table of packed keys read back through its boxed accessors.
 */
class PackedKeyTest {
    private static final ScalarKind[] INTEGERS = {ScalarKind.BOOL, ScalarKind.I8, ScalarKind.I16, ScalarKind.I32,
        ScalarKind.I64, ScalarKind.U8, ScalarKind.U16, ScalarKind.U32, ScalarKind.U64};

    private static WeldType.Struct struct(ScalarKind... kinds) {
        WeldType[] fields = new WeldType[kinds.length];
        for (int j = 0; j < kinds.length; j++) {
            fields[j] = WeldType.Scalar.of(kinds[j]);
        }
        return WeldType.Struct.of(fields);
    }

    /** A boxed value of kind {@code k} from {@code r}, in its carrier's canonical form. */
    private static Object value(ScalarKind k, long r) {
        return switch (Carrier.of(k)) {
            case BOOLEAN -> (r & 1) != 0;
            case INT -> ScalarOps.normalize(k, (int) r);
            default -> r;
        };
    }

    private static WeldStruct key(WeldType.Struct type, ScalarKind[] kinds, long... raw) {
        Object[] fields = new Object[kinds.length];
        for (int j = 0; j < kinds.length; j++) {
            fields[j] = value(kinds[j], raw[j]);
        }
        return new WeldStruct(type, fields);
    }

    @Test
    void structsOfIntegersAndBoolsUpTo64BitsPack() {
        assertNotNull(PackedKey.of(struct(ScalarKind.I32, ScalarKind.I32)));
        assertNotNull(PackedKey.of(struct(ScalarKind.I64)));
        assertNotNull(PackedKey.of(struct(ScalarKind.U32, ScalarKind.I16, ScalarKind.I8, ScalarKind.BOOL)));
        assertNull(PackedKey.of(struct(ScalarKind.I64, ScalarKind.BOOL)), "65 bits");
        assertNotNull(PackedKey.of(struct(ScalarKind.I32, ScalarKind.F32)), "a float field");
        assertNull(PackedKey.of(struct(ScalarKind.F64, ScalarKind.BOOL)), "65 bits");
        assertTrue(PackedKey.of(WeldType.Scalar.F64).isScalar());
        assertNull(PackedKey.of(WeldType.Scalar.BOOL), "a bool key");
        assertNull(PackedKey.of(WeldType.Struct.of(WeldType.Scalar.I8, struct(ScalarKind.I8))), "a nested struct");
        assertNull(PackedKey.of(WeldType.Scalar.I64), "an integer is its own key");
        assertEquals(Carrier.LONG, ScalarTable.keyCarrier(struct(ScalarKind.I8, ScalarKind.U8)));
        assertEquals(Carrier.LONG, ScalarTable.keyCarrier(WeldType.Scalar.F64));
        assertEquals(Carrier.INT, ScalarTable.keyCarrier(WeldType.Scalar.I32));
        assertNull(ScalarTable.keyCarrier(WeldType.Scalar.BOOL));
    }

    @Test
    void everyKindRoundTripsAtItsExtremes() {
        long[] extremes = {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, 0xFF, Short.MIN_VALUE, 0xFFFF,
            Integer.MIN_VALUE, Integer.MAX_VALUE, 0xFFFF_FFFFL, Long.MIN_VALUE, Long.MAX_VALUE};
        for (ScalarKind a : INTEGERS) {
            for (ScalarKind b : INTEGERS) {
                ScalarKind[] kinds = a.bits + b.bits <= 64 ? new ScalarKind[] {a, b} : new ScalarKind[] {a};
                WeldType.Struct type = struct(kinds);
                PackedKey p = PackedKey.of(type);
                for (long x : extremes) {
                    for (long y : extremes) {
                        WeldStruct k = key(type, kinds, x, y);
                        assertEquals(k, p.unpack(p.pack(k)), kinds.length + " fields " + k);
                        for (int j = 0; j < kinds.length; j++) {
                            assertEquals(PackedKey.carried(k.fields[j]), p.fieldOf(p.pack(k), j));
                        }
                    }
                }
            }
        }
    }

    @Test
    void floatKeysCompareAsBoxedFloatsDo() {
        // Double.equals: -0.0 and 0.0 differ, every NaN is one key; the same for f32 fields of a struct.
        PackedKey d = PackedKey.of(WeldType.Scalar.F64);
        double[] values = {0.0, -0.0, 1.5, -1.5, Double.NaN, Double.longBitsToDouble(0x7ff8_0000_0000_0001L),
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
        for (double a : values) {
            assertEquals(Double.valueOf(a), d.unpack(d.pack(a)));
            for (double b : values) {
                assertEquals(Double.valueOf(a).equals(b), d.pack(a) == d.pack(b), a + " vs " + b);
            }
        }
        ScalarKind[] kinds = {ScalarKind.F32, ScalarKind.I16};
        WeldType.Struct type = struct(kinds);
        PackedKey p = PackedKey.of(type);
        float[] floats = {0.0f, -0.0f, 2.5f, Float.NaN, Float.intBitsToFloat(0x7fc0_0001), Float.NEGATIVE_INFINITY};
        for (float a : floats) {
            WeldStruct k = new WeldStruct(type, new Object[] {a, -7});
            assertEquals(k, p.unpack(p.pack(k)));
            for (float b : floats) {
                WeldStruct l = new WeldStruct(type, new Object[] {b, -7});
                assertEquals(Float.valueOf(a).equals(b), p.pack(k) == p.pack(l), a + " vs " + b);
            }
        }
    }

    @Test
    void distinctKeysPackToDistinctLongs() {
        ScalarKind[] kinds = {ScalarKind.I8, ScalarKind.U16, ScalarKind.BOOL, ScalarKind.I32};
        WeldType.Struct type = struct(kinds);
        PackedKey p = PackedKey.of(type);
        Map<Long, WeldStruct> seen = new HashMap<>();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            WeldStruct k = key(type, kinds, r.nextLong(-300, 300), r.nextLong(70_000), r.nextLong(), r.nextLong(-9, 9));
            WeldStruct before = seen.put(p.pack(k), k);
            if (before != null) {
                assertEquals(before, k, "two keys packed into one long");
            }
        }
        assertTrue(seen.size() > 50_000);
    }

    @Test
    void smallFieldsPackIntoSmallKeys() {
        ScalarKind[] kinds = {ScalarKind.I32, ScalarKind.I32};
        WeldType.Struct type = struct(kinds);
        PackedKey p = PackedKey.of(type);
        long max = 0;
        for (long flag = 0; flag < 3; flag++) {
            for (long status = 0; status < 2; status++) {
                max = Math.max(max, p.pack(key(type, kinds, flag, status)));
            }
        }
        assertTrue(max < 8, "TPC-H Q1's groups pack below 8: " + max);
        assertTrue(p.pack(key(type, kinds, 1000, 1000)) < 1 << 20);
        assertNotEquals(p.pack(key(type, kinds, 1, 0)), p.pack(key(type, kinds, 0, 1)));
    }

    @Test
    void aTableOfPackedKeysReadsBackStructs() {
        ScalarKind[] kinds = {ScalarKind.I16, ScalarKind.U8};
        WeldType.Struct type = struct(kinds);
        ScalarTable t = ScalarTable.forKey(type, ScalarKind.F64, 4, 16);
        Map<WeldStruct, Double> expected = new java.util.LinkedHashMap<>();
        for (long i = 0; i < 500; i++) {
            WeldStruct k = key(type, kinds, i % 37 - 18, i % 11 * 25);
            t.mergeBoxed(k, (double) i, BinOp.ADD);
            expected.merge(k, (double) i, Double::sum);
        }
        assertEquals(expected.size(), t.size());
        int j = 0;
        for (Map.Entry<WeldStruct, Double> e : expected.entrySet()) {
            int s = t.slot(j++);
            assertEquals(e.getKey(), t.keyAt(s));
            assertEquals(e.getValue(), t.getBoxed(e.getKey()));
        }
        assertNull(t.getBoxed(key(type, kinds, 100, 0)));
        assertNull(t.getBoxed(7L), "a key of another type");
    }
}
