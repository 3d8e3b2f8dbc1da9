package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * The lane kernel's block operations, once C2 has compiled them, allocate nothing per vector, also after the JVM has
 * run them with one operator after another (as it does running several programs): with the operator switched inside
 * the loop, C2 recompiled them into code that made an object of every vector (12-24 bytes per value, for good).
 * Not part of the default build (profile {@code jit-checks}): even with a loop per operator, some runs still end
 * with one or two reductions (i32 {@code min}, {@code max} or {@code *}, f32 {@code *}) allocating a vector object
 * per step, depending on the order of C2's compilations (JFR: the result of the intrinsified operation boxed in
 * {@code IntVector.lanewiseTemplate}); open.
 */
class BlockOperationsAllocationTest {
    private static final int N = 1 << 14;
    private static final int BLOCK = 512;

    @Test
    void compiledBlockOperationsAllocateNothingPerValueAfterEveryOperator() {
        Map<String, Runnable> ops = operations();
        for (Runnable op : ops.values()) {
            for (int round = 0; round < 100; round++) {
                op.run();
            }
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Map<String, Double> fewest = new LinkedHashMap<>();
        long deadline = System.nanoTime() + 30_000_000_000L;
        do {
            for (var e : ops.entrySet()) {
                long before = threads.getCurrentThreadAllocatedBytes();
                e.getValue().run();
                double perValue = (threads.getCurrentThreadAllocatedBytes() - before) / (double) N;
                fewest.merge(e.getKey(), perValue, Math::min);
            }
        } while (fewest.values().stream().anyMatch(v -> v >= 1) && System.nanoTime() < deadline);
        fewest.values().removeIf(v -> v < 1);
        assertTrue(fewest.isEmpty(), "bytes allocated per value: " + fewest);
    }

    private static Map<String, Runnable> operations() {
        Random r = new Random(5);
        double[] d1 = new double[N];
        double[] d2 = new double[N];
        float[] f1 = new float[N];
        long[] l1 = new long[N];
        int[] i1 = new int[N];
        for (int i = 0; i < N; i++) {
            d1[i] = r.nextDouble() + 0.5;
            d2[i] = r.nextDouble() + 0.5;
            f1[i] = (float) d1[i];
            l1[i] = r.nextInt(1000) + 1;
            i1[i] = (int) l1[i];
        }
        double[] dOut = new double[BLOCK];
        long[] lOut = new long[BLOCK];
        double[] dLanes = new double[DoubleLanes.S.length()];
        float[] fLanes = new float[FloatLanes.S.length()];
        long[] lLanes = new long[LongLanes.S.length()];
        int[] iLanes = new int[IntLanes.S.length()];
        Map<String, Runnable> ops = new LinkedHashMap<>();
        for (UnaryOp op : new UnaryOp[] {UnaryOp.NEG, UnaryOp.SQRT, UnaryOp.EXP, UnaryOp.LOG}) {
            ops.put("f64 " + op, blocks(k -> DoubleLanes.unary(op, d1, k, dOut, BLOCK)));
        }
        for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.SUB, BinOp.MUL}) {
            ops.put("f64 " + op, blocks(k -> DoubleLanes.binary(op, d1, k, d2, k, dOut, BLOCK)));
            ops.put("i64 " + op, blocks(k -> LongLanes.binary(op, l1, k, l1, k, lOut, BLOCK)));
        }
        for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL}) {
            ops.put("f64 reduce " + op, blocks(k -> DoubleLanes.reduce(op, d1, k, BLOCK, dLanes)));
            ops.put("f32 reduce " + op, blocks(k -> FloatLanes.reduce(op, f1, k, BLOCK, fLanes)));
        }
        for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL, BinOp.MIN, BinOp.MAX}) {
            ops.put("i64 reduce " + op, blocks(k -> LongLanes.reduce(op, l1, k, BLOCK, lLanes)));
            ops.put("i32 reduce " + op, blocks(k -> IntLanes.reduce(op, i1, k, BLOCK, iLanes)));
        }
        return ops;
    }

    private static Runnable blocks(IntConsumer block) {
        return () -> {
            for (int k = 0; k < N; k += BLOCK) {
                block.accept(k);
            }
        };
    }
}
