package weld.nodes.loop.lanes;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import weld.builders.Appender;
import weld.builders.ColumnGroupMerger;
import weld.nodes.expression.MathFunctions;
import weld.runtime.ScalarOps;
import weld.runtime.ScalarTable;
import weld.runtime.StructColumns;
import weld.syntax.BinOp;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;

/**
 * A kernel's update function run a block of {@link LaneKernel#BLOCK} iterations at a time, each node one plain loop
 * over primitive arrays, without the Vector API: what the interpreter and first-tier code run before a kernel has
 * warmed up (for long runs of a kernel without math functions, until last-tier code: see {@code KernelBody.warmup}).
 * In a cold JVM, the tree of Truffle nodes that runs an iteration is Java bytecode that HotSpot interprets until it
 * has compiled hundreds of node methods, and the Vector API is slower still until C2 has compiled it; a few short
 * loops over arrays are neither. {@code f64} and {@code f32} values are held as {@code double}s (each {@code f32}
 * result rounded to {@code float}: the same value, as a {@code double} holds every {@code float} sum, product,
 * quotient and square root exactly before that rounding), {@code i64} and {@code i32} as {@code long}s (each
 * {@code i32} result wrapped to {@code int}), masks as {@code boolean}s. Math functions are Weld's scalar ones, so
 * results are the scalar loop's; merger reductions reassociate like {@code ReductionBody}: iteration {@code k} of a
 * block merges into accumulator {@code k % 4}, combined {@code (a0 op a1) op (a2 op a3)} at the end.
 */
public final class ScalarLaneKernel {
    private static final int ACCUMULATORS = 4;

    private final LaneNode[] nodes;
    private final LaneKernel.Component[] components;

    ScalarLaneKernel(LaneNode[] nodes, LaneKernel.Component[] components) {
        this.nodes = nodes;
        this.components = components;
    }

    /**
     * Runs iterations {@code [from, to)} (iterator {@code j}'s element of iteration {@code i} is
     * {@code stores[j][bases[j] + i]}, or {@code bases[j] + i} for a {@code rangeiter}); returns the accumulators
     * {@code acc} with the iterations merged in.
     */
    @TruffleBoundary
    public Object[] run(Object[] stores, long[] bases, long from, long to, Object[] invariants, Object[] acc) {
        Object[] arrays = arrays(invariants, (int) Math.min(LaneKernel.BLOCK, to - from));
        int[] offsets = new int[nodes.length];
        Object[] lanes = new Object[components.length];
        for (int j = 0; j < components.length; j++) {
            LaneKernel.Component c = components[j];
            Object identity = ScalarOps.identity(c.type(), c.op());
            lanes[j] = isLong(c.type().kind()) ? fill(new long[ACCUMULATORS], toLong(identity))
                    : fill(new double[ACCUMULATORS], toDouble(identity));
        }
        for (long s = from; s < to; s += LaneKernel.BLOCK) {
            int n = (int) Math.min(LaneKernel.BLOCK, to - s);
            block(stores, bases, s, n, arrays, offsets);
            for (int j = 0; j < components.length; j++) {
                for (LaneNode v : components[j].values()) {
                    reduce(components[j], arrays[v.id], offsets[v.id], n, lanes[j]);
                }
            }
        }
        Object[] result = new Object[components.length];
        for (int j = 0; j < components.length; j++) {
            LaneKernel.Component c = components[j];
            Object[] a = new Object[ACCUMULATORS];
            for (int u = 0; u < ACCUMULATORS; u++) {
                a[u] = boxed(c.type().kind(), lanes[j], u);
            }
            Object folded = ScalarOps.combine(c.type(), c.op(), ScalarOps.combine(c.type(), c.op(), a[0], a[1]),
                    ScalarOps.combine(c.type(), c.op(), a[2], a[3]));
            result[j] = ScalarOps.combine(c.type(), c.op(), acc[j], folded);
        }
        return result;
    }

