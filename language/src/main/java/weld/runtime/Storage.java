package weld.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.external.ExternalBuffer;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Backing arrays of vectors: which primitive array holds a given element type, and typed reads and writes that
 * convert between the array's width and the element's {@link Carrier}. A vector passed in from outside may instead
 * be backed by an {@link ExternalBuffer}: the boxed reads and copies accept one, the typed reads expect an array
 * (nodes read through {@code StoreReadNode}, which handles both). A vector of structs of scalars is backed by
 * {@link StructColumns}, which the boxed reads, writes and copies accept too.
 */
public final class Storage {
    private Storage() {
    }

    /** The scalar kind of an element type, or null for elements stored as objects. */
    public static ScalarKind kindOf(WeldType elem) {
        return elem.resolve() instanceof WeldType.Scalar s ? s.kind() : null;
    }

    /**
     * A new backing store for {@code n} elements of type {@code elem}: columns for structs of scalars
     * ({@link StructColumns}), else an array ({@link #newArray}).
     */
    public static Object newStore(WeldType elem, int n) {
        ScalarKind k = kindOf(elem);
        return k != null ? newArray(k, n) : newObjectStore(elem, n);
    }

    /** {@link #newStore} for elements that are not scalars, out of line: finding the layout walks the type. */
    @TruffleBoundary
    private static Object newObjectStore(WeldType elem, int n) {
        StructLayout layout = StructLayout.of(elem);
        return layout != null ? layout.allocate(n) : newArray(null, n);
    }

    /** A new backing array of {@code n} elements, charged to the running evaluation's {@link MemoryBudget}. */
    public static Object newArray(ScalarKind k, int n) {
        MemoryBudget.charge(bytes(k, n));
        if (k == null) {
            return new Object[n];
        }
        return switch (k) {
            case BOOL -> new boolean[n];
            case I8, U8 -> new byte[n];
            case I16, U16 -> new short[n];
            case I32, U32 -> new int[n];
            case I64, U64 -> new long[n];
            case F32 -> new float[n];
            case F64 -> new double[n];
        };
    }

    /**
     * Whether {@code value} is what every element of a new primitive array already holds (all bits zero: {@code 0},
     * {@code 0.0} but not {@code -0.0}, {@code false}).
     */
    public static boolean isNewArrayElement(Object value) {
        return switch (value) {
            case Double d -> Double.doubleToRawLongBits(d) == 0;
            case Float f -> Float.floatToRawIntBits(f) == 0;
            case Boolean b -> !b;
            case Number x -> x.longValue() == 0;
            default -> false;
        };
    }

    /** Whether {@code array} is the primitive array type that holds elements of {@code k}. */
    public static boolean isArrayOf(ScalarKind k, Object array) {
        return switch (k) {
            case BOOL -> array instanceof boolean[];
            case I8, U8 -> array instanceof byte[];
            case I16, U16 -> array instanceof short[];
            case I32, U32 -> array instanceof int[];
            case I64, U64 -> array instanceof long[];
            case F32 -> array instanceof float[];
            case F64 -> array instanceof double[];
        };
    }

    /** Charges a copy of {@code bytes} bytes made outside this class to the running evaluation. */
    public static void chargeCopy(long bytes) {
        MemoryBudget.charge(16 + bytes);
    }

    /** The remaining elements of a typed NIO buffer, copied into a primitive array. */
    public static Object copyOfBuffer(java.nio.Buffer buffer) {
        chargeCopy((long) buffer.remaining() * (buffer instanceof java.nio.ShortBuffer ? 2
                : buffer instanceof java.nio.IntBuffer || buffer instanceof java.nio.FloatBuffer ? 4 : 8));
        return switch (buffer) {
            case java.nio.DoubleBuffer b -> { double[] a = new double[b.remaining()]; b.duplicate().get(a); yield a; }
            case java.nio.FloatBuffer b -> { float[] a = new float[b.remaining()]; b.duplicate().get(a); yield a; }
            case java.nio.LongBuffer b -> { long[] a = new long[b.remaining()]; b.duplicate().get(a); yield a; }
            case java.nio.IntBuffer b -> { int[] a = new int[b.remaining()]; b.duplicate().get(a); yield a; }
            case java.nio.ShortBuffer b -> { short[] a = new short[b.remaining()]; b.duplicate().get(a); yield a; }
            default -> throw new IllegalArgumentException(buffer.getClass().getName());
        };
    }

