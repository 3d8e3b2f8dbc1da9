package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;

import weld.nodes.loop.lanes.LaneKernel;

/**
 * A loop body whose iterations can also run as a SIMD kernel, wrapping the scalar body that runs them otherwise
 * (short loops, the last few iterations, inputs the kernel cannot read). Both run on the same counter slots.
 */
abstract class KernelBody extends LoopBody {
    /**
     * Measured: the 64-iteration dot products over matrix rows of the logistic-regression step run as kernels in
     * 31-33 ms, as the scalar body in 36-38 (the step without its update loop).
     */
    static final int MIN_ITERATIONS = 32;
    /** The most iterations one repetition runs: long loops stay interruptible, parallel tasks run any sub-range. */
    static final int CHUNK = 1 << 16;
    /**
     * Scalar repetitions (of four iterations) before the interpreter primes the compiled-only kernel code
     * ({@link #primeDue}): fewer than a loop runs before an enclosing loop reaches Truffle's on-stack-replacement
     * threshold (100,352 iterations by default, inner ones included), more than a short first call runs (that
     * priming costs the Vector API's initialization).
     */
    static final int PRIME_REPETITIONS = 4096;

    @Child protected KernelInputs inputs;
    @Child protected LoopBody scalar;
    @CompilationFinal private boolean vectorized;
    private final CountProfile counts = new CountProfile();
    /**
     * The default warm-up of a kernel with math functions ({@code weld.KernelWarmup} -1): after it, the interpreter
     * and first-tier code run the vector blocks, whose SIMD math (against Weld's scalar functions) wins once C2 has
     * compiled them (measured, Black-Scholes' calls 2-4 on 10^7 rows before the last tier: 477-542 ms on the vector
     * blocks, 1,097-1,213 on the scalar ones).
     */
    static final int MATH_WARMUP = 1 << 15;
    /**
     * Runs of fewer iterations (a loop's count from its current iteration) take the vector blocks after
     * {@link #MATH_WARMUP} by default, math functions or not: a short run's scalar blocks cost more per call than the
     * vector blocks' once those are compiled (measured, the logistic step's 64-iteration dot products per row, 0.5-1.7
     * us a row against 170 ns), and they are what an enclosing loop runs many times.
     */
    static final int LONG_RUN = 4096;
    /**
     * Repetitions (of four iterations) the interpreter and first-tier code run as scalar blocks where the kernel
     * could run, before they take the vector kernel.
     */
    private final int warmup;
    /** The warm-up for runs shorter than {@link #LONG_RUN}. */
    private final int shortRunWarmup;
    /** Repetitions that ran as scalar blocks where the kernel could have run (racy across tasks). */
    private int scalarRepetitions;
    /** Whether the interpreter has run the compiled-only form of the kernel ({@link #primeDue}). */
    private boolean primed;

    /** {@code warmup}: the option {@code weld.KernelWarmup} ({@link #warmup}). */
    KernelBody(int countSlot, int counterSlot, KernelInputs inputs, LaneKernel kernel, int warmup, LoopBody scalar) {
        super(countSlot, counterSlot);
        this.warmup = warmup(warmup, kernel);
        this.shortRunWarmup = shortRunWarmup(warmup);
        this.inputs = inputs;
        this.scalar = scalar;
    }

    @Override
    public final void prepare(VirtualFrame frame) {
        scalar.prepare(frame);
    }

    @Override
    public final void afterLoop(VirtualFrame frame) {
        scalar.afterLoop(frame);
    }

    @Override
    public final void setRange(VirtualFrame frame, long from, long to) {
        super.setRange(frame, from, to);
        scalar.setRange(frame, from, to);
    }

    @Override
    public final boolean executeRepeating(VirtualFrame frame) {
        long i = counter(frame);
        long n = counts.profile(count(frame));
        if (CompilerDirectives.isPartialEvaluationConstant(n)) {
            if (i == 0) {
                // A constant count (CountProfile) and the first repetition: the kernel's steps are constants here.
                return execute(frame, 0, n);
            }
            if (CompilerDirectives.inCompiledCode() && n <= CountProfile.MAX) {
                // The first repetition left fewer iterations than a vector's lanes (or, where the kernel could not
                // run at its start, none it could run) to the scalar body. So the kernel is compiled once, not again
                // for variable steps (measured: the logistic step's root 34.4 -> 23.9 KB of code, 40 -> 36 ms a
                // call). The interpreter, where every value is a constant, goes on below.
                return scalar.executeRepeating(frame);
            }
        }
        return execute(frame, i, n);
    }

    /**
     * The warm-up of a kernel's runs of at least {@link #LONG_RUN} iterations, from the option
     * {@code weld.KernelWarmup}: its value, or by default {@link #MATH_WARMUP} for a kernel with math functions and
     * no end for the others: until last-tier code, they run as scalar blocks. The vector blocks are Java that C2
     * compiles only after they have run cold, as C1 code that runs the Vector API's fallbacks (400-2,100 ns an
     * iteration against the scalar blocks' 4-7); taking them after a short warm-up made a first call on large inputs
     * wait for C2 (measured, one tier, the main job's filter then sum over 10^7 {@code f64}: first call 862-1,061 ms
     * on the vector blocks, 271-326 on the scalar blocks; its next calls 35-70 and 50-79 ms).
     */
    static int warmup(int option, LaneKernel kernel) {
        return option >= 0 ? option : kernel.staged() ? MATH_WARMUP : Integer.MAX_VALUE;
    }