    /**
     * Runs iterations {@code [from, to)} of a kernel with one component whose merge goes to element {@code i} of
     * {@code target} in iteration {@code i}: each element combined once with its value, as the scalar loop does.
     */
    @TruffleBoundary
    public void runIndexedMerge(Object[] stores, long[] bases, long from, long to, Object[] invariants,
                                Object target) {
        Object[] arrays = arrays(invariants, (int) Math.min(LaneKernel.BLOCK, to - from));
        int[] offsets = new int[nodes.length];
        LaneKernel.Component c = components[0];
        LaneNode value = c.values()[0];
        for (long s = from; s < to; s += LaneKernel.BLOCK) {
            int n = (int) Math.min(LaneKernel.BLOCK, to - s);
            block(stores, bases, s, n, arrays, offsets);
            Object v = arrays[value.id];
            int vo = offsets[value.id];
            int t = (int) s;
            // instanceof rather than a pattern switch, whose first run spins a class (slow in a cold JVM).
            if (target instanceof double[] d) {
                combine(c.op(), false, d, t, (double[]) v, vo, d, t, n);
            } else if (target instanceof float[] f) {
                for (int k = 0; k < n; k++) {
                    f[t + k] = (float) ScalarOps.applyDouble(c.op(), f[t + k], ((double[]) v)[vo + k]);
                }
            } else if (target instanceof long[] l) {
                combine(c.op(), false, l, t, (long[]) v, vo, l, t, n);
            } else {
                int[] i = (int[]) target;
                for (int k = 0; k < n; k++) {
                    i[t + k] = (int) applyLong(c.op(), i[t + k], ((long[]) v)[vo + k]);
                }
            }
        }
    }

