package weld.nodes.collection;

import weld.runtime.MemoryBudget;

/**
 * A sort in progress ({@link MergeSortLoop}): the elements (a backing array and the offset of the first), the
 * permutation being sorted and its scratch copy, and the position in the merge passes.
 */
final class MergeSortState {
    final Object store;
    final int offset;
    final int length;
    /** The permutation sorted so far: runs of {@link #width} elements are in order (all of it once width >= length). */
    int[] source;
    /** Where the pass in progress merges to. */
    int[] target;
    /** The width of the runs being merged; 0 while runs are sorted by insertion. */
    int width;
    /** The first element of the next run or pair of runs. */
    int next;

    MergeSortState(Object store, int offset, int length) {
        MemoryBudget.charge(8L * length + 32);
        this.store = store;
        this.offset = offset;
        this.length = length;
        this.source = new int[length];
        this.target = new int[length];
        for (int i = 0; i < length; i++) {
            source[i] = i;
        }
    }
}
