package weld.bench;

/** The Java baseline's group-by table: open addressing with linear probing, i32 keys (not MIN_VALUE) to f64 sums. */
public final class IntDoubleTable {
    private static final int EMPTY = Integer.MIN_VALUE;
    private int[] keys;
    private double[] sums;
    private int size;

    public IntDoubleTable(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new int[cap];
        sums = new double[cap];
        java.util.Arrays.fill(keys, EMPTY);
    }

    public void add(int key, double value) {
        int mask = keys.length - 1;
        int i = (key * 0x9E3779B1) >>> 7 & mask;
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                keys[i] = key;
                if (++size * 2 > keys.length) {
                    grow();
                    add(key, value);
                    return;
                }
                break;
            }
            i = (i + 1) & mask;
        }
        sums[i] += value;
    }

    private void grow() {
        int[] k = keys;
        double[] s = sums;
        keys = new int[k.length * 2];
        sums = new double[k.length * 2];
        java.util.Arrays.fill(keys, EMPTY);
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != EMPTY) {
                add(k[i], s[i]);
            }
        }
    }

    /** Adds every entry of {@code other} into this table. */
    public IntDoubleTable addAll(IntDoubleTable other) {
        for (int i = 0; i < other.keys.length; i++) {
            if (other.keys[i] != EMPTY) {
                add(other.keys[i], other.sums[i]);
            }
        }
        return this;
    }

    double checksum() {
        double s = 0;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                s += (keys[i] + 1.0) * sums[i];
            }
        }
        return s;
    }
}
