package weld.builders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import weld.runtime.MemoryBudget;
import weld.runtime.StructLayout;
import weld.runtime.WeldVector;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * Vecmergers' arrays: one made from a fresh vector takes the array over (a view at an offset or a prefix of its
 * array is copied), the copies of parallel tasks start at the operator's identity, and a vector a program still
 * uses after handing it to a vecmerger keeps its values. {@code int} counters start only for long sums of a large
 * vector within a bound, and every way out adds them to the elements.
 */
class VecMergerTest {
    @Test
    void aFreshVectorsArrayIsTakenOverAndAViewIsCopied() {
        long[] store = {1, 2, 3, 4};
        WeldVector whole = new WeldVector(WeldType.Scalar.I64, store, 0, 4);
        WeldVector adopted = VecMerger.adopting(WeldType.Scalar.I64, BinOp.ADD, whole).result();
        assertSame(store, adopted.store);
        assertEquals(4, adopted.length);
        // Spare elements past the vector's end (an appender's capacity) would let merges past it in unchecked.
        WeldVector prefix = new WeldVector(WeldType.Scalar.I64, store, 0, 3);
        assertEquals(3, ((long[]) VecMerger.adopting(WeldType.Scalar.I64, BinOp.ADD, prefix).result().store).length);
        WeldVector view = new WeldVector(WeldType.Scalar.I64, store, 1, 2);
        WeldVector copied = VecMerger.adopting(WeldType.Scalar.I64, BinOp.ADD, view).result();
        assertNotSame(store, copied.store);
        assertArrayEquals(new long[] {2, 3}, java.util.Arrays.copyOfRange((long[]) copied.store, copied.offset, copied.offset + 2));
        assertNotSame(store, new VecMerger(WeldType.Scalar.I64, BinOp.ADD, whole).result().store);
    }

    /** Sharing is one flag for both layouts: primitive elements (atomic array updates) and columns of structs. */
    @Test
    void sharingIsSeenForArraysAndForColumns() {
        VecMerger scalars = new VecMerger(WeldType.Scalar.F64, BinOp.ADD,
                new WeldVector(WeldType.Scalar.F64, new double[] {1, 2}, 0, 2));
        assertFalse(scalars.isShared());
        assertSame(scalars, scalars.share());
        assertTrue(scalars.isShared());
        WeldType pair = WeldType.Struct.of(WeldType.Scalar.I64, WeldType.Scalar.F64);
        VecMerger columns = new VecMerger(pair, BinOp.ADD,
                new WeldVector(pair, StructLayout.of(pair).allocate(3), 0, 3));
        assertFalse(columns.isShared());
        columns.share();
        assertTrue(columns.isShared());
        assertFalse(columns.emptyCopy().isShared());
    }

