package weld.runtime;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import weld.syntax.ScalarKind;

/**
 * Whole primitive arrays of a scalar kind to and from their little-endian bytes in one bulk copy each: the
 * {@code serialize} format of a vector's elements, without a boxed value per element.
 */
final class ScalarArrays {
    private ScalarArrays() {
    }

    /** Elements {@code [offset, offset + n)} of {@code store} (the array that holds kind {@code k}) as bytes. */
    static byte[] toBytes(ScalarKind k, Object store, int offset, int n) {
        ByteBuffer b = ByteBuffer.allocate(Math.multiplyExact(n, width(k))).order(ByteOrder.LITTLE_ENDIAN);
        switch (k) {
            case BOOL -> {
                boolean[] a = (boolean[]) store;
                for (int i = 0; i < n; i++) {
                    b.put((byte) (a[offset + i] ? 1 : 0));
                }
            }
            case I8, U8 -> b.put((byte[]) store, offset, n);
            case I16, U16 -> b.asShortBuffer().put((short[]) store, offset, n);
            case I32, U32 -> b.asIntBuffer().put((int[]) store, offset, n);
            case I64, U64 -> b.asLongBuffer().put((long[]) store, offset, n);
            case F32 -> b.asFloatBuffer().put((float[]) store, offset, n);
            case F64 -> b.asDoubleBuffer().put((double[]) store, offset, n);
        }
        return b.array();
    }

    /**
     * Reads {@code n} elements of kind {@code k} from {@code in} (which holds at least their bytes) into
     * {@code store}, a new array of that kind; false if a {@code bool} byte is neither 0 nor 1.
     */
    static boolean fromBytes(ScalarKind k, ByteBuffer in, Object store, int n) {
        int bytes = n * width(k);
        ByteBuffer b = in.slice(in.position(), bytes).order(ByteOrder.LITTLE_ENDIAN);
        in.position(in.position() + bytes);
        switch (k) {
            case BOOL -> {
                boolean[] a = (boolean[]) store;
                for (int i = 0; i < n; i++) {
                    byte v = b.get(i);
                    if (v != 0 && v != 1) {
                        return false;
                    }
                    a[i] = v == 1;
                }
            }
            case I8, U8 -> b.get((byte[]) store, 0, n);
            case I16, U16 -> b.asShortBuffer().get((short[]) store, 0, n);
            case I32, U32 -> b.asIntBuffer().get((int[]) store, 0, n);
            case I64, U64 -> b.asLongBuffer().get((long[]) store, 0, n);
            case F32 -> b.asFloatBuffer().get((float[]) store, 0, n);
            case F64 -> b.asDoubleBuffer().get((double[]) store, 0, n);
        }
        return true;
    }

    private static int width(ScalarKind k) {
        return Math.max(1, k.bits / 8);
    }
}
