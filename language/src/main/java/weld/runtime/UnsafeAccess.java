package weld.runtime;

import java.lang.reflect.Field;

import sun.misc.Unsafe;

/**
 * The JVM's {@link Unsafe}, for the few places that read or write memory whose bounds Weld has checked itself
 * (external buffers read in place, a struct of vecmergers checked once against its shortest member).
 */
public final class UnsafeAccess {
    public static final Unsafe UNSAFE = unsafe();

    private UnsafeAccess() {
    }

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
