package weld.runtime;

import java.lang.reflect.Field;

import sun.misc.Unsafe;

/**
 * The JDK's {@link Unsafe}, for the few places that read memory without Java's checks: native and heap buffers read
 * in place, and hash-table probes whose slot index is in range by construction. Each use states why its accesses
 * stay inside their array or memory.
 */
public final class UnsafeAccess {
    public static final Unsafe UNSAFE = load();

    private UnsafeAccess() {
    }

    private static Unsafe load() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
