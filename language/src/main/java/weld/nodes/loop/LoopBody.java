package weld.nodes.loop;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RepeatingNode;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;

/**
 * The repeating body of a {@code for}: runs one iteration (loads the index and the elements, runs the update
 * function, stores the builder) while the counter slot is below the count slot. Used by the sequential loop and by
 * each task of a parallel one.
 */
public final class LoopBody extends Node implements RepeatingNode {
    private final Carrier carrier;
    private final int builderSlot;
    private final int indexSlot;
    private final int countSlot;
    private final int counterSlot;
    @Children private final ElementLoader[] loaders;
    @Child private WeldExpressionNode body;

    public LoopBody(Carrier carrier, int builderSlot, int indexSlot, int countSlot, int counterSlot,
                    ElementLoader[] loaders, WeldExpressionNode body) {
        this.carrier = carrier;
        this.builderSlot = builderSlot;
        this.indexSlot = indexSlot;
        this.countSlot = countSlot;
        this.counterSlot = counterSlot;
        this.loaders = loaders;
        this.body = body;
    }

    /** A copy with a copy of the update function whose loops run sequentially, for a parallel loop's tasks. */
    public LoopBody copy() {
        WeldExpressionNode copy = (WeldExpressionNode) body.deepCopy();
        copy.accept(node -> {
            if (node instanceof ForNode f) {
                f.runSequentially();
            }
            return true;
        });
        ElementLoader[] loaderCopies = new ElementLoader[loaders.length];
        for (int i = 0; i < loaders.length; i++) {
            loaderCopies[i] = (ElementLoader) loaders[i].deepCopy();
        }
        return new LoopBody(carrier, builderSlot, indexSlot, countSlot, counterSlot, loaderCopies, copy);
    }

    @Override
    @ExplodeLoop
    public boolean executeRepeating(VirtualFrame frame) {
        long i = frame.getLong(counterSlot);
        if (i >= frame.getLong(countSlot)) {
            return false;
        }
        if (indexSlot >= 0) {
            frame.setLong(indexSlot, i);
        }
        for (ElementLoader l : loaders) {
            l.load(frame, i);
        }
        Slots.store(frame, builderSlot, carrier, body);
        frame.setLong(counterSlot, i + 1);
        return true;
    }
}
