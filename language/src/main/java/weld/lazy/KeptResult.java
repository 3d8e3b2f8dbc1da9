package weld.lazy;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;

import com.oracle.truffle.api.TruffleLanguage.Env;

import weld.runtime.WeldVector;

/**
 * The encoder of values that Weld computed itself and gets back as arguments: the kept result of an evaluated
 * WeldObject, or a Weld result wrapped as data. A vector of scalars is passed as the Java array behind it (or a NIO
 * view of its range), which the argument conversion reads in place, like any host array (only part of a
 * {@code bool} array is copied, since NIO has no boolean buffer); other values are passed as they are.
 */
final class KeptResult {
    private KeptResult() {
    }

    static Object asArgument(Env env, Object value) {
        if (!(value instanceof WeldVector v) || v.kind == null) {
            return value;
        }
        Object store = v.store;
        if (store.getClass().isArray() && v.offset == 0 && v.length == java.lang.reflect.Array.getLength(store)) {
            return env.asGuestValue(store);
        }
        if (store instanceof boolean[] a) {
            return env.asGuestValue(Arrays.copyOfRange(a, v.offset, v.offset + v.length));
        }
        Buffer range = switch (store) {
            case double[] a -> DoubleBuffer.wrap(a, v.offset, v.length);
            case float[] a -> FloatBuffer.wrap(a, v.offset, v.length);
            case long[] a -> LongBuffer.wrap(a, v.offset, v.length);
            case int[] a -> IntBuffer.wrap(a, v.offset, v.length);
            case short[] a -> ShortBuffer.wrap(a, v.offset, v.length);
            case byte[] a -> ByteBuffer.wrap(a, v.offset, v.length);
            default -> null;
        };
        return range == null ? value : env.asGuestValue(range);
    }
}