    @Test
    void taskCopiesStartAtTheIdentity() {
        WeldVector d = new WeldVector(WeldType.Scalar.F64, new double[] {5, 6}, 0, 2);
        assertArrayEquals(new double[] {0, 0}, (double[]) new VecMerger(WeldType.Scalar.F64, BinOp.ADD, d).emptyCopy().result().store);
        assertArrayEquals(new double[] {1, 1}, (double[]) new VecMerger(WeldType.Scalar.F64, BinOp.MUL, d).emptyCopy().result().store);
        assertArrayEquals(new double[] {-Double.MAX_VALUE, -Double.MAX_VALUE},
                (double[]) new VecMerger(WeldType.Scalar.F64, BinOp.MAX, d).emptyCopy().result().store);
        WeldVector l = new WeldVector(WeldType.Scalar.I64, new long[] {5, 6}, 0, 2);
        assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MAX_VALUE},
                (long[]) new VecMerger(WeldType.Scalar.I64, BinOp.MIN, l).emptyCopy().result().store);
        assertArrayEquals(new long[] {0, 0}, (long[]) new VecMerger(WeldType.Scalar.I64, BinOp.ADD, l).emptyCopy().result().store);
    }

    /** The zero vector built in the program itself, used once (taken over) and twice (copied), on 1 and 4 threads. */
    @Test
    void vectorsUsedAgainKeepTheirValues() {
        String counts = "|keys: vec[i32], r: i64| let z = result(for(rangeiter(0L, r, 1L), appender[i64], |b, i, x| merge(b, 2L)));"
                + " result(for(keys, vecmerger[i64,+](z), |b, i, k| merge(b, {i64(k), 1L})))";
        String reused = "|keys: vec[i32], r: i64| let z = result(for(rangeiter(0L, r, 1L), appender[i64], |b, i, x| merge(b, 2L)));"
                + " {result(for(keys, vecmerger[i64,+](z), |b, i, k| merge(b, {i64(k), 1L}))), z, result(for(z, merger[i64,+], |b, i, x| merge(b, x)))}";
        int n = 100_000;
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i % 7;
        }
        for (int threads : new int[] {1, 4}) {
            try (Context c = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", Integer.toString(threads))
                    .option("weld.Grain", "1000").build()) {
                Value once = c.eval("weld", counts).execute(keys, 7L);
                Value twice = c.eval("weld", reused).execute(keys, 7L);
                for (int k = 0; k < 7; k++) {
                    long expected = 2 + n / 7 + (k < n % 7 ? 1 : 0);
                    assertEquals(expected, once.getArrayElement(k).asLong(), threads + " threads, key " + k);
                    assertEquals(expected, twice.getMember("$0").getArrayElement(k).asLong(), threads + " threads, key " + k);
                    assertEquals(2L, twice.getMember("$1").getArrayElement(k).asLong(), threads + " threads, key " + k);
                }
                assertEquals(14L, twice.getMember("$2").asLong());
            }
        }
    }

    @Test
    void intCountersStartOnlyWhereTheyPayAndCannotOverflow() {
        int big = VecMerger.NARROW_MIN_LENGTH;
        assertTrue(longSums(big).countNarrow(Integer.MAX_VALUE));
        assertFalse(longSums(big).countNarrow(Integer.MAX_VALUE + 1L), "a bound past int range");
        assertFalse(longSums(big - 1).countNarrow(1), "a vector that fits the caches either way");
        WeldVector d = new WeldVector(WeldType.Scalar.F64, new double[big], 0, big);
        assertFalse(new VecMerger(WeldType.Scalar.F64, BinOp.ADD, d).countNarrow(1));
        WeldVector l = new WeldVector(WeldType.Scalar.I64, new long[big], 0, big);
        assertFalse(new VecMerger(WeldType.Scalar.I64, BinOp.MAX, l).countNarrow(1));
        assertFalse(longSums(big).share().countNarrow(1), "tasks update a shared vecmerger's elements atomically");
        VecMerger twice = longSums(big);
        assertTrue(twice.countNarrow(1));
        assertFalse(twice.countNarrow(1), "counters already started");
        // Within a memory limit: only with half of it to spare after the counters (4 bytes each).
        VecMerger roomy = longSums(big);
        assertTrue(MemoryBudget.run(8L * big, () -> roomy.countNarrow(1)));
        VecMerger tight = longSums(big);
        assertFalse(MemoryBudget.run(8L * big - 1, () -> tight.countNarrow(1)));
    }

    @Test
    void intCountersAreAddedToTheElements() {
        int big = VecMerger.NARROW_MIN_LENGTH;
        VecMerger v = longSums(big);
        ((long[]) v.store())[3] = Long.MAX_VALUE;
        assertTrue(v.countNarrow(10));
        v.narrowCounts()[3] = 2;
        v.narrowCounts()[big - 1] = 7;
        v.flushNarrow();
        assertNull(v.narrowCounts());
        assertEquals(Long.MIN_VALUE + 1, ((long[]) v.store())[3], "long addition wraps, as the merges would");
        assertEquals(7, ((long[]) v.store())[big - 1]);
        // result() and combining partials add counters a run left (a loop stopped by an error does not end its run).
        assertTrue(v.countNarrow(10));
        v.narrowCounts()[0] = 5;
        assertEquals(5, ((long[]) v.result().store)[0]);
        VecMerger other = longSums(big);
        assertTrue(other.countNarrow(10));
        other.narrowCounts()[1] = 4;
        v.mergeAll(other);
        assertEquals(4, ((long[]) v.result().store)[1]);
    }

    private static VecMerger longSums(int length) {
        return new VecMerger(WeldType.Scalar.I64, BinOp.ADD, new WeldVector(WeldType.Scalar.I64, new long[length], 0, length));
    }
}
