package weld.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionDescriptor;
import org.graalvm.polyglot.Engine;

/**
 * The {@code weld} command. Launcher options may come before or after the subcommand:
 * <pre>
 * weld [options] run FILE [--args ARGS.json | --arg X ...] [--repeat N] [--stats] [--output FILE]
 * weld [options] batch          one JSON request per line on stdin, one JSON response per line on stdout
 * weld [options] [repl]         read-eval-print loop
 * weld --version | --help
 * options: --threads N, --grain N, --udf-lib PATH, --passes=LIST, --dump-ir[=PASS], and polyglot options
 * --engine.Name=value, --weld.Name=value
 * </pre>
 *
 * <p>Why not {@code org.graalvm.launcher.AbstractLanguageLauncher} ({@code org.graalvm.sdk:launcher-common}, on
 * Maven Central for 25.0.3)? It hands the launcher one {@code Context.Builder} that already carries every polyglot
 * option, {@code engine.*} included, and such a builder cannot take a shared engine: {@code weld batch} would lose
 * all compiled code whenever it replaces a context. Its help and option handling also advertise
 * {@code --jvm}/{@code --native}/{@code --vm.*}, which mean nothing on a stock JDK started by {@code bin/weld}, and it
 * brings the shadowed JLine module. So the launcher parses its few arguments itself and follows the GraalVM
 * convention for polyglot options ({@link PolyglotOptions}).
 */
public final class WeldMain {
    static final String USAGE = """
            usage: weld [options] run FILE [--args ARGS.json | --arg X ...] [--repeat N] [--stats] [--output FILE]
                   weld [options] batch
                   weld [options] [repl]
                   weld --version | --help
            options:
              --threads N        worker threads for parallel loops
              --grain N          minimum iterations per parallel task
              --udf-lib PATH     a shared library whose C functions cudf[...] may call (repeatable)
              --passes=LIST      optimization passes: all, none, names to run, or -names to leave out
                                 (e.g. --passes=-loop-fusion,-cse)
              --dump-ir[=PASS]   print the IR after each optimization pass (or only after PASS)
              --engine.Name=V, --weld.Name=V   polyglot engine and language options
                                 (one compilation tier unless --engine.MultiTier=true)
            run:
              --args FILE        a JSON array with one element per program parameter
              --arg X            one parameter: a 1-D or 2-D NumPy .npy file, or a JSON literal (repeatable)
              --repeat N         run the program N times on the same inputs
              --stats            print {"read_ms": ..., "compile_ms": ..., "runs_ms": [...], "print_ms": ...}
                                 on stderr (reading the program and arguments, eval, each run, printing
                                 or writing the result)
              --output FILE      write the result to FILE instead of printing it: FILE.npy as a NumPy array
                                 (a vector of scalars, or of rows of one length), FILE.npz as NumPy arrays
                                 arr_0, arr_1, ... (a struct of vectors of scalars), any other name as JSON
            """;

    private WeldMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Usage errors: exit status 2. */
    static final class UsageError extends Exception {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }

    static int run(String[] argv, PrintStream out, PrintStream err) {
        PolyglotOptions options = new PolyglotOptions();
        List<String> rest = new ArrayList<>();
        List<String> udfLibs = new ArrayList<>();
        String command = null;
        boolean help = false;
        try {
            for (int i = 0; i < argv.length; i++) {
                String a = argv[i];
                switch (a) {
                    case "--version" -> {
                        out.println(version());
                        return 0;
                    }
                    case "--help", "-h" -> help = true;
                    case "--threads" -> options.putIfDeclared("weld.Threads", value(argv, ++i, a));
                    case "--grain" -> options.putIfDeclared("weld.Grain", value(argv, ++i, a));
                    case "--udf-lib" -> udfLibs.add(value(argv, ++i, a));
                    case "--passes" -> options.putIfDeclared("weld.Passes", value(argv, ++i, a));
                    case "--dump-ir" -> options.putIfDeclared("weld.DumpIr", "all");
                    default -> {
                        if (a.startsWith("--passes=") || a.startsWith("--dump-ir=")) {
                            String name = a.startsWith("--passes=") ? "weld.Passes" : "weld.DumpIr";
                            options.putIfDeclared(name, a.substring(a.indexOf('=') + 1));
                        } else if (isPolyglotOption(a)) {
                            options.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
                        } else if (command == null && !a.startsWith("-")) {
                            command = a;
                        } else {
                            rest.add(a);
                            if (a.equals("--args") || a.equals("--arg") || a.equals("--repeat") || a.equals("--output")) {
                                rest.add(value(argv, ++i, a));
                            }
                        }
                    }
                }
            }
            if (help) {
                out.print(USAGE);
                out.print(languageOptions(options));
                return 0;
            }
            if (!udfLibs.isEmpty()) {
                options.putIfDeclared("weld.UdfLibraries", String.join(java.io.File.pathSeparator, udfLibs));
            }
            if (command == null) {
                command = "repl";
            }
            return switch (command) {
                case "run" -> new RunCommand(rest, out, err).run(options);
                case "batch" -> {
                    if (!rest.isEmpty()) {
                        throw new UsageError("batch takes no arguments: " + rest);
                    }
                    yield new BatchCommand(options).run(System.in, out, err);
                }
                case "repl" -> {
                    if (!rest.isEmpty()) {
                        throw new UsageError("repl takes no arguments: " + rest);
                    }
                    yield new Repl(options).run(System.in, out, err);
                }
                default -> throw new UsageError("unknown command '" + command + "'");
            };
        } catch (UsageError e) {
            err.println("weld: " + e.getMessage());
            err.print(USAGE);
            return 2;
        } catch (PolyglotOptions.Invalid e) {
            err.println("weld: invalid option: " + e.getMessage().replace("\n", " "));
            err.println("weld: 'weld --help' lists the Weld options");
            return 2;
        }
    }

    /** {@code --group.Name=value}: a polyglot option in the GraalVM launcher convention. */
    static boolean isPolyglotOption(String a) {
        int eq = a.indexOf('=');
        return a.startsWith("--") && eq > 2 && a.substring(2, eq).contains(".");
    }

    private static String value(String[] argv, int i, String option) throws UsageError {
        if (i >= argv.length) {
            throw new UsageError(option + " needs a value");
        }
        return argv[i];
    }

    static String version() {
        try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            return "Weld " + engine.getLanguages().get("weld").getVersion() + " (Truffle runtime: "
                    + engine.getImplementationName() + ", Java " + System.getProperty("java.version") + ")";
        }
    }

    /** The user-level options the language declares, for {@code --help}. */
    private static String languageOptions(PolyglotOptions options) {
        StringBuilder sb = new StringBuilder("language options (--weld.Name=value):\n");
        for (OptionDescriptor d : options.engine().getLanguages().get("weld").getOptions()) {
            if (d.getCategory() == OptionCategory.USER && !d.isDeprecated()) {
                sb.append(String.format("  --%-18s %s%n", d.getName(), d.getHelp()));
            }
        }
        return sb.toString();
    }
}
