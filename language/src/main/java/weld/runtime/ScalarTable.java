package weld.runtime;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import sun.misc.Unsafe;

import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * A hash table from scalar keys carried as {@code int} or {@code long} to scalar values carried as {@code int},
 * {@code long}, {@code float} or {@code double}, over primitive arrays: the storage of a typed
 * {@code dictmerger} and of the dictionaries it produces. A struct key of scalars of at most 64 bits, or a float key, is
 * held in its {@link PackedKey packed} form, an {@code i64}: only the boxed accessors and {@code tovec}'s copies see
 * the key as it is.
 *
 * <p>Open addressing with linear probing over one {@code long[]}: slot {@code i} holds its key at {@code 2i} and its
 * value at {@code 2i + 1} (int and long carriers sign-extended; float and double carriers as the raw bits of the
 * widened double), so a merge touches one cache line and one array.
 * The capacity is a power of two; the home slot of a key is the top bits of the key times 2^64 / φ (Fibonacci
 * hashing, which spreads consecutive keys). The table grows at half full. {@link #EMPTY} marks a free slot; the
 * key equal to it (only an i64 or u64 can be) lives in the extra slot at index {@code capacity}. {@code order}
 * lists the occupied slots in insertion order, so iteration (and so {@code tovec}, serialization, interop) sees
 * the entries in the order of their first merge, as the boxed dictionaries do.
 *
 * <p>A table may instead be <em>direct</em>: while every key lies in {@code [0, capacity)}, key {@code k} lives in
 * slot {@code k}, so a merge needs neither a hash nor a probe, and the first merge of a key occupies its slot in line
 * (the order array then has room for every slot, so a direct table never grows by inserting). Integer keys from a
 * small range (codes of categories, dates as day numbers, dense ids) are common group-by keys. A key out of that
 * range widens the table where the range stays small ({@link #DIRECT_MIN_SLOTS}, or at most
 * {@link #DIRECT_SLOTS_PER_ENTRY} slots per entry), and otherwise turns it into a hash table for good. Which mode a new
 * table starts in is the builder's choice ({@link weld.builders.SizeFeedback}).
 *
 * <p>{@link #mergeLong} and {@link #mergeDouble} take the value kind and operator as arguments so that compiled
 * callers pass constants and the combine folds to one instruction; a new key (or one found only after
 * {@link #PROBES} probes) is merged out of line.
 */
public final class ScalarTable {
    /** The key that marks a free slot. */
    static final long EMPTY = Long.MIN_VALUE;
    /** 2^64 / φ, odd. */
    private static final long PHI = 0x9E3779B97F4A7C15L;
    private static final int MIN_CAPACITY = 16;
    /**
     * The probes a merge makes in compiled code, unrolled: a key further from its home slot, or a new key, is merged
     * out of line. With no loop in it, the merge loop is an innermost counted loop, which Graal compiles without
     * safepoint polls (group-by with 10^3 keys: 16.6 ms with the probe loop inlined, 12.0 ms with 4 probes).
     */
    private static final int PROBES = 4;
    /** The assumed probability that a merged key is already in the table and found at its first probe. */
    private static final double HIT = 0.9;
    /** Estimated heap bytes per slot: key, value and half an order entry. */
    private static final long SLOT_BYTES = 18;
    /** Heap bytes per slot of a direct table: key, value and an order entry. */
    private static final long DIRECT_SLOT_BYTES = 20;
    private static final Unsafe UNSAFE = UnsafeAccess.UNSAFE;
    private static final long LONG_BASE = UNSAFE.arrayBaseOffset(long[].class);
    private static final long INT_BASE = UNSAFE.arrayBaseOffset(int[].class);
    /** What {@link #find} returns for a key outside a direct table's range: absent, and no free slot for it yet. */
    private static final int OUT_OF_RANGE = Integer.MIN_VALUE;
    /** A direct table may always widen to this many slots (64 KB of slots). */
    static final int DIRECT_MIN_SLOTS = 1 << 12;
    /**
     * Beyond {@link #DIRECT_MIN_SLOTS}, a direct table's keys {@code [0, k]} are at most this many per entry (its
     * capacity, rounded up to a power of two, at most twice that).
     */
    static final int DIRECT_SLOTS_PER_ENTRY = 4;
    /** The most slots a direct table has (64 MB of slots); keys beyond go to a hash table. */
    static final int DIRECT_MAX_SLOTS = 1 << 22;

    public final ScalarKind keyKind;
    /** How struct keys are packed into the {@code long} keys ({@link #keyKind} then {@code i64}), or null. */
    public final PackedKey packing;
    public final ScalarKind valueKind;
    private final boolean doubleValues;

    private long[] slots;
    private int[] order;
    private int size;
    private int mask;
    private int shift;
    private boolean emptyKeyPresent;
    /** Whether key {@code k} lives in slot {@code k} (see the class comment). */
    private boolean direct;
    /** The least and greatest key a hash table has held (for {@link #directSlotsNeeded}). */
    private long minKey = Long.MAX_VALUE;
    private long maxKey = Long.MIN_VALUE;

    /**
     * Whether a dictionary from {@code key} to {@code value} can be a table: a key it can hold ({@link #keyCarrier})
     * and a non-boolean scalar value.
     */
    public static boolean supports(WeldType key, WeldType value) {
        return keyCarrier(key) != null && value.resolve() instanceof WeldType.Scalar v
                && Carrier.of(v.kind()) != Carrier.BOOLEAN;
    }

    /**
     * The carrier in which a table holds keys of type {@code key}: {@code int} or {@code long} for an integer, a
     * {@code long} for a struct key it packs ({@link PackedKey}); null where it cannot hold them.
     */
    public static Carrier keyCarrier(WeldType key) {
        if (key.resolve() instanceof WeldType.Scalar k && !k.kind().isFloat()) {
            Carrier c = Carrier.of(k.kind());
            return c == Carrier.INT || c == Carrier.LONG ? c : null;
        }
        return PackedKey.of(key) != null ? Carrier.LONG : null;
    }

    /** An empty table for keys of type {@code key} (see {@link #ScalarTable(ScalarKind, ScalarKind, long, long)}). */
    @TruffleBoundary
    public static ScalarTable forKey(WeldType key, ScalarKind valueKind, long expected, long directSlots) {
        PackedKey packing = PackedKey.of(key);
        ScalarKind keyKind = packing != null ? ScalarKind.I64 : ((WeldType.Scalar) key.resolve()).kind();
        return new ScalarTable(keyKind, packing, valueKind, expected, directSlots);
    }

    /**
     * The byte offsets of slot {@code slot}'s key and value in {@link #slots}, for the unchecked accesses of the
     * merge probes: a probed slot is {@code hash >>> shift} or {@code (s + 1) & mask}, below the capacity by
     * construction, and the array holds {@code capacity + 1} slots, so no bounds check is needed (two fewer
     * compares and array-length loads per merged row; group-by with 10^3 keys, JMH: 31.7-36.0 -> 27.6-28.8 ms).
     * The probes compute slots as {@code long}: an {@code int} slot was narrowed from the hash and widened again
     * for the offset, two instructions per merged row (one JVM, jars alternating three times: 28.4-29.9 -> 26.6-27.8
     * ms).
     */
    private static long keyOffset(long slot) {
        return LONG_BASE + 16L * slot;
    }

    private static long valueOffset(long slot) {
        return LONG_BASE + 16L * slot + 8;
    }

    /** An empty hash table sized for about {@code expected} entries (charged to the running evaluation). */
    @TruffleBoundary
    public ScalarTable(ScalarKind keyKind, ScalarKind valueKind, long expected) {
        this(keyKind, valueKind, expected, 0);
    }

    /**
     * An empty table (charged to the running evaluation): direct over the keys {@code [0, directSlots)} (rounded
     * up to a power of two) if {@code directSlots > 0}, else a hash table sized for about {@code expected} entries.
     */
    @TruffleBoundary
    public ScalarTable(ScalarKind keyKind, ScalarKind valueKind, long expected, long directSlots) {
        this(keyKind, null, valueKind, expected, directSlots);
    }

    private ScalarTable(ScalarKind keyKind, PackedKey packing, ScalarKind valueKind, long expected, long directSlots) {
        this.keyKind = keyKind;
        this.packing = packing;
        this.valueKind = valueKind;
        this.doubleValues = isDouble(valueKind);
        if (directSlots > 0 && directSlots <= DIRECT_MAX_SLOTS) {
            direct = true;
            allocate(powerOfTwoAtLeast(directSlots));
        } else {
            allocate(capacityFor(expected));
        }
    }

    private static int powerOfTwoAtLeast(long n) {
        int capacity = MIN_CAPACITY;
        while (capacity < n) {
            capacity <<= 1;
        }
        return capacity;
    }

    private static int capacityFor(long expected) {
        int capacity = MIN_CAPACITY;
        while (capacity < (1 << 30) && capacity / 2 < expected) {
            capacity <<= 1;
        }
        return capacity;
    }

    /** Whether the running evaluation's memory budget affords a table presized for {@code expected} entries. */
    @TruffleBoundary
    public static boolean affords(long expected) {
        return MemoryBudget.affords((capacityFor(expected) + 1L) * SLOT_BYTES);
    }

    /** Whether the running evaluation's memory budget affords a direct table over {@code [0, slots)}. */
    @TruffleBoundary
    public static boolean affordsDirect(long slots) {
        return slots <= DIRECT_MAX_SLOTS && MemoryBudget.affords((powerOfTwoAtLeast(slots) + 1L) * DIRECT_SLOT_BYTES);
    }

    private ScalarTable(ScalarTable t) {
        this.keyKind = t.keyKind;
        this.packing = t.packing;
        this.valueKind = t.valueKind;
        this.doubleValues = t.doubleValues;
        this.slots = t.slots.clone();
        this.order = t.order.clone();
        this.size = t.size;
        this.mask = t.mask;
        this.shift = t.shift;
        this.emptyKeyPresent = t.emptyKeyPresent;
        this.direct = t.direct;
        this.minKey = t.minKey;
        this.maxKey = t.maxKey;
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

    /** Empty arrays of {@code capacity} slots, for the current mode. */
    private void allocate(int capacity) {
        MemoryBudget.charge((capacity + 1L) * (direct ? DIRECT_SLOT_BYTES : SLOT_BYTES));
        slots = new long[2 * (capacity + 1)];
        for (int i = 0; i < slots.length; i += 2) {
            slots[i] = EMPTY;
        }
        order = new int[direct ? capacity + 1 : capacity / 2 + 1];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    public int size() {
        return size;
    }

    /**
     * The number of slots: a power of two; for a hash table at least twice the entries it holds before it grows,
     * for a direct table more than its largest key.
     */
    public int capacity() {
        return mask + 1;
    }

    /** Whether key {@code k} lives in slot {@code k} (see the class comment). */
    public boolean isDirect() {
        return direct;
    }

    /**
     * The slot holding {@code key}, or a negative number if it is absent: {@code -1 - s} where {@code s} is the
     * free slot it would go to, or {@link #OUT_OF_RANGE} for a key outside a direct table's range.
     */
    public int find(long key) {
        if (direct) {
            if (Long.compareUnsigned(key, mask) > 0) {
                return OUT_OF_RANGE;
            }
            int s = (int) key;
            return slots[2 * s] == key ? s : -1 - s;
        }
        if (key == EMPTY) {
            return emptyKeyPresent ? mask + 1 : -2 - mask;
        }
        long[] ks = slots;
        int m = mask;
        int i = (int) ((key * PHI) >>> shift);
        while (true) {
            long k = ks[2 * i];
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

    /**
     * Merges an int- or long-carried value (ints sign-extended) of kind {@code k} with operator {@code op}. The probe
     * is written out here and in {@link #mergeDouble}, combining at the hit: one shared probe returning the slot and
     * a test of it after measured 5-10% slower (group-by with 10^3 keys, 13.2-13.5 against 12.0-12.6 ms).
     */
    @ExplodeLoop
    public void mergeLong(long key, long value, ScalarKind k, BinOp op) {
        if (direct) {
            if (mergeLongDirect(key, value, k, op)) {
                return;
            }
        } else if (key != EMPTY) {
            long[] t = slots;
            long i = (key * PHI) >>> shift;
            for (int p = 0; p < PROBES; p++) {
                long found = UNSAFE.getLong(t, keyOffset(i));
                if (CompilerDirectives.injectBranchProbability(HIT, found == key)) {
                    UNSAFE.putLong(t, valueOffset(i), combineLong(k, op, UNSAFE.getLong(t, valueOffset(i)), value));
                    return;
                }
                if (found == EMPTY) {
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        insertLong(key, value, k, op);
    }

    /** Merges a float- or double-carried value of kind {@code k} with operator {@code op}. */
    @ExplodeLoop
    public void mergeDouble(long key, double value, ScalarKind k, BinOp op) {
        if (direct) {
            if (mergeDoubleDirect(key, value, k, op)) {
                return;
            }
        } else if (key != EMPTY) {
            long[] t = slots;
            long i = (key * PHI) >>> shift;
            for (int p = 0; p < PROBES; p++) {
                long found = UNSAFE.getLong(t, keyOffset(i));
                if (CompilerDirectives.injectBranchProbability(HIT, found == key)) {
                    double sum = combineDouble(k, op, UNSAFE.getDouble(t, valueOffset(i)), value);
                    UNSAFE.putDouble(t, valueOffset(i), sum);
                    return;
                }
                if (found == EMPTY) {
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        insertDouble(key, value, k, op);
    }

    /**
     * Merges into a direct table with no call out of line: false, merging nothing, if this table is not direct or
     * {@code key} is outside its range. The first merge of a key occupies its slot here (a direct table has room in
     * its order array for every slot), so a compiled merge loop into a direct table calls nothing and keeps its
     * values in registers (group-by with 10^3 keys: 20.6-21.5 -> 16.4 ms).
     */
    public boolean mergeLongDirect(long key, long value, ScalarKind k, BinOp op) {
        if (!direct || Long.compareUnsigned(key, mask) > 0) {
            return false;
        }
        long[] t = slots;
        if (CompilerDirectives.injectBranchProbability(HIT, UNSAFE.getLong(t, keyOffset(key)) == key)) {
            UNSAFE.putLong(t, valueOffset(key), combineLong(k, op, UNSAFE.getLong(t, valueOffset(key)), value));
        } else {
            occupyDirect(t, key);
            UNSAFE.putLong(t, valueOffset(key), value);
        }
        return true;
    }

    /** {@link #mergeLongDirect} for float- or double-carried values. */
    public boolean mergeDoubleDirect(long key, double value, ScalarKind k, BinOp op) {
        if (!direct || Long.compareUnsigned(key, mask) > 0) {
            return false;
        }
        long[] t = slots;
        if (CompilerDirectives.injectBranchProbability(HIT, UNSAFE.getLong(t, keyOffset(key)) == key)) {
            UNSAFE.putDouble(t, valueOffset(key), combineDouble(k, op, UNSAFE.getDouble(t, valueOffset(key)), value));
        } else {
            occupyDirect(t, key);
            UNSAFE.putDouble(t, valueOffset(key), value);
        }
        return true;
    }

    /**
     * The index of {@code key}'s entry in insertion order, the entry added as the next if absent: for a table whose
     * values are these indexes, the keys of a dictmerger whose values live in columns by entry
     * ({@link weld.builders.StructDictMerger}). Probes like {@link #mergeLong}; a new key (or one found only after
     * {@link #PROBES} probes) of a hash table is added out of line, one of a direct table in line.
     */
    @ExplodeLoop
    public int entryIndex(long key) {
        if (direct) {
            int index = entryIndexDirect(key);
            if (index >= 0) {
                return index;
            }
        } else if (key != EMPTY) {
            long[] t = slots;
            long i = (key * PHI) >>> shift;
            for (int p = 0; p < PROBES; p++) {
                long found = UNSAFE.getLong(t, keyOffset(i));
                if (CompilerDirectives.injectBranchProbability(HIT, found == key)) {
                    return (int) UNSAFE.getLong(t, valueOffset(i));
                }
                if (found == EMPTY) {
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        return insertIndex(key);
    }

    /**
     * {@link #entryIndex} in a direct table, with no call out of line: -1, adding nothing, if this table is not
     * direct or {@code key} is outside its range.
     */
    public int entryIndexDirect(long key) {
        if (!direct || Long.compareUnsigned(key, mask) > 0) {
            return -1;
        }
        long[] t = slots;
        if (CompilerDirectives.injectBranchProbability(HIT, UNSAFE.getLong(t, keyOffset(key)) == key)) {
            return (int) UNSAFE.getLong(t, valueOffset(key));
        }
        int index = size;
        occupyDirect(t, key);
        UNSAFE.putLong(t, valueOffset(key), index);
        return index;
    }

    /** {@link #entryIndex} of a key the first probes did not find, out of line. */
    @TruffleBoundary
    private int insertIndex(long key) {
        int s = find(key);
        if (s >= 0) {
            return (int) slots[2 * s + 1];
        }
        insert(s, key);
        int index = size - 1;
        slots[2 * order[index] + 1] = index;
        return index;
    }

    /**
     * The entry index (the value) of {@code key} in a table of entry indexes, or -1 if it is absent: a direct table
     * is read in line, a hash table probed out of line, so that the code of an unrolled loop of lookups stays small.
     */
    public int entryOf(long key) {
        if (direct) {
            if (Long.compareUnsigned(key, mask) > 0) {
                return -1;
            }
            long[] t = slots;
            return UNSAFE.getLong(t, keyOffset(key)) == key ? (int) UNSAFE.getLong(t, valueOffset(key)) : -1;
        }
        return hashedEntryOf(key);
    }

    @TruffleBoundary
    private int hashedEntryOf(long key) {
        int s = find(key);
        return s < 0 ? -1 : (int) slots[2 * s + 1];
    }

    /** The entry index (the value) of a boxed key in a table of entry indexes, or -1 if it is absent. */
    @TruffleBoundary
    public int entryOf(Object key) {
        return isKey(key) ? entryOf(unboxKey(key)) : -1;
    }

    /** The columns a key takes in a vector of structs: one, or a packed struct key's fields. */
    public int keyColumns() {
        return packing == null ? 1 : packing.fieldCount();
    }

    /**
     * Writes the keys in insertion order into the first {@link #keyColumns} columns of {@code out}, which has room
     * for {@link #size} rows.
     */
    public void copyKeys(StructColumns out) {
        if (packing == null) {
            copyColumn(out.column(0), keyKind, -1);
            return;
        }
        for (int f = 0; f < packing.fieldCount(); f++) {
            copyColumn(out.column(f), packing.kind(f), f);
        }
    }

    /** Writes the keys (or field {@code field} of packed keys, if not -1) of kind {@code k} into {@code column}. */
    private void copyColumn(Object column, ScalarKind k, int field) {
        for (int j = 0; j < size; j++) {
            long v = slots[2 * order[j]];
            if (field >= 0) {
                v = packing.fieldOf(v, field);
            }
            switch (Carrier.of(k)) {
                case BOOLEAN -> ((boolean[]) column)[j] = v != 0;
                case INT -> Storage.writeInt(k, column, j, (int) v);
                case FLOAT -> ((float[]) column)[j] = Float.intBitsToFloat((int) v);
                case DOUBLE -> ((double[]) column)[j] = Double.longBitsToDouble(v);
                default -> ((long[]) column)[j] = v;
            }
        }
    }

    /** The key of the {@code j}-th entry in insertion order, in its {@code long} form. */
    public long keyOf(int j) {
        return slots[2 * order[j]];
    }

    /**
     * Occupies the free slot of {@code key}, in the range of the direct table whose slots are {@code t}. The order
     * array has a place for every slot and the key's was free, so {@code size} is below its length: the unchecked
     * store leaves the compiled loop one deoptimization fewer per row (group-by with 10^3 keys: 16.7-16.9 -> 15.8-15.9
     * ms).
     */
    private void occupyDirect(long[] t, long key) {
        int n = size;
        UNSAFE.putLong(t, keyOffset(key), key);
        UNSAFE.putInt(order, INT_BASE + 4L * n, (int) key);
        size = n + 1;
    }

    /**
     * A merge not settled by the first probes (a new key, or one further from its home slot), out of line: the merge
     * loop's code stays small and its values in registers instead of being spilled around an inlined insertion.
     */
    @TruffleBoundary
    private void insertLong(long key, long value, ScalarKind k, BinOp op) {
        int s = find(key);
        if (s >= 0) {
            slots[2 * s + 1] = combineLong(k, op, slots[2 * s + 1], value);
        } else {
            insert(s, key);
            slots[2 * order[size - 1] + 1] = value;
        }
    }

    @TruffleBoundary
    private void insertDouble(long key, double value, ScalarKind k, BinOp op) {
        int s = find(key);
        if (s >= 0) {
            value = combineDouble(k, op, Double.longBitsToDouble(slots[2 * s + 1]), value);
        } else {
            insert(s, key);
            s = order[size - 1];
        }
        slots[2 * s + 1] = Double.doubleToRawLongBits(value);
    }

    /**
     * Occupies the free slot {@code -1 - s} (or, when the table is full or {@code s} is {@link #OUT_OF_RANGE}, the
     * key's slot after making room).
     */
    private void insert(int s, long key) {
        if (s == OUT_OF_RANGE) {
            makeRoom(key);
            s = find(key);
        }
        if (!direct) {
            noteKey(key);
        }
        int slot = -1 - s;
        if (size == order.length - 1) {
            grow();
            slot = -1 - find(key);
        }
        slots[2 * slot] = key;
        if (slot > mask) {
            emptyKeyPresent = true;
        }
        order[size++] = slot;
    }

    /**
     * Doubles the capacity. The entries move walking the old slots in order, so their new home slots increase too
     * (streaming writes, where moving them in insertion order missed the cache once per entry in a large table);
     * the insertion order is then mapped onto the new slots.
     */
    @TruffleBoundary
    private void grow() {
        if (direct) {
            toHash();
            return;
        }
        long[] old = slots;
        int[] oldOrder = order;
        int oldCapacity = mask + 1;
        boolean oldEmptyKeyPresent = emptyKeyPresent;
        if (oldCapacity >= 1 << 30) {
            throw new IllegalStateException("dictionary too large");
        }
        allocate(oldCapacity * 2);
        emptyKeyPresent = false;
        int[] moved = new int[oldCapacity + 1];
        for (int s = 0; s <= oldCapacity; s++) {
            long key = old[2 * s];
            if (s < oldCapacity ? key == EMPTY : !oldEmptyKeyPresent) {
                continue;
            }
            int to = -1 - find(key);
            slots[2 * to] = key;
            slots[2 * to + 1] = old[2 * s + 1];
            if (to > mask) {
                emptyKeyPresent = true;
            }
            moved[s] = to;
        }
        for (int j = 0; j < size; j++) {
            order[j] = moved[oldOrder[j]];
        }
    }

    /**
     * Makes room in a direct table for {@code key}, which is outside its range: widens it to the smallest power of two
     * above the key where that range is small enough for the entries (see the class comment) and affordable, and
     * otherwise turns it into a hash table.
     */
    @TruffleBoundary
    private void makeRoom(long key) {
        if (key >= 0 && key < DIRECT_MAX_SLOTS && fewSlotsPerEntry(key + 1, size + 1)) {
            int capacity = powerOfTwoAtLeast(key + 1);
            if (MemoryBudget.affords((capacity + 1L) * DIRECT_SLOT_BYTES)) {
                widen(capacity);
                return;
            }
        }
        toHash();
    }

    /** Widens a direct table to {@code capacity} slots: every entry keeps its slot. */
    private void widen(int capacity) {
        long[] old = slots;
        int[] oldOrder = order;
        int oldCapacity = mask + 1;
        allocate(capacity);
        System.arraycopy(old, 0, slots, 0, 2 * oldCapacity);
        System.arraycopy(oldOrder, 0, order, 0, size);
    }

    /** Turns a direct table into a hash table with room for one more entry, keeping the insertion order. */
    private void toHash() {
        long[] old = slots;
        int[] oldOrder = order;
        direct = false;
        allocate(Math.max(capacityFor(size + 1L), mask + 1));
        for (int j = 0; j < size; j++) {
            int from = oldOrder[j];
            long key = old[2 * from];
            noteKey(key);
            int to = -1 - find(key);
            slots[2 * to] = key;
            slots[2 * to + 1] = old[2 * from + 1];
            order[j] = to;
        }
    }

    /**
     * The number of slots a direct table needs for this table's keys, or 0 if they are not all in a range small
     * enough for direct addressing (see the class comment).
     */
    public long directSlotsNeeded() {
        if (direct) {
            return mask + 1;
        }
        if (size == 0) {
            return 1;
        }
        long needed = maxKey + 1;
        return minKey >= 0 && needed <= DIRECT_MAX_SLOTS && fewSlotsPerEntry(needed, size) ? needed : 0;
    }

    /** Whether the keys {@code [0, slots)} are few enough for {@code entries} to address them directly. */
    private static boolean fewSlotsPerEntry(long slots, long entries) {
        return slots <= Math.max(DIRECT_MIN_SLOTS, DIRECT_SLOTS_PER_ENTRY * entries);
    }

    /** Widens the range of keys a hash table has held to include {@code key}. */
    private void noteKey(long key) {
        minKey = Math.min(minKey, key);
        maxKey = Math.max(maxKey, key);
    }

    /**
     * Merges every entry of {@code other} (a table of the same kinds) into this one; keys new here are added in
     * {@code other}'s insertion order. Keys present in both are combined first, walking {@code other}'s slots in
     * order: both tables place a key by the top bits of the same hash, so that walks this table's slots in
     * increasing order too (streaming access instead of a cache miss per entry when the tables are large, as the
     * partials of a parallel group-by with many keys are).
     */
    @TruffleBoundary
    public void mergeAll(ScalarTable other, BinOp op) {
        boolean[] isNew = new boolean[other.mask + 2];
        for (int s = 0; s <= other.mask + 1; s++) {
            long key = other.slots[2 * s];
            if (s <= other.mask ? key == EMPTY : !other.emptyKeyPresent) {
                continue;
            }
            int t = find(key);
            if (t < 0) {
                isNew[s] = true;
            } else if (doubleValues) {
                slots[2 * t + 1] = Double.doubleToRawLongBits(combineDouble(valueKind, op, doubleAt(t), other.doubleAt(s)));
            } else {
                slots[2 * t + 1] = combineLong(valueKind, op, longAt(t), other.longAt(s));
            }
        }
        for (int j = 0; j < other.size; j++) {
            int s = other.order[j];
            if (!isNew[s]) {
                continue;
            }
            if (doubleValues) {
                mergeDouble(other.slots[2 * s], other.doubleAt(s), valueKind, op);
            } else {
                mergeLong(other.slots[2 * s], other.longAt(s), valueKind, op);
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
    private boolean isKey(Object key) {
        if (packing != null) {
            return packing.isScalar() ? key instanceof Float || key instanceof Double : key instanceof WeldStruct;
        }
        return key instanceof Integer || key instanceof Long;
    }

    /** The {@code long} form of a boxed key (its carrier, or a struct key this table packs). */
    public long unboxKey(Object key) {
        return unboxKey(packing, key);
    }

    /** The {@code long} form of a boxed key: an integer's carrier, or a struct key packed by {@code packing}. */
    public static long unboxKey(PackedKey packing, Object key) {
        if (packing != null) {
            return packing.pack(key);
        }
        return key instanceof Integer i ? i : (Long) key;
    }

    /** The boxed form of key {@code k} (its carrier, or a struct key this table packs). */
    public Object boxKey(long k) {
        if (packing != null) {
            return packing.unpack(k);
        }
        return Carrier.of(keyKind) == Carrier.INT ? (Object) (int) k : (Object) k;
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
            slots[2 * s + 1] = Double.doubleToRawLongBits(((Number) value).doubleValue());
        } else {
            slots[2 * s + 1] = value instanceof Integer i ? i : (Long) value;
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

    /**
     * Writes the entries in insertion order into {@code out}, the columns of {@code tovec}'s vector with room for
     * {@link #size} rows (the keys' {@link #keyColumns}, then the value's), without boxing.
     */
    public void copyEntries(StructColumns out) {
        copyKeys(out);
        Object values = out.column(keyColumns());
        switch (Carrier.of(valueKind)) {
            case INT -> {
                for (int j = 0; j < size; j++) {
                    Storage.writeInt(valueKind, values, j, (int) longAt(order[j]));
                }
            }
            case LONG -> {
                long[] v = (long[]) values;
                for (int j = 0; j < size; j++) {
                    v[j] = longAt(order[j]);
                }
            }
            case FLOAT -> {
                float[] v = (float[]) values;
                for (int j = 0; j < size; j++) {
                    v[j] = (float) doubleAt(order[j]);
                }
            }
            default -> {
                double[] v = (double[]) values;
                for (int j = 0; j < size; j++) {
                    v[j] = doubleAt(order[j]);
                }
            }
        }
    }

    /** The key in slot {@code s}, boxed in its carrier. */
    public Object keyAt(int s) {
        return boxKey(slots[2 * s]);
    }

    /** The value in slot {@code s}, boxed in its carrier. */
    public Object valueAt(int s) {
        return switch (Carrier.of(valueKind)) {
            case INT -> (int) longAt(s);
            case LONG -> longAt(s);
            case FLOAT -> (float) doubleAt(s);
            default -> doubleAt(s);
        };
    }

    /** The int- or long-carried value in slot {@code s}. */
    public long longAt(int s) {
        return slots[2 * s + 1];
    }

    /** The float- or double-carried value in slot {@code s}. */
    public double doubleAt(int s) {
        return Double.longBitsToDouble(slots[2 * s + 1]);
    }
}
