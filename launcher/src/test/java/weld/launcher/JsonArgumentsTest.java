package weld.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON arguments of every shape reach the program with their exact values, whether the launcher hands them over as
 * Java arrays of numbers (arrays of integers none negative, of other numbers, rows of those) or as polyglot arrays
 * (mixed or negative values, empty arrays, deeper nesting): values out of a type's range are refused (a negative
 * {@code u64} too), and a refused array is shown by its elements.
 */
class JsonArgumentsTest {
    @TempDir
    Path dir;

    private WeldMainTest.Outcome run(String program, String... args) throws Exception {
        Path prog = dir.resolve("p.weld");
        Files.writeString(prog, program);
        String[] argv = new String[2 + 2 * args.length];
        argv[0] = "run";
        argv[1] = prog.toString();
        for (int i = 0; i < args.length; i++) {
            argv[2 + 2 * i] = "--arg";
            argv[3 + 2 * i] = args[i];
        }
        return WeldMainTest.weld(argv);
    }

    private void prints(String expected, String program, String... args) throws Exception {
        WeldMainTest.Outcome o = run(program, args);
        assertEquals(0, o.exit(), o.err());
        assertEquals(expected, o.out().strip());
    }

    private void refuses(String expected, String program, String... args) throws Exception {
        WeldMainTest.Outcome o = run(program, args);
        assertEquals(1, o.exit(), o.out());
        assertTrue(o.err().contains(expected), o.err());
        assertFalse(o.err().contains("\tat ") || o.err().contains("Proxy"), o.err());
    }

    @Test
    void rowsOfTextAndNumbersKeepTheirValues() throws Exception {
        String text = "|v: vec[vec[i8]]| map(v, |r| result(for(r, merger[i64, +], |b, i, x| merge(b, i64(x)))))";
        prints("[195, 0, 98]", text, "[[97, 98], [], [-1, 99]]");
        prints("[195, 99]", text, "[[97, 98], [99]]");
        prints("[[1, 2], [3]]", "|v: vec[vec[i64]]| v", "[[1, 2], [3]]");
        prints("[[-1, 2], [3]]", "|v: vec[vec[i64]]| v", "[[-1, 2], [3]]");
        prints("[[1.0, 2.5], [3.0]]", "|v: vec[vec[f64]]| v", "[[1, 2.5], [3]]");
        prints("[[1.5, 0.0], [3.0]]", "|v: vec[vec[f32]]| v", "[[1.5, 0.0], [3.0]]");
        prints("[[255, 0], [7]]", "|v: vec[vec[u8]]| v", "[[255, 0], [7]]");
        prints("[[18446744073709551615], [1]]", "|v: vec[vec[u64]]| v", "[[18446744073709551615], [1]]");
        prints("[[[1], [2, 3]], [[4]]]", "|v: vec[vec[vec[i32]]]| v", "[[[1], [2, 3]], [[4]]]");
        prints("[[1, 2], [3, 4]]", "|v: vec[{i32, i64}]| v", "[[1, 2], [3, 4]]");
        prints("[1, 2]", "|v: vec[i16]| v", "[1.0, 2]");
    }

    @Test
    void valuesOutOfRangeAreRefused() throws Exception {
        refuses("expected vec[u64] but got [1, -1] (element 1: out of range)", "|v: vec[u64]| v", "[1, -1]");
        refuses("(element 1: element 0: out of range)", "|v: vec[vec[u64]]| v", "[[1], [-1]]");
        refuses("expected vec[vec[i8]] but got [[...], [...]] (element 1: element 1: out of range)",
                "|v: vec[vec[i8]]| v", "[[1], [2, 300]]");
        refuses("expected vec[i8] but got [1, 2.5] (element 1: not an integer)", "|v: vec[i8]| v", "[1, 2.5]");
        refuses("(element 1: element 0: not an integer)", "|v: vec[vec[i32]]| v", "[[1], [1.5]]");
        refuses("(element 1: element 0: not representable as a floating-point number)", "|v: vec[vec[f32]]| v",
                "[[1], [9007199254740993]]");
        refuses("(element 1: element 0: expected i8)", "|v: vec[vec[i8]]| v", "[[1], [true]]");
        refuses("(element 1: wrong number of fields)", "|v: vec[{i32, i64}]| v", "[[1, 2], [3]]");
        refuses("(element 0: expected vec[i8])", "|v: vec[vec[i8]]| v", "[1, 2]");
    }
}