    /** Estimated heap bytes of an array of {@code n} elements of kind {@code k} (null: references). */
    static long bytes(ScalarKind k, long n) {
        return 16 + n * (k == null ? 8 : k == ScalarKind.BOOL ? 1 : k.bits / 8);
    }

    /** A copy of the first {@code n} elements of {@code store}, zero-extended when it is shorter. */
    public static Object copyOf(Object store, int n) {
        if (store instanceof StructColumns c) {
            return c.copyOfRange(0, n);
        }
        MemoryBudget.charge(bytes(kindOfArray(store), n));
        return switch (store) {
            case boolean[] a -> Arrays.copyOf(a, n);
            case byte[] a -> Arrays.copyOf(a, n);
            case short[] a -> Arrays.copyOf(a, n);
            case int[] a -> Arrays.copyOf(a, n);
            case long[] a -> Arrays.copyOf(a, n);
            case float[] a -> Arrays.copyOf(a, n);
            case double[] a -> Arrays.copyOf(a, n);
            default -> Arrays.copyOf((Object[]) store, n);
        };
    }

    public static Object copyOfRange(Object store, int from, int to) {
        if (store instanceof ExternalBuffer b) {
            Object r = newArray(b.kind, to - from);
            for (int i = from; i < to; i++) {
                writeBoxed(b.kind, r, i - from, b.readBoxed(i));
            }
            return r;
        }
        if (store instanceof StructColumns c) {
            return c.copyOfRange(from, to);
        }
        Object r = newArrayLike(store, to - from);
        System.arraycopy(store, from, r, 0, to - from);
        return r;
    }

