package weld.nodes.loop;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;

import weld.builders.Appender;
import weld.ir.Expr;
import weld.nodes.WeldExpressionNode;
import weld.runtime.Carrier;
import weld.runtime.Storage;
import weld.runtime.StructColumns;
import weld.runtime.StructLayout;
import weld.runtime.WeldStruct;
import weld.types.WeldType;

/**
 * The body of a map, {@code for(v, appender, |b, i, x| merge(b, f(x)))}: before the loop the appender reserves
 * room for all {@code n} values ({@link #start}), iteration {@code i} writes its value straight into element
 * {@code base + i} of the appender's array ({@code base}: its size before the loop), and after the loop the
 * appender's size moves past them ({@link #end}). No per-element capacity check or size update, and the tasks of
 * a parallel map write their ranges of the same array, so no per-task appenders are concatenated afterwards.
 *
 * <p>A map whose value is a literal ({@code merge(b, 0L)}, the usual way to make a vecmerger's initial vector)
 * fills its range with {@link Arrays#fill} instead, {@value #FILL_CHUNK} elements per repetition: in compiled code
 * that is the JDK's fill loop, and a first call in the interpreter does not run the map element by element. A
 * literal with all bits zero writes nothing: the reserved elements hold it already.
 */
public final class MapBody extends LoopBody {
    private final Carrier carrier;
    /** The column layout of struct values, or null. */
    private final StructLayout layout;
    private final int builderSlot;
    private final int baseSlot;
    private final int indexSlot;
    @Children private final ElementLoader[] loaders;
    @CompilationFinal(dimensions = 1) private final int[] iterationSlots;
    @Child private WeldExpressionNode value;
    /** The literal every element gets ({@link #fillValue}), or null. */
    private final Object fill;
    /**
     * Whether the fill writes: not for a value with all bits zero, which an appender's elements past its size
     * already hold but the first ({@link Appender#store}), written once a chunk.
     */
    private final boolean fillWrites;
    static final int FILL_CHUNK = 1 << 16;

    public MapBody(WeldType valueType, int builderSlot, int baseSlot, int indexSlot, int countSlot, int counterSlot,
                   ElementLoader[] loaders, WeldExpressionNode value, Object fill, int[] iterationSlots) {
        super(countSlot, counterSlot);
        this.carrier = Carrier.of(valueType);
        this.layout = StructLayout.of(valueType);
        this.builderSlot = builderSlot;
        this.baseSlot = baseSlot;
        this.indexSlot = indexSlot;
        this.loaders = loaders;
        this.value = value;
        this.fill = fill;
        this.fillWrites = fill != null && !Storage.isNewArrayElement(fill);
        this.iterationSlots = iterationSlots;
    }

    /**
     * The value to fill with when a map's value is {@code literal}, a literal of a kind whose appender array
     * {@link #fill} writes ({@code i64}, {@code f64}, {@code i32}, {@code f32}, {@code bool}); else null.
     */
    public static Object fillValue(Expr literal) {
        if (!(literal instanceof Expr.Literal l)) {
            return null;
        }
        boolean fillable = switch (l.kind()) {
            case I64 -> l.value() instanceof Long;
            case F64 -> l.value() instanceof Double;
            case I32 -> l.value() instanceof Integer;
            case F32 -> l.value() instanceof Float;
            case BOOL -> l.value() instanceof Boolean;
            default -> false;
        };
        return fillable ? l.value() : null;
    }

    /**
     * Fills elements {@code [from, to)} of {@code store} with {@code value}: with {@code Arrays.fill} in compiled
     * code; in the interpreter by copying the first element over the rest in doubling {@code System.arraycopy}s,
     * which run at memory speed in a cold JVM, where {@code Arrays.fill} is interpreted bytecode until the JIT
     * compiles it (10^6 {@code long}s in a fresh JVM: 2.9 ms with {@code Arrays.fill}, 1.1 ms by copies).
     */
    @TruffleBoundary
    private static void fill(Object store, int from, int to, Object value, boolean interpreted) {
        if (interpreted && to - from > 1) {
            fill(store, from, from + 1, value, false);
            for (int done = 1; done < to - from; done += Math.min(done, to - from - done)) {
                System.arraycopy(store, from, store, from + done, Math.min(done, to - from - done));
            }
        } else if (value instanceof Long v) {
            Arrays.fill((long[]) store, from, to, v);
        } else if (value instanceof Double v) {
            Arrays.fill((double[]) store, from, to, v);
        } else if (value instanceof Integer v) {
            Arrays.fill((int[]) store, from, to, v);
        } else if (value instanceof Float v) {
            Arrays.fill((float[]) store, from, to, v);
        } else {
            Arrays.fill((boolean[]) store, from, to, (Boolean) value);
        }
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
        long n = count(frame);
        if (i >= n) {
            return false;
        }
        if (fill != null) {
            long to = Math.min(n, i + FILL_CHUNK);
            long base = frame.getLong(baseSlot);
            if (fillWrites) {
                fill(appender(frame).store(), (int) (base + i), (int) (base + to), fill,
                        CompilerDirectives.inInterpreter());
            } else {
                // The element at the appender's size may hold a predicated append's value (Appender#store).
                fill(appender(frame).store(), (int) (base + i), (int) (base + i + 1), fill, false);
            }
            advance(frame, i, to - i);
            return true;
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
            case OBJECT -> {
                if (layout != null) {
                    layout.write(CompilerDirectives.castExact(s, StructColumns.class), at,
                            (WeldStruct) value.executeGeneric(frame));
                } else {
                    CompilerDirectives.castExact(s, Object[].class)[at] = value.executeGeneric(frame);
                }
            }
        }
        advance(frame, i, 1);
        IterationSlots.clear(frame, iterationSlots);
        return true;
    }
}