    /**
     * Runs iterations {@code [from, to)} of a {@link LanePlanner#planScatterMerge scatter kernel}: each iteration that
     * merges into field {@code j} (all, or those its mask component marks) combines the field's value into element
     * {@code index} of {@code targets[j]} (a vecmerger's primitive array of {@code lengths[j]} elements), or into the
     * entry of its key in a dictmerger's {@link ScalarTable}, or appends it to an {@link Appender}, or it and its key
     * to a {@link ColumnGroupMerger}, or combines it into a merger's value ({@code targets[j]} a boxed {@code Double},
     * {@code Float}, {@code Long} or {@code Integer}, replaced by the new value; for all these {@code lengths[j]} is
     * -1), or adds it to {@code counts[index]} where the one vecmerger counts in {@code int}s ({@code counts} not
     * null; the values are then small non-negative constants). Each block merges field by field, iterations in
     * order, so every element, entry or merger sees its values in the scalar loop's order, and a table gets its new
     * keys in that order ({@code targets} are distinct). Stops before the first merging iteration with an index
     * outside {@code [0, length)}, for the scalar body to report it at its row, and, for each field {@code j} with a
     * mask, before the first iteration that does not merge into it ({@code maskSeen[2j]} false) or merges
     * ({@code maskSeen[2j + 1]} false), for the scalar body to run it (when that iteration is {@code from}, it sets
     * the flags of that iteration's kinds and returns {@code from}); returns the iteration it stopped at ({@code to}
     * if none).
     */
    @TruffleBoundary
    public long runScatter(Object[] stores, long[] bases, long from, long to, Object[] invariants, Object[] targets,
                           long[] lengths, int[] counts, boolean[] maskSeen) {
        Object[] arrays = arrays(invariants, (int) Math.min(LaneKernel.BLOCK, to - from));
        int[] offsets = new int[nodes.length];
        int fields = targets.length;
        LaneNode[] maskNodes = new LaneNode[fields];
        boolean masked = components.length > 2 * fields;
        for (int j = 0; masked && j < fields; j++) {
            LaneNode[] values = components[2 * fields + j].values();
            maskNodes[j] = values.length == 0 ? null : values[0];
        }
        long[][] m = new long[fields][];
        int[] mo = new int[fields];
        for (long s = from; s < to; s += LaneKernel.BLOCK) {
            int n = (int) Math.min(LaneKernel.BLOCK, to - s);
            block(stores, bases, s, n, arrays, offsets);
            for (int j = 0; j < fields; j++) {
                m[j] = maskNodes[j] == null ? null : (long[]) arrays[maskNodes[j].id];
                mo[j] = maskNodes[j] == null ? 0 : offsets[maskNodes[j].id];
            }
            int valid = masked ? unseen(m, mo, n, s == from, maskSeen) : n;
            for (int j = 0; j < fields; j++) {
                if (lengths[j] >= 0) {
                    LaneNode index = components[2 * j + 1].values()[0];
                    valid = inBounds((long[]) arrays[index.id], offsets[index.id], m[j], mo[j], valid, lengths[j]);
                }
            }
            for (int j = 0; j < fields; j++) {
                LaneNode value = components[2 * j].values()[0];
                Object v = arrays[value.id];
                int vo = offsets[value.id];
                if (targets[j] instanceof Appender a && a.store() instanceof StructColumns) {
                    appendRows(a, components[2 * j].values(), arrays, offsets, m[j], mo[j], valid);
                    continue;
                }
                if (targets[j] instanceof Appender a) {
                    append(a, v, vo, m[j], mo[j], valid);
                    continue;
                }
                if (targets[j] instanceof Number acc) {
                    targets[j] = fold(components[2 * j], acc, v, vo, m[j], mo[j], valid);
                    continue;
                }
                LaneNode index = components[2 * j + 1].values()[0];
                long[] ix = (long[]) arrays[index.id];
                int io = offsets[index.id];
                if (targets[j] instanceof ColumnGroupMerger g) {
                    // Values and keys are separate appenders: all values of the block, then all keys, as one by one.
                    append(g.values(), v, vo, m[j], mo[j], valid);
                    for (int k = 0; k < valid; k++) {
                        if (m[j] == null || m[j][mo[j] + k] != 0) {
                            g.appendKey(ix[io + k]);
                        }
                    }
                } else if (counts != null) {
                    long[] x = (long[]) v;
                    for (int k = 0; k < valid; k++) {
                        if (m[j] == null || m[j][mo[j] + k] != 0) {
                            counts[(int) ix[io + k]] += (int) x[vo + k];
                        }
                    }
                } else if (targets[j] instanceof ScalarTable t) {
                    merge(components[2 * j].op(), components[2 * j].type().kind(), t, ix, io, v, vo, m[j], mo[j],
                            valid);
                } else {
                    scatter(components[2 * j].op(), targets[j], ix, io, v, vo, m[j], mo[j], valid);
                }
            }
            if (valid < n) {
                return s + valid;
            }
        }
        return to;
    }

