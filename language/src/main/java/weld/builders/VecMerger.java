package weld.builders;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.ScalarOps;
import weld.runtime.Storage;
import weld.runtime.WeldVector;
import weld.syntax.BinOp;
import weld.types.WeldType;

/** {@code vecmerger[T, op]}: a copy of an initial vector whose elements are combined with merged {@code {index, value}}s. */
public final class VecMerger {
    private final WeldType elemType;
    private final BinOp op;
    private final Object store;
    private final int length;

    public VecMerger(WeldType elemType, BinOp op, WeldVector init) {
        this(elemType, op, Storage.copyOfRange(init.store, init.offset, init.offset + init.length), init.length);
    }

    private VecMerger(WeldType elemType, BinOp op, Object store, int length) {
        this.elemType = elemType;
        this.op = op;
        this.store = store;
        this.length = length;
    }

    /** A vecmerger of the same length whose elements are the operator's identity (a parallel loop's partial). */
    @TruffleBoundary
    public VecMerger emptyCopy() {
        var kind = Storage.kindOf(elemType);
        Object s = Storage.newArray(kind, length);
        Object identity = ScalarOps.identity(elemType, op);
        for (int i = 0; i < length; i++) {
            Storage.writeBoxed(kind, s, i, identity);
        }
        return new VecMerger(elemType, op, s, length);
    }

    /** Combines every element of {@code other} (a partial of a parallel loop) into this one. */
    @TruffleBoundary
    public void mergeAll(VecMerger other) {
        var kind = Storage.kindOf(elemType);
        for (int i = 0; i < length; i++) {
            merge(i, Storage.readBoxed(kind, other.store, i));
        }
    }

    public int length() {
        return length;
    }

    /** Combines {@code value} into element {@code index}; the caller has checked the bounds. */
    @TruffleBoundary
    public void merge(int index, Object value) {
        var kind = Storage.kindOf(elemType);
        Object old = Storage.readBoxed(kind, store, index);
        Storage.writeBoxed(kind, store, index, ScalarOps.combine(elemType, op, old, value));
    }

    public WeldVector result() {
        return new WeldVector(elemType, store, 0, length);
    }
}
