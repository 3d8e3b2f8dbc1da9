package weld.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import weld.builders.VecMerger;
import weld.runtime.WeldStruct;
import weld.runtime.WeldVector;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * How many tasks a loop into keyed builders splits into: four a thread while the partials are small (a few
 * vecmerger slots cost nothing to copy and combine, and more tasks let the threads balance), one a thread once
 * each partial is as large as a big key space.
 */
class TaskCountTest {
    private static final WeldType I64 = new WeldType.Scalar(ScalarKind.I64);
    private static final WeldType VECMERGER = new WeldType.Builder(BuilderKind.VECMERGER, List.of(I64), BinOp.ADD);
    private static final WeldType DICTMERGER = new WeldType.Builder(BuilderKind.DICTMERGER, List.of(I64, I64), BinOp.ADD);

    private static VecMerger vecmerger(int length) {
        return new VecMerger(I64, BinOp.ADD, new WeldVector(I64, new long[length], 0, length));
    }

    @Test
    void smallVecmergersKeepFourTasksAThread() {
        assertEquals(8, ParallelLoop.limitForPartials(8, 2, VECMERGER, vecmerger(64)));
        assertEquals(8, ParallelLoop.limitForPartials(8, 2, VECMERGER, vecmerger((int) ParallelLoop.SMALL_PARTIAL)));
        WeldType.Struct six = new WeldType.Struct(List.of(VECMERGER, VECMERGER, VECMERGER, VECMERGER, VECMERGER, VECMERGER));
        Object[] fields = new Object[6];
        for (int i = 0; i < 6; i++) {
            fields[i] = vecmerger(6);
        }
        assertEquals(8, ParallelLoop.limitForPartials(8, 2, six, new WeldStruct(six, fields)), "TPC-H Q1's six sums");
    }

    @Test
    void largeOrGrowingPartialsGetOneTaskAThread() {
        assertEquals(2, ParallelLoop.limitForPartials(8, 2, VECMERGER, vecmerger((int) ParallelLoop.SMALL_PARTIAL + 1)));
        WeldType.Struct two = new WeldType.Struct(List.of(VECMERGER, VECMERGER));
        int half = (int) ParallelLoop.SMALL_PARTIAL / 2 + 1;
        assertEquals(2, ParallelLoop.limitForPartials(8, 2, two, new WeldStruct(two, new Object[] {vecmerger(half), vecmerger(half)})),
                "the struct's vecmergers count together");
        WeldType.Struct withDict = new WeldType.Struct(List.of(VECMERGER, DICTMERGER));
        assertEquals(2, ParallelLoop.limitForPartials(8, 2, withDict, new WeldStruct(withDict, new Object[] {vecmerger(1), null})),
                "a dictmerger's size is not known before the tasks run");
    }
}
