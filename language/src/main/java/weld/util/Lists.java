package weld.util;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Loops over lists for the front end, where a stream pipeline would do: the first {@code eval} of a fresh JVM runs
 * the parser, the passes and the node builder in the bytecode interpreter, where a stream's pipeline objects and
 * call chain per element cost about ten times a loop (10% of a first {@code eval} of TPC-H Q1 was spent inside
 * {@code java.util.stream}).
 */
public final class Lists {
    private Lists() {
    }

    /** {@code f} of each element, in order, as an unmodifiable list (nulls allowed, as {@code Stream.toList}). */
    public static <T, R> List<R> map(List<T> list, Function<? super T, ? extends R> f) {
        List<R> r = new ArrayList<>(list.size());
        for (T x : list) {
            r.add(f.apply(x));
        }
        return Collections.unmodifiableList(r);
    }

    /** Whether {@code p} holds for every element (true for none). */
    public static <T> boolean all(Iterable<T> list, Predicate<? super T> p) {
        for (T x : list) {
            if (!p.test(x)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code p} holds for some element. */
    public static <T> boolean any(Iterable<T> list, Predicate<? super T> p) {
        for (T x : list) {
            if (p.test(x)) {
                return true;
            }
        }
        return false;
    }

    /** {@code f} of each element, separated by {@code sep}, between {@code prefix} and {@code suffix}. */
    public static <T> String join(Iterable<T> list, Function<? super T, ?> f, String sep, String prefix, String suffix) {
        StringBuilder sb = new StringBuilder(prefix);
        boolean first = true;
        for (T x : list) {
            sb.append(first ? "" : sep).append(f.apply(x));
            first = false;
        }
        return sb.append(suffix).toString();
    }

    /** The elements, in iteration order, as an {@code int[]}. */
    public static int[] ints(Collection<Integer> list) {
        int[] r = new int[list.size()];
        int i = 0;
        for (int x : list) {
            r[i++] = x;
        }
        return r;
    }
}
