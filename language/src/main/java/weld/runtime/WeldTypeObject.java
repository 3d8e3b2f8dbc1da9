package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.types.WeldType;

/**
 * A vector's type as an interop meta object: its qualified and simple name is the type in Weld syntax
 * ({@code vec[f64]}, {@code vec[{i32,f64}]}), so that a host can read a vector's packed buffer knowing its element
 * kind ({@code vec[u32]} and {@code vec[i32]} have the same bytes).
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldTypeObject implements TruffleObject {
    private final WeldType.Vec type;

    WeldTypeObject(WeldType.Vec type) {
        this.type = type;
    }

    @ExportMessage
    boolean isMetaObject() {
        return true;
    }

    @ExportMessage(name = "getMetaQualifiedName")
    @ExportMessage(name = "getMetaSimpleName")
    @TruffleBoundary
    Object name() {
        return type.toString();
    }

    @ExportMessage
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        return name();
    }

    @ExportMessage
    @TruffleBoundary
    boolean isMetaInstance(Object instance) {
        return instance instanceof WeldVector v && v.elemType.resolve().equals(type.elem().resolve());
    }
}
