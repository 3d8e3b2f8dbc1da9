package weld.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import weld.WeldContext;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Dictmergers over scalar keys and values end to end: parallel loops on several threads give the sequential
 * result, struct values that are not literals are unpacked, and the resulting dictionaries answer lookups,
 * interop hash messages, serialization and host arguments like boxed ones.
 */
class ScalarDictMergerTest {
    private static Context context(int threads) {
        return Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                .option("weld.Grain", "1000").build();
    }

    private static Map<Long, Object> entries(Value d, boolean doubles) {
        Map<Long, Object> m = new LinkedHashMap<>();
        Value it = d.getHashEntriesIterator();
        while (it.hasIteratorNextElement()) {
            Value e = it.getIteratorNextElement();
            Value v = e.getArrayElement(1);
            m.put(e.getArrayElement(0).asLong(), doubles ? (Object) v.asDouble() : (Object) v.asLong());
        }
        return m;
    }

    private static int workersSeen(Context c) {
        c.enter();
        try {
            return WeldContext.get(null).workersSeen();
        } finally {
            c.leave();
        }
    }

    @Test
    void parallelLoopsGiveTheSequentialResult() {
        int n = 1_000_000;
        long[] keys = new long[n];
        double[] values = new double[n];
        Map<Long, Double> sums = new HashMap<>();
        Map<Long, Long> maxima = new HashMap<>();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextLong(-20_000, 20_000);
            values[i] = rnd.nextInt(1000) / 4.0;
            sums.merge(keys[i], values[i], Double::sum);
            maxima.merge(keys[i] * 3, (long) i, Math::max);
        }
        String program = "|k: vec[i64], v: vec[f64]| {result(for(zip(k, v), dictmerger[i64,f64,+], |b, i, e| merge(b, e))),"
                + " result(for(k, dictmerger[i64,i64,max], |b, i, x| merge(b, {x * 3L, i})))}";
        Map<Long, Object> sequential = null;
        for (int threads : new int[] {1, 4}) {
            try (Context c = context(threads)) {
                Value r = c.eval("weld", program).execute(keys, values);
                Map<Long, Object> s = entries(r.getArrayElement(0), true);
                assertEquals(sums.size(), s.size());
                sums.forEach((k, v) -> assertEquals(v, (Double) s.get(k), "key " + k));
                Map<Long, Object> m = entries(r.getArrayElement(1), false);
                maxima.forEach((k, v) -> assertEquals(v, m.get(k), "key " + k));
                if (sequential == null) {
                    sequential = s;
                } else {
                    assertTrue(workersSeen(c) >= 1, "the loop ran as parallel tasks");
                }
            }
        }
    }

    @Test
    void aLoopMergingIntoADictmergerAfterItsResultLeavesTheResultAlone() {
        // Builders are linear in Weld, but nothing stops a program from merging after a result: the loop (split
        // into tasks on 4 threads, the first merging into a copy of the loop's initial dictmerger) must copy the
        // table the first result holds.
        String program = "|v: vec[i64]| let b = merge(dictmerger[i64,i64,+], {7L, 100L}); let first = result(b);"
                + " let second = result(for(v, b, |x, i, k| merge(x, {k % 10L, 1L}))); {first, second}";
        long[] v = new long[50_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        for (int threads : new int[] {1, 4}) {
            try (Context c = context(threads)) {
                Value r = c.eval("weld", program).execute((Object) v);
                assertEquals(Map.of(7L, 100L), entries(r.getArrayElement(0), false), threads + " threads");
                Map<Long, Object> second = entries(r.getArrayElement(1), false);
                assertEquals(10, second.size(), threads + " threads: " + second);
                assertEquals(100L + 5000L, second.get(7L));
                assertEquals(5000L, second.get(0L));
                if (threads > 1) {
                    assertTrue(workersSeen(c) >= 1, "the loop ran as parallel tasks");
                }
            }
        }
    }

    @Test
    void theNextDictmergerStartsAtTheSizeOfTheLastResult() {
        WeldType.Dict type = new WeldType.Dict(WeldType.Scalar.I64, WeldType.Scalar.F64);
        SizeFeedback sizes = new SizeFeedback();
        ScalarDictMerger first = new ScalarDictMerger(type, BinOp.ADD, 0, sizes);
        assertEquals(16, first.table().capacity());
        for (long k = 0; k < 5000; k++) {
            first.table().mergeDouble(k * 31, 1.0, ScalarKind.F64, BinOp.ADD);
        }
        first.result();
        assertEquals(5000, sizes.resultSize());
        ScalarDictMerger second = new ScalarDictMerger(type, BinOp.ADD, 0, sizes);
        assertEquals(16384, second.table().capacity(), "room for 5000 entries at half full");
        assertEquals(0, second.table().size());
        assertEquals(16384, new ScalarDictMerger(type, BinOp.ADD, 100, sizes).table().capacity(), "the larger wins");

        ScalarDictMerger partial = second.emptyPartial();
        assertEquals(16, partial.table().capacity(), "no partial seen yet");
        for (long k = 0; k < 300; k++) {
            partial.table().mergeDouble(k, 2.0, ScalarKind.F64, BinOp.ADD);
        }
        second.mergeAll(partial);
        assertEquals(300, sizes.partialSize());
        assertEquals(1024, second.emptyPartial().table().capacity());
        assertEquals(300, second.table().size());
    }

    @Test
    void programsRunAgainWithMoreOrFewerKeysGiveTheirOwnResults() {
        String program = "|k: vec[i64]| result(for(k, dictmerger[i64,i64,+], |b, i, x| merge(b, {x, 1L})))";
        for (int threads : new int[] {1, 4}) {
            try (Context c = context(threads)) {
                Value f = c.eval("weld", program);
                for (int distinct : new int[] {50_000, 7, 120_000, 1}) {
                    long[] keys = new long[200_000];
                    for (int i = 0; i < keys.length; i++) {
                        keys[i] = (i * 7919L) % distinct - distinct / 2;
                    }
                    Map<Long, Object> counts = entries(f.execute(keys), false);
                    assertEquals(distinct, counts.size(), threads + " threads, " + distinct + " keys");
                    long total = 0;
                    for (Object n : counts.values()) {
                        total += (Long) n;
                    }
                    assertEquals(keys.length, total);
                    assertEquals((long) (keys.length / distinct + (keys.length % distinct > 0 ? 1 : 0)),
                            counts.get(keys[0]));
                }
            }
        }
    }

    @Test
    void theNextTableIsDirectWhereTheLastResultsKeysWereASmallRange() {
        WeldType.Dict type = new WeldType.Dict(WeldType.Scalar.I32, WeldType.Scalar.F64);
        SizeFeedback sizes = new SizeFeedback();
        ScalarDictMerger first = new ScalarDictMerger(type, BinOp.ADD, 100, sizes);
        assertTrue(first.table().isDirect(), "before any result: direct over twice the hinted entries");
        assertEquals(256, first.table().capacity());
        for (int i = 0; i < 20_000; i++) {
            first.table().mergeDouble(i % 3000, 1.0, ScalarKind.F64, BinOp.ADD);
        }
        assertTrue(first.table().isDirect(), "widened to the keys [0, 3000)");
        first.result();
        ScalarDictMerger second = new ScalarDictMerger(type, BinOp.ADD, 0, sizes);
        assertTrue(second.table().isDirect());
        assertEquals(4096, second.table().capacity(), "the last result's range");
        assertTrue(second.emptyPartial().table().isDirect(), "partials cover the same range");
        for (int i = 0; i < 20_000; i++) {
            second.table().mergeDouble(i * 104_729L, 1.0, ScalarKind.F64, BinOp.ADD);
        }
        assertFalse(second.table().isDirect(), "sparse keys: a hash table");
        second.result();
        ScalarDictMerger third = new ScalarDictMerger(type, BinOp.ADD, 0, sizes);
        assertFalse(third.table().isDirect(), "the last result's keys did not suit a direct table");
        assertEquals(65_536, third.table().capacity(), "room for 20,000 entries at half full");
        for (int i = 0; i < 500; i++) {
            third.table().mergeDouble(i, 1.0, ScalarKind.F64, BinOp.ADD);
        }
        third.result();
        assertTrue(new ScalarDictMerger(type, BinOp.ADD, 0, sizes).table().isDirect(),
                "a hash table's result whose keys were a small range");
    }

    @Test
    void parallelLoopsOfNarrowAndUnsignedKinds() {
        try (Context one = context(1); Context four = context(4)) {
            String program = "|n: i64| let d = result(for(rangeiter(0L, n, 1L), dictmerger[u16,u32,*], "
                    + "|b, i, x| merge(b, {u16(x * 7919L), u32(x % 5L + 1L)}))); map(rangeiter(0L, 65536L, 1L), "
                    + "|k| let q = optlookup(d, u16(k)); if(q.$0, i64(q.$1), -1L))";
            Value a = one.eval("weld", program).execute(300_000L);
            Value b = four.eval("weld", program).execute(300_000L);
            for (int k = 0; k < 65536; k++) {
                assertEquals(a.getArrayElement(k).asLong(), b.getArrayElement(k).asLong(), "key " + k);
            }
            assertTrue(workersSeen(four) >= 1, "the loop ran as parallel tasks");
        }
    }

    @Test
    void structValuesThatAreNotLiteralsAreUnpacked() {
        try (Context c = context(4)) {
            Value r = c.eval("weld", "|v: vec[{i32, f32}]| let d = result(for(v, dictmerger[i32,f32,min], |b, i, e| merge(b, e)));"
                    + " {lookup(d, 1), lookup(d, -2), keyexists(d, 3), len(d)}")
                    .execute(c.eval("weld", "|| [{1, 2.5f}, {-2, 1.0f}, {1, 0.5f}, {-2, 7.0f}]").execute());
            assertEquals(0.5f, r.getArrayElement(0).asFloat());
            assertEquals(1.0f, r.getArrayElement(1).asFloat());
            assertFalse(r.getArrayElement(2).asBoolean());
            assertEquals(2, r.getArrayElement(3).asLong());
        }
    }

    @Test
    void resultsAreInteropHashesInInsertionOrder() {
        try (Context c = context(1)) {
            Value d = c.eval("weld", "|v: vec[i32]| result(for(v, dictmerger[i32,i64,+], |b, i, x| merge(b, {x, 1L})))")
                    .execute(new int[] {5, -1, 5, 9, -1, 5});
            assertEquals(3, d.getHashSize());
            assertEquals(3L, d.getHashValue(5).asLong());
            assertEquals(2L, d.getHashValue(-1L).asLong(), "a long key that fits the i32 key type");
            assertFalse(d.hasHashEntry(4));
            assertFalse(d.hasHashEntry("x"));
            assertEquals(Map.of(5L, 3L, -1L, 2L, 9L, 1L), entries(d, false));
            assertEquals(java.util.List.of(5L, -1L, 9L), java.util.List.copyOf(entries(d, false).keySet()));
            assertEquals(-7L, d.getHashValueOrDefault(4, -7L).asLong());
        }
    }

    @Test
    void dictionariesGoBackIntoWeldAndThroughSerialization() {
        try (Context c = context(1)) {
            Value d = c.eval("weld", "|v: vec[i64]| result(for(v, dictmerger[i64,f64,+], |b, i, x| merge(b, {x, 0.5})))")
                    .execute(new long[] {1, 2, 2, Long.MIN_VALUE});
            Value lookups = c.eval("weld", "|d: dict[i64,f64]| let e = deserialize[dict[i64,f64]](serialize(d));"
                    + " {lookup(d, 2L), lookup(e, 2L), lookup(e, -9223372036854775808L), len(e), keyexists(e, 3L)}").execute(d);
            assertEquals(1.0, lookups.getArrayElement(0).asDouble());
            assertEquals(1.0, lookups.getArrayElement(1).asDouble());
            assertEquals(0.5, lookups.getArrayElement(2).asDouble());
            assertEquals(3, lookups.getArrayElement(3).asLong());
            assertFalse(lookups.getArrayElement(4).asBoolean());
            Value host = c.eval("weld", "|d: dict[i32,i32]| {lookup(d, 7), len(d)}").execute(Map.of(7, 70, 8, 80));
            assertEquals(70, host.getArrayElement(0).asInt());
        }
    }

    @Test
    void missingKeysAreRuntimeErrors() {
        try (Context c = context(1)) {
            PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("weld",
                    "|v: vec[i64]| lookup(result(for(v, dictmerger[i64,i64,+], |b, i, x| merge(b, {x, x}))), 4L)")
                    .execute(new long[] {1, 2}));
            assertTrue(e.getMessage().contains("key 4 not found"), e.getMessage());
        }
    }

    @Test
    void tablesCountAgainstTheMemoryLimit() {
        try (Context c = Context.newBuilder("weld").option("weld.MemoryLimit", "1m").option("weld.Threads", "2")
                .option("weld.Grain", "1000").build()) {
            Value groups = c.eval("weld", "|n: i64| result(for(rangeiter(0L, n, 1L), dictmerger[i32,f64,+], "
                    + "|b, i, x| merge(b, {i32(x), 1.0})))");
            assertEquals(1000, groups.execute(1000L).getHashSize());
            PolyglotException e = assertThrows(PolyglotException.class, () -> groups.execute(1_000_000L));
            assertTrue(e.getMessage().contains("memory limit exceeded"), e.getMessage());
            assertEquals(1000, groups.execute(1000L).getHashSize(), "the context stays usable");
        }
    }
}
