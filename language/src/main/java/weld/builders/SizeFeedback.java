package weld.builders;

import weld.runtime.ScalarTable;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * How many entries the dictionaries built at one program point (one {@code dictmerger} expression) held the last
 * time, so that the next ones start at that size instead of growing to it from 16 slots: a table that grows to
 * 2^21 slots doubles 17 times and moves every entry each time (group-by with 10^6 keys at 1 thread, presized:
 * 190 -> 149 ms). Kept separately for the builder's result and for the per-task partials of parallel loops,
 * which may each hold only part of the keys; and the range of the last result's keys, so that the next table
 * starts direct where they suit one (see {@link weld.runtime.ScalarTable}). A hint only: it is read and written
 * without synchronization, and a wrong value only costs time or memory.
 */
public final class SizeFeedback {
    /** The most entries a table is presized for from feedback (a table of 2^23 slots, 144 MB). */
    static final int MAX = 1 << 22;

    private int resultSize;
    private int partialSize;
    /** The slots a direct table needs for the keys of the last result: -1 before any result, 0 if none would do. */
    private long directSlots = -1;

    /** The entries the last result held (0 before any). */
    public int resultSize() {
        return resultSize;
    }

    /** The entries the last partial of a parallel loop held (0 before any). */
    public int partialSize() {
        return partialSize;
    }

    /**
     * The slots a direct table (see {@link weld.runtime.ScalarTable}) needs for the keys of the last result: -1
     * before any result, 0 if its keys were not all in a small range of non-negative integers.
     */
    public long directSlots() {
        return directSlots;
    }

    /**
     * The entries a result is presized for: about {@code hint} (the program's size argument, at most 2^16) or as
     * many as the last result held (where the memory limit affords it), whichever is more.
     */
    long expectedResult(long hint) {
        return Math.max(Math.min(Math.max(hint, 0), 1 << 16), affordable(resultSize));
    }

    /** The entries a partial of a parallel loop is presized for: as many as the last partial held, if affordable. */
    long expectedPartial() {
        return affordable(partialSize);
    }

    /** {@code size}, or 0 where presizing for it would take more than half of the evaluation's memory limit. */
    private static long affordable(long size) {
        return ScalarTable.affords(size) ? size : 0;
    }

    /**
     * An empty table for about {@code expected} entries: direct over the range of keys the last result needed, or
     * over twice the expected entries before any result, and a hash table where the last result's keys did not suit
     * a direct table.
     */
    ScalarTable newTable(WeldType key, ScalarKind valueKind, long expected) {
        long slots = directSlots < 0 ? Math.max(2 * expected, 1) : directSlots;
        return ScalarTable.forKey(key, valueKind, expected, ScalarTable.affordsDirect(slots) ? slots : 0);
    }

    void recordResult(int size, long directSlots) {
        resultSize = Math.min(size, MAX);
        this.directSlots = directSlots;
    }

    void recordPartial(int size) {
        partialSize = Math.min(size, MAX);
    }
}
