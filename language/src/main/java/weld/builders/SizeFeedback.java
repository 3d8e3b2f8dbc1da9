package weld.builders;

/**
 * How many entries the dictionaries built at one program point (one {@code dictmerger} expression) held the last
 * time, so that the next ones start at that size instead of growing to it from 16 slots: a table that grows to
 * 2^21 slots doubles 17 times and moves every entry each time (group-by with 10^6 keys at 1 thread, presized:
 * 190 -> 149 ms). Kept separately for the builder's result and for the per-task partials of parallel loops,
 * which may each hold only part of the keys. A hint only: it is read and written without synchronization, and a
 * wrong value only costs time or memory.
 */
public final class SizeFeedback {
    /** The most entries a table is presized for from feedback (a table of 2^23 slots, 144 MB). */
    static final int MAX = 1 << 22;

    private int resultSize;
    private int partialSize;

    /** The entries the last result held (0 before any). */
    public int resultSize() {
        return resultSize;
    }

    /** The entries the last partial of a parallel loop held (0 before any). */
    public int partialSize() {
        return partialSize;
    }

    void recordResult(int size) {
        resultSize = Math.min(size, MAX);
    }

    void recordPartial(int size) {
        partialSize = Math.min(size, MAX);
    }
}
