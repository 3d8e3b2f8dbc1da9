package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;

/**
 * The general loop body: loads the index and the elements, runs the update function, stores the builder. When the
 * update function returns the builder it was given, updated in place ({@code inPlace}), the builder slot is not
 * written: the builder is then loop-invariant, so the compiled loop checks its class and loads its fields once.
 */
public final class UpdateBody extends LoopBody {
    private final Carrier carrier;
    private final int builderSlot;
    private final int indexSlot;
    @Children private final ElementLoader[] loaders;
    private final boolean inPlace;
    @CompilationFinal(dimensions = 1) private final int[] iterationSlots;
    @Child private WeldExpressionNode body;

    public UpdateBody(Carrier carrier, int builderSlot, int indexSlot, int countSlot, int counterSlot,
                      ElementLoader[] loaders, WeldExpressionNode body, boolean inPlace, int[] iterationSlots) {
        super(countSlot, counterSlot);
        this.inPlace = inPlace;
        this.iterationSlots = iterationSlots;
        this.carrier = carrier;
        this.builderSlot = builderSlot;
        this.indexSlot = indexSlot;
        this.loaders = loaders;
        this.body = body;
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        long i = counter(frame);
        if (i >= count(frame)) {
            return false;
        }
        loadIteration(frame, i, indexSlot, loaders);
        if (inPlace) {
            body.executeGeneric(frame);
        } else {
            Slots.store(frame, builderSlot, carrier, body);
        }
        advance(frame, i, 1);
        IterationSlots.clear(frame, iterationSlots);
        return true;
    }

    @Override
    public void prepare(VirtualFrame frame) {
        IterationSlots.clear(frame, iterationSlots);
    }
}
