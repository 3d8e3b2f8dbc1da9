import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Replaces every {@code switch} with type patterns in compiled classes by a call to a static method of the same class
 * that tests the case labels with {@code instanceof}, in order; run by the build on each module's classes (and test
 * classes) before they are tested or packaged. Usage: {@code java DesugarTypeSwitches.java CLASSES-DIR [CLASSPATH]}.
 *
 * <p>Why: javac compiles such a switch to an {@code invokedynamic} whose bootstrap,
 * {@code SwitchBootstraps.typeSwitch}, generates a hidden class with the class-file API the first time the switch
 * runs. That is 14-16 ms for the first switch of a JVM and about 0.5 ms for each further one, and the front end, the
 * passes and the node builder run 20-70 of them in the first {@code eval} of a fresh JVM; the classes are hidden, so
 * no class-data-sharing archive keeps them (see docs/performance.md, "Pattern switches without their bootstrap").
 * The replacement keeps the sources' exhaustive switches over sealed types, which javac still checks.
 *
 * <p>The generated method has the call site's type {@code (T, int) -> int} and the bootstrap's semantics: -1 for
 * {@code null}, else the index of the first label at or after the restart index (where a guard that failed resumes)
 * of which the value is an instance, else the number of labels. Only sites whose labels are all classes are
 * replaced; a remaining site (constant labels, {@code enumSwitch}) fails the build, so none goes unnoticed.
 */
public final class DesugarTypeSwitches {
    private static final ClassDesc SWITCH_BOOTSTRAPS = ClassDesc.of("java.lang.runtime.SwitchBootstraps");
    private static final String PREFIX = "typeSwitch$";

    private DesugarTypeSwitches() {
    }

    public static void main(String[] args) throws IOException {
        Path classes = Path.of(args[0]);
        if (!Files.isDirectory(classes)) {
            return;
        }
        ClassFile classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(resolver(classes,
                args.length > 1 ? args[1] : "")), ClassFile.ConstantPoolSharingOption.NEW_POOL);
        List<String> left = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                ClassModel model = classFile.parse(Files.readAllBytes(file));
                List<InvokeDynamicInstruction> sites = sites(model);
                if (sites.stream().anyMatch(DesugarTypeSwitches::replaceable)) {
                    Files.write(file, desugar(classFile, model));
                }
                sites.stream().filter(s -> !replaceable(s))
                        .forEach(s -> left.add(model.thisClass().asInternalName() + ": " + s.bootstrapArgs()));
            }
        }
        if (!left.isEmpty()) {
            System.err.println("switches left to SwitchBootstraps (labels other than classes; write them as instanceof "
                    + "tests or teach build-tools/DesugarTypeSwitches.java their labels):");
            left.forEach(s -> System.err.println("  " + s));
            System.exit(1);
        }
    }

    /** The class's {@code invokedynamic}s bootstrapped by {@code SwitchBootstraps}, in code order. */
    private static List<InvokeDynamicInstruction> sites(ClassModel model) {
        List<InvokeDynamicInstruction> sites = new ArrayList<>();
        for (MethodModel m : model.methods()) {
            m.code().ifPresent(code -> code.forEach(e -> {
                if (e instanceof InvokeDynamicInstruction indy && indy.bootstrapMethod().owner().equals(SWITCH_BOOTSTRAPS)) {
                    sites.add(indy);
                }
            }));
        }
        return sites;
    }

    private static boolean replaceable(InvokeDynamicInstruction site) {
        if (!site.bootstrapMethod().methodName().equals("typeSwitch") || site.typeSymbol().parameterCount() != 2) {
            return false;
        }
        for (ConstantDesc label : site.bootstrapArgs()) {
            if (!(label instanceof ClassDesc)) {
                return false;
            }
        }
        return true;
    }

    private static byte[] desugar(ClassFile classFile, ClassModel model) {
        ClassDesc self = model.thisClass().asSymbol();
        boolean isInterface = model.flags().has(java.lang.reflect.AccessFlag.INTERFACE);
        List<InvokeDynamicInstruction> replaced = new ArrayList<>();
        CodeTransform calls = (code, element) -> {
            if (element instanceof InvokeDynamicInstruction indy && replaceable(indy)) {
                code.invokestatic(self, PREFIX + replaced.size(), indy.typeSymbol(), isInterface);
                replaced.add(indy);
            } else {
                code.with(element);
            }
        };
        ClassTransform helpers = ClassTransform.endHandler(cb -> {
            for (int s = 0; s < replaced.size(); s++) {
                List<ConstantDesc> labels = replaced.get(s).bootstrapArgs();
                MethodTypeDesc type = replaced.get(s).typeSymbol();
                cb.withMethodBody(PREFIX + s, type, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC,
                        code -> typeTests(code, labels));
            }
        });
        return classFile.transformClass(model, ClassTransform.transformingMethodBodies(calls).andThen(helpers));
    }

    /** {@code if (v == null) return -1; if (restart <= i && v instanceof L_i) return i; ...; return labels.size()}. */
    private static void typeTests(CodeBuilder code, List<ConstantDesc> labels) {
        Label nonNull = code.newLabel();
        code.aload(0).ifnonnull(nonNull).iconst_m1().ireturn();
        code.labelBinding(nonNull);
        for (int i = 0; i < labels.size(); i++) {
            Label next = code.newLabel();
            code.iload(1).loadConstant(i).if_icmpgt(next);
            code.aload(0).instanceOf((ClassDesc) labels.get(i)).ifeq(next);
            code.loadConstant(i).ireturn();
            code.labelBinding(next);
        }
        code.loadConstant(labels.size()).ireturn();
    }

    /**
     * Class files by name for the stack maps of the rewritten methods: the classes directory, then the class path,
     * then the JDK's modules (all of them, as {@code jdk.incubator.vector} is not in this program's boot layer).
     */
    private static ClassHierarchyResolver resolver(Path classes, String classPath) throws IOException {
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), null);
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Map<String, Path> moduleOfPackage = new HashMap<>();
        try (Stream<Path> packages = Files.list(jrt.getPath("/packages"))) {
            for (Path p : packages.toList()) {
                try (Stream<Path> modules = Files.list(p)) {
                    modules.findFirst().ifPresent(m -> moduleOfPackage.put(p.getFileName().toString(),
                            jrt.getPath("/modules", m.getFileName().toString())));
                }
            }
        }
        return ClassHierarchyResolver.ofResourceParsing(desc -> {
            String internal = desc.descriptorString().substring(1, desc.descriptorString().length() - 1);
            InputStream in = loader.getResourceAsStream(internal + ".class");
            if (in != null) {
                return in;
            }
            int slash = internal.lastIndexOf('/');
            Path module = moduleOfPackage.get(internal.substring(0, Math.max(slash, 0)).replace('/', '.'));
            try {
                return module == null || !Files.exists(module.resolve(internal + ".class")) ? null
                        : Files.newInputStream(module.resolve(internal + ".class"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).cached();
    }
}
