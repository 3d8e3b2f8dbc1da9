package weld.ir.passes;

import static weld.ir.passes.PassTesting.assertTransforms;
import static weld.ir.passes.PassTesting.assertUnchanged;

import org.junit.jupiter.api.Test;

class FoldConstantsTest {
    private static final String PASS = "fold-constants";

    @Test
    void foldsArithmeticPerWidth() {
        assertTransforms(PASS, "|| {(1 + 2) * 3, 127c + 1c, -(-128c), 9223372036854775807L + 1L, 300si * 300si}",
                "|| {9, -128c, -128c, -9223372036854775808L, 24464si}");
    }

    @Test
    void foldsUnsignedArithmeticAndComparisons() {
        assertTransforms(PASS, "|| {u8(250) + u8(10), u32(-1) / u32(2), u32(-1) > u32(1), u64(-1L) % u64(10L)}",
                "|| {u8(4L), u32(2147483647L), true, u64(5L)}");
    }

    @Test
    void foldsFloatsWithIeeeSemantics() {
        assertTransforms(PASS, "|| {1.0 / 0.0, 0.1f + 0.2f, 7.5 % 2.0, min(1.0, 2.0), 2.0 == 2.0}",
                "|| {1.0 / 0.0, " + (0.1f + 0.2f) + "f, 1.5, 1.0, true}");
    }

    @Test
    void leavesDivisionByZeroForRunTime() {
        assertUnchanged(PASS, "|| {7 / 0, 7L % 0L}");
    }

    @Test
    void simplifiesBranchesOnLiterals() {
        assertTransforms(PASS, "|x: i32, y: i32| {if(1 < 2, x, y), true && x > y, x > y || false, {x, y}.$1}",
                "|x: i32, y: i32| {x, x > y, x > y, y}");
    }

    @Test
    void keepsOperandsThatMayFail() {
        assertUnchanged(PASS, "|v: vec[i32]| {select(true, 1, lookup(v, 9L)), {lookup(v, 0L), 2}.$1}");
    }
}
