package weld.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * {@code weld run FILE ...}: compiles a program, runs it on the given arguments and prints the result as JSON, or
 * writes it to the file of {@code --output} (see {@link OutputFile}).
 */
final class RunCommand {
    private final PrintStream out;
    private final PrintStream err;
    private String file;
    private Object[] args;
    private final List<String> argList = new ArrayList<>();
    private Path argsFile;
    private int repeat = 1;
    private boolean stats;
    private OutputFile output;

    RunCommand(List<String> rest, PrintStream out, PrintStream err) throws WeldMain.UsageError {
        this.out = out;
        this.err = err;
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            switch (a) {
                case "--args" -> argsFile = Path.of(rest.get(++i));
                case "--arg" -> argList.add(rest.get(++i));
                case "--repeat" -> {
                    try {
                        repeat = Integer.parseInt(rest.get(++i));
                    } catch (NumberFormatException e) {
                        throw new WeldMain.UsageError("--repeat needs a positive integer");
                    }
                    if (repeat < 1) {
                        throw new WeldMain.UsageError("--repeat needs a positive integer");
                    }
                }
                case "--stats" -> stats = true;
                case "--output" -> output = new OutputFile(Path.of(rest.get(++i)));
                default -> {
                    if (a.startsWith("-") || file != null) {
                        throw new WeldMain.UsageError("unexpected argument '" + a + "'");
                    }
                    file = a;
                }
            }
        }
        if (file == null) {
            throw new WeldMain.UsageError("run needs a program file");
        }
        if (argsFile != null && !argList.isEmpty()) {
            throw new WeldMain.UsageError("use either --args or --arg, not both");
        }
    }

    int run(PolyglotOptions options) {
        String text;
        try {
            text = Files.readString(Path.of(file));
            if (output != null) {
                output.check();
            }
        } catch (IOException e) {
            err.println("weld: " + file + ": cannot read the program: " + Arguments.reason(e));
            return 2;
        } catch (BadOutput e) {
            err.println("weld: " + e.getMessage());
            return 2;
        }
        Context context = options.newContext();
        try {
            Thread main = Thread.currentThread();
            Thread interrupt = new Thread(() -> {
                context.close(true);
                try {
                    main.join(2000); // let the run report the cancellation before the JVM exits
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            Runtime.getRuntime().addShutdownHook(interrupt);
            try {
                // The program compiles on its own thread while this one reads the arguments: neither needs the
                // other, and a fresh JVM's compile work overlaps the reading of large inputs.
                Compilation compilation = Compilation.start(context, Source.newBuilder("weld", text, file).buildLiteral());
                long readStart = System.nanoTime();
                try {
                    if (argsFile != null) {
                        args = Arguments.fromArgsFile(argsFile);
                    } else {
                        args = new Object[argList.size()];
                        for (int i = 0; i < args.length; i++) {
                            args[i] = Arguments.fromArg(argList.get(i));
                        }
                    }
                } catch (BadInput e) {
                    err.println("weld: " + e.getMessage());
                    compilation.await();
                    return 2;
                }
                double readMs = (System.nanoTime() - readStart) / 1e6;
                Value fn = compilation.join();
                double compileMs = compilation.millis();
                List<Double> runs = new ArrayList<>();
                Value result = null;
                for (int r = 0; r < repeat; r++) {
                    long s = System.nanoTime();
                    result = fn.execute(args);
                    runs.add((System.nanoTime() - s) / 1e6);
                }
                long printStart = System.nanoTime();
                if (output != null) {
                    output.write(result);
                } else {
                    ResultEncoder.print(result, out);
                    out.flush();
                }
                if (stats) {
                    err.println("{\"read_ms\": " + round(readMs) + ", \"compile_ms\": " + round(compileMs)
                            + ", \"runs_ms\": " + runs.stream().map(RunCommand::round).toList() + ", \"print_ms\": "
                            + round((System.nanoTime() - printStart) / 1e6) + "}");
                }
                return 0;
            } catch (PolyglotException e) {
                err.println(ErrorReport.forTerminal(file, e));
                if (e.isInternalError()) {
                    e.printStackTrace(err);
                }
                return 1;
            } catch (IllegalArgumentException e) {
                err.println(file + ": " + e.getMessage());
                return 1;
            } catch (BadOutput e) {
                err.println("weld: " + e.getMessage());
                return 2;
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(interrupt);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: the context is being cancelled
                }
            }
        } finally {
            try {
                context.close();
            } catch (PolyglotException cancelled) {
                // closed by the interrupt hook (Ctrl-C) while running: nothing left to release
            }
        }
    }

    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