    /** The warm-up of a kernel's runs shorter than {@link #LONG_RUN}: the option's value, or {@link #MATH_WARMUP}. */
    static int shortRunWarmup(int option) {
        return option >= 0 ? option : MATH_WARMUP;
    }

    /** Runs one repetition from iteration {@code i} of {@code n}: a kernel chunk, or the scalar body's iterations. */
    protected abstract boolean execute(VirtualFrame frame, long i, long n);

    /** Whether the kernel can run iterations from {@code i} (of {@code n}) now: enough of them, and its inputs ready. */
    protected final boolean kernelCanRun(VirtualFrame frame, long i, long n) {
        return n - i >= MIN_ITERATIONS && inputs.ready(frame);
    }

    /**
     * Where the kernel's run from {@code i} (of {@code n}) ends, where it {@link #kernelCanRun can run}: after at most
     * {@link #CHUNK} iterations, and before the first element that divides integers and is 0 or -1 (the scalar body
     * runs that one); see {@link #stopsShort}.
     */
    protected final long kernelEnd(VirtualFrame frame, long i, long n) {
        return inputs.divisorsClearUntil(frame, i, Math.min(n, i + CHUNK));
    }

    /**
     * Whether a divisor element of 0 or -1 leaves fewer than {@link #MIN_ITERATIONS} to the kernel's run from
     * {@code i} to {@code to}; the scalar body runs them then. False, and folded away, where the kernel divides by no
     * element: the run's end is then a plain value, which partial evaluation keeps constant for a constant count
     * (measured: with the end and its "cannot run" case merged into one value, the logistic step's 64-iteration
     * kernels lost their constant counts, 39 -> 48 ms a call).
     */
    protected final boolean stopsShort(long i, long to) {
        return inputs.dividesByElements() && to - i < MIN_ITERATIONS;
    }

    /**
     * Called where the kernel can run {@code iterations} from here; whether the vector kernel runs now (if not, the
     * interpreter or first-tier code runs the kernel's {@link weld.nodes.loop.lanes.ScalarLaneKernel scalar blocks}
     * and reports them with {@link #scalarBlocksRan}).
     * Compiled code only holds the kernel once it could have run: a loop that is always short compiles to the scalar
     * body alone (measured: the logistic-regression step with its inner loops wrapped ran 125 -> 270 ms while the
     * kernel path was compiled in). The interpreter and first-tier code take the vector kernel only after
     * {@code warmup} repetitions of four iterations of this node ({@link #warmup}): the first use of the Vector API in
     * a JVM links and initializes its classes, which a short first call should not pay for (measured: the first call
     * of the Black-Scholes program on 1,000 rows in a fresh JVM, 130-160 ms through the kernel, 15-20 ms through the
     * scalar body), and its blocks run cold until C2 has compiled them.
     */
    protected final boolean kernelRuns(long iterations) {
        if (!vectorized) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            vectorized = true;
        }
        if (CompilerDirectives.inCompiledCode() && !CompilerDirectives.hasNextTier()) {
            return true;
        }
        return scalarRepetitions >= (iterations >= LONG_RUN ? warmup : shortRunWarmup);
    }

    /**
     * Whether the interpreter should run the compiled-only form of the kernel once now, to prime it: the first time
     * after {@value #PRIME_REPETITIONS} scalar repetitions (or the warm-up, if shorter). Code that only compiled code
     * runs has never run in the JVM when Graal parses it, so its Vector API call sites (lambdas in the JDK's vector
     * classes) are unresolved, and the first compiled code to reach one deoptimizes and is thrown away: a
     * recompilation of the whole enclosing loop (measured: the logistic-regression step's first call in a fresh JVM,
     * three compilations of its loop, 3.4 + 1.1 + 0.9 s, the first two dropped on their first row).
     */
    protected final boolean primeDue() {
        if (!CompilerDirectives.inInterpreter() || primed
                || scalarRepetitions < Math.min(warmup, PRIME_REPETITIONS)) {
            return false;
        }
        primed = true;
        return true;
    }

    /** Called after {@code iterations} ran as scalar blocks: they count towards the warm-up. */
    protected final void scalarBlocksRan(long iterations) {
        scalarRepetitions = (int) Math.min(Integer.MAX_VALUE, scalarRepetitions + (iterations + 3) / 4);
        interpretedKernelRan(iterations);
    }

    /**
     * Called after the interpreter ran {@code iterations} through the kernel, which a repetition of the loop does
     * not count: they count towards compiling the enclosing function as if the loop had run them one by one.
     */
    protected final void interpretedKernelRan(long iterations) {
        if (CompilerDirectives.inInterpreter()) {
            LoopNode.reportLoopCount(this, (int) Math.min(iterations, Integer.MAX_VALUE));
        }
    }
}
