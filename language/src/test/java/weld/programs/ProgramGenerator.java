package weld.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Random well-typed Weld programs for differential tests ({@link DifferentialProgramTest}, and compiled through
 * {@code bin/weld batch} by the launcher's {@code RandomProgramsIT}): every program takes
 * {@code |a: vec[i64], x: vec[f64], k: vec[i32], n: i64|} (the three vectors of one length) and returns a struct
 * of scalars, vectors and dictionaries computed by nested loops over appenders, mergers, vecmergers, dictmergers,
 * groupmergers and structs of them, with filters, zips, strided iterators, lets, {@code if} and {@code select},
 * {@code iterate}, {@code sort}, SIMD loops ({@code simditer} with {@code broadcast} and {@code select} on
 * {@code simd[T]} lanes, {@code fringeiter}), {@code serialize} round trips, casts, lookups and integer division
 * (which can fail at run time), over every integer type (signed and unsigned, 8 to 64 bits) and both float types;
 * dictionaries and groups are keyed by integers, floats, structs or small vectors, with up to 5,000 distinct keys. Types are chosen first and every expression is built
 * for its type, so each program type-checks. Floats are kept to {@code +}, {@code -}, {@code *}, {@code min} and
 * {@code max} of multiples of 1/2, and float mergers to {@code +}, {@code min} and {@code max}, so sums are exact in
 * any order (short of overflow) and a parallel or vectorized reduction must give the sequential result.
 */
final class ProgramGenerator {
    static final String SIGNATURE = "|a: vec[i64], x: vec[f64], k: vec[i32], n: i64|";
    private static final String[] NUMERIC = {"i64", "f64", "i32", "i64", "f64", "i32", "i8", "i16", "u8", "u16", "u32",
        "u64", "f32"};
    /** The type of a marker in the scope of a loop body (no expression has it). */
    private static final String IN_LOOP = "loop body";

    /** A variable or field in scope: its expression, its type, and for vectors whether it has the inputs' length. */
    private record Var(String expr, String type, boolean fullLength) {
    }

    /** An iterator expression and the variables its element and index bring into a loop body. */
    private record Iter(String expr, List<Var> element, boolean fullLength) {
    }

    private static final int[] LENGTHS = {0, 1, 2, 3, 5, 8, 31, 64, 100, 257, 1000, 513, 4099, 65537, 70001};

    private final Random rnd;
    private int names;

    /**
     * Prints the programs of seeds {@code [first, first + count)} with their inputs as requests of {@code weld batch}
     * (one JSON object per line, the seed as id), to run them under other engine options: {@code ProgramGenerator
     * first count}.
     */
    public static void main(String[] args) {
        long first = Long.parseLong(args[0]);
        long count = Long.parseLong(args[1]);
        for (long seed = first; seed < first + count; seed++) {
            Object[] in = inputs(seed);
            String program = new ProgramGenerator(seed).program().replace("\n", "\\n");
            System.out.println("{\"id\": \"" + seed + "\", \"program\": \"" + program + "\", \"args\": ["
                    + Arrays.toString((long[]) in[0]) + ", " + Arrays.toString((double[]) in[1]) + ", "
                    + Arrays.toString((int[]) in[2]) + ", " + in[3] + "]}");
        }
    }

    /** The arguments for the program of {@code seed}: a, x and k of one random length, and n. */
    static Object[] inputs(long seed) {
        Random rnd = new Random(seed * 31 + 7);
        int n = LENGTHS[rnd.nextInt(LENGTHS.length)];
        long[] a = new long[n];
        double[] x = new double[n];
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt(41) - 20;
            x[i] = (rnd.nextInt(41) - 20) / 2.0;
            k[i] = rnd.nextInt(36) - 5;
        }
        return new Object[] {a, x, k, (long) rnd.nextInt(40)};
    }

    ProgramGenerator(long seed) {
        this.rnd = new Random(seed);
    }

    /** A whole program: the signature and a struct of one to four results. */
    String program() {
        List<Var> env = new ArrayList<>(List.of(new Var("a", "vec[i64]", true), new Var("x", "vec[f64]", true),
                new Var("k", "vec[i32]", true), new Var("n", "i64", false)));
        int results = 1 + rnd.nextInt(4);
        List<String> parts = new ArrayList<>();
        for (int r = 0; r < results; r++) {
            int what = rnd.nextInt(10);
            if (what < 4) {
                parts.add(scalar(pick(NUMERIC), env, 4));
            } else if (what < 8) {
                parts.add(vector(pick(NUMERIC), env, 3));
            } else {
                parts.add(switch (rnd.nextInt(4)) {
                    case 0 -> dict(env, 3);
                    case 1 -> keyed(env, 3, false);
                    case 2 -> "deserialize[dict[i64,i64]](serialize(" + dict("i64", env, 3) + "))";
                    default -> keyed(env, 3, true);
                });
            }
        }
        return SIGNATURE + "\n  {" + String.join(",\n   ", parts) + "}";
    }

    private String scalar(String t, List<Var> env, int depth) {
        int choice = depth <= 0 ? rnd.nextInt(2) : rnd.nextInt(20);
        switch (choice) {
            case 0:
                String v = variable(t, env);
                return v != null ? v : literal(t);
            case 1:
                return literal(t);
            case 2, 3:
                return t.equals("bool") ? comparison(env, depth) : arithmetic(t, env, depth);
            case 4:
                return "if(" + scalar("bool", env, depth - 1) + ", " + scalar(t, env, depth - 1) + ", "
                        + scalar(t, env, depth - 1) + ")";
            case 5:
                return "select(" + scalar("bool", env, depth - 1) + ", " + scalar(t, env, depth - 1) + ", "
                        + scalar(t, env, depth - 1) + ")";
            case 6:
                if (t.equals("bool")) {
                    return "(" + scalar("bool", env, depth - 1) + (rnd.nextBoolean() ? " && " : " || ")
                            + scalar("bool", env, depth - 1) + ")";
                }
                return t + "(" + scalar(pick(NUMERIC), env, depth - 1) + ")";
            case 7:
                return let(env, depth, inner -> scalar(t, inner, depth - 1));
            case 8, 9, 10:
                return t.equals("bool") ? comparison(env, depth) : reduction(t, env, depth);
            case 11:
                return t.equals("bool") ? comparison(env, depth) : structReduction(t, env, depth);
            case 12:
                return t.equals("i64") ? "len(" + vector(pick(NUMERIC), env, depth - 1) + ")" : literal(t);
            case 13:
                return t.equals("bool") ? literal(t) : vectorLookup(t, env, depth);
            case 14:
                return t.equals("bool") ? literal(t) : dictLookup(t, env, depth);
            case 15:
                return t.equals("i64") ? iterate(env, depth) : literal(t);
            case 16:
                return t.equals("i64") ? dictFold(env, depth) : literal(t);
            case 17:
                return t.equals("bool") ? literal(t) : nestedReduction(t, env, depth);
            case 18:
                return t.equals("bool") || inLoop(env) ? literal(t) : simdReduction(t, env, depth);
            default:
                String w = variable(t, env);
                return w != null ? w : literal(t);
        }
    }

    private String arithmetic(String t, List<Var> env, int depth) {
        String l = scalar(t, env, depth - 1);
        String r = scalar(t, env, depth - 1);
        int op = rnd.nextInt(isFloat(t) ? 5 : 10);
        return switch (op) {
            case 0 -> "(" + l + " + " + r + ")";
            case 1 -> "(" + l + " - " + r + ")";
            case 2 -> "(" + l + " * " + r + ")";
            case 3 -> "min(" + l + ", " + r + ")";
            case 4 -> "max(" + l + ", " + r + ")";
            case 5 -> "(" + l + " & " + r + ")";
            case 6 -> "(" + l + " ^ " + r + ")";
            // The divisor may be zero: the program then fails, and must fail in every configuration.
            case 7 -> "(" + l + " / " + (rnd.nextInt(3) == 0 ? r : "max(" + r + ", " + literal(t, 1) + ")") + ")";
            case 8 -> "(" + l + " % " + (rnd.nextInt(3) == 0 ? r : "max(" + r + ", " + literal(t, 1) + ")") + ")";
            default -> "(" + l + " | " + r + ")";
        };
    }

    private String comparison(List<Var> env, int depth) {
        String t = pick(NUMERIC);
        String[] ops = {"<", "<=", ">", ">=", "==", "!="};
        return "(" + scalar(t, env, depth - 1) + " " + ops[rnd.nextInt(ops.length)] + " " + scalar(t, env, depth - 1)
                + ")";
    }

    /** {@code result(for(iter, merger[t, op], ...))}, the merge optionally under a filter. */
    private String reduction(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        String op = mergeOp(t);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String merge = "merge(" + b + ", " + scalar(t, body, depth - 1) + ")";
        return "result(" + l.head("merger[" + t + "," + op + "]") + filtered(merge, b, body, depth) + "))";
    }

    /** A struct of two mergers in one loop (horizontal fusion's shape), combined into one value of type t. */
    private String structReduction(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        String u = pick(NUMERIC);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String first = "merge(" + b + ".$0, " + scalar(t, body, depth - 1) + ")";
        String second = rnd.nextBoolean() ? "merge(" + b + ".$1, " + scalar(u, body, depth - 1) + ")"
                : "if(" + scalar("bool", body, depth - 2) + ", merge(" + b + ".$1, " + scalar(u, body, depth - 1)
                        + "), " + b + ".$1)";
        String r = name("r");
        return "(let " + r + " = result(" + l.head("{merger[" + t + "," + pick("+", "max") + "], merger[" + u + ","
                + pick("+", "min") + "]}") + "{" + first + ", " + second + "}));\n    (" + r + ".$0 + " + t + "(" + r
                + ".$1)))";
    }

    private String vectorLookup(String t, List<Var> env, int depth) {
        String v = name("v");
        String idx = "i64(" + scalar(pick(NUMERIC), env, depth - 1) + ")";
        if (rnd.nextInt(6) == 0) {
            // Unchecked: fails where the index leaves the vector.
            return "lookup(" + vector(t, env, depth - 1) + ", " + idx + ")";
        }
        return "(let " + v + " = " + vector(t, env, depth - 1) + ";\n    if(len(" + v + ") > 0L, lookup(" + v + ", (("
                + idx + " % len(" + v + ")) + len(" + v + ")) % len(" + v + ")), " + literal(t) + "))";
    }

    private String dictLookup(String t, List<Var> env, int depth) {
        String d = name("d");
        String key = "(i64(" + scalar(pick(NUMERIC), env, depth - 1) + ") % 5L)";
        if (rnd.nextInt(3) == 0) {
            // A dictionary of struct values, its lookup bound by a let and read field by field.
            String e = name("e");
            return "(let " + d + " = " + structDict(t, pick(NUMERIC), env, depth - 1) + ";\n    if(keyexists(" + d
                    + ", " + key + "), let " + e + " = lookup(" + d + ", " + key + "); " + e + ".$0, " + literal(t)
                    + "))";
        }
        return "(let " + d + " = " + dict(t, env, depth - 1) + ";\n    if(keyexists(" + d + ", " + key + "), lookup("
                + d + ", " + key + "), " + literal(t) + "))";
    }

    /** A dictmerger with i64 keys (few distinct ones) and values of a random numeric type. */
    private String dict(List<Var> env, int depth) {
        return dict(pick(NUMERIC), env, depth);
    }

    /**
     * A groupmerger (groups in iteration order) or a dictmerger as a result, keyed by any key kind
     * ({@link #key}); a dictmerger's values are sometimes structs of two numbers.
     */
    private String keyed(List<Var> env, int depth, boolean groups) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String t = pick(NUMERIC);
        String[] key = key(body, depth);
        String value = scalar(t, body, depth - 1);
        String op = mergeOp(t);
        if (!groups && rnd.nextInt(3) == 0) {
            // Struct values (several aggregates per key), merged field by field.
            String t2 = pick(NUMERIC);
            value = "{" + value + ", " + scalar(t2, body, depth - 1) + "}";
            t = "{" + t + "," + t2 + "}";
            op = pick("+", "min", "max");
        }
        String merge = "merge(" + b + ", {" + key[1] + ", " + value + "})";
        String builder = groups ? "groupmerger[" + key[0] + "," + t + "]"
                : "dictmerger[" + key[0] + "," + t + "," + op + "]";
        return "result(" + l.head(builder) + filtered(merge, b, body, depth) + "))";
    }

    /**
     * A key type and a key of it computed in {@code env}: an integer (i64, i32 or u8), an f64, a struct (packed into
     * a long, or kept as bytes with or without text) or a small vector, from 5, 100 or 5,000 distinct values (tables
     * that grow, direct tables and hashed ones, partials of parallel tasks with many keys).
     */
    private String[] key(List<Var> env, int depth) {
        int range = pick(5, 5, 100, 5000);
        String i64 = "(i64(" + scalar(pick(NUMERIC), env, depth - 1) + ") % " + range + "L)";
        return switch (rnd.nextInt(9)) {
            case 0 -> new String[] {"i32", "(i32(" + scalar(pick(NUMERIC), env, depth - 1) + ") % " + range + ")"};
            case 1 -> new String[] {"u8", "u8(" + i64 + ")"};
            case 2 -> new String[] {"f64", "(f64(" + i64 + ") / 2.0)"};
            case 3 -> new String[] {"{i32,i64}", "{(i32(" + scalar(pick(NUMERIC), env, depth - 1) + ") % 3), " + i64
                    + "}"};
            // Packed into a long (weld.runtime.PackedKey), unlike {i32,i64}.
            case 7 -> new String[] {"{i32,bool,u8}", "{(i32(" + scalar(pick(NUMERIC), env, depth - 1) + ") % 3), "
                    + scalar("bool", env, depth - 1) + ", u8(" + i64 + ")}"};
            case 4 -> new String[] {"vec[i64]", "[" + i64 + ", (i64(" + scalar(pick(NUMERIC), env, depth - 1)
                    + ") % 3L)]"};
            // Kept as bytes (weld.runtime.KeyCodec): text of 1 or 2 bytes and a float.
            case 8 -> new String[] {"{vec[i8],f64}", "{" + pick("[i8(" + i64 + ")]", "[97c, i8(" + i64 + ")]")
                    + ", (f64(" + i64 + ") / 4.0)}"};
            default -> new String[] {"i64", i64};
        };
    }

    /** A dictmerger with i64 keys (few distinct ones) and {@code {t, t2}} values. */
    private String structDict(String t, String t2, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String key = "(i64(" + scalar(pick(NUMERIC), body, depth - 1) + ") % 5L)";
        String merge = "merge(" + b + ", {" + key + ", {" + scalar(t, body, depth - 1) + ", "
                + scalar(t2, body, depth - 1) + "}})";
        return "result(" + l.head("dictmerger[i64,{" + t + "," + t2 + "}," + pick("+", "min", "max") + "]")
                + filtered(merge, b, body, depth) + "))";
    }

    private String dict(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String key = "(i64(" + scalar(pick(NUMERIC), body, depth - 1) + ") % 5L)";
        String merge = "merge(" + b + ", {" + key + ", " + scalar(t, body, depth - 1) + "})";
        return "result(" + l.head("dictmerger[i64," + t + "," + mergeOp(t) + "]") + filtered(merge, b, body, depth)
                + "))";
    }

    private String vector(String t, List<Var> env, int depth) {
        if (depth <= 0) {
            String v = variable("vec[" + t + "]", env);
            return v != null ? v : map(t, env, 1);
        }
        return switch (rnd.nextInt(10)) {
            // Not in loop bodies: a sort there may sort a whole input per iteration.
            case 9 -> inLoop(env) ? map(t, env, depth) : sorted(t, env, depth);
            case 8 -> t.equals("i32") ? map(t, env, depth) : vecmergerPair(t, env, depth);
            case 0 -> {
                String v = variable("vec[" + t + "]", env);
                yield v != null ? v : map(t, env, depth);
            }
            case 1 -> !inLoop(env) && rnd.nextInt(4) == 0
                    ? "deserialize[vec[" + t + "]](serialize(" + vector(t, env, depth - 1) + "))" : map(t, env, depth);
            case 2 -> inLoop(env) || rnd.nextBoolean() ? map(t, env, depth) : simdMap(t, env, depth);
            case 3 -> filter(t, env, depth);
            case 4 -> vecmerger(t, env, depth);
            case 5 -> groupLookup(t, env, depth);
            case 6 -> structOfAppenders(t, env, depth);
            default -> let(env, depth, inner -> vector(t, inner, depth - 1));
        };
    }

    private String map(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        return "result(" + l.head("appender[" + t + "]") + "merge(" + b + ", " + scalar(t, body, depth - 1) + ")))";
    }

    /** A filtered vector of pairs. */
    private String pairs(String t1, String t2, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String merge = "merge(" + b + ", {" + scalar(t1, body, depth - 1) + ", " + scalar(t2, body, depth - 1) + "})";
        return "result(" + l.head("appender[{" + t1 + "," + t2 + "}]") + filtered(merge, b, body, depth) + "))";
    }

    /** A map over a vector or zip of the inputs' length: a vector of that length too. */
    private String fullMap(String t, List<Var> env, int depth) {
        List<Var> full = env.stream().filter(Var::fullLength).toList();
        String e = name("e");
        Var v1 = full.get(rnd.nextInt(full.size()));
        Iter it;
        if (rnd.nextBoolean()) {
            it = new Iter(v1.expr(), List.of(new Var(e, elementType(v1), false)), true);
        } else {
            Var v2 = full.get(rnd.nextInt(full.size()));
            it = new Iter("zip(" + v1.expr() + ", " + v2.expr() + ")",
                    List.of(new Var(e + ".$0", elementType(v1), false), new Var(e + ".$1", elementType(v2), false)),
                    true);
        }
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        return "result(" + l.head("appender[" + t + "]") + "merge(" + b + ", " + scalar(t, body, depth - 1) + ")))";
    }

    private String filter(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String merge = "merge(" + b + ", " + scalar(t, body, depth - 1) + ")";
        return "result(" + l.head("appender[" + t + "]") + "if(" + scalar("bool", body, depth - 1) + ", " + merge
                + ", " + b + ")))";
    }

    /** A vecmerger over 7 elements (an initial vector of a constant), indexed by a value folded into [0, 7). */
    private String vecmerger(String t, List<Var> env, int depth) {
        String ib = name("b");
        String size = rnd.nextBoolean() ? "7L" : "100L";
        String init = "result(for(rangeiter(0L, " + size + ", 1L), appender[" + t + "], |" + ib + ", " + name("j")
                + ", " + name("e") + "| merge(" + ib + ", " + literal(t) + ")))";
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String idx = "((i64(" + scalar(pick(NUMERIC), body, depth - 1) + ") % " + size + ") + " + size + ") % " + size;
        if (!t.equals("bool") && rnd.nextInt(3) == 0) {
            // A vecmerger of {t, u} structs (kept in columns), its first fields read back as the vector.
            String u = pick(NUMERIC);
            String pair = "{" + t + "," + u + "}";
            String init2 = "result(for(rangeiter(0L, " + size + ", 1L), appender[" + pair + "], |" + ib + ", "
                    + name("j") + ", " + name("e") + "| merge(" + ib + ", {" + literal(t) + ", " + literal(u) + "})))";
            String merge = "merge(" + b + ", {" + idx + ", {" + scalar(t, body, depth - 1) + ", "
                    + scalar(u, body, depth - 1) + "}})";
            String r = name("b");
            String e = name("e");
            return "result(for(result(" + l.head("vecmerger[" + pair + "," + pick("+", "min", "max") + "](" + init2
                    + ")") + filtered(merge, b, body, depth) + ")), appender[" + t + "], |" + r + ", " + name("j")
                    + ", " + e + "| merge(" + r + ", " + e + ".$0)))";
        }
        String merge = "merge(" + b + ", {" + idx + ", " + scalar(t, body, depth - 1) + "})";
        return "result(" + l.head("vecmerger[" + t + "," + mergeOp(t) + "](" + init + ")")
                + filtered(merge, b, body, depth) + "))";
    }

    /**
     * Two vecmergers of 9 elements updated at one index per iteration (TPC-H Q1's shape, merged as a group), the
     * index sometimes unchecked (the program then fails where it leaves the vectors).
     */
    private String vecmergerPair(String t, List<Var> env, int depth) {
        String u = pick("i64", "f64");
        String[] init = new String[2];
        String[] types = {t, u};
        for (int v = 0; v < 2; v++) {
            String ib = name("b");
            init[v] = "result(for(rangeiter(0L, 9L, 1L), appender[" + types[v] + "], |" + ib + ", " + name("j") + ", "
                    + name("e") + "| merge(" + ib + ", " + literal(types[v]) + ")))";
        }
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String g = name("g");
        String raw = "i64(" + scalar(pick(NUMERIC), body, depth - 1) + ")";
        String idx = rnd.nextInt(4) == 0 ? raw : "((" + raw + " % 9L) + 9L) % 9L";
        String merges = "{merge(" + b + ".$0, {" + g + ", " + scalar(t, body, depth - 1) + "}), merge(" + b + ".$1, {"
                + g + ", " + scalar(u, body, depth - 1) + "})}";
        String update = "(let " + g + " = " + idx + ";\n    " + (rnd.nextBoolean() ? merges
                : "if(" + scalar("bool", body, depth - 1) + ", " + merges + ", " + b + ")") + ")";
        String r = name("r");
        String e = elementName(it);
        return "(let " + r + " = " + l.head("{vecmerger[" + t + ",+](" + init[0] + "), vecmerger[" + u + ","
                + pick("+", "max") + "](" + init[1] + ")}") + update + ");\n    result(for(zip(result(" + r
                + ".$0), result(" + r + ".$1)), appender[" + t + "], |" + b + ", " + l.i() + ", " + e + "| merge(" + b
                + ", " + e + ".$0 + " + t + "(" + e + ".$1)))))";
    }

    /**
     * A vector sorted ascending or descending by a comparator that orders all values (so ties are equal values), or
     * by a key derived from the values ({@code p % 7}, {@code p * p}), which the comparator must compute (ties then
     * keep their order: the sort is stable).
     */
    private String sorted(String t, List<Var> env, int depth) {
        String p = name("p");
        String q = name("q");
        String[] order = rnd.nextBoolean() ? new String[] {p, q} : new String[] {q, p};
        if (!t.equals("bool") && rnd.nextBoolean()) {
            for (int k = 0; k < 2; k++) {
                order[k] = isFloat(t) ? "(" + order[k] + " * " + order[k] + ")"
                        : "(" + order[k] + " % " + literal(t, 7) + ")";
            }
        }
        return "sort(" + vector(t, env, depth - 1) + ", |" + p + ", " + q + "| select(" + order[0] + " < " + order[1]
                + ", 0 - 1, select(" + order[0] + " > " + order[1] + ", 1, 0)))";
    }

    /** A groupmerger's group for a key, or a plain map where the key has no group. */
    private String groupLookup(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String g = name("g");
        String key = "(i64(" + scalar(pick(NUMERIC), body, depth - 1) + ") % 3L)";
        String probe = "(i64(" + scalar(pick(NUMERIC), env, depth - 1) + ") % 3L)";
        return "(let " + g + " = result(" + l.head("groupmerger[i64," + t + "]") + "merge(" + b + ", {" + key + ", "
                + scalar(t, body, depth - 1) + "})));\n    if("
                + "keyexists(" + g + ", " + probe + "), lookup(" + g + ", " + probe + "), " + map(t, env, depth - 1)
                + "))";
    }

    /** Two appenders filled by one loop, one of them filtered; one of the two is the result. */
    private String structOfAppenders(String t, List<Var> env, int depth) {
        Iter it = iterator(env, depth);
        Loop l = loop(env, it);
        String b = l.b();
        List<Var> body = l.body();
        String r = name("r");
        return "(let " + r + " = result(" + l.head("{appender[" + t + "], appender[" + t + "]}") + "{merge(" + b
                + ".$0, " + scalar(t, body, depth - 1) + "), if("
                + scalar("bool", body, depth - 1) + ", merge(" + b + ".$1, " + scalar(t, body, depth - 1) + "), " + b
                + ".$1)}));\n    " + r + ".$" + rnd.nextInt(2) + ")";
    }

    /**
     * A merge operator for values of type t: no {@code *} for floats, whose products of the identities of empty
     * {@code min} / {@code max} mergers (+-1.8e308) overflow differently in a different order (parallel partials).
     */
    private String mergeOp(String t) {
        return isFloat(t) ? pick("+", "+", "min", "max") : pick("+", "+", "*", "min", "max");
    }

    private static boolean isFloat(String t) {
        return t.equals("f64") || t.equals("f32");
    }

    private String filtered(String merge, String b, List<Var> body, int depth) {
        return rnd.nextInt(3) == 0 ? "if(" + scalar("bool", body, depth - 1) + ", " + merge + ", " + b + ")" : merge;
    }

    private interface Body {
        String in(List<Var> env);
    }

    private String let(List<Var> env, int depth, Body body) {
        String v = name("l");
        List<Var> inner = new ArrayList<>(env);
        String value;
        if (rnd.nextBoolean()) {
            String t = pick(NUMERIC);
            value = scalar(t, env, depth - 1);
            inner.add(new Var(v, t, false));
        } else if (rnd.nextInt(3) == 0 && !inLoop(env)) {
            String t1 = pick(NUMERIC);
            String t2 = pick(NUMERIC);
            value = pairs(t1, t2, env, depth - 1);
            inner.add(new Var(v, "vec[{" + t1 + "," + t2 + "}]", false));
        } else {
            String t = pick(NUMERIC);
            boolean full = rnd.nextBoolean() && !inLoop(env);
            value = full ? fullMap(t, env, depth - 1) : vector(t, env, depth - 1);
            inner.add(new Var(v, "vec[" + t + "]", full));
        }
        return "(let " + v + " = " + value + ";\n    " + body.in(inner) + ")";
    }

    /** The iterator of a loop: a vector, a zip of vectors of the inputs' length, a strided view, or a range. */
    private Iter iterator(List<Var> env, int depth) {
        List<Var> vectors = env.stream().filter(v -> v.type().startsWith("vec[")).toList();
        List<Var> full = vectors.stream().filter(Var::fullLength).toList();
        String e = name("e");
        if (inLoop(env)) {
            // An inner loop: a few iterations, so that nested loops stay quick in the interpreter.
            Var v = vectors.get(rnd.nextInt(vectors.size()));
            return rnd.nextBoolean()
                    ? new Iter("iter(" + v.expr() + ", 0L, min(len(" + v.expr() + "), " + (1 + rnd.nextInt(5))
                            + "L), 1L)",
                            List.of(new Var(e, elementType(v), false)), false)
                    : new Iter("rangeiter(0L, min(n, " + rnd.nextInt(6) + "L), 1L)", List.of(new Var(e, "i64", false)),
                            false);
        }
        int choice = rnd.nextInt(6);
        if (choice <= 1 || full.size() < 2 && choice <= 3) {
            Var v = vectors.get(rnd.nextInt(vectors.size()));
            return new Iter(v.expr(), List.of(new Var(e, elementType(v), false)), v.fullLength());
        }
        if (choice <= 3) {
            Var v1 = full.get(rnd.nextInt(full.size()));
            // Now and then any vector: zipped vectors of different lengths fail.
            List<Var> second = rnd.nextInt(10) == 0 ? vectors : full;
            Var v2 = second.get(rnd.nextInt(second.size()));
            return new Iter("zip(" + v1.expr() + ", " + v2.expr() + ")",
                    List.of(new Var(e + ".$0", elementType(v1), false), new Var(e + ".$1", elementType(v2), false)),
                    true);
        }
        if (choice == 4) {
            Var v = vectors.get(rnd.nextInt(vectors.size()));
            String start = rnd.nextBoolean() ? "0L" : "min(1L, len(" + v.expr() + "))";
            return new Iter("iter(" + v.expr() + ", " + start + ", len(" + v.expr() + "), " + (1 + rnd.nextInt(3))
                    + "L)", List.of(new Var(e, elementType(v), false)), false);
        }
        return new Iter("rangeiter(0L, " + (rnd.nextBoolean() ? "n" : "len(" + full.get(0).expr() + ")") + ", 1L)",
                List.of(new Var(e, "i64", false)), false);
    }

    /** A loop's builder parameter and its body's scope over an iterator. */
    private record Loop(Iter it, String b, List<Var> body) {
        /** The index parameter's name. */
        String i() {
            return body.get(body.size() - 1).expr();
        }

        /** {@code for(iter, builder, |b, i, e| }: the update function's body and two parentheses follow. */
        String head(String builder) {
            return "for(" + it.expr() + ", " + builder + ", |" + b + ", " + i() + ", " + elementName(it) + "| ";
        }
    }

    private Loop loop(List<Var> env, Iter it) {
        String b = name("b");
        return new Loop(it, b, bodyEnv(env, it));
    }

    /**
     * The loop body's scope: the enclosing one, the element's parts (a struct element's fields), lookups of vectors
     * of the inputs' length at the index where the loop runs over such a vector, and the index (last).
     */
    private List<Var> bodyEnv(List<Var> env, Iter it) {
        List<Var> body = new ArrayList<>(env);
        body.add(new Var("", IN_LOOP, false));
        for (Var e : it.element()) {
            if (e.type().startsWith("{")) {
                String[] fields = e.type().substring(1, e.type().length() - 1).split(",");
                for (int f = 0; f < fields.length; f++) {
                    body.add(new Var(e.expr() + ".$" + f, fields[f], false));
                }
            } else {
                body.add(e);
            }
        }
        String j = name("j");
        if (it.fullLength()) {
            for (Var v : env) {
                if (v.fullLength() && rnd.nextInt(3) == 0) {
                    body.add(new Var("lookup(" + v.expr() + ", " + j + ")", elementType(v), false));
                }
            }
        }
        body.add(new Var(j, "i64", false));
        return body;
    }

    /** {@code iterate} over a counter and a sum: a few rounds of a value computed from the scope. */
    private String iterate(List<Var> env, int depth) {
        String st = name("s");
        List<Var> inner = new ArrayList<>(env);
        inner.add(new Var(st + ".$1", "i64", false));
        return "iterate({0L, " + literal("i64") + "}, |" + st + "| {{" + st + ".$0 + 1L, " + st + ".$1 + "
                + scalar("i64", inner, depth - 2) + "}, " + st + ".$0 < " + rnd.nextInt(4) + "L}).$1";
    }

    /** A dictionary's entries as a vector ({@code tovec}, in no set order) folded by an order-free sum. */
    private String dictFold(List<Var> env, int depth) {
        String b = name("b");
        String e = name("e");
        return "result(for(tovec(" + dict("i64", env, depth - 1) + "), merger[i64,+], |" + b + ", " + name("j") + ", "
                + e + "| merge(" + b + ", " + e + ".$0 * 7L + " + e + ".$1)))";
    }

    /** An inner loop that merges into the outer loop's builder (a flat map), under the outer merge. */
    private String nestedReduction(String t, List<Var> env, int depth) {
        Loop outer = loop(env, iterator(env, depth));
        Loop inner = loop(outer.body(), iterator(outer.body(), depth - 1));
        String op = pick("+", "min", "max");
        String innerLoop = inner.head("merge(" + outer.b() + ", " + scalar(t, outer.body(), depth - 2) + ")")
                + "merge(merge(" + inner.b() + ", " + scalar(t, inner.body(), depth - 2) + "), "
                + scalar(t, inner.body(), depth - 2) + "))";
        return "result(" + outer.head("merger[" + t + "," + op + "]") + innerLoop + "))";
    }

    /**
     * A reduction over a vector in SIMD chunks ({@code simditer}) and its last elements ({@code fringeiter}), the
     * two results combined with the merger's operator: the same function of the element in both loops, on
     * {@code simd[t]} values (with {@code broadcast} scalars) in the first.
     */
    private String simdReduction(String t, List<Var> env, int depth) {
        String v = name("v");
        String op = mergeOp(t);
        String[] f = simdFunction(t, inLoopEnv(env), depth);
        String s = name("s");
        return "(let " + v + " = " + vector(t, env, depth - 1) + ";\n    " + "(let " + s + " = " + simdLoop(v, t, op, f)
                + ";\n    " + combine(op, s, fringeLoop(v, t, op, f)) + "))";
    }

    /** {@code simditer} over {@code v} into an appender: the lanes of each chunk's value, in order. */
    private String simdMap(String t, List<Var> env, int depth) {
        String v = name("v");
        String[] f = simdFunction(t, inLoopEnv(env), depth);
        String b = name("b");
        return "(let " + v + " = " + vector(t, env, depth - 1) + ";\n    result(for(simditer(" + v + "), appender[" + t
                + "], |" + b + ", " + name("j") + ", " + f[0] + "| merge(" + b + ", " + f[1] + "))))";
    }

    /** The reduction over the chunks; now and then it also counts them (a scalar merged once per chunk). */
    private String simdLoop(String v, String t, String op, String[] f) {
        String b = name("b");
        if (rnd.nextInt(4) == 0) {
            String r = name("r");
            return "(let " + r + " = result(for(simditer(" + v + "), {merger[" + t + "," + op + "], merger[i64,+]}, |"
                    + b + ", " + name("j") + ", " + f[0] + "| {merge(" + b + ".$0, " + f[1] + "), merge(" + b
                    + ".$1, 1L)}));\n    " + combine("+", r + ".$0", t + "(" + r + ".$1)") + ")";
        }
        return "result(for(simditer(" + v + "), merger[" + t + "," + op + "], |" + b + ", " + name("j") + ", " + f[0]
                + "| merge(" + b + ", " + f[1] + ")))";
    }

    private String fringeLoop(String v, String t, String op, String[] f) {
        String b = name("b");
        return "result(for(fringeiter(" + v + "), merger[" + t + "," + op + "], |" + b + ", " + name("j") + ", "
                + f[0] + "| merge(" + b + ", " + f[2] + ")))";
    }

    private static String combine(String op, String l, String r) {
        return switch (op) {
            case "min", "max" -> op + "(" + l + ", " + r + ")";
            default -> "(" + l + " " + op + " " + r + ")";
        };
    }

    /** A function of an element: its parameter's name, its body on {@code simd[t]} lanes, its body on a scalar. */
    private String[] simdFunction(String t, List<Var> env, int depth) {
        String e = name("e");
        String[] body = simdBody(t, e, env, depth);
        return new String[] {e, body[0], body[1]};
    }

    /** An expression of element {@code e} as SIMD lanes and as a scalar. */
    private String[] simdBody(String t, String e, List<Var> env, int depth) {
        int choice = depth <= 0 ? rnd.nextInt(2) : rnd.nextInt(6);
        switch (choice) {
            case 0:
                return new String[] {e, e};
            case 1: {
                // Mostly a variable or a literal: a loop here keeps the SIMD loop from running over its elements.
                String c = scalar(t, env, rnd.nextInt(4) == 0 ? Math.min(depth, 2) - 1 : 0);
                return new String[] {"broadcast(" + c + ")", c};
            }
            case 2, 3: {
                String[] l = simdBody(t, e, env, depth - 1);
                String[] r = simdBody(t, e, env, depth - 1);
                String op = pick("+", "-", "*", "min", "max");
                return new String[] {combine(op, l[0], r[0]), combine(op, l[1], r[1])};
            }
            default: {
                String[] a = simdBody(t, e, env, depth - 1);
                String[] b = simdBody(t, e, env, depth - 1);
                String[] l = simdBody(t, e, env, depth - 1);
                String[] r = simdBody(t, e, env, depth - 1);
                String cmp = pick("<", "<=", ">", ">=", "==", "!=");
                return new String[] {"select(" + a[0] + " " + cmp + " " + b[0] + ", " + l[0] + ", " + r[0] + ")",
                    "select(" + a[1] + " " + cmp + " " + b[1] + ", " + l[1] + ", " + r[1] + ")"};
            }
        }
    }

    private static boolean inLoop(List<Var> env) {
        return env.stream().anyMatch(v -> v.type().equals(IN_LOOP));
    }

    /** A scope marked as a loop body, without new variables: inner loops there stay short. */
    private static List<Var> inLoopEnv(List<Var> env) {
        List<Var> r = new ArrayList<>(env);
        r.add(new Var("", IN_LOOP, false));
        return r;
    }

    private static String elementName(Iter it) {
        String e = it.element().get(0).expr();
        int dot = e.indexOf('.');
        return dot < 0 ? e : e.substring(0, dot);
    }

    private static String elementType(Var v) {
        return v.type().substring(4, v.type().length() - 1);
    }

    private String variable(String t, List<Var> env) {
        List<Var> c = env.stream().filter(v -> v.type().equals(t)).toList();
        return c.isEmpty() ? null : c.get(rnd.nextInt(c.size())).expr();
    }

    private String literal(String t) {
        return literal(t, rnd.nextInt(9) - 4);
    }

    private String literal(String t, int v) {
        return switch (t) {
            case "i64" -> v < 0 ? "(0L - " + -v + "L)" : v + "L";
            case "i32" -> v < 0 ? "(0 - " + -v + ")" : Integer.toString(v);
            case "i16" -> v < 0 ? "(0si - " + -v + "si)" : v + "si";
            case "i8" -> v < 0 ? "(0c - " + -v + "c)" : v + "c";
            case "u8", "u16", "u32", "u64" -> t + "(" + literal("i32", v) + ")";
            case "f64" -> v < 0 ? "(0.0 - " + -v / 2.0 + ")" : Double.toString(v / 2.0);
            case "f32" -> v < 0 ? "(0.0f - " + -v / 2.0 + "f)" : v / 2.0 + "f";
            default -> v % 2 == 0 ? "true" : "false";
        };
    }

    private String name(String prefix) {
        return prefix + names++;
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[rnd.nextInt(options.length)];
    }
}
