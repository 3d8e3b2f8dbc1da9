package weld.builders;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.KeyIndex;
import weld.runtime.MemoryBudget;
import weld.runtime.PackedKey;
import weld.runtime.ScalarTable;
import weld.runtime.Storage;
import weld.runtime.StructLayout;
import weld.runtime.WeldDict;
import weld.runtime.WeldVector;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A {@code groupmerger[K, V]} whose values are scalars or structs of scalars: a merge appends the key and the
 * value, in its carrier, to two appenders, in merge order, so no value is boxed per row. A key that a
 * {@link ScalarTable} holds (integers, or structs and floats packed into a {@code long}) is appended in its
 * {@code long} form, any other (text, vectors, structs holding one) as its entry in a {@link KeyIndex} of the
 * merger's (text found in compiled code), so that only distinct keys are kept. {@code result} groups them once, a
 * counting sort by each key's first appearance (a table of entry indexes, then one scatter of the values): each
 * key's vector is a slice of one store, its values in merge order, and the keys are in order of first merge, as
 * {@link GroupMerger}'s are. The partials of a parallel loop are kept as segments in loop order, not copied into
 * one array; merges after them start a new segment.
 */
public final class ColumnGroupMerger {
    private final WeldType.Dict type;
    /** How struct keys are packed, or null. */
    private final PackedKey packing;
    /** Whether the keys are objects (a {@link ScalarTable} cannot hold them), appended as their entry's index. */
    private final boolean objectKeys;
    /** The entries of object keys of the current segment, or null. */
    private KeyIndex objects;
    /** The object keys' entries of each earlier segment, in order (null for other keys). */
    private final List<KeyIndex> earlierObjects = new ArrayList<>();
    /** The segments before the current one, keys and values, in merge order. */
    private final List<Appender> earlierKeys = new ArrayList<>();
    private final List<Appender> earlierValues = new ArrayList<>();
    private Appender keys;
    private Appender values;

    /** Whether {@code groupmerger[K, V]} of type {@code b} can be a {@code ColumnGroupMerger}. */
    public static boolean supports(WeldType.Builder b) {
        WeldType key = b.params().get(0);
        WeldType value = b.params().get(1).resolve();
        // A bool key has no long form, and as an object it would not fit an appender of bools.
        boolean keys = ScalarTable.keyCarrier(key) != null || !(key.resolve() instanceof WeldType.Scalar);
        return keys && (value instanceof WeldType.Scalar || StructLayout.of(value) != null);
    }

    /** An empty groupmerger with room for about {@code hint} merges. */
    @TruffleBoundary
    public ColumnGroupMerger(WeldType key, WeldType value, long hint) {
        this.type = new WeldType.Dict(key, new WeldType.Vec(value));
        this.packing = PackedKey.of(key);
        this.objectKeys = ScalarTable.keyCarrier(key) == null;
        this.objects = objectKeys ? KeyIndex.forKey(key, 0) : null;
        this.keys = new Appender(WeldType.Scalar.I64, hint);
        this.values = new Appender(value, hint);
    }

    private WeldType valueType() {
        return ((WeldType.Vec) type.value()).elem();
    }

    /** An empty partial for a task of a parallel loop. */
    @TruffleBoundary
    public ColumnGroupMerger emptyPartial() {
        return new ColumnGroupMerger(type.key(), valueType(), 0);
    }

    /** The values, to which a merge appends its value before its key ({@link #appendKey}). */
    public Appender values() {
        return values;
    }

    /** Appends the {@code long} form of a merge's key (after its value). */
    public void appendKey(long k) {
        keys.appendLong(k);
    }

    /** The entries of the current segment's object keys, whose indexes {@link #appendKey} takes for them. */
    public KeyIndex objects() {
        return objects;
    }

    /** Merges a boxed key and value (the generic path). */
    @TruffleBoundary
    public void merge(Object key, Object value) {
        values.appendBoxed(value);
        keys.appendLong(objectKeys ? objects.entry(key) : ScalarTable.unboxKey(packing, key));
    }

