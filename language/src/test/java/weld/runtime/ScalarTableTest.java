package weld.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * The typed hash table behind scalar dictmergers, checked against a {@link LinkedHashMap} combined with
 * {@link ScalarOps#combine}: colliding and negative keys, growth, the key equal to the free-slot marker, every
 * operator on every value kind, unsigned order, and insertion order.
 */
class ScalarTableTest {
    private static final BinOp[] OPS = {BinOp.ADD, BinOp.MUL, BinOp.MIN, BinOp.MAX};

    /** A boxed value of kind {@code k} from a random long, normalized to its carrier. */
    private static Object value(ScalarKind k, long r) {
        return switch (Carrier.of(k)) {
            case INT -> ScalarOps.normalize(k, (int) r);
            case LONG -> r;
            case FLOAT -> (float) (r % 1000) / 8;
            case DOUBLE -> (double) (r % 100_000) / 16;
            default -> throw new IllegalArgumentException();
        };
    }

    private static Object key(ScalarKind k, long r) {
        return value(k, r);
    }

    private static void merge(ScalarTable t, ScalarKind vk, BinOp op, Object key, Object value) {
        long k = key instanceof Integer i ? i : (Long) key;
        switch (Carrier.of(vk)) {
            case INT -> t.mergeLong(k, (Integer) value, vk, op);
            case LONG -> t.mergeLong(k, (Long) value, vk, op);
            case FLOAT -> t.mergeDouble(k, (Float) value, vk, op);
            default -> t.mergeDouble(k, (Double) value, vk, op);
        }
    }

    /** The entries of {@code t} in insertion order, boxed. */
    static List<Map.Entry<Object, Object>> entries(ScalarTable t) {
        List<Map.Entry<Object, Object>> out = new ArrayList<>();
        for (int j = 0; j < t.size(); j++) {
            int s = t.slot(j);
            out.add(Map.entry(t.keyAt(s), t.valueAt(s)));
        }
        return out;
    }

    private static void check(ScalarKind kk, ScalarKind vk, BinOp op, long[] rawKeys, SplittableRandom rnd) {
        ScalarTable t = new ScalarTable(kk, vk, 0);
        Map<Object, Object> ref = new LinkedHashMap<>();
        WeldType vt = WeldType.Scalar.of(vk);
        for (long rk : rawKeys) {
            Object key = key(kk, rk);
            Object value = value(vk, rnd.nextLong());
            merge(t, vk, op, key, value);
            ref.merge(key, value, (a, b) -> ScalarOps.combine(vt, op, a, b));
        }
        String what = kk + " -> " + vk + " " + op.symbol;
        assertEquals(new ArrayList<>(ref.entrySet()).stream().map(e -> Map.entry(e.getKey(), e.getValue())).toList(),
                entries(t), what);
        for (Map.Entry<Object, Object> e : ref.entrySet()) {
            assertEquals(e.getValue(), t.getBoxed(e.getKey()), what);
        }
    }

    @Test
    void everyKindAndOperatorMatchesABoxedMap() {
        ScalarKind[] keyKinds = {ScalarKind.I8, ScalarKind.U8, ScalarKind.I16, ScalarKind.U16, ScalarKind.I32, ScalarKind.U32,
            ScalarKind.I64, ScalarKind.U64};
        ScalarKind[] valueKinds = {ScalarKind.I8, ScalarKind.U8, ScalarKind.I16, ScalarKind.U16, ScalarKind.I32, ScalarKind.U32,
            ScalarKind.I64, ScalarKind.U64, ScalarKind.F32, ScalarKind.F64};
        SplittableRandom rnd = new SplittableRandom(7);
        for (ScalarKind kk : keyKinds) {
            for (ScalarKind vk : valueKinds) {
                for (BinOp op : OPS) {
                    long[] keys = new long[3000];
                    for (int i = 0; i < keys.length; i++) {
                        keys[i] = rnd.nextLong(-600, 600);
                    }
                    check(kk, vk, op, keys, rnd);
                }
            }
        }
    }

    @Test
    void growsPastAMillionKeysAndKeepsInsertionOrder() {
        ScalarTable t = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
        int n = 1 << 20;
        for (int pass = 0; pass < 2; pass++) {
            for (long i = 0; i < n; i++) {
                t.mergeDouble(i * 7919 - n, 0.5, ScalarKind.F64, BinOp.ADD);
            }
        }
        assertEquals(n, t.size());
        for (int j = 0; j < n; j += 4099) {
            int s = t.slot(j);
            assertEquals((long) j * 7919 - n, t.keyAt(s));
            assertEquals(1.0, t.valueAt(s));
        }
    }

    @Test
    void keysThatCollideInTheirHomeSlot() {
        // Multiples of 2^60 all have the same top bits after the Fibonacci multiply in a small table.
        ScalarTable t = new ScalarTable(ScalarKind.I64, ScalarKind.I64, 0);
        for (long i = 0; i < 8; i++) {
            t.mergeLong(i << 60, i, ScalarKind.I64, BinOp.ADD);
            t.mergeLong(i << 60, 1, ScalarKind.I64, BinOp.ADD);
        }
        assertEquals(8, t.size());
        for (long i = 0; i < 8; i++) {
            assertEquals(i + 1, t.getBoxed(i << 60));
        }
        assertNull(t.getBoxed(9L << 60));
        // The same for double values; merged three times each, so keys past the probes of the inlined path are
        // found again out of line.
        ScalarTable d = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
        for (int pass = 0; pass < 3; pass++) {
            for (long i = 0; i < 8; i++) {
                d.mergeDouble(i << 60, i + 0.5, ScalarKind.F64, BinOp.ADD);
            }
        }
        for (long i = 0; i < 8; i++) {
            assertEquals(3 * (i + 0.5), d.getBoxed(i << 60));
        }
    }

    @Test
    void theFreeSlotMarkerIsAKeyLikeAnyOther() {
        ScalarTable t = new ScalarTable(ScalarKind.I64, ScalarKind.I64, 0);
        assertNull(t.getBoxed(Long.MIN_VALUE));
        t.mergeLong(Long.MIN_VALUE, 5, ScalarKind.I64, BinOp.MAX);
        for (long i = 0; i < 1000; i++) {
            t.mergeLong(i, i, ScalarKind.I64, BinOp.MAX);
        }
        t.mergeLong(Long.MIN_VALUE, 3, ScalarKind.I64, BinOp.MAX);
        assertEquals(1001, t.size());
        assertEquals(5L, t.getBoxed(Long.MIN_VALUE));
        assertEquals(Long.MIN_VALUE, t.keyAt(t.slot(0)));
        assertEquals(999L, t.getBoxed(999L));
    }

    @Test
    void unsignedValuesUseUnsignedOrder() {
        ScalarTable t = new ScalarTable(ScalarKind.U64, ScalarKind.U64, 0);
        t.mergeLong(-1, -1, ScalarKind.U64, BinOp.MAX);
        t.mergeLong(-1, 5, ScalarKind.U64, BinOp.MAX);
        t.mergeLong(1, -1, ScalarKind.U64, BinOp.MIN);
        t.mergeLong(1, 5, ScalarKind.U64, BinOp.MIN);
        assertEquals(-1L, t.getBoxed(-1L), "u64 max: 2^64-1 beats 5");
        assertEquals(5L, t.getBoxed(1L));
        ScalarTable u = new ScalarTable(ScalarKind.U32, ScalarKind.U32, 0);
        u.mergeLong(-1, -2, ScalarKind.U32, BinOp.MAX);
        u.mergeLong(-1, 3, ScalarKind.U32, BinOp.MAX);
        assertEquals(-2, u.getBoxed(-1));
    }

    @Test
    void copiesAreIndependent() {
        ScalarTable t = new ScalarTable(ScalarKind.I32, ScalarKind.F32, 0);
        t.mergeDouble(1, 1.5f, ScalarKind.F32, BinOp.ADD);
        ScalarTable c = t.copy();
        t.mergeDouble(1, 1.0f, ScalarKind.F32, BinOp.ADD);
        t.mergeDouble(2, 1.0f, ScalarKind.F32, BinOp.ADD);
        assertEquals(1.5f, c.getBoxed(1));
        assertEquals(2.5f, t.getBoxed(1));
        assertEquals(1, c.size());
        assertFalse(c.getBoxed(2) != null);
        assertTrue(t.getBoxed(2) != null);
        assertNull(t.getBoxed("not a key"));
    }

    @Test
    void mergeAllCombinesTablesInOrder() {
        ScalarTable a = new ScalarTable(ScalarKind.I32, ScalarKind.I64, 0);
        ScalarTable b = new ScalarTable(ScalarKind.I32, ScalarKind.I64, 0);
        for (int i = 0; i < 100; i++) {
            a.mergeLong(i, i, ScalarKind.I64, BinOp.MUL);
            b.mergeLong(150 - i, 2, ScalarKind.I64, BinOp.MUL);
        }
        a.mergeAll(b, BinOp.MUL);
        assertEquals(151, a.size());
        assertEquals(120L, a.getBoxed(60));
        assertEquals(2L, a.getBoxed(150));
        assertEquals(150, a.keyAt(a.slot(100)), "new keys of the later table follow");
    }

    @Test
    void mergeAllMatchesMergingEntryByEntryForTablesOfAnySize() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int[] sizes : new int[][] {{10, 5000}, {5000, 10}, {3000, 3000}, {0, 200}, {200, 0}}) {
            ScalarTable a = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
            ScalarTable b = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
            Map<Object, Object> ref = new LinkedHashMap<>();
            Map<Object, Object> refB = new LinkedHashMap<>();
            for (int i = 0; i < sizes[0]; i++) {
                long k = i % 97 == 0 ? Long.MIN_VALUE : rnd.nextLong(-4000, 4000);
                double v = rnd.nextInt(64) / 8.0;
                a.mergeDouble(k, v, ScalarKind.F64, BinOp.ADD);
                ref.merge(k, v, (x, y) -> (Double) x + (Double) y);
            }
            for (int i = 0; i < sizes[1]; i++) {
                long k = i % 89 == 0 ? Long.MIN_VALUE : rnd.nextLong(-4000, 4000);
                double v = rnd.nextInt(64) / 8.0;
                b.mergeDouble(k, v, ScalarKind.F64, BinOp.ADD);
                refB.merge(k, v, (x, y) -> (Double) x + (Double) y);
            }
            refB.forEach((k, v) -> ref.merge(k, v, (x, y) -> (Double) x + (Double) y));
            a.mergeAll(b, BinOp.ADD);
            assertEquals(new ArrayList<>(ref.entrySet()), entries(a), sizes[0] + " + " + sizes[1]);
        }
    }
}
