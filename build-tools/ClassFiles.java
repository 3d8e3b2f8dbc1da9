import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
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
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The class files a rewrite may need to read: the classes directory being rewritten, then the class path, then the
 * JDK's modules (all of them, as {@code jdk.incubator.vector} is not in the boot layer of the build's {@code java}).
 * Provides the class hierarchy for the stack maps of rewritten methods and the models of other classes.
 */
final class ClassFiles {
    private final ClassLoader loader;
    private final FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    private final Map<String, Path> moduleOfPackage = new HashMap<>();
    private final Map<ClassDesc, Optional<ClassModel>> models = new HashMap<>();
    final ClassFile classFile;

    ClassFiles(Path classes, String classPath) throws IOException {
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        loader = new URLClassLoader(urls.toArray(URL[]::new), null);
        try (Stream<Path> packages = Files.list(jrt.getPath("/packages"))) {
            for (Path p : packages.toList()) {
                try (Stream<Path> modules = Files.list(p)) {
                    modules.findFirst().ifPresent(m -> moduleOfPackage.put(p.getFileName().toString(),
                            jrt.getPath("/modules", m.getFileName().toString())));
                }
            }
        }
        classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                ClassHierarchyResolver.ofResourceParsing(this::open).cached()),
                ClassFile.ConstantPoolSharingOption.NEW_POOL);
    }

    /** The model of class {@code desc} as the build sees it, if its class file is found. */
    Optional<ClassModel> model(ClassDesc desc) {
        return models.computeIfAbsent(desc, d -> {
            try (InputStream in = open(d)) {
                return in == null ? Optional.empty() : Optional.of(classFile.parse(in.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * Writes a class the build rewrote or generated, after checking it with the class-file API's verifier (the
     * JVM's type-checking rules), so that a class no test loads cannot fail verification at run time.
     */
    void write(Path file, byte[] bytes) throws IOException {
        List<VerifyError> errors = classFile.verify(bytes);
        if (!errors.isEmpty()) {
            throw new IllegalStateException(file + " fails verification: " + errors);
        }
        Files.write(file, bytes);
    }

    /** The class's {@code invokedynamic}s whose bootstrap method is in {@code bootstraps}, in code order. */
    static List<InvokeDynamicInstruction> invokeDynamics(ClassModel model, ClassDesc bootstraps) {
        List<InvokeDynamicInstruction> sites = new ArrayList<>();
        for (MethodModel m : model.methods()) {
            m.code().ifPresent(code -> code.forEach(e -> {
                if (e instanceof InvokeDynamicInstruction indy && indy.bootstrapMethod().owner().equals(bootstraps)) {
                    sites.add(indy);
                }
            }));
        }
        return sites;
    }

    static String internalName(ClassDesc desc) {
        return desc.descriptorString().substring(1, desc.descriptorString().length() - 1);
    }

    static String packageOf(ClassDesc desc) {
        String internal = internalName(desc);
        return internal.substring(0, Math.max(internal.lastIndexOf('/'), 0));
    }

    private InputStream open(ClassDesc desc) {
        if (!desc.isClassOrInterface()) {
            return null;
        }
        String file = internalName(desc) + ".class";
        try {
            InputStream in = loader.getResourceAsStream(file);
            if (in != null) {
                return new ByteArrayInputStream(in.readAllBytes());
            }
            Path module = moduleOfPackage.get(packageOf(desc).replace('/', '.'));
            return module == null || !Files.exists(module.resolve(file)) ? null : Files.newInputStream(module.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