    /** Takes in the merges of {@code other} (a later partial of a parallel loop) after this merger's, uncopied. */
    @TruffleBoundary
    public void appendAll(ColumnGroupMerger other) {
        earlierKeys.add(keys);
        earlierValues.add(values);
        earlierObjects.add(objects);
        earlierObjects.addAll(other.earlierObjects);
        earlierObjects.add(other.objects);
        earlierKeys.addAll(other.earlierKeys);
        earlierValues.addAll(other.earlierValues);
        earlierKeys.add(other.keys);
        earlierValues.add(other.values);
        keys = new Appender(WeldType.Scalar.I64, 0);
        values = new Appender(valueType(), 0);
    }

    /** The groups: {@code dict[K, vec[V]]}, each vector a slice of one store of the values grouped by key. */
    @TruffleBoundary
    public WeldDict result() {
        List<Appender> keySegments = new ArrayList<>(earlierKeys);
        List<Appender> valueSegments = new ArrayList<>(earlierValues);
        List<KeyIndex> objectSegments = new ArrayList<>(earlierObjects);
        keySegments.add(keys);
        objectSegments.add(objects);
        valueSegments.add(values);
        long total = 0;
        for (Appender a : keySegments) {
            total += a.result().length;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("a groupmerger exceeds the maximum vector length");
        }
        int n = (int) total;
        MemoryBudget.charge(4L * n);
        // The group of each merge, numbered in order of first merge, and the size of each group.
        ScalarTable index = objectKeys ? null
                : ScalarTable.forKey(type.key(), ScalarKind.I64, Math.min(n, 1 << 10), 0);
        KeyIndex order = objectKeys ? KeyIndex.forKey(type.key(), Math.min(n, 1 << 10)) : null;
        int[] position = new int[n];
        int[] count = new int[16];
        int i = 0;
        for (int s = 0; s < keySegments.size(); s++) {
            WeldVector k = keySegments.get(s).result();
            long[] key = (long[]) k.store;
            // A segment's object keys renumbered in the order they first appear in all the segments.
            KeyIndex local = objectSegments.get(s);
            int[] renumber = objectKeys ? new int[local.size()] : null;
            if (renumber != null) {
                Arrays.fill(renumber, -1);
            }
            for (int j = 0; j < k.length; j++, i++) {
                int g;
                if (objectKeys) {
                    int l = (int) key[j];
                    g = renumber[l] >= 0 ? renumber[l] : (renumber[l] = order.entryOfEntry(local, l));
                } else {
                    g = index.entryIndex(key[j]);
                }
                if (g == count.length) {
                    count = Arrays.copyOf(count, 2 * g);
                }
                count[g]++;
                position[i] = g;
            }
        }
        // Each merge's position: its group's start plus the merges of the group before it (a stable counting sort).
        int groups = objectKeys ? order.size() : index.size();
        int[] next = new int[groups];
        for (int g = 1; g < groups; g++) {
            next[g] = next[g - 1] + count[g - 1];
        }
        for (i = 0; i < n; i++) {
            position[i] = next[position[i]]++;
        }
        WeldType elem = valueType();
        Object grouped = Storage.newStore(elem, n);
        int first = 0;
        for (Appender a : valueSegments) {
            WeldVector v = a.result();
            Storage.scatter(v.store, v.length, grouped, position, first);
            first += v.length;
        }
        Map<Object, Object> m = new LinkedHashMap<>();
        int from = 0;
        for (int g = 0; g < groups; g++) {
            MemoryBudget.charge(MemoryBudget.ENTRY_BYTES);
            m.put(objectKeys ? order.keyOf(g) : index.boxKey(index.keyOf(g)),
                    new WeldVector(elem, grouped, from, count[g]));
            from += count[g];
        }
        return WeldDict.ofMap(type, m);
    }
}
