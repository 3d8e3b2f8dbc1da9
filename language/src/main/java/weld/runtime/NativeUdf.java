package weld.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Calls a C function with Weld's UDF convention: {@code void f(T1* a1, ..., Tn* an, R* result)}, where a
 * {@code vec[T]} is passed as a pointer to {@code {T* data, int64_t length}}. Arguments are copied to native memory
 * that lives for the call; a vector result is copied back into a Weld vector (the C side owns its buffer).
 *
 * <p>Implemented with the Java FFM API rather than Truffle NFI: FFM needs no extra language on the module path, is
 * part of the JDK we require, and its downcalls are plain method handles that the JIT compiles well.
 */
public final class NativeUdf {
    private final MethodHandle handle;
    private final List<WeldType> argTypes;
    private final WeldType resultType;

    private NativeUdf(MethodHandle handle, List<WeldType> argTypes, WeldType resultType) {
        this.handle = handle;
        this.argTypes = argTypes;
        this.resultType = resultType;
    }

    /** Finds {@code symbol} in the given libraries; empty if absent. Fails for a library that cannot be loaded. */
    @TruffleBoundary
    public static Optional<NativeUdf> lookup(String libraries, String symbol, List<WeldType> argTypes, WeldType resultType) {
        for (String lib : libraries.split(java.io.File.pathSeparator)) {
            if (lib.isBlank()) {
                continue;
            }
            if (!Files.isRegularFile(Path.of(lib))) {
                throw new IllegalArgumentException("UDF library not found: " + lib);
            }
            Optional<MemorySegment> addr = SymbolLookup.libraryLookup(Path.of(lib), Arena.global()).find(symbol);
            if (addr.isPresent()) {
                MemoryLayout[] params = new MemoryLayout[argTypes.size() + 1];
                java.util.Arrays.fill(params, ValueLayout.ADDRESS);
                MethodHandle h = Linker.nativeLinker().downcallHandle(addr.get(), FunctionDescriptor.ofVoid(params));
                return Optional.of(new NativeUdf(h, argTypes, resultType));
            }
        }
        return Optional.empty();
    }

    /** Whether values of this type can cross the UDF boundary: scalars, and vectors of scalars. */
    public static boolean isSupported(WeldType t) {
        t = t.resolve();
        return t instanceof WeldType.Scalar || t instanceof WeldType.Vec v && v.elem().resolve() instanceof WeldType.Scalar;
    }

    @TruffleBoundary
    public Object call(Object[] args) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            Object[] ptrs = new Object[args.length + 1];
            for (int i = 0; i < args.length; i++) {
                ptrs[i] = toNative(arena, argTypes.get(i).resolve(), args[i]);
            }
            MemorySegment out = arena.allocate(16, 8);
            ptrs[args.length] = out;
            handle.invokeWithArguments(ptrs);
            return fromNative(resultType.resolve(), out);
        }
    }

    private static MemorySegment toNative(Arena arena, WeldType t, Object v) {
        if (t instanceof WeldType.Scalar s) {
            MemorySegment m = arena.allocate(8, 8);
            writeScalar(m, 0, s.kind(), v);
            return m;
        }
        WeldVector vec = (WeldVector) v;
        ScalarKind k = vec.kind;
        int w = width(k);
        MemorySegment data = arena.allocate(Math.max(1, (long) vec.length * w), 8);
        for (int i = 0; i < vec.length; i++) {
            writeScalar(data, (long) i * w, k, vec.get(i));
        }
        MemorySegment m = arena.allocate(16, 8);
        m.set(ValueLayout.ADDRESS, 0, data);
        m.set(ValueLayout.JAVA_LONG, 8, vec.length);
        return m;
    }

    private static Object fromNative(WeldType t, MemorySegment out) {
        if (t instanceof WeldType.Scalar s) {
            return readScalar(out, 0, s.kind());
        }
        WeldType elem = ((WeldType.Vec) t).elem().resolve();
        ScalarKind k = ((WeldType.Scalar) elem).kind();
        long n = out.get(ValueLayout.JAVA_LONG, 8);
        if (n < 0 || n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("UDF returned an invalid vector length " + n);
        }
        MemorySegment data = out.get(ValueLayout.ADDRESS, 0).reinterpret(n * width(k));
        Object store = Storage.newArray(k, (int) n);
        for (int i = 0; i < n; i++) {
            Storage.writeBoxed(k, store, i, readScalar(data, (long) i * width(k), k));
        }
        return new WeldVector(elem, store, 0, (int) n);
    }

    private static int width(ScalarKind k) {
        return Math.max(1, k.bits / 8);
    }

    private static void writeScalar(MemorySegment m, long at, ScalarKind k, Object v) {
        switch (k) {
            case BOOL -> m.set(ValueLayout.JAVA_BYTE, at, (byte) ((Boolean) v ? 1 : 0));
            case I8, U8 -> m.set(ValueLayout.JAVA_BYTE, at, (byte) (int) (Integer) v);
            case I16, U16 -> m.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, (short) (int) (Integer) v);
            case I32, U32 -> m.set(ValueLayout.JAVA_INT_UNALIGNED, at, (Integer) v);
            case I64, U64 -> m.set(ValueLayout.JAVA_LONG_UNALIGNED, at, (Long) v);
            case F32 -> m.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, (Float) v);
            case F64 -> m.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, (Double) v);
        }
    }

    private static Object readScalar(MemorySegment m, long at, ScalarKind k) {
        return switch (k) {
            case BOOL -> m.get(ValueLayout.JAVA_BYTE, at) != 0;
            case I8 -> (int) m.get(ValueLayout.JAVA_BYTE, at);
            case U8 -> m.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
            case I16 -> (int) m.get(ValueLayout.JAVA_SHORT_UNALIGNED, at);
            case U16 -> m.get(ValueLayout.JAVA_SHORT_UNALIGNED, at) & 0xFFFF;
            case I32, U32 -> m.get(ValueLayout.JAVA_INT_UNALIGNED, at);
            case I64, U64 -> m.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
            case F32 -> m.get(ValueLayout.JAVA_FLOAT_UNALIGNED, at);
            case F64 -> m.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, at);
        };
    }
}
