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

/**
 * {@link ScalarTable}'s direct mode (key {@code k} in slot {@code k}): merges, widening, the change to a hash table
 * and merging tables of either mode, each checked against a {@link LinkedHashMap} (values and insertion order).
 */
class DirectTableTest {
    private static ScalarTable direct(long slots) {
        return new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0, slots);
    }

    /** Merges {@code keys} (values from {@code rnd}) into {@code t} and into a map; checks both agree throughout. */
    private static Map<Object, Object> mergeAndCheck(ScalarTable t, long[] keys, SplittableRandom rnd) {
        return mergeAndCheck(t, new LinkedHashMap<>(), keys, rnd);
    }

    /** The same, for a table that holds {@code ref}'s entries already. */
    private static Map<Object, Object> mergeAndCheck(ScalarTable t, Map<Object, Object> ref, long[] keys,
                                                     SplittableRandom rnd) {
        for (long k : keys) {
            double v = rnd.nextInt(64) / 8.0;
            t.mergeDouble(k, v, ScalarKind.F64, BinOp.ADD);
            ref.merge(k, v, (a, b) -> (Double) a + (Double) b);
        }
        assertEquals(new ArrayList<>(ref.entrySet()), ScalarTableTest.entries(t));
        for (Map.Entry<Object, Object> e : ref.entrySet()) {
            assertEquals(e.getValue(), t.getBoxed(e.getKey()));
        }
        return ref;
    }

    private static long[] keys(SplittableRandom rnd, int n, long from, long to) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextLong(from, to);
        }
        return keys;
    }

    @Test
    void keysInRangeStayDirectAndMatchAMap() {
        ScalarTable t = direct(1000);
        assertTrue(t.isDirect());
        assertEquals(1024, t.capacity());
        mergeAndCheck(t, keys(new SplittableRandom(1), 20_000, 0, 1000), new SplittableRandom(2));
        assertTrue(t.isDirect());
        assertEquals(1000, t.size());
        assertEquals(1024, t.capacity());
        assertNull(t.getBoxed(1000L), "absent, in range");
        assertNull(t.getBoxed(5000L), "absent, out of range");
        assertNull(t.getBoxed(-1L));
        assertTrue(t.find(5000) < 0);
        assertTrue(t.find(-1) < 0);
    }

    @Test
    void aKeyPastTheRangeWidensTheTableWhileItStaysSmall() {
        ScalarTable t = direct(16);
        long[] keys = new long[3000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i % 3 == 0 ? i : (i * 7L) % 1500;
        }
        mergeAndCheck(t, keys, new SplittableRandom(3));
        assertTrue(t.isDirect(), "at most 2^12 slots are always allowed");
        assertEquals(4096, t.capacity());
    }

    @Test
    void aSparseNegativeOrHugeKeyTurnsTheTableIntoAHashTable() {
        SplittableRandom rnd = new SplittableRandom(4);
        for (long odd : new long[] {-1, 1 << 13, 1L << 40, Long.MIN_VALUE, Long.MAX_VALUE}) {
            ScalarTable t = direct(64);
            long[] keys = keys(rnd, 500, 0, 64);
            keys[250] = odd;
            keys[400] = odd;
            Map<Object, Object> ref = mergeAndCheck(t, keys, rnd);
            assertFalse(t.isDirect(), "key " + odd);
            assertEquals(ref.size(), t.size());
            // It stays a hash table, whatever is merged next.
            mergeAndCheck(t, ref, new long[] {1, 2, 3}, rnd);
            assertFalse(t.isDirect());
        }
    }

    @Test
    void widensBeyondTheMinimumWhileThereAreFewSlotsPerEntry() {
        // 3000 entries among keys [0, 12000), arriving in order: at most 4 keys per entry, 16384 slots.
        ScalarTable t = direct(16);
        long[] keys = new long[3000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = 4L * i;
        }
        Map<Object, Object> ref = mergeAndCheck(t, keys, new SplittableRandom(5));
        assertTrue(t.isDirect());
        assertEquals(16384, t.capacity());
        // One key much further away would need 10 slots per entry: a hash table.
        mergeAndCheck(t, ref, new long[] {30_000}, new SplittableRandom(6));
        assertFalse(t.isDirect());
    }

    @Test
    void theDirectMergeReportsWhatItCannotTake() {
        ScalarTable t = direct(16);
        assertTrue(t.mergeDoubleDirect(3, 1.5, ScalarKind.F64, BinOp.ADD));
        assertTrue(t.mergeDoubleDirect(3, 1.0, ScalarKind.F64, BinOp.ADD));
        assertFalse(t.mergeDoubleDirect(16, 1.0, ScalarKind.F64, BinOp.ADD), "out of range");
        assertFalse(t.mergeDoubleDirect(-3, 1.0, ScalarKind.F64, BinOp.ADD), "negative");
        assertEquals(1, t.size(), "nothing merged by a refused merge");
        assertEquals(2.5, t.getBoxed(3L));
        ScalarTable l = new ScalarTable(ScalarKind.I32, ScalarKind.I32, 0, 16);
        assertTrue(l.mergeLongDirect(5, -7, ScalarKind.I32, BinOp.MIN));
        assertTrue(l.mergeLongDirect(5, 2, ScalarKind.I32, BinOp.MIN));
        assertEquals(-7, l.getBoxed(5));
        ScalarTable hash = new ScalarTable(ScalarKind.I32, ScalarKind.I32, 0);
        assertFalse(hash.isDirect());
        assertFalse(hash.mergeLongDirect(5, 1, ScalarKind.I32, BinOp.ADD), "a hash table");
        assertEquals(0, hash.size());
    }

    @Test
    void boxedPutsAndCopiesOfDirectTables() {
        ScalarTable t = new ScalarTable(ScalarKind.I32, ScalarKind.I64, 0, 16);
        t.putBoxed(4, 40L);
        t.putBoxed(4, 41L);
        t.mergeBoxed(2, 7L, BinOp.ADD);
        ScalarTable c = t.copy();
        t.putBoxed(100, 1L);
        assertTrue(c.isDirect());
        assertEquals(List.of(Map.entry(4, 41L), Map.entry(2, 7L)), ScalarTableTest.entries(c));
        assertEquals(List.of(Map.entry(4, 41L), Map.entry(2, 7L), Map.entry(100, 1L)), ScalarTableTest.entries(t));
    }

    @Test
    void mergeAllAcrossModesMatchesMergingEntryByEntry() {
        SplittableRandom rnd = new SplittableRandom(7);
        long[][] ranges = {{0, 500}, {0, 3000}, {-4000, 4000}};
        for (long[] ra : ranges) {
            for (long[] rb : ranges) {
                ScalarTable a = direct(512);
                ScalarTable b = direct(512);
                Map<Object, Object> ref = mergeAndCheck(a, keys(rnd, 2000, ra[0], ra[1]), rnd);
                Map<Object, Object> refB = mergeAndCheck(b, keys(rnd, 2000, rb[0], rb[1]), rnd);
                refB.forEach((k, v) -> ref.merge(k, v, (x, y) -> (Double) x + (Double) y));
                a.mergeAll(b, BinOp.ADD);
                assertEquals(new ArrayList<>(ref.entrySet()), ScalarTableTest.entries(a), List.of(ra, rb).toString());
            }
        }
    }

    @Test
    void theSlotsADirectTableNeedsForAHashTablesKeys() {
        ScalarTable small = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
        mergeAndCheck(small, keys(new SplittableRandom(8), 300, 0, 200), new SplittableRandom(9));
        assertEquals(200, small.directSlotsNeeded(), "the largest key plus one");
        ScalarTable negative = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
        mergeAndCheck(negative, new long[] {3, -1, 5}, new SplittableRandom(10));
        assertEquals(0, negative.directSlotsNeeded());
        ScalarTable sparse = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
        mergeAndCheck(sparse, new long[] {3, 1 << 20, 5}, new SplittableRandom(11));
        assertEquals(0, sparse.directSlotsNeeded());
        ScalarTable dense = new ScalarTable(ScalarKind.I64, ScalarKind.F64, 0);
        long[] many = new long[20_000];
        for (int i = 0; i < many.length; i++) {
            many[i] = 3L * i;
        }
        mergeAndCheck(dense, many, new SplittableRandom(12));
        assertEquals(60_000 - 2, dense.directSlotsNeeded(), "3 slots per entry");
        assertEquals(1024, direct(1000).directSlotsNeeded(), "a direct table: its capacity");
    }
}