    /**
     * The first of iterations {@code [0, n)} whose kind for a field with a mask {@code m[j]} (merging into it or
     * not) is not seen ({@code seen[2j + kind]}), or {@code n}; where that is iteration 0 of the run ({@code first}),
     * its kinds are marked seen, as the scalar body runs it next.
     */
    private static int unseen(long[][] m, int[] mo, int n, boolean first, boolean[] seen) {
        boolean all = true;
        for (int j = 0; j < m.length; j++) {
            all &= m[j] == null || seen[2 * j] && seen[2 * j + 1];
        }
        if (all) {
            return n;
        }
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < m.length; j++) {
                if (m[j] != null && !seen[2 * j + (m[j][mo[j] + k] != 0 ? 1 : 0)]) {
                    if (first && k == 0) {
                        for (int i = 0; i < m.length; i++) {
                            if (m[i] != null) {
                                seen[2 * i + (m[i][mo[i]] != 0 ? 1 : 0)] = true;
                            }
                        }
                    }
                    return k;
                }
            }
        }
        return n;
    }

    /** The first of iterations {@code [0, valid)} that merges (per mask {@code m}) at an index outside the length. */
    private static int inBounds(long[] ix, int io, long[] m, int mo, int valid, long length) {
        for (int k = 0; k < valid; k++) {
            if ((ix[io + k] < 0 || ix[io + k] >= length) && (m == null || m[mo + k] != 0)) {
                return k;
            }
        }
        return valid;
    }

    /**
     * A merger's value {@code acc} combined with the values {@code v} of iterations {@code [0, n)} that merge (per
     * mask {@code m}), in order, with component {@code c}'s operator: the scalar loop's result, rounding included.
     */
    private static Object fold(LaneKernel.Component c, Number acc, Object v, int vo, long[] m, int mo, int n) {
        BinOp op = c.op();
        ScalarKind kind = c.type().kind();
        if (acc instanceof Double d) {
            double a = d;
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    a = ScalarOps.combineDouble(op, a, x[vo + k]);
                }
            }
            return a;
        } else if (acc instanceof Float f) {
            float a = f;
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    a = (float) ScalarOps.combineDouble(op, a, x[vo + k]);
                }
            }
            return a;
        } else if (acc instanceof Long l) {
            long a = l;
            long[] x = (long[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    a = ScalarOps.combineLong(kind, op, a, x[vo + k]);
                }
            }
            return a;
        }
        int a = (Integer) acc;
        long[] x = (long[]) v;
        for (int k = 0; k < n; k++) {
            if (m == null || m[mo + k] != 0) {
                a = ScalarOps.combineInt(kind, op, a, (int) x[vo + k]);
            }
        }
        return a;
    }

    /** Appends the values {@code v} of iterations {@code [0, n)} that merge to {@code a}, in order. */
    private static void append(Appender a, Object v, int vo, long[] m, int mo, int n) {
        int kept = kept(m, mo, n);
        int at = reserve(a, kept);
        compress(a.store(), at, v, vo, m, mo, n);
        a.setSize(at + kept);
    }

    /**
     * Appends to {@code a}, an appender of structs in columns, the rows of iterations {@code [0, n)} that merge (per
     * mask {@code m}), in order: field {@code f}'s value is node {@code values[f]}'s.
     */
    private static void appendRows(Appender a, LaneNode[] values, Object[] arrays, int[] offsets, long[] m, int mo,
                                   int n) {
        int kept = kept(m, mo, n);
        int at = reserve(a, kept);
        StructColumns columns = (StructColumns) a.store();
        for (int f = 0; f < values.length; f++) {
            compress(columns.column(f), at, arrays[values[f].id], offsets[values[f].id], m, mo, n);
        }
        a.setSize(at + kept);
    }

    /** How many of iterations {@code [0, n)} merge (mask {@code m}: 1 or 0 each; null: all). */
    private static int kept(long[] m, int mo, int n) {
        if (m == null) {
            return n;
        }
        long kept = 0;
        for (int k = 0; k < n; k++) {
            kept += m[mo + k];
        }
        return (int) kept;
    }

    /**
     * Makes room in {@code a} for {@code kept} elements and one more, which {@link #compress} may write without
     * keeping (an appender's element at its size may hold such a value, see {@code Appender.store}); returns the
     * index of the first.
     */
    private static int reserve(Appender a, int kept) {
        return (int) a.reserveAmortized(kept + 1);
    }

    /**
     * Writes the values {@code v} of the iterations of {@code [0, n)} that merge (mask {@code m}: 1 or 0 each; null:
     * all) to {@code column} from index {@code at} on, in order, without a branch on the mask: every value is written
     * at the next free index, which advances by the mask (a branch on a random mask mispredicts every other row).
     */
    private static void compress(Object column, int at, Object v, int vo, long[] m, int mo, int n) {
        if (m == null) {
            m = ones(n);
            mo = 0;
        }
        int t = at;
        if (column instanceof double[] d) {
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                d[t] = x[vo + k];
                t += (int) m[mo + k];
            }
        } else if (column instanceof float[] d) {
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                d[t] = (float) x[vo + k];
                t += (int) m[mo + k];
            }
        } else if (column instanceof long[] d) {
            long[] x = (long[]) v;
            for (int k = 0; k < n; k++) {
                d[t] = x[vo + k];
                t += (int) m[mo + k];
            }
        } else {
            int[] d = (int[]) column;
            long[] x = (long[]) v;
            for (int k = 0; k < n; k++) {
                d[t] = (int) x[vo + k];
                t += (int) m[mo + k];
            }
        }
    }

    /** A mask of {@code n} iterations that all merge. */
    private static long[] ones(int n) {
        long[] m = new long[n];
        Arrays.fill(m, 1L);
        return m;
    }

    /** Merges the values {@code v} (of kind {@code kind}) of iterations {@code [0, n)} that merge at their keys. */
    private static void merge(BinOp op, ScalarKind kind, ScalarTable t, long[] keys, int ko, Object v, int vo,
                              long[] m, int mo, int n) {
        if (v instanceof long[] x) {
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    t.mergeLong(keys[ko + k], x[vo + k], kind, op);
                }
            }
        } else {
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    t.mergeDouble(keys[ko + k], x[vo + k], kind, op);
                }
            }
        }
    }

    /** Combines the values {@code v} of iterations {@code [0, n)} that merge into {@code target} at their indices. */
    private static void scatter(BinOp op, Object target, long[] ix, int io, Object v, int vo, long[] m, int mo, int n) {
        if (target instanceof long[] l) {
            long[] x = (long[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    int at = (int) ix[io + k];
                    l[at] = applyLong(op, l[at], x[vo + k]);
                }
            }
        } else if (target instanceof int[] i) {
            long[] x = (long[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    int at = (int) ix[io + k];
                    i[at] = (int) applyLong(op, i[at], x[vo + k]);
                }
            }
        } else if (target instanceof double[] d) {
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    int at = (int) ix[io + k];
                    d[at] = ScalarOps.applyDouble(op, d[at], x[vo + k]);
                }
            }
        } else {
            float[] f = (float[]) target;
            double[] x = (double[]) v;
            for (int k = 0; k < n; k++) {
                if (m == null || m[mo + k] != 0) {
                    int at = (int) ix[io + k];
                    f[at] = (float) ScalarOps.applyDouble(op, f[at], x[vo + k]);
                }
            }
        }
    }

    /** Each node's block array: elements get theirs per block, invariants are filled once. */
    private Object[] arrays(Object[] invariants, int size) {
        Object[] arrays = new Object[nodes.length];
        for (LaneNode node : nodes) {
            if (node instanceof LaneNode.Invariant v) {
                Object x = invariants[v.invariant];
                arrays[node.id] = node.kind == ScalarKind.BOOL ? fill(new boolean[size], (Boolean) x)
                        : isLong(node.kind) ? fill(new long[size], toLong(x)) : fill(new double[size], toDouble(x));
            } else if (!(node instanceof LaneNode.Element)) {
                arrays[node.id] = node.kind == ScalarKind.BOOL ? new boolean[size]
                        : isLong(node.kind) ? new long[size] : new double[size];
            } else if (node.kind == ScalarKind.F32) {
                arrays[node.id] = new double[size];
            } else if (node.kind == ScalarKind.I32) {
                arrays[node.id] = new long[size];
            }
        }
        return arrays;
    }

    /** Every node's values for iterations {@code [s, s + n)}. */
    private void block(Object[] stores, long[] bases, long s, int n, Object[] arrays, int[] offsets) {
        for (LaneNode node : nodes) {
            if (node instanceof LaneNode.Element e) {
                int at = (int) (bases[e.iterator] + s);
                Object store = stores[e.iterator];
                if (store instanceof float[] f) {
                    double[] d = (double[]) arrays[e.id];
                    for (int k = 0; k < n; k++) {
                        d[k] = f[at + k];
                    }
                } else if (store instanceof int[] i) {
                    long[] l = (long[]) arrays[e.id];
                    for (int k = 0; k < n; k++) {
                        l[k] = i[at + k];
                    }
                } else if (store instanceof byte[] b) {
                    long[] l = (long[]) arrays[e.id];
                    int mask = e.unsigned ? 0xFF : -1;
                    for (int k = 0; k < n; k++) {
                        l[k] = b[at + k] & mask;
                    }
                } else {
                    arrays[e.id] = store;
                    offsets[e.id] = at;
                }
            } else if (node instanceof LaneNode.Binary b) {
                binary(b, arrays, offsets, n);
            } else if (node instanceof LaneNode.Unary u) {
                unary(u, arrays[u.arg.id], offsets[u.arg.id], arrays[u.id], n);
            } else if (node instanceof LaneNode.Select x) {
                select(x, arrays, offsets, n);
            } else if (node instanceof LaneNode.Range r) {
                LaneNode.Range.fill(r.at(bases, s), (long[]) arrays[r.id], n);
            } else if (node instanceof LaneNode.Cast c) {
                LaneCasts.convertHeld(arrays[c.arg.id], offsets[c.arg.id], c.kind, arrays[c.id], n);
            }
        }
    }

    private static void binary(LaneNode.Binary b, Object[] arrays, int[] offsets, int n) {
        Object l = arrays[b.left.id];
        int lo = offsets[b.left.id];
        Object r = arrays[b.right.id];
        int ro = offsets[b.right.id];
        Object out = arrays[b.id];
        if (b.op.isComparison()) {
            if (isLong(b.left.kind)) {
                compare(b.op, (long[]) l, lo, (long[]) r, ro, (boolean[]) out, n);
            } else {
                compare(b.op, (double[]) l, lo, (double[]) r, ro, (boolean[]) out, n);
            }
        } else if (b.kind == ScalarKind.BOOL) {
            boolean and = b.op == BinOp.LAND || b.op == BinOp.BAND;
            boolean[] x = (boolean[]) l;
            boolean[] y = (boolean[]) r;
            boolean[] m = (boolean[]) out;
            for (int k = 0; k < n; k++) {
                m[k] = and ? x[lo + k] & y[ro + k] : x[lo + k] | y[ro + k];
            }
        } else if (isLong(b.kind)) {
            combine(b.op, b.kind == ScalarKind.I32, (long[]) l, lo, (long[]) r, ro, (long[]) out, 0, n);
        } else {
            combine(b.op, b.kind == ScalarKind.F32, (double[]) l, lo, (double[]) r, ro, (double[]) out, 0, n);
        }
    }

    /**
     * {@code m[k] = x[xo + k] op y[yo + k]}, a loop for each comparison with Java's own comparison in it (a flag set,
     * no branch). Computed from a three-way order per element, the comparison branched, and a filter's unpredictable
     * data mispredicted it half the time (about 7 ns an element).
     */
    private static void compare(BinOp op, long[] x, int xo, long[] y, int yo, boolean[] m, int n) {
        switch (op) {
            case EQ -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] == y[yo + k];
                }
            }
            case NE -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] != y[yo + k];
                }
            }
            case LT -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] < y[yo + k];
                }
            }
            case LE -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] <= y[yo + k];
                }
            }
            // x > y is y < x and x >= y is y <= x, NaN included: the operands swapped.
            case GT -> compare(BinOp.LT, y, yo, x, xo, m, n);
            default -> compare(BinOp.LE, y, yo, x, xo, m, n);
        }
    }

    /**
     * {@code m[k] = x[xo + k] op y[yo + k]} on doubles, a loop for each comparison (see the {@code long} one). Java's
     * comparisons are IEEE's: NaN is unordered (only {@code !=} holds; the planner keeps float {@code !=}, ordered in
     * Weld, out of kernels), {@code -0.0} equals {@code 0.0}.
     */
    private static void compare(BinOp op, double[] x, int xo, double[] y, int yo, boolean[] m, int n) {
        switch (op) {
            case EQ -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] == y[yo + k];
                }
            }
            case NE -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] != y[yo + k];
                }
            }
            case LT -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] < y[yo + k];
                }
            }
            case LE -> {
                for (int k = 0; k < n; k++) {
                    m[k] = x[xo + k] <= y[yo + k];
                }
            }
            // x > y is y < x and x >= y is y <= x, NaN included: the operands swapped.
            case GT -> compare(BinOp.LT, y, yo, x, xo, m, n);
            default -> compare(BinOp.LE, y, yo, x, xo, m, n);
        }
    }

    /** {@code out[oo + k] = x[xo + k] op y[yo + k]}, rounded to {@code float} if {@code f32}. */
    private static void combine(BinOp op, boolean f32, double[] x, int xo, double[] y, int yo, double[] out, int oo,
                                int n) {
        for (int k = 0; k < n; k++) {
            double r = ScalarOps.applyDouble(op, x[xo + k], y[yo + k]);
            out[oo + k] = f32 ? (float) r : r;
        }
    }

    /** {@code out[oo + k] = x[xo + k] op y[yo + k]}, wrapped to {@code int} if {@code i32}. */
    private static void combine(BinOp op, boolean i32, long[] x, int xo, long[] y, int yo, long[] out, int oo, int n) {
        for (int k = 0; k < n; k++) {
            long r = applyLong(op, x[xo + k], y[yo + k]);
            out[oo + k] = i32 ? (int) r : r;
        }
    }

    private static long applyLong(BinOp op, long a, long b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            // i32 or i64, by a divisor neither 0 nor -1 (LanePlanner): the quotient of the int or long values.
            case DIV -> a / b;
            case MOD -> a % b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            default -> throw new IllegalArgumentException(op.symbol);
        };
    }

    private static void unary(LaneNode.Unary u, Object a, int ao, Object out, int n) {
        if (isLong(u.kind)) {
            long[] x = (long[]) a;
            long[] y = (long[]) out;
            boolean i32 = u.kind == ScalarKind.I32;
            for (int k = 0; k < n; k++) {
                y[k] = i32 ? (int) -x[ao + k] : -x[ao + k];
            }
            return;
        }
        double[] x = (double[]) a;
        double[] y = (double[]) out;
        boolean f32 = u.kind == ScalarKind.F32;
        for (int k = 0; k < n; k++) {
            double r = switch (u.op) {
                case NEG -> -x[ao + k];
                case SQRT -> Math.sqrt(x[ao + k]);
                default -> MathFunctions.apply(u.op, x[ao + k]);
            };
            y[k] = f32 ? (float) r : r;
        }
    }

    private static void select(LaneNode.Select s, Object[] arrays, int[] offsets, int n) {
        boolean[] c = (boolean[]) arrays[s.cond.id];
        int co = offsets[s.cond.id];
        int to = offsets[s.onTrue.id];
        int fo = offsets[s.onFalse.id];
        Object out = arrays[s.id];
        // Both values and a mask of the condition's bits, without a branch: C2 compiles a choice between two doubles
        // to a jump (x86 has no scalar conditional move for them), which a filter's data mispredicts half the time.
        if (out instanceof double[] d) {
            double[] t = (double[]) arrays[s.onTrue.id];
            double[] f = (double[]) arrays[s.onFalse.id];
            for (int k = 0; k < n; k++) {
                long mask = -(long) (c[co + k] ? 1 : 0);
                d[k] = Double.longBitsToDouble(Double.doubleToRawLongBits(t[to + k]) & mask
                        | Double.doubleToRawLongBits(f[fo + k]) & ~mask);
            }
        } else if (out instanceof long[] l) {
            long[] t = (long[]) arrays[s.onTrue.id];
            long[] f = (long[]) arrays[s.onFalse.id];
            for (int k = 0; k < n; k++) {
                long mask = -(long) (c[co + k] ? 1 : 0);
                l[k] = t[to + k] & mask | f[fo + k] & ~mask;
            }
        } else {
            boolean[] b = (boolean[]) out;
            boolean[] t = (boolean[]) arrays[s.onTrue.id];
            boolean[] f = (boolean[]) arrays[s.onFalse.id];
            for (int k = 0; k < n; k++) {
                b[k] = c[co + k] ? t[to + k] : f[fo + k];
            }
        }
    }

    /** Merges {@code values[vo + k]} into accumulator {@code k % 4}, rounding or wrapping to the merger's kind. */
    private static void reduce(LaneKernel.Component c, Object values, int vo, int n, Object lanes) {
        ScalarKind kind = c.type().kind();
        if (isLong(kind)) {
            long[] v = (long[]) values;
            long[] a = (long[]) lanes;
            boolean i32 = kind == ScalarKind.I32;
            for (int k = 0; k < n; k++) {
                long r = applyLong(c.op(), a[k & 3], v[vo + k]);
                a[k & 3] = i32 ? (int) r : r;
            }
        } else if (kind == ScalarKind.F64 && c.op() == BinOp.ADD) {
            sum((double[]) values, vo, n, (double[]) lanes);
        } else {
            double[] v = (double[]) values;
            double[] a = (double[]) lanes;
            boolean f32 = kind == ScalarKind.F32;
            for (int k = 0; k < n; k++) {
                double r = ScalarOps.applyDouble(c.op(), a[k & 3], v[vo + k]);
                a[k & 3] = f32 ? (float) r : r;
            }
        }
    }

    /**
     * The {@code f64} {@code +} merges of {@link #reduce}, the most common ones, with the four accumulators in locals:
     * the same sums in the same order, without an operator switch and an array store per element.
     */
    private static void sum(double[] v, int vo, int n, double[] a) {
        double a0 = a[0];
        double a1 = a[1];
        double a2 = a[2];
        double a3 = a[3];
        int k = 0;
        for (; k + 3 < n; k += 4) {
            a0 += v[vo + k];
            a1 += v[vo + k + 1];
            a2 += v[vo + k + 2];
            a3 += v[vo + k + 3];
        }
        if (k < n) {
            a0 += v[vo + k];
        }
        if (k + 1 < n) {
            a1 += v[vo + k + 1];
        }
        if (k + 2 < n) {
            a2 += v[vo + k + 2];
        }
        a[0] = a0;
        a[1] = a1;
        a[2] = a2;
        a[3] = a3;
    }

    private static boolean isLong(ScalarKind k) {
        return k == ScalarKind.I64 || k == ScalarKind.I32;
    }

    private static double toDouble(Object x) {
        return ((Number) x).doubleValue();
    }

    private static long toLong(Object x) {
        return ((Number) x).longValue();
    }

    private static Object boxed(ScalarKind k, Object lanes, int u) {
        return switch (k) {
            case F64 -> ((double[]) lanes)[u];
            case F32 -> (float) ((double[]) lanes)[u];
            case I64 -> ((long[]) lanes)[u];
            default -> (int) ((long[]) lanes)[u];
        };
    }

    private static double[] fill(double[] a, double v) {
        java.util.Arrays.fill(a, v);
        return a;
    }

    private static long[] fill(long[] a, long v) {
        java.util.Arrays.fill(a, v);
        return a;
    }

    private static boolean[] fill(boolean[] a, boolean v) {
        java.util.Arrays.fill(a, v);
        return a;
    }
}
