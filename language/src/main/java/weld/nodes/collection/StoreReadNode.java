package weld.nodes.collection;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.nodes.Node;

import weld.runtime.Storage;
import weld.runtime.external.ExternalBuffer;
import weld.runtime.external.ExternalReadNode;
import weld.syntax.ScalarKind;

/**
 * Reads element {@code i} of a vector's backing store in the element's carrier: a primitive array (the common case,
 * read with an exact cast) or an {@link ExternalBuffer} read in place. The external reader is created the first time
 * such a buffer shows up, so loops that only ever see arrays compile without it.
 */
public final class StoreReadNode extends Node {
    @Child private ExternalReadNode external;

    public static StoreReadNode create() {
        return new StoreReadNode();
    }

    private ExternalReadNode external() {
        if (external == null) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            external = insert(ExternalReadNode.create());
        }
        return external;
    }

    public boolean readBoolean(Object store, int i) {
        return store instanceof ExternalBuffer b ? external().readBoolean(b, i) : Storage.readBoolean(store, i);
    }

    public int readInt(ScalarKind k, Object store, int i) {
        return store instanceof ExternalBuffer b ? external().readInt(k, b, i) : Storage.readInt(k, store, i);
    }

    public long readLong(Object store, int i) {
        return store instanceof ExternalBuffer b ? external().readLong(b, i) : Storage.readLong(store, i);
    }

    public float readFloat(Object store, int i) {
        return store instanceof ExternalBuffer b ? external().readFloat(b, i) : Storage.readFloat(store, i);
    }

    public double readDouble(Object store, int i) {
        return store instanceof ExternalBuffer b ? external().readDouble(b, i) : Storage.readDouble(store, i);
    }
}
