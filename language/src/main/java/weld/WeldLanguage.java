package weld;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.graalvm.options.OptionDescriptor;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionValues;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;

import weld.ir.IrPrinter;
import weld.ir.Program;
import weld.ir.passes.PassManager;
import weld.ir.passes.Recheck;
import weld.lazy.LazyApiRootNode;
import weld.nodes.NodeBuilder;
import weld.nodes.WeldRootNode;
import weld.runtime.WeldFunction;
import weld.syntax.MacroExpander;
import weld.syntax.ParseTree;
import weld.syntax.Parser;
import weld.types.TypeInference;

/**
 * The Weld language. Evaluating a program parses it, expands macros, infers types and builds the Truffle nodes of
 * its function; the result of the evaluation is that function as an executable value ({@link WeldFunction}). The
 * source {@code lazy} evaluates to the lazy API instead ({@link weld.lazy}).
 */
@TruffleLanguage.Registration(id = WeldLanguage.ID, name = "Weld", version = WeldLanguage.VERSION,
        defaultMimeType = WeldLanguage.MIME_TYPE, characterMimeTypes = WeldLanguage.MIME_TYPE,
        contextPolicy = TruffleLanguage.ContextPolicy.SHARED, fileTypeDetectors = {})
public final class WeldLanguage extends TruffleLanguage<WeldContext> {
    public static final String ID = "weld";
    public static final String VERSION = "0.1.0";
    public static final String MIME_TYPE = "application/x-weld";

    private static final LanguageReference<WeldLanguage> REFERENCE = LanguageReference.create(WeldLanguage.class);

    /** The language instance of the current context. */
    public static WeldLanguage get(com.oracle.truffle.api.nodes.Node node) {
        return REFERENCE.get(node);
    }

    @Override
    protected WeldContext createContext(Env env) {
        return new WeldContext(env);
    }

    @Override
    protected void finalizeContext(WeldContext context) {
        context.shutdown();
    }

    /** Parallel loops run guest code on worker threads that enter the context for each task. */
    @Override
    protected boolean isThreadAccessAllowed(Thread thread, boolean singleThreaded) {
        return true;
    }

    @Override
    protected OptionDescriptors getOptionDescriptors() {
        return new WeldOptionsOptionDescriptors();
    }

    /**
     * Whether contexts with options {@code a} and {@code b} can share parsed programs: every option but the memory
     * limit (which each evaluation reads from its context) shapes the optimized program or its nodes.
     */
    @Override
    protected boolean areOptionsCompatible(OptionValues a, OptionValues b) {
        for (OptionDescriptor d : getOptionDescriptors()) {
            OptionKey<?> key = d.getKey();
            if (key != WeldOptions.MemoryLimit && !a.get(key).equals(b.get(key))) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected CallTarget parse(ParsingRequest request) {
        Source source = request.getSource();
        if (LazyApiRootNode.isApiSource(source)) {
            return new LazyApiRootNode(this).getCallTarget();
        }
        try {
            WeldContext context = WeldContext.get(null);
            OptionValues options = context.env().getOptions();
            Program program = compile(source.getCharacters().toString(), PassManager.parse(options.get(WeldOptions.Passes)),
                    listener(options, context.env().out()));
            WeldRootNode root = NodeBuilder.build(this, program, context.udfLibraries(), options.get(WeldOptions.Vectorize),
                    options.get(WeldOptions.KernelWarmup));
            WeldFunction function = new WeldFunction(root.getCallTarget(), program.params(), program.resultType());
            return new ConstantRootNode(this, function).getCallTarget();
        } catch (WeldException e) {
            throw e.withSource(source);
        } catch (StackOverflowError e) {
            throw WeldException.parse(null, "the program is nested too deeply to compile (" + source.getLineCount()
                    + " lines); split very long let chains or nested expressions").withSource(source);
        }
    }

    /** The language bindings: the member {@code lazy} is the lazy API, as the source {@code lazy} evaluates to. */
    @Override
    protected Object getScope(WeldContext context) {
        return context.lazy().scope();
    }

    /** Parses, expands macros and type-checks a program into the typed IR. */
    public static Program compile(String text) {
        ParseTree.Program tree = Parser.parse(text);
        return TypeInference.infer(tree, MacroExpander.expand(tree));
    }

    /** Compiles a program and optimizes it with {@code passes}; {@code listener} (may be null) sees every pass. */
    public static Program compile(String text, PassManager passes, PassManager.Listener listener) {
        return passes.run(compile(text), listener);
    }

    /** What runs after each pass: the IR dump of {@code --weld.DumpIr} and the checks of {@code --weld.CheckPasses}. */
    private static PassManager.Listener listener(OptionValues options, OutputStream out) {
        String dump = options.get(WeldOptions.DumpIr);
        PassManager.Listener check = options.get(WeldOptions.CheckPasses) ? new Recheck() : null;
        if (dump.isEmpty()) {
            return check;
        }
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        return (pass, program) -> {
            if (check != null) {
                check.afterPass(pass, program);
            }
            if (dump.equals("all") || dump.equals(pass.name())) {
                print.println("# after " + pass.name() + ":");
                print.println(IrPrinter.print(program));
            }
        };
    }

    /** The root returned by {@code parse}: evaluating the source yields the program's function. */
    private static final class ConstantRootNode extends RootNode {
        private final Object value;

        ConstantRootNode(TruffleLanguage<?> language, Object value) {
            super(language);
            this.value = value;
        }

        @Override
        public Object execute(VirtualFrame frame) {
            return value;
        }
    }

}
