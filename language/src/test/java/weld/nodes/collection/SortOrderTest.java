package weld.nodes.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sorts whose comparator orders numbers by value run as primitive-array sorts: for every signed integer and float
 * type, ascending and descending, on a whole vector and on a slice, with the optimizer's passes on and off, the
 * result is the one the same order written as a comparator that is not recognized gives; unsigned integers keep
 * their unsigned order. Structs sorted by a field of any kind give the keys in the comparator's order, and by
 * fields in turn the structs in the comparator's order.
 */
class SortOrderTest {
    private static final String ASCENDING = "|p, q| select(p < q, 0 - 1, select(p > q, 1, 0))";
    private static final String DESCENDING = "|p, q| if(q < p, -1, if(q > p, 2, 0))";
    /** Ascending too, but with {@code ==}: not recognized, so the comparator runs. */
    private static final String CALLED = "|p, q| select(p < q, -1, select(p == q, 0, 1))";

    @ParameterizedTest
    @ValueSource(strings = {"i8", "i16", "i32", "i64", "f32", "f64"})
    void recognizedOrdersSortLikeTheComparator(String type) {
        for (String passes : List.of("all", "none")) {
            try (Context c = Context.newBuilder("weld").option("weld.Passes", passes).build()) {
                String v = values(type, new Random(type.hashCode()), 2000);
                for (String source : List.of("%s", "slice(%s, 3L, 1500L)")) {
                    String vec = source.formatted(v);
                    List<String> called = sorted(c, vec, CALLED);
                    assertEquals(called, sorted(c, vec, ASCENDING), type + " ascending, passes " + passes);
                    List<String> reversed = new ArrayList<>(called).reversed();
                    assertEquals(reversed, sorted(c, vec, DESCENDING), type + " descending, passes " + passes);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"u8", "u16", "u32", "u64"})
    void unsignedIntegersKeepTheirOrder(String type) {
        try (Context c = Context.newBuilder("weld").build()) {
            String vec = "[" + type + "(0 - 1), " + type + "(5), " + type + "(0 - 100), " + type + "(0)]";
            assertEquals(List.of("0", "5", big(type, -100), big(type, -1)), sorted(c, vec, ASCENDING));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"i32", "u32", "i64", "u64", "f64", "u8"})
    void structsSortByAFieldLikeTheComparator(String type) {
        try (Context c = Context.newBuilder("weld").build()) {
            Random rnd = new Random(type.hashCode());
            StringBuilder v = new StringBuilder("[");
            for (int i = 0; i < 500; i++) {
                int x = rnd.nextInt(61) - 30;
                String key = type.equals("f64") ? "(0.0 + " + x / 4.0 + ")" : type + "(" + x + "L)";
                v.append(i == 0 ? "" : ", ").append("{").append(i).append("L, ").append(key).append("}");
            }
            String vec = v.append("]").toString();
            String asc = "|p, q| select(p.$1 < q.$1, -1, select(p.$1 > q.$1, 1, 0))";
            String desc = "|p, q| if(q.$1 > p.$1, 1, if(p.$1 > q.$1, -1, 0))";
            String called = "|p, q| select(p.$1 < q.$1, -1, select(p.$1 == q.$1, 0, 1))";
            List<String> keys = keys(c, vec, called);
            assertEquals(keys, keys(c, vec, asc), type + " ascending");
            assertEquals(new ArrayList<>(keys).reversed(), keys(c, vec, desc), type + " descending");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"i32", "u32", "f64", "i64"})
    void structsSortByFieldsInTurnLikeTheComparator(String type) {
        try (Context c = Context.newBuilder("weld").build()) {
            Random rnd = new Random(type.hashCode());
            StringBuilder v = new StringBuilder("[");
            for (int i = 0; i < 600; i++) {
                int x = rnd.nextInt(7) - 3;
                String key = type.equals("f64") ? "(0.0 + " + x / 2.0 + ")" : type + "(" + x + "L)";
                v.append(i == 0 ? "" : ", ").append("{").append(i).append("L, ").append(key).append(", ")
                        .append(rnd.nextInt(5)).append("}");
            }
            String vec = v.append("]").toString();
            // By field 1 ascending, then field 2 descending; equal in both, by the order of the input (stable).
            String inTurn = "|p, q| if(p.$1 != q.$1, select(p.$1 < q.$1, -1, select(p.$1 > q.$1, 1, 0)), "
                    + "select(q.$2 != p.$2, if(q.$2 < p.$2, -1, if(q.$2 > p.$2, 1, 0)), 0))";
            String called = "|p, q| if(p.$1 == q.$1, select(q.$2 < p.$2, -1, select(q.$2 == p.$2, 0, 1)), "
                    + "select(p.$1 < q.$1, -1, 1))";
            assertEquals(structs(c, vec, called), structs(c, vec, inTurn), type);
        }
    }

    @org.junit.jupiter.api.Test
    void fieldsInTurnAreRecognized() {
        SortOrder o = order("|v: vec[{i32, f64, u8}]| sort(v, |p, q| if(p.$0 != q.$0, "
                + "select(p.$0 < q.$0, -1, select(p.$0 > q.$0, 1, 0)), if(q.$1 != p.$1, "
                + "select(q.$1 < p.$1, -1, select(q.$1 > p.$1, 1, 0)), select(p.$2 > q.$2, 1, select(p.$2 < q.$2, -1, 0)))))");
        assertEquals(List.of(0, 1, 2), java.util.Arrays.stream(o.fields()).boxed().toList());
        assertEquals(List.of(weld.syntax.ScalarKind.I32, weld.syntax.ScalarKind.F64, weld.syntax.ScalarKind.U8),
                List.of(o.kinds()));
        assertEquals("[false, true, false]", java.util.Arrays.toString(o.descendingKeys()));
        // The != must be on the field the first order compares, and the last order must not be a !=.
        assertEquals(null, order("|v: vec[{i32, f64}]| sort(v, |p, q| if(p.$1 != q.$1, "
                + "select(p.$0 < q.$0, -1, select(p.$0 > q.$0, 1, 0)), select(p.$1 < q.$1, -1, select(p.$1 > q.$1, 1, 0))))"));
        assertEquals(null, order("|v: vec[{i32, i32}]| sort(v, |p, q| if(p.$0 != q.$1, "
                + "select(p.$0 < q.$0, -1, select(p.$0 > q.$0, 1, 0)), select(p.$1 < q.$1, -1, select(p.$1 > q.$1, 1, 0))))"));
        assertEquals(null, order("|v: vec[{i32, f64}]| sort(v, |p, q| if(p.$0 != q.$0, "
                + "select(p.$0 < q.$0, -1, select(p.$0 > q.$0, 1, 0)), 1))"));
        SortOrder last = order("|v: vec[{i32, f64}]| sort(v, |p, q| if(p.$0 != q.$0, "
                + "select(p.$0 < q.$0, -1, select(p.$0 > q.$0, 1, 0)), if(p.$1 != q.$1, "
                + "select(p.$1 < q.$1, -1, select(p.$1 > q.$1, 1, 0)), 0)))");
        assertEquals(List.of(0, 1), java.util.Arrays.stream(last.fields()).boxed().toList());
    }

    /** The recognized order of the first sort in {@code program}'s body, or null. */
    private static SortOrder order(String program) {
        weld.ir.Program p = weld.WeldLanguage.compile(program);
        weld.ir.Expr.Sort sort = (weld.ir.Expr.Sort) p.body();
        return SortOrder.of(sort.comparator(), ((weld.types.WeldType.Vec) sort.vector().type().resolve()).elem());
    }

    /** The sorted structs, each as its printed fields. */
    private static List<String> structs(Context c, String vec, String comparator) {
        Value r = c.eval("weld", "|| sort(" + vec + ", " + comparator + ")").execute();
        List<String> out = new ArrayList<>();
        for (long i = 0; i < r.getArraySize(); i++) {
            out.add(r.getArrayElement(i).toString());
        }
        return out;
    }

    /** The sort keys (field 1) of the sorted structs, and each struct once: equal keys may come in any order. */
    private static List<String> keys(Context c, String vec, String comparator) {
        Value r = c.eval("weld", "|| sort(" + vec + ", " + comparator + ")").execute();
        List<String> out = new ArrayList<>();
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (long i = 0; i < r.getArraySize(); i++) {
            out.add(r.getArrayElement(i).getArrayElement(1).toString());
            ids.add(r.getArrayElement(i).getArrayElement(0).asLong());
        }
        assertEquals(r.getArraySize(), ids.size(), "every struct once");
        return out;
    }

    private static String big(String type, long v) {
        int bits = Integer.parseInt(type.substring(1));
        return bits == 64 ? Long.toUnsignedString(v) : Long.toString(v & ((1L << bits) - 1));
    }

    private static List<String> sorted(Context c, String vec, String comparator) {
        Value r = c.eval("weld", "|| sort(" + vec + ", " + comparator + ")").execute();
        List<String> out = new ArrayList<>();
        for (long i = 0; i < r.getArraySize(); i++) {
            Value e = r.getArrayElement(i);
            out.add(e.fitsInLong() && !(e.as(Object.class) instanceof Double) && !(e.as(Object.class) instanceof Float)
                    ? Long.toString(e.asLong()) : e.toString());
        }
        return out;
    }

    /** A vector literal of {@code n} values of {@code type} from a small range, so that many are equal. */
    private static String values(String type, Random rnd, int n) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            int x = rnd.nextInt(201) - 100;
            String lit = switch (type) {
                case "i8" -> x + "c";
                case "i16" -> x + "si";
                case "i32" -> Integer.toString(x);
                case "i64" -> x + "L";
                case "f32" -> x / 4.0 + "f";
                default -> Double.toString(x / 4.0);
            };
            sb.append(i == 0 ? "" : ", ").append(x < 0 ? "(0" + zero(type) + " - " + lit.substring(1) + ")" : lit);
        }
        return sb.append("]").toString();
    }

    private static String zero(String type) {
        return switch (type) {
            case "i8" -> "c";
            case "i16" -> "si";
            case "i64" -> "L";
            case "f32" -> ".0f";
            case "f64" -> ".0";
            default -> "";
        };
    }
}
