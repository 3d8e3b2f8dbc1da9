package weld.runtime;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.StopIterationException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.types.WeldType;

/**
 * A {@code dict[K, V]}: keys and values boxed in their carriers, keys compared by value (vectors and structs by
 * content). Entry order is unspecified in Weld; this implementation keeps insertion order. Exposed to other
 * languages through the interop hash messages.
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldDict implements TruffleObject {
    public final WeldType.Dict type;
    public final Map<Object, Object> map;

    public WeldDict(WeldType.Dict type, Map<Object, Object> map) {
        this.type = type;
        this.map = map;
    }

    public WeldDict(WeldType.Dict type) {
        this(type, new LinkedHashMap<>());
    }

    @TruffleBoundary
    public int size() {
        return map.size();
    }

    @TruffleBoundary
    public Object get(Object key) {
        return map.get(key);
    }

    @ExportMessage
    boolean hasHashEntries() {
        return true;
    }

    @ExportMessage
    @TruffleBoundary
    long getHashSize() {
        return map.size();
    }

    @ExportMessage
    @TruffleBoundary
    boolean isHashEntryReadable(Object key) {
        Object k = ownKey(key);
        return k != null && map.containsKey(k);
    }

    /** A key from another language converted to this dictionary's key type, or null if it cannot be one. */
    private Object ownKey(Object key) {
        return ArgumentConverter.tryConvert(type.key(), key);
    }

    @ExportMessage
    @TruffleBoundary
    Object readHashValue(Object key) throws com.oracle.truffle.api.interop.UnknownKeyException {
        Object k = ownKey(key);
        Object v = k == null ? null : map.get(k);
        if (v == null) {
            throw com.oracle.truffle.api.interop.UnknownKeyException.create(key);
        }
        return Exporter.export(type.value().resolve(), v);
    }

    @ExportMessage
    @TruffleBoundary
    Object getHashEntriesIterator() {
        return new EntryIterator(this, map.entrySet().iterator());
    }

    /** Iterator over the entries as two-element arrays {@code [key, value]}. */
    @ExportLibrary(InteropLibrary.class)
    static final class EntryIterator implements TruffleObject {
        private final WeldDict dict;
        private final Iterator<Map.Entry<Object, Object>> it;

        EntryIterator(WeldDict dict, Iterator<Map.Entry<Object, Object>> it) {
            this.dict = dict;
            this.it = it;
        }

        @ExportMessage
        boolean isIterator() {
            return true;
        }

        @ExportMessage
        @TruffleBoundary
        boolean hasIteratorNextElement() {
            return it.hasNext();
        }

        @ExportMessage
        @TruffleBoundary
        Object getIteratorNextElement() throws StopIterationException {
            if (!it.hasNext()) {
                throw StopIterationException.create();
            }
            Map.Entry<Object, Object> e = it.next();
            WeldType.Struct pair = WeldType.Struct.of(dict.type.key().resolve(), dict.type.value().resolve());
            return new WeldStruct(pair, new Object[] {e.getKey(), e.getValue()});
        }
    }

    @Override
    @TruffleBoundary
    public String toString() {
        return map.toString();
    }
}
