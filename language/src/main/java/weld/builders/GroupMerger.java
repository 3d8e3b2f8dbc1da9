package weld.builders;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.MemoryBudget;
import weld.runtime.Storage;
import weld.runtime.WeldDict;
import weld.runtime.WeldVector;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * {@code groupmerger[K, V]}: collects the values of each key, in merge order, into a {@code dict[K, vec[V]]}, boxed:
 * for values that {@link ColumnGroupMerger} cannot hold in columns (vectors, dictionaries).
 */
public final class GroupMerger {
    private final WeldType key;
    private final WeldType value;
    private final Map<Object, List<Object>> groups = new LinkedHashMap<>();

    /** Estimated heap bytes of one grouped value: a boxed scalar and its list slot. */
    private static final long VALUE_BYTES = 24;

    public GroupMerger(WeldType key, WeldType value) {
        this.key = key;
        this.value = value;
    }

    @TruffleBoundary
    public void merge(Object k, Object v) {
        groups.computeIfAbsent(k, x -> {
            MemoryBudget.charge(MemoryBudget.ENTRY_BYTES);
            return new ArrayList<>();
        }).add(v);
        MemoryBudget.charge(VALUE_BYTES);
    }

    /** Appends the groups of {@code other} (a later partial of a parallel loop) after this merger's values. */
    @TruffleBoundary
    public void appendAll(GroupMerger other) {
        for (Map.Entry<Object, List<Object>> e : other.groups.entrySet()) {
            groups.computeIfAbsent(e.getKey(), x -> new ArrayList<>()).addAll(e.getValue());
        }
    }

    @TruffleBoundary
    public WeldDict result() {
        WeldDict d = WeldDict.empty(new WeldType.Dict(key, new WeldType.Vec(value)));
        ScalarKind kind = Storage.kindOf(value);
        for (Map.Entry<Object, List<Object>> e : groups.entrySet()) {
            List<Object> vs = e.getValue();
            Object store = Storage.newStore(value, vs.size());
            for (int i = 0; i < vs.size(); i++) {
                Storage.writeBoxed(kind, store, i, vs.get(i));
            }
            d.put(e.getKey(), new WeldVector(value, store, 0, vs.size()));
        }
        return d;
    }
}