    /**
     * A new array of kind {@code k} (null: objects) holding {@code store[offset + p[i]]} at {@code i}, for each
     * {@code i} of the permutation {@code p}; {@code store} is an array or {@link StructColumns}.
     */
    public static Object gather(ScalarKind k, Object store, int offset, int[] p) {
        if (store instanceof StructColumns c) {
            return c.gather(offset, p);
        }
        Object r = newArray(k, p.length);
        switch (r) {
            case boolean[] a -> {
                boolean[] s = (boolean[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            case byte[] a -> {
                byte[] s = (byte[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            case short[] a -> {
                short[] s = (short[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            case int[] a -> {
                int[] s = (int[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            case long[] a -> {
                long[] s = (long[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            case float[] a -> {
                float[] s = (float[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            case double[] a -> {
                double[] s = (double[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
            default -> {
                Object[] a = (Object[]) r;
                Object[] s = (Object[]) store;
                for (int i = 0; i < a.length; i++) {
                    a[i] = s[offset + p[i]];
                }
            }
        }
        return r;
    }

    /**
     * Writes {@code from[i]} to {@code to[dest[first + i]]} for each {@code i < n}: two arrays of one element type, or
     * two {@link StructColumns} of one layout (column by column).
     */
    public static void scatter(Object from, int n, Object to, int[] dest, int first) {
        if (from instanceof StructColumns c) {
            StructColumns t = (StructColumns) to;
            for (int j = 0; j < c.layout.columnCount(); j++) {
                scatter(c.column(j), n, t.column(j), dest, first);
            }
            return;
        }
        switch (from) {
            case boolean[] a -> {
                boolean[] r = (boolean[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            case byte[] a -> {
                byte[] r = (byte[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            case short[] a -> {
                short[] r = (short[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            case int[] a -> {
                int[] r = (int[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            case long[] a -> {
                long[] r = (long[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            case float[] a -> {
                float[] r = (float[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            case double[] a -> {
                double[] r = (double[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
            default -> {
                Object[] a = (Object[]) from;
                Object[] r = (Object[]) to;
                for (int i = 0; i < n; i++) {
                    r[dest[first + i]] = a[i];
                }
            }
        }
    }

    /** The narrowest kind stored in a backing array of this type (null for {@code Object[]}). */
    private static ScalarKind kindOfArray(Object store) {
        return switch (store) {
            case boolean[] a -> ScalarKind.BOOL;
            case byte[] a -> ScalarKind.I8;
            case short[] a -> ScalarKind.I16;
            case int[] a -> ScalarKind.I32;
            case long[] a -> ScalarKind.I64;
            case float[] a -> ScalarKind.F32;
            case double[] a -> ScalarKind.F64;
            default -> null;
        };
    }

    private static Object newArrayLike(Object store, int n) {
        MemoryBudget.charge(bytes(kindOfArray(store), n));
        return java.lang.reflect.Array.newInstance(store.getClass().getComponentType(), n);
    }

    public static int readInt(ScalarKind k, Object store, int i) {
        return switch (k) {
            case I8 -> CompilerDirectives.castExact(store, byte[].class)[i];
            case U8 -> CompilerDirectives.castExact(store, byte[].class)[i] & 0xFF;
            case I16 -> CompilerDirectives.castExact(store, short[].class)[i];
            case U16 -> CompilerDirectives.castExact(store, short[].class)[i] & 0xFFFF;
            default -> CompilerDirectives.castExact(store, int[].class)[i];
        };
    }

    public static void writeInt(ScalarKind k, Object store, int i, int v) {
        switch (k) {
            case I8, U8 -> CompilerDirectives.castExact(store, byte[].class)[i] = (byte) v;
            case I16, U16 -> CompilerDirectives.castExact(store, short[].class)[i] = (short) v;
            default -> CompilerDirectives.castExact(store, int[].class)[i] = v;
        }
    }

    public static long readLong(Object store, int i) {
        return CompilerDirectives.castExact(store, long[].class)[i];
    }

    public static double readDouble(Object store, int i) {
        return CompilerDirectives.castExact(store, double[].class)[i];
    }

    public static float readFloat(Object store, int i) {
        return CompilerDirectives.castExact(store, float[].class)[i];
    }

    public static boolean readBoolean(Object store, int i) {
        return CompilerDirectives.castExact(store, boolean[].class)[i];
    }

    public static Object readObject(Object store, int i) {
        if (store instanceof StructColumns c) {
            return c.get(i);
        }
        return CompilerDirectives.castExact(store, Object[].class)[i];
    }

    /** Reads element {@code i} boxed in its carrier ({@code k} null: an object element). */
    public static Object readBoxed(ScalarKind k, Object store, int i) {
        if (store instanceof ExternalBuffer b) {
            return b.readBoxed(i);
        }
        if (k == null) {
            return store instanceof StructColumns c ? c.get(i) : ((Object[]) store)[i];
        }
        return readScalar(k, store, i);
    }

    /** Element {@code i} of a primitive array of kind {@code k}, boxed in its carrier. */
    static Object readScalar(ScalarKind k, Object array, int i) {
        return switch (Carrier.of(k)) {
            case BOOLEAN -> ((boolean[]) array)[i];
            case INT -> readInt(k, array, i);
            case LONG -> ((long[]) array)[i];
            case FLOAT -> ((float[]) array)[i];
            case DOUBLE -> ((double[]) array)[i];
            case OBJECT -> throw CompilerDirectives.shouldNotReachHere();
        };
    }

    /** Writes a value boxed in its carrier. */
    public static void writeBoxed(ScalarKind k, Object store, int i, Object v) {
        if (k == null) {
            if (store instanceof StructColumns c) {
                c.set(i, (WeldStruct) v);
            } else {
                ((Object[]) store)[i] = v;
            }
            return;
        }
        writeScalar(k, store, i, v);
    }

    /** Writes a value boxed in its carrier into a primitive array of kind {@code k}. */
    static void writeScalar(ScalarKind k, Object array, int i, Object v) {
        switch (Carrier.of(k)) {
            case BOOLEAN -> ((boolean[]) array)[i] = (Boolean) v;
            case INT -> writeInt(k, array, i, (Integer) v);
            case LONG -> ((long[]) array)[i] = (Long) v;
            case FLOAT -> ((float[]) array)[i] = (Float) v;
            case DOUBLE -> ((double[]) array)[i] = (Double) v;
            case OBJECT -> throw CompilerDirectives.shouldNotReachHere();
        }
    }
}
