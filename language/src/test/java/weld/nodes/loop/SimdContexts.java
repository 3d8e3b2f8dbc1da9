package weld.nodes.loop;

import org.graalvm.polyglot.Context;

/**
 * The contexts the SIMD loop tests compare: the scalar loops ({@code weld.Vectorize} off); SIMD kernels on one
 * thread and in parallel tasks (2 threads, small grain), both from the first repetition in the interpreter
 * ({@code weld.KernelWarmup} 0); and kernels that take over from the scalar body after 3 repetitions of a loop node,
 * as they do in the interpreter by default after many more.
 */
final class SimdContexts implements AutoCloseable {
    final Context scalar = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
            .option("weld.Threads", "1").option("weld.Vectorize", "false").build();
    final Context simd = kernels("1").build();
    final Context parallel = kernels("2").option("weld.Grain", "1000").build();
    final Context warmingUp = Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
            .option("weld.Threads", "1").option("weld.KernelWarmup", "3").build();

    private static Context.Builder kernels(String threads) {
        return Context.newBuilder("weld").allowAllAccess(true).allowExperimentalOptions(true)
                .option("weld.Threads", threads).option("weld.KernelWarmup", "0");
    }

    /** The contexts that run kernels. */
    Context[] withKernels() {
        return new Context[] {simd, parallel, warmingUp};
    }

    @Override
    public void close() {
        scalar.close();
        simd.close();
        parallel.close();
        warmingUp.close();
    }
}
