package weld.runtime;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.StopIterationException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.types.WeldType;

/**
 * A {@code dict[K, V]}. A dictionary whose keys are scalars carried as {@code int} or {@code long} (or structs of
 * scalars, or floats, that pack into a {@code long}, see {@link PackedKey}) and whose values
 * are non-boolean scalars is a {@link ScalarTable} over primitive arrays (typed lookups read it without boxing);
 * one with such keys and structs of numbers as values, made by a {@code dictmerger}
 * ({@link weld.builders.StructDictMerger}), is a table from keys to entry indexes and the values in columns by
 * entry; one with other keys (text, vectors, structs holding one) made by a dictmerger
 * ({@link weld.builders.ObjectKeyDictMerger}) is a {@link KeyIndex} from boxed keys to entry indexes and the values
 * in columns by entry; any other is a map over keys and values boxed in their carriers. Keys compare by value
 * (vectors and structs by content). Entry order is unspecified in Weld; every representation keeps insertion
 * order. Exposed
 * to other languages through the interop hash messages.
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldDict implements TruffleObject {
    public final WeldType.Dict type;
    /** The entries of a dictionary of scalars, or null (then the entry columns or {@link #map} hold them). */
    public final ScalarTable table;
    /** The keys of a dictionary of struct values, each to the index of its entry (its value's row); or null. */
    public final ScalarTable entryIndex;
    /** The boxed keys of a dictmerger's dictionary they do not fit {@link #entryIndex} for; or null. */
    public final KeyIndex keyIndex;
    /**
     * The values of a dictionary over {@link #entryIndex} or {@link #keyIndex}, by entry index (insertion order; a
     * scalar value is a struct of one field here); or null.
     */
    public final StructColumns entryValues;
    private final Map<Object, Object> map;

    /** A dictionary over {@code table}, which it then owns. */
    public WeldDict(WeldType.Dict type, ScalarTable table) {
        this(type, table, null, null, null, null);
    }

    private WeldDict(WeldType.Dict type, ScalarTable table, ScalarTable entryIndex, KeyIndex keyIndex,
                     StructColumns entryValues, Map<Object, Object> map) {
        this.type = type;
        this.table = table;
        this.entryIndex = entryIndex;
        this.keyIndex = keyIndex;
        this.entryValues = entryValues;
        this.map = map;
    }

    /**
     * A dictionary of struct values over {@code entryIndex} (keys to entry indexes) and {@code entryValues} (the
     * values by entry), which it then owns.
     */
    public static WeldDict ofEntries(WeldType.Dict type, ScalarTable entryIndex, StructColumns entryValues) {
        return new WeldDict(type, null, entryIndex, null, entryValues, null);
    }

    /**
     * A dictionary over {@code keyIndex} (boxed keys to entry indexes) and {@code entryValues} (the values by entry,
     * a scalar value as a struct of one field), which it then owns.
     */
    public static WeldDict ofKeyIndex(WeldType.Dict type, KeyIndex keyIndex, StructColumns entryValues) {
        return new WeldDict(type, null, null, keyIndex, entryValues, null);
    }

    /** An empty dictionary of type {@code type}, to fill with {@link #put}. */
    @TruffleBoundary
    public static WeldDict empty(WeldType.Dict type) {
        if (ScalarTable.supports(type.key(), type.value())) {
            return new WeldDict(type, ScalarTable.forKey(type.key(), ((WeldType.Scalar) type.value().resolve()).kind(),
                    0, 0));
        }
        return new WeldDict(type, null, null, null, null, new LinkedHashMap<>());
    }

    /** A boxed dictionary holding {@code map}, which it then owns. */
    public static WeldDict ofMap(WeldType.Dict type, Map<Object, Object> map) {
        return new WeldDict(type, null, null, null, null, map);
    }

    @TruffleBoundary
    public int size() {
        return table != null ? table.size() : entryIndex != null ? entryIndex.size()
                : keyIndex != null ? keyIndex.size() : map.size();
    }

    /** The value of a boxed key, or null if it is absent. */
    @TruffleBoundary
    public Object get(Object key) {
        if (entryIndex != null) {
            int e = entryIndex.entryOf(key);
            return e < 0 ? null : entryValues.get(e);
        }
        if (keyIndex != null) {
            int e = keyIndex.entryOf(key);
            return e < 0 ? null : entryValue(e);
        }
        return table != null ? table.getBoxed(key) : map.get(key);
    }

    /** Adds or replaces an entry (while the dictionary is being built). */
    @TruffleBoundary
    public void put(Object key, Object value) {
        if (table != null) {
            table.putBoxed(key, value);
        } else if (entryIndex != null || keyIndex != null) {
            throw new IllegalStateException("a dictionary of entry columns is made by its dictmerger");
        } else {
            map.put(key, value);
        }
    }

    /** Calls {@code f} with every entry, boxed, in the dictionary's order. */
    @TruffleBoundary
    public void forEach(BiConsumer<Object, Object> f) {
        if (table != null) {
            for (int j = 0; j < table.size(); j++) {
                int s = table.slot(j);
                f.accept(table.keyAt(s), table.valueAt(s));
            }
        } else if (entryIndex != null) {
            for (int j = 0; j < entryIndex.size(); j++) {
                f.accept(entryIndex.keyAt(entryIndex.slot(j)), entryValues.get(j));
            }
        } else if (keyIndex != null) {
            for (int j = 0; j < keyIndex.size(); j++) {
                f.accept(keyIndex.keyOf(j), entryValue(j));
            }
        } else {
            map.forEach(f);
        }
    }

    /** The value of entry {@code e} of a dictionary over {@link #keyIndex}, boxed. */
    @TruffleBoundary
    public Object entryValue(int e) {
        return type.value().resolve() instanceof WeldType.Scalar
                ? Storage.readBoxed(entryValues.layout.kind(0), entryValues.column(0), e) : entryValues.get(e);
    }

    @ExportMessage
    boolean hasHashEntries() {
        return true;
    }

    @ExportMessage
    @TruffleBoundary
    long getHashSize() {
        return size();
    }

    @ExportMessage
    @TruffleBoundary
    boolean isHashEntryReadable(Object key) {
        Object k = ownKey(key);
        return k != null && get(k) != null;
    }

    /** A key from another language converted to this dictionary's key type, or null if it cannot be one. */
    private Object ownKey(Object key) {
        return ArgumentConverter.tryConvertKey(type.key(), key);
    }

    @ExportMessage
    @TruffleBoundary
    Object readHashValue(Object key) throws com.oracle.truffle.api.interop.UnknownKeyException {
        Object k = ownKey(key);
        Object v = k == null ? null : get(k);
        if (v == null) {
            throw com.oracle.truffle.api.interop.UnknownKeyException.create(key);
        }
        return Exporter.export(type.value().resolve(), v);
    }

    @ExportMessage
    @TruffleBoundary
    Object getHashEntriesIterator() {
        return new EntryIterator(this);
    }

    /** Iterator over the entries as two-element arrays {@code [key, value]}. */
    @ExportLibrary(InteropLibrary.class)
    static final class EntryIterator implements TruffleObject {
        private final WeldDict dict;
        private final Iterator<Map.Entry<Object, Object>> it;
        private int next;

        EntryIterator(WeldDict dict) {
            this.dict = dict;
            this.it = dict.map == null ? null : dict.map.entrySet().iterator();
        }

        @ExportMessage
        boolean isIterator() {
            return true;
        }

        @ExportMessage
        @TruffleBoundary
        boolean hasIteratorNextElement() {
            return it != null ? it.hasNext() : next < dict.size();
        }

        @ExportMessage
        @TruffleBoundary
        Object getIteratorNextElement() throws StopIterationException {
            if (!hasIteratorNextElement()) {
                throw StopIterationException.create();
            }
            Object k;
            Object v;
            if (it != null) {
                Map.Entry<Object, Object> e = it.next();
                k = e.getKey();
                v = e.getValue();
            } else if (dict.table != null) {
                int s = dict.table.slot(next++);
                k = dict.table.keyAt(s);
                v = dict.table.valueAt(s);
            } else if (dict.keyIndex != null) {
                k = dict.keyIndex.keyOf(next);
                v = dict.entryValue(next++);
            } else {
                k = dict.entryIndex.keyAt(dict.entryIndex.slot(next));
                v = dict.entryValues.get(next++);
            }
            WeldType.Struct pair = WeldType.Struct.of(dict.type.key().resolve(), dict.type.value().resolve());
            return new WeldStruct(pair, new Object[] {k, v});
        }
    }

    @Override
    @TruffleBoundary
    public String toString() {
        if (map != null) {
            return map.toString();
        }
        StringBuilder sb = new StringBuilder("{");
        forEach((k, v) -> sb.append(sb.length() > 1 ? ", " : "").append(k).append('=').append(v));
        return sb.append('}').toString();
    }
}
