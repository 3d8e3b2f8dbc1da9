package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.Storage;

/**
 * The body of a map, {@code for(v, appender, |b, i, x| merge(b, f(x)))}: before the loop the appender reserves
 * room for all {@code n} values ({@link #start}), iteration {@code i} writes its value straight into element
 * {@code base + i} of the appender's array ({@code base}: its size before the loop), and after the loop the
 * appender's size moves past them ({@link #end}). No per-element capacity check or size update, and the tasks of
 * a parallel map write their ranges of the same array, so no per-task appenders are concatenated afterwards.
 */
public final class MapBody extends LoopBody {
    private final Carrier carrier;
    private final int builderSlot;
    private final int baseSlot;
    private final int indexSlot;
    @Children private final ElementLoader[] loaders;
    @CompilationFinal(dimensions = 1) private final int[] iterationSlots;
    @Child private WeldExpressionNode value;

    public MapBody(Carrier carrier, int builderSlot, int baseSlot, int indexSlot, int countSlot, int counterSlot,
                   ElementLoader[] loaders, WeldExpressionNode value, int[] iterationSlots) {
        super(countSlot, counterSlot);
        this.carrier = carrier;
        this.builderSlot = builderSlot;
        this.baseSlot = baseSlot;
        this.indexSlot = indexSlot;
        this.loaders = loaders;
        this.value = value;
        this.iterationSlots = iterationSlots;
    }

    @Override
    public void start(VirtualFrame frame, long n) {
        frame.setLong(baseSlot, appender(frame).reserve(n));
    }

    @Override
    public void end(VirtualFrame frame, long n) {
        appender(frame).setSize(frame.getLong(baseSlot) + n);
    }

    @Override
    public boolean sharesBuilder() {
        return true;
    }

    @Override
    public void prepare(VirtualFrame frame) {
        IterationSlots.clear(frame, iterationSlots);
    }

    private Appender appender(VirtualFrame frame) {
        return (Appender) frame.getObject(builderSlot);
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        long i = counter(frame);
        if (i >= count(frame)) {
            return false;
        }
        loadIteration(frame, i, indexSlot, loaders);
        Appender a = appender(frame);
        int at = (int) (frame.getLong(baseSlot) + i);
        Object s = a.store();
        switch (carrier) {
            case BOOLEAN -> CompilerDirectives.castExact(s, boolean[].class)[at] = value.executeBoolean(frame);
            case INT -> Storage.writeInt(a.kind, s, at, value.executeInt(frame));
            case LONG -> CompilerDirectives.castExact(s, long[].class)[at] = value.executeLong(frame);
            case FLOAT -> CompilerDirectives.castExact(s, float[].class)[at] = value.executeFloat(frame);
            case DOUBLE -> CompilerDirectives.castExact(s, double[].class)[at] = value.executeDouble(frame);
            case OBJECT -> CompilerDirectives.castExact(s, Object[].class)[at] = value.executeGeneric(frame);
        }
        advance(frame, i, 1);
        IterationSlots.clear(frame, iterationSlots);
        return true;
    }
}
