import java.io.IOException;
import java.lang.classfile.ClassModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Rewrites compiled classes so that the first run of their code links no {@code invokedynamic} that spins classes or
 * method handles: {@link TypeSwitches} (pattern switches), {@link RecordMethods} (records' {@code equals},
 * {@code hashCode} and {@code toString}) and {@link Lambdas} (lambdas and method references). Run by the build on
 * each module's classes and test classes after {@code javac}; usage: {@code java build-tools/Desugar.java
 * CLASSES-DIR [CLASS-PATH]}. A first {@code eval} in a fresh JVM linked about 70 type switches and 80 lambdas of the
 * language (see docs/performance.md, "Pattern switches, records and lambdas without their bootstraps").
 */
public final class Desugar {
    private Desugar() {
    }

    public static void main(String[] args) throws IOException {
        Path classes = Path.of(args[0]);
        if (!Files.isDirectory(classes)) {
            return;
        }
        ClassFiles files = new ClassFiles(classes, args.length > 1 ? args[1] : "");
        List<String> left = new ArrayList<>();
        for (Path file : classFiles(classes)) {
            ClassModel model = files.classFile.parse(Files.readAllBytes(file));
            byte[] rewritten = TypeSwitches.desugar(files.classFile, model);
            if (rewritten != null) {
                files.write(file, rewritten);
                model = files.classFile.parse(rewritten);
            }
            left.addAll(TypeSwitches.leftovers(model));
            rewritten = RecordMethods.desugar(files.classFile, model);
            if (rewritten != null) {
                files.write(file, rewritten);
                model = files.classFile.parse(rewritten);
            }
            Lambdas.desugar(files, model, file);
        }
        if (!left.isEmpty()) {
            System.err.println("switches left to SwitchBootstraps (labels other than classes; write them as instanceof "
                    + "tests or teach build-tools/TypeSwitches.java their labels):");
            left.forEach(s -> System.err.println("  " + s));
            System.exit(1);
        }
    }

    private static List<Path> classFiles(Path classes) throws IOException {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(f -> f.toString().endsWith(".class") && !Lambdas.isGenerated(f)).sorted().toList();
        }
    }
}
