package weld.nodes.loop;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;

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
     * Repetitions (of four iterations) the interpreter runs as scalar blocks where the kernel could run, before it
     * takes the vector kernel.
     */
    private final int warmup;
    /** Interpreted repetitions that ran as scalar blocks where the kernel could have run (racy across tasks). */
    private int interpretedScalarRepetitions;
    /** Whether the interpreter has run the compiled-only form of the kernel ({@link #primeDue}). */
    private boolean primed;

    KernelBody(int countSlot, int counterSlot, KernelInputs inputs, int warmup, LoopBody scalar) {
        super(countSlot, counterSlot);
        this.warmup = warmup;
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
     * Called where the kernel can run; whether the vector kernel runs now (if not, the interpreter runs the kernel's
     * {@link weld.nodes.loop.lanes.ScalarLaneKernel scalar blocks} and reports them with {@link #scalarBlocksRan}).
     * Compiled code only holds the kernel once it could have run: a loop that is always short compiles to the scalar
     * body alone (measured: the logistic-regression step with its inner loops wrapped ran 125 -> 270 ms while the
     * kernel path was compiled in). The interpreter takes the vector kernel only after {@code warmup} repetitions
     * of four iterations of this node ({@code weld.KernelWarmup}): the first use of the Vector API in a JVM links and
     * initializes its classes, which a short first call should not pay for (measured: the first call of the
     * Black-Scholes program on 1,000 rows in a fresh JVM, 130-160 ms through the kernel, 15-20 ms through the
     * scalar body), while a long one gains from it.
     */
    protected final boolean kernelRuns() {
        if (!vectorized) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            vectorized = true;
        }
        return !CompilerDirectives.inInterpreter() || interpretedScalarRepetitions >= warmup;
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
                || interpretedScalarRepetitions < Math.min(warmup, PRIME_REPETITIONS)) {
            return false;
        }
        primed = true;
        return true;
    }

    /** Called after the interpreter ran {@code iterations} as scalar blocks: they count towards the warm-up. */
    protected final void scalarBlocksRan(long iterations) {
        interpretedScalarRepetitions = (int) Math.min(Integer.MAX_VALUE, interpretedScalarRepetitions + (iterations + 3) / 4);
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
