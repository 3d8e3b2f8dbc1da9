package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A hash table from scalar keys carried as {@code int} or {@code long} to scalar values carried as {@code int},
 * {@code long}, {@code float} or {@code double}, over primitive arrays: the storage of a typed
 * {@code dictmerger} and of the dictionaries it produces.
 *
 * <p>Open addressing with linear probing: slot {@code i} holds {@code keys[i]} and its value in {@code longs[i]}
 * (int and long carriers, ints sign-extended) or {@code doubles[i]} (float and double carriers, floats widened).
 * The capacity is a power of two; the home slot of a key is the top bits of the key times 2^64 / φ (Fibonacci
 * hashing, which spreads consecutive keys). The table grows at half full. {@link #EMPTY} marks a free slot; the
 * key equal to it (only an i64 or u64 can be) lives in the extra slot at index {@code capacity}. {@code order}
 * lists the occupied slots in insertion order, so iteration (and so {@code tovec}, serialization, interop) sees
 * the entries in the order of their first merge, as the boxed dictionaries do.
 *
 * <p>{@link #mergeLong} and {@link #mergeDouble} take the value kind and operator as arguments so that compiled
 * callers pass constants and the combine folds to one instruction; only growth leaves compiled code.
 */
public final class ScalarTable {
    /** The key that marks a free slot. */
    static final long EMPTY = Long.MIN_VALUE;
    /** 2^64 / φ, odd. */
    private static final long PHI = 0x9E3779B97F4A7C15L;
    private static final int MIN_CAPACITY = 16;
    /** The assumed probability that a merged key is already in the table and found at its first probe. */
    private static final double HIT = 0.9;
    /** Estimated heap bytes per slot: key, value and half an order entry. */
    private static final long SLOT_BYTES = 18;

    public final ScalarKind keyKind;
    public final ScalarKind valueKind;
    private final boolean doubleValues;

    private long[] keys;
    private long[] longs;
    private double[] doubles;
    private int[] order;
    private int size;
    private int mask;
    private int shift;
    private boolean emptyKeyPresent;

    /** Whether a dictionary from {@code key} to {@code value} can be a table (both scalars of suitable carriers). */
    public static boolean supports(WeldType key, WeldType value) {
        if (!(key.resolve() instanceof WeldType.Scalar k) || !(value.resolve() instanceof WeldType.Scalar v)) {
            return false;
        }
        Carrier kc = Carrier.of(k.kind());
        Carrier vc = Carrier.of(v.kind());
        return (kc == Carrier.INT || kc == Carrier.LONG) && vc != Carrier.BOOLEAN;
    }

    /** An empty table sized for about {@code expected} entries (charged to the running evaluation). */
    @TruffleBoundary
    public ScalarTable(ScalarKind keyKind, ScalarKind valueKind, long expected) {
        this.keyKind = keyKind;
        this.valueKind = valueKind;
        this.doubleValues = isDouble(valueKind);
        int capacity = MIN_CAPACITY;
        while (capacity < (1 << 30) && capacity / 2 < expected) {
            capacity <<= 1;
        }
        allocate(capacity);
    }

    private ScalarTable(ScalarTable t) {
        this.keyKind = t.keyKind;
        this.valueKind = t.valueKind;
        this.doubleValues = t.doubleValues;
        this.keys = t.keys.clone();
        this.longs = t.longs == null ? null : t.longs.clone();
        this.doubles = t.doubles == null ? null : t.doubles.clone();
        this.order = t.order.clone();
        this.size = t.size;
        this.mask = t.mask;
        this.shift = t.shift;
        this.emptyKeyPresent = t.emptyKeyPresent;
    }

    /** Whether values of kind {@code k} are kept in the {@code double[]} (f32 and f64). */
    public static boolean isDouble(ScalarKind k) {
        return k == ScalarKind.F32 || k == ScalarKind.F64;
    }

    /** A copy of this table (charged to the running evaluation). */
    @TruffleBoundary
    public ScalarTable copy() {
        MemoryBudget.charge((mask + 2) * SLOT_BYTES);
        return new ScalarTable(this);
    }

    private void allocate(int capacity) {
        MemoryBudget.charge((capacity + 1L) * SLOT_BYTES);
        keys = new long[capacity + 1];
        java.util.Arrays.fill(keys, EMPTY);
        if (doubleValues) {
            doubles = new double[capacity + 1];
        } else {
            longs = new long[capacity + 1];
        }
        order = new int[capacity / 2 + 1];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    public int size() {
        return size;
    }

    /** The slot holding {@code key}, or {@code -1 - s} where {@code s} is the free slot it would go to. */
    public int find(long key) {
        if (key == EMPTY) {
            return emptyKeyPresent ? mask + 1 : -2 - mask;
        }
        long[] ks = keys;
        int m = mask;
        int i = (int) ((key * PHI) >>> shift);
        while (true) {
            long k = ks[i];
            // Compiled code has no profile here: say that the key is usually found at its first probe, so that the
            // hit is the straight path of the merge loop.
            if (CompilerDirectives.injectBranchProbability(HIT, k == key)) {
                return i;
            }
            if (k == EMPTY) {
                return -1 - i;
            }
            i = (i + 1) & m;
        }
    }

    /** Merges an int- or long-carried value (ints sign-extended) of kind {@code k} with operator {@code op}. */
    public void mergeLong(long key, long value, ScalarKind k, BinOp op) {
        int s = find(key);
        if (CompilerDirectives.injectBranchProbability(HIT, s >= 0)) {
            longs[s] = combineLong(k, op, longs[s], value);
        } else {
            insertLong(s, key, value);
        }
    }

    /** Merges a float- or double-carried value of kind {@code k} with operator {@code op}. */
    public void mergeDouble(long key, double value, ScalarKind k, BinOp op) {
        int s = find(key);
        if (CompilerDirectives.injectBranchProbability(HIT, s >= 0)) {
            doubles[s] = combineDouble(k, op, doubles[s], value);
        } else {
            insertDouble(s, key, value);
        }
    }

    /**
     * A new key, out of line: one call per distinct key keeps the merge loop's code small (its values stay in
     * registers instead of being spilled around an inlined insertion and growth).
     */
    @TruffleBoundary
    private void insertLong(int s, long key, long value) {
        insert(s, key);
        longs[order[size - 1]] = value;
    }

    @TruffleBoundary
    private void insertDouble(int s, long key, double value) {
        insert(s, key);
        doubles[order[size - 1]] = value;
    }

    /** Occupies the free slot {@code -1 - s} (or, when the table is full, the key's slot after growing). */
    private void insert(int s, long key) {
        int slot = -1 - s;
        if (size == order.length - 1) {
            grow();
            slot = -1 - find(key);
        }
        keys[slot] = key;
        if (slot > mask) {
            emptyKeyPresent = true;
        }
        order[size++] = slot;
    }

    /** Doubles the capacity, reinserting the entries in insertion order. */
    @TruffleBoundary
    private void grow() {
        long[] oldKeys = keys;
        long[] oldLongs = longs;
        double[] oldDoubles = doubles;
        int[] oldOrder = order;
        int n = size;
        int oldCapacity = mask + 1;
        if (oldCapacity >= 1 << 30) {
            throw new IllegalStateException("dictionary too large");
        }
        allocate(oldCapacity * 2);
        size = 0;
        emptyKeyPresent = false;
        for (int j = 0; j < n; j++) {
            int from = oldOrder[j];
            long key = oldKeys[from];
            int to = -1 - find(key);
            keys[to] = key;
            if (to > mask) {
                emptyKeyPresent = true;
            }
            if (doubleValues) {
                doubles[to] = oldDoubles[from];
            } else {
                longs[to] = oldLongs[from];
            }
            order[size++] = to;
        }
    }

    /** Merges every entry of {@code other} (a table of the same kinds) into this one, in its insertion order. */
    @TruffleBoundary
    public void mergeAll(ScalarTable other, BinOp op) {
        for (int j = 0; j < other.size; j++) {
            int s = other.order[j];
            if (doubleValues) {
                mergeDouble(other.keys[s], other.doubles[s], valueKind, op);
            } else {
                mergeLong(other.keys[s], other.longs[s], valueKind, op);
            }
        }
    }

    /** {@code a op b} for int- or long-carried values of kind {@code k} (Weld's wrap-around and unsigned order). */
    public static long combineLong(ScalarKind k, BinOp op, long a, long b) {
        if (Carrier.of(k) == Carrier.INT) {
            return ScalarOps.combineInt(k, op, (int) a, (int) b);
        }
        return ScalarOps.combineLong(k, op, a, b);
    }

    /** {@code a op b} for float- or double-carried values of kind {@code k} (f32 results rounded to f32). */
    public static double combineDouble(ScalarKind k, BinOp op, double a, double b) {
        double r = ScalarOps.combineDouble(op, a, b);
        return k == ScalarKind.F32 ? (float) r : r;
    }

    // Boxed access, for the generic paths (interop, serialization, tovec, lookups of boxed keys).

    /** The long form of a boxed key ({@code Integer} or {@code Long}); false if it is neither. */
    private static boolean isKey(Object key) {
        return key instanceof Integer || key instanceof Long;
    }

    private static long unboxKey(Object key) {
        return key instanceof Integer i ? i : (Long) key;
    }

    /** The boxed value of {@code key} (a boxed key carrier), or null if absent. */
    @TruffleBoundary
    public Object getBoxed(Object key) {
        if (!isKey(key)) {
            return null;
        }
        int s = find(unboxKey(key));
        return s < 0 ? null : valueAt(s);
    }

    /** Puts a boxed entry, replacing the value of an existing key. */
    @TruffleBoundary
    public void putBoxed(Object key, Object value) {
        long k = unboxKey(key);
        int s = find(k);
        if (s < 0) {
            insert(s, k);
            s = order[size - 1];
        }
        if (doubleValues) {
            doubles[s] = ((Number) value).doubleValue();
        } else {
            longs[s] = value instanceof Integer i ? i : (Long) value;
        }
    }

    /** Merges a boxed entry with {@code op}. */
    @TruffleBoundary
    public void mergeBoxed(Object key, Object value, BinOp op) {
        if (doubleValues) {
            mergeDouble(unboxKey(key), ((Number) value).doubleValue(), valueKind, op);
        } else {
            mergeLong(unboxKey(key), value instanceof Integer i ? i : (Long) value, valueKind, op);
        }
    }

    /** The slot of the {@code j}-th entry in insertion order. */
    public int slot(int j) {
        return order[j];
    }

    /** The key in slot {@code s}, boxed in its carrier. */
    public Object keyAt(int s) {
        long k = keys[s];
        return Carrier.of(keyKind) == Carrier.INT ? (Object) (int) k : (Object) k;
    }

    /** The value in slot {@code s}, boxed in its carrier. */
    public Object valueAt(int s) {
        return switch (Carrier.of(valueKind)) {
            case INT -> (int) longs[s];
            case LONG -> longs[s];
            case FLOAT -> (float) doubles[s];
            default -> doubles[s];
        };
    }

    /** The int- or long-carried value in slot {@code s}. */
    public long longAt(int s) {
        return longs[s];
    }

    /** The float- or double-carried value in slot {@code s}. */
    public double doubleAt(int s) {
        return doubles[s];
    }
}
