package weld.bench;

import java.util.function.BinaryOperator;
import java.util.stream.IntStream;

/** The hand-written Java baselines' parallelism: split [0, n) into chunks, run them on the common pool, combine. */
public final class Par {
    private Par() {
    }

    /** The body of one chunk: the partial result of rows [from, to). */
    public interface Chunk<T> {
        T run(int from, int to);
    }

    /** A chunk that sums to a double. */
    public interface DoubleChunk {
        double run(int from, int to);
    }

    /** Worker threads of "all threads": the common pool's workers plus the calling thread. */
    public static int allThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** One chunk on the calling thread if {@code threads == 1}; else {@code chunks} chunks on the common pool. */
    public static <T> T reduce(int threads, int chunks, int n, Chunk<T> body, BinaryOperator<T> combine) {
        if (threads == 1) {
            return body.run(0, n);
        }
        return IntStream.range(0, chunks).parallel()
                .mapToObj(c -> body.run((int) ((long) n * c / chunks), (int) ((long) n * (c + 1) / chunks)))
                .reduce(combine).orElseThrow();
    }

    /** A sum over [0, n): 4 chunks per thread when parallel. */
    public static double sum(int threads, int n, DoubleChunk body) {
        if (threads == 1) {
            return body.run(0, n);
        }
        int chunks = 4 * threads;
        return IntStream.range(0, chunks).parallel()
                .mapToDouble(c -> body.run((int) ((long) n * c / chunks), (int) ((long) n * (c + 1) / chunks))).sum();
    }
}
