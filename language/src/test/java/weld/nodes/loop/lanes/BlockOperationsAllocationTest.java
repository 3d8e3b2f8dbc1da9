package weld.nodes.loop.lanes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.IntConsumer;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;

import org.junit.jupiter.api.Test;

import weld.syntax.BinOp;
import weld.syntax.UnaryOp;

/**
 * The lane kernel's block operations, once C2 has compiled them, allocate nothing per vector, also after the JVM has
 * run them with one operator after another (as it does running several programs) and has run the same Vector API
 * operations on vectors of other shapes (as the fused kernel does for a kernel's narrower kinds). With the operator
 * switched inside the loop, C2 recompiled them into code that made an object of every vector (12-24 bytes per value,
 * for good); with a reduction's accumulator carried around its loop as a vector, C2 boxed it in every step in about
 * half the runs (more often on a loaded machine, and always once other shapes had been seen); with the loaded vectors
 * typed by their declared class, it made an object of every {@code i32} vector in about 1 run in 15 next to two busy
 * processes (C2 intrinsifies the loads after parsing the loop, and bound the operations by type profiles that vectors
 * of other shapes, and the {@code i32} division's half-width vectors, had polluted); casting every loaded vector to
 * its exact class fixed it (0 failures in 60 such runs). Comparisons stored their masks with
 * {@code VectorMask.intoArray}, which C2 inlines only where it counts the call as hot, and made an object of every
 * mask in about 1 run in 10 on a busy two-core machine ({@link MaskStores}); the test's JVM keeps that method out of
 * line, so that every run checks that no block operation relies on it (5 bytes per {@code i32} value with it). Runs
 * in a JVM of its own (see the language module's build).
 */
class BlockOperationsAllocationTest {
    private static final int N = 1 << 14;
    private static final int BLOCK = 512;

    @Test
    void compiledBlockOperationsAllocateNothingPerValueAfterEveryOperator() {
        runOtherShapes();
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

    /** Runs the Vector API operations of the block operations on the 128- and 256-bit shapes, as the fused kernel does. */
    private static void runOtherShapes() {
        double[] d = new double[BLOCK];
        float[] f = new float[BLOCK];
        long[] l = new long[BLOCK];
        int[] i = new int[BLOCK];
        boolean[] b = new boolean[BLOCK];
        for (int round = 0; round < 20_000; round++) {
            for (VectorShape shape : new VectorShape[] {VectorShape.S_128_BIT, VectorShape.S_256_BIT}) {
                var ds = DoubleVector.SPECIES_64.withShape(shape);
                var fs = FloatVector.SPECIES_64.withShape(shape);
                var ls = LongVector.SPECIES_64.withShape(shape);
                var is = IntVector.SPECIES_64.withShape(shape);
                DoubleVector dv = DoubleVector.fromArray(ds, d, 0);
                FloatVector fv = FloatVector.fromArray(fs, f, 0);
                LongVector lv = LongVector.fromArray(ls, l, 0);
                IntVector iv = IntVector.fromArray(is, i, 0);
                for (int k = 0; k < 64; k++) {
                    dv = dv.add(dv).mul(dv);
                    fv = fv.add(fv).mul(fv);
                    lv = lv.add(lv).mul(lv).min(lv).max(lv);
                    iv = iv.add(iv).mul(iv).min(iv).max(iv);
                }
                dv.intoArray(d, 0);
                fv.intoArray(f, 0);
                lv.intoArray(l, 0);
                iv.intoArray(i, 0);
                dv.compare(VectorOperators.LT, dv).intoArray(b, 0);
                fv.compare(VectorOperators.EQ, fv).intoArray(b, 0);
                lv.compare(VectorOperators.LT, lv).intoArray(b, 0);
                iv.compare(VectorOperators.LT, iv).intoArray(b, 0);
                iv.compare(VectorOperators.EQ, iv).intoArray(b, 0);
            }
        }
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
        float[] fOut = new float[BLOCK];
        long[] lOut = new long[BLOCK];
        int[] iOut = new int[BLOCK];
        boolean[] bOut = new boolean[BLOCK];
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
        for (BinOp op : new BinOp[] {BinOp.ADD, BinOp.MUL, BinOp.MIN, BinOp.DIV, BinOp.MOD}) {
            ops.put("i32 " + op, blocks(k -> IntLanes.binary(op, i1, k, i1, k, iOut, BLOCK)));
        }
        ops.put("f32 MUL", blocks(k -> FloatLanes.binary(BinOp.MUL, f1, k, f1, k, fOut, BLOCK)));
        ops.put("f32 SQRT", blocks(k -> FloatLanes.unary(UnaryOp.SQRT, f1, k, fOut, BLOCK)));
        ops.put("i64 NEG", blocks(k -> LongLanes.unary(UnaryOp.NEG, l1, k, lOut, BLOCK)));
        ops.put("i64 DIV", blocks(k -> LongLanes.binary(BinOp.DIV, l1, k, l1, k, lOut, BLOCK)));
        ops.put("i64 MOD", blocks(k -> LongLanes.binary(BinOp.MOD, l1, k, l1, k, lOut, BLOCK)));
        for (BinOp op : new BinOp[] {BinOp.LT, BinOp.EQ}) {
            ops.put("f64 " + op, blocks(k -> DoubleLanes.compare(op, d1, k, d2, k, bOut, BLOCK)));
            ops.put("f32 " + op, blocks(k -> FloatLanes.compare(op, f1, k, f1, k, bOut, BLOCK)));
            ops.put("i64 " + op, blocks(k -> LongLanes.compare(op, l1, k, l1, k, bOut, BLOCK)));
            ops.put("i32 " + op, blocks(k -> IntLanes.compare(op, i1, k, i1, k, bOut, BLOCK)));
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
