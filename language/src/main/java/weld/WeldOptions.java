package weld;

import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;
import org.graalvm.options.OptionType;

import com.oracle.truffle.api.Option;

import weld.ir.passes.PassManager;

/** The context options of the Weld language ({@code --weld.Name=value} on the command line). */
@Option.Group(WeldLanguage.ID)
public final class WeldOptions {
    private WeldOptions() {
    }

    @Option(help = "Shared libraries whose C functions cudf[name, T](...) may call, separated by the path separator.",
            category = OptionCategory.USER, stability = OptionStability.STABLE)
    public static final OptionKey<String> UdfLibraries = new OptionKey<>("");

    @Option(help = "Worker threads for parallel loops (0: the number of available processors; 1: sequential).",
            category = OptionCategory.USER, stability = OptionStability.STABLE)
    public static final OptionKey<Integer> Threads = new OptionKey<>(0);

    @Option(help = "Minimum iterations per parallel task (0: adaptive). Loops shorter than two grains stay sequential.",
            category = OptionCategory.USER, stability = OptionStability.STABLE)
    public static final OptionKey<Integer> Grain = new OptionKey<>(0);

    @Option(help = "Bytes one evaluation of a program may allocate, with an optional k, m or g suffix (0: no limit "
            + "but the Java heap). Going over it is a runtime error; the context stays usable.",
            category = OptionCategory.USER, stability = OptionStability.STABLE)
    public static final OptionKey<Long> MemoryLimit = new OptionKey<>(0L,
            new OptionType<>("bytes", MemorySize::parse));

    @Option(help = "In parallel loops, vecmergers of at least this many elements are shared by all tasks and updated "
            + "atomically; smaller ones get a copy per task (default measured: see docs/performance.md).", category = OptionCategory.EXPERT,
            stability = OptionStability.EXPERIMENTAL)
    public static final OptionKey<Integer> SharedVecMergerLength = new OptionKey<>(1 << 24);

    @Option(help = "Run merger reductions over primitive arrays as SIMD code (Vector API) where the update function "
            + "allows it (see docs/performance.md).", category = OptionCategory.EXPERT, stability = OptionStability.EXPERIMENTAL)
    public static final OptionKey<Boolean> Vectorize = new OptionKey<>(true);

    @Option(help = "Repetitions (of four iterations) a loop with a SIMD kernel runs as plain scalar blocks in the "
            + "interpreter and first-tier code before the vector kernel takes over there (0: at once; -1, the default: "
            + "32768 for kernels with math functions, until last-tier code for the others); last-tier code always runs "
            + "the vector kernel (see docs/performance.md).",
            category = OptionCategory.EXPERT, stability = OptionStability.EXPERIMENTAL)
    public static final OptionKey<Integer> KernelWarmup = new OptionKey<>(-1);

    @Option(help = "Optimization passes: all (default), none, a list of passes to run (inline-let,loop-fusion) or a "
            + "list to leave out (-loop-fusion,-cse).", category = OptionCategory.USER, stability = OptionStability.STABLE)
    public static final OptionKey<String> Passes = new OptionKey<>("", new OptionType<>("passes", s -> {
        PassManager.parse(s);
        return s;
    }));

    @Option(help = "Print the IR after each optimization pass that changed it (all) or after the named pass, to the "
            + "standard output.", category = OptionCategory.USER, stability = OptionStability.STABLE)
    public static final OptionKey<String> DumpIr = new OptionKey<>("", new OptionType<>("pass", s -> {
        if (!s.isEmpty() && !s.equals("all") && !PassManager.isPass(s)) {
            throw new IllegalArgumentException("unknown pass '" + s + "' (all, or one of: " + PassManager.names() + ")");
        }
        return s;
    }));

    @Option(help = "Type-check the program again after every optimization pass (for testing the passes).",
            category = OptionCategory.INTERNAL, stability = OptionStability.EXPERIMENTAL)
    public static final OptionKey<Boolean> CheckPasses = new OptionKey<>(false);
}
