package weld.nodes.loop;

import org.graalvm.polyglot.Context;

/**
 * The contexts the SIMD loop tests compare: the scalar loops ({@code weld.Vectorize} off), SIMD kernels on one
 * thread, and SIMD kernels in parallel tasks (2 threads, small grain).
 */
final class SimdContexts implements AutoCloseable {
    final Context scalar = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
            .option("weld.Threads", "1").option("weld.Vectorize", "false").build();
    final Context simd = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "1").build();
    final Context parallel = Context.newBuilder("weld").allowAllAccess(true).option("weld.Threads", "2")
            .option("weld.Grain", "1000").build();

    @Override
    public void close() {
        scalar.close();
        simd.close();
        parallel.close();
    }
}
