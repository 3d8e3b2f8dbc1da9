package weld.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A workload: a Weld program and a hand-written Java version of it over the same generated inputs, each at one
 * thread and at all threads. The JVM flags of the optimizing Truffle runtime come from the runner
 * (bench/run-all.sh passes them as -jvmArgs); setup fails on the fallback runtime. Weld contexts compile straight
 * to the top tier (engine.MultiTier=false), which shortens warm-up; Weld gets more warm-up iterations than Java:
 * in a fresh JVM on 2 cores, HotSpot's C1 and C2 compile the Graal compiler's own code for about 20 s (measured with
 * -XX:+PrintCompilation), and calls that run meanwhile share the cores with them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 3, time = 1)
public abstract class Bench {
    /** "1" or "all" (every available processor). */
    @Param({"1", "all"})
    public String threads;

    Object[] in;
    private Context ctx;
    private Value fn;

    /** The program's file under benchmarks/programs. */
    public abstract String program();

    /** The inputs (the program's arguments) at {@code scale} times the benchmark size. */
    public abstract Object[] inputs(double scale);

    /** The hand-written Java version. */
    public abstract Object java(Object[] args, int threadCount);

    /** Extra context options (e.g. weld.Passes). */
    public Map<String, String> options() {
        return Map.of();
    }

    public int threadCount() {
        return "all".equals(threads) ? Par.allThreads() : Integer.parseInt(threads);
    }

    @Setup
    public void setUp() {
        Map<String, String> o = new HashMap<>(options());
        o.put("engine.MultiTier", "false");
        ctx = Weld.context("all".equals(threads) ? 0 : threadCount(), o);
        fn = ctx.eval("weld", Weld.source(program()));
        in = inputs(1);
    }

    @TearDown
    public void tearDown() {
        ctx.close();
    }

    @Benchmark
    public Object weld() {
        return fn.execute(in);
    }

    @Benchmark
    @Warmup(iterations = 3, time = 1)
    public Object java() {
        return java(in, threadCount());
    }
}
