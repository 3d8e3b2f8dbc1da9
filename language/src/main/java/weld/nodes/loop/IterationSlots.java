package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

/**
 * The slots a loop body writes before it reads them in every iteration (elements, index, the update function's
 * own lets and inner loops), cleared after each iteration and before the loop, so that they hold the same constant
 * at the loop's entry and at its back edge. Otherwise each of them is a loop phi that compiled code keeps alive for
 * the frame state of the loop's safepoint: a register or a spill per slot and iteration (measured in the tasks of
 * TPC-H Q1, whose slots arrive in a copy of the program's frame with tags the compiler does not know; the
 * logistic-regression step ran 1.7x slower with the slots only given a value of their kind before the loop). Code
 * compiled on stack replacement, whose frame is a heap object, pays two stores per slot and iteration for it.
 */
final class IterationSlots {
    private IterationSlots() {
    }

    @ExplodeLoop
    static void clear(VirtualFrame frame, int[] slots) {
        if (CompilerDirectives.inInterpreter()) {
            // The interpreter has no loop phis; clearing would only cost time there.
            return;
        }
        for (int slot : slots) {
            frame.clear(slot);
        }
    }
}
