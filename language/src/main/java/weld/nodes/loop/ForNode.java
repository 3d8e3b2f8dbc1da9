package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RepeatingNode;

import weld.WeldException;
import weld.nodes.Slots;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.syntax.Pos;

/**
 * {@code for(iterators, builder, |b, i, x| body)}: the update function is inlined into the enclosing frame, its
 * builder parameter is the loop-carried slot and its index and element parameters are slots written each iteration.
 * (The index slot is -1 when the body does not use the index.) A scalar merger is carried as a primitive, so {@code merge} in the body is a plain arithmetic operation on a
 * register once compiled. Runs through a {@link LoopNode}, so long loops are compiled on stack replacement.
 */
public final class ForNode extends WeldExpressionNode {
    private final Pos pos;
    private final Carrier carrier;
    private final int builderSlot;
    private final int countSlot;
    private final int counterSlot;
    @Children private final IteratorNode[] iterators;
    @Child private WeldExpressionNode builder;
    @Child private LoopNode loop;

    public ForNode(Pos pos, Carrier carrier, int builderSlot, int indexSlot, int countSlot, int counterSlot,
                   IteratorNode[] iterators, ElementLoader[] loaders, WeldExpressionNode builder, WeldExpressionNode body) {
        this.pos = pos;
        this.carrier = carrier;
        this.builderSlot = builderSlot;
        this.countSlot = countSlot;
        this.counterSlot = counterSlot;
        this.iterators = iterators;
        this.builder = builder;
        this.loop = Truffle.getRuntime().createLoopNode(
                new Body(carrier, builderSlot, indexSlot, countSlot, counterSlot, loaders, body));
    }

    @ExplodeLoop
    private void run(VirtualFrame frame) {
        long n = -1;
        for (IteratorNode it : iterators) {
            long c = it.setup(frame);
            if (n < 0) {
                n = c;
            } else if (c != n) {
                CompilerDirectives.transferToInterpreter();
                throw WeldException.runtime(pos, "zipped iterators have different lengths (" + n + " and " + c + ")", this);
            }
        }
        Slots.store(frame, builderSlot, carrier, builder);
        frame.setLong(countSlot, n);
        frame.setLong(counterSlot, 0);
        loop.execute(frame);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        run(frame);
        return carrier.read(frame, builderSlot);
    }

    @Override
    public int executeInt(VirtualFrame frame) {
        run(frame);
        return frame.getInt(builderSlot);
    }

    @Override
    public long executeLong(VirtualFrame frame) {
        run(frame);
        return frame.getLong(builderSlot);
    }

    @Override
    public float executeFloat(VirtualFrame frame) {
        run(frame);
        return frame.getFloat(builderSlot);
    }

    @Override
    public double executeDouble(VirtualFrame frame) {
        run(frame);
        return frame.getDouble(builderSlot);
    }

    /** One iteration: load the index and elements, run the update function, store the builder. */
    static final class Body extends Node implements RepeatingNode {
        private final Carrier carrier;
        private final int builderSlot;
        private final int indexSlot;
        private final int countSlot;
        private final int counterSlot;
        @CompilationFinal(dimensions = 1) private final ElementLoader[] loaders;
        @Child private WeldExpressionNode body;

        Body(Carrier carrier, int builderSlot, int indexSlot, int countSlot, int counterSlot, ElementLoader[] loaders,
             WeldExpressionNode body) {
            this.carrier = carrier;
            this.builderSlot = builderSlot;
            this.indexSlot = indexSlot;
            this.countSlot = countSlot;
            this.counterSlot = counterSlot;
            this.loaders = loaders;
            this.body = body;
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
}
