package weld.builders;

import java.util.LinkedHashMap;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.runtime.MemoryBudget;
import weld.runtime.ScalarOps;
import weld.runtime.WeldDict;
import weld.syntax.BinOp;
import weld.types.WeldType;

/**
 * {@code dictmerger[K, V, op]}: a hash table whose values for equal keys are combined with {@code op}, over boxed keys
 * and values; dictmergers of scalar keys and values are {@link ScalarDictMerger}s instead.
 */
public final class DictMerger {
    private final WeldType.Dict type;
    private final BinOp op;
    private final Map<Object, Object> map = new LinkedHashMap<>();

    public DictMerger(WeldType.Dict type, BinOp op) {
        this.type = type;
        this.op = op;
    }

    @TruffleBoundary
    public void merge(Object key, Object value) {
        int before = map.size();
        map.merge(key, value, (a, b) -> ScalarOps.combine(type.value(), op, a, b));
        if (map.size() != before) {
            MemoryBudget.charge(MemoryBudget.ENTRY_BYTES);
        }
    }

    /** The entries merged so far (to combine the partials of a parallel loop). */
    public Iterable<Map.Entry<Object, Object>> entries() {
        return map.entrySet();
    }

    @TruffleBoundary
    public WeldDict result() {
        MemoryBudget.charge(map.size() * MemoryBudget.ENTRY_BYTES);
        return WeldDict.ofMap(type, new LinkedHashMap<>(map));
    }
}
