package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RepeatingNode;

import weld.nodes.WeldExpressionNode;

/**
 * The loop of a sort whose comparator runs: a stable merge sort of a permutation of the elements. Runs of
 * {@value #RUN} elements are sorted by insertion, then merged pairwise in passes of doubling width; a pair already in
 * order (the last of the first run not after the first of the second) is copied after one comparison. Each
 * repetition sorts one run or merges one pair and reports the elements it placed as loop iterations, so a large sort
 * is compiled on stack replacement, the comparator inlined into the merge loops, and its elements go to the
 * comparator's parameter slots unboxed ({@link SortOperands}). The state of a sort in progress
 * ({@link MergeSortState}) lives in a frame slot.
 */
final class MergeSortLoop extends Node implements RepeatingNode {
    /** Elements per run sorted by insertion before the merge passes. */
    static final int RUN = 16;
    private final int stateSlot;
    private final SortOperands operands;
    @Child private WeldExpressionNode comparator;

    MergeSortLoop(int stateSlot, SortOperands operands, WeldExpressionNode comparator) {
        this.stateSlot = stateSlot;
        this.operands = operands;
        this.comparator = comparator;
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        MergeSortState s = CompilerDirectives.castExact(frame.getObject(stateSlot), MergeSortState.class);
        int n = s.length;
        int lo = s.next;
        int width = s.width;
        if (width == 0) {
            int hi = Math.min(n, lo + RUN);
            insertionSort(frame, s, s.source, lo, hi);
            placed(hi - lo);
            if (hi < n) {
                s.next = hi;
                return true;
            }
            s.next = 0;
            s.width = RUN;
            return RUN < n;
        }
        int mid = Math.min(n, lo + width);
        int hi = Math.min(n, mid + width);
        merge(frame, s, s.source, s.target, lo, mid, hi);
        placed(hi - lo);
        if (hi < n) {
            s.next = hi;
            return true;
        }
        int[] sorted = s.target;
        s.target = s.source;
        s.source = sorted;
        s.next = 0;
        s.width = 2 * width;
        return s.width < n;
    }

    /**
     * Sorts {@code p[lo, hi)} by insertion. The element being inserted stays in the right parameter's slot while it
     * moves; only the left one is loaded per comparison.
     */
    private void insertionSort(VirtualFrame frame, MergeSortState s, int[] p, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            int x = p[i];
            loadRight(frame, s, x);
            int j = i;
            while (j > lo) {
                loadLeft(frame, s, p[j - 1]);
                if (comparator.executeInt(frame) <= 0) {
                    break;
                }
                p[j] = p[j - 1];
                j--;
            }
            p[j] = x;
        }
    }

    /**
     * Merges the sorted {@code from[lo, mid)} and {@code from[mid, hi)} into {@code to[lo, hi)}; ties from the left.
     * Each comparison after the first loads only the element that replaced the one just placed.
     */
    private void merge(VirtualFrame frame, MergeSortState s, int[] from, int[] to, int lo, int mid, int hi) {
        if (mid == hi || compare(frame, s, from[mid - 1], from[mid]) <= 0) {
            System.arraycopy(from, lo, to, lo, hi - lo);
            return;
        }
        int i = lo;
        int j = mid;
        int k = lo;
        loadLeft(frame, s, from[i]);
        loadRight(frame, s, from[j]);
        while (true) {
            if (comparator.executeInt(frame) <= 0) {
                to[k++] = from[i++];
                if (i == mid) {
                    break;
                }
                loadLeft(frame, s, from[i]);
            } else {
                to[k++] = from[j++];
                if (j == hi) {
                    break;
                }
                loadRight(frame, s, from[j]);
            }
        }
        System.arraycopy(from, i, to, k, mid - i);
        System.arraycopy(from, j, to, k + mid - i, hi - j);
    }

    /** The comparator on elements {@code a} and {@code b}. */
    private int compare(VirtualFrame frame, MergeSortState s, int a, int b) {
        loadLeft(frame, s, a);
        loadRight(frame, s, b);
        return comparator.executeInt(frame);
    }

    /** Element {@code e} of the sort's vector as the comparator's left operand. */
    private void loadLeft(VirtualFrame frame, MergeSortState s, int e) {
        operands.loadLeft(frame, s.store, s.offset + e);
    }

    /** Element {@code e} of the sort's vector as the comparator's right operand. */
    private void loadRight(VirtualFrame frame, MergeSortState s, int e) {
        operands.loadRight(frame, s.store, s.offset + e);
    }

    /** Counts {@code n} placed elements as iterations of this loop, so that a long sort is compiled while it runs. */
    private void placed(int n) {
        if (CompilerDirectives.inInterpreter() && n > 1) {
            LoopNode.reportLoopCount(this, n - 1);
        }
    }
}
