package weld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The build's rewriting of pattern switches ({@code build-tools/DesugarTypeSwitches.java}): no class of the language
 * or of its tests bootstraps a switch at run time, and the rewritten switches of this class keep the semantics of
 * {@code SwitchBootstraps.typeSwitch} (label order, guards resuming at the next label, {@code null}, record patterns).
 */
class DesugaredTypeSwitchesTest {
    private sealed interface Shape permits Circle, Square, Pair {
    }

    private record Circle(double r) implements Shape {
    }

    private record Square(double side) implements Shape {
    }

    private record Pair(Shape left, Shape right) implements Shape {
    }

    @Test
    void noClassBootstrapsASwitch() throws IOException, URISyntaxException {
        List<String> sites = new ArrayList<>();
        sites.addAll(switchSites(classesOf(WeldLanguage.class)));
        sites.addAll(switchSites(classesOf(DesugaredTypeSwitchesTest.class)));
        assertEquals(List.of(), sites);
    }

    @Test
    void theFirstMatchingLabelWins() {
        assertEquals("int 3", describe(3));
        assertEquals("number 2.5", describe(2.5));
        assertEquals("text", describe("x"));
        assertEquals("other", describe(List.of()));
        assertEquals("null", describe(null));
    }

    @Test
    void aFailedGuardResumesAtTheNextLabel() {
        assertEquals("big 12", size(12));
        assertEquals("small 2", size(2));
        assertEquals("negative -1", size(-1));
        assertEquals("long 5", size(5L));
    }

    @Test
    void sealedTypesAndRecordPatternsAreExhaustive() {
        assertEquals(3.0, area(new Circle(1)));
        assertEquals(4.0, area(new Square(2)));
        assertEquals(13.0, area(new Pair(new Square(3), new Square(2))));
        assertEquals(-1.0, area(new Pair(new Circle(0), new Square(1))));
        assertThrows(NullPointerException.class, () -> area(null));
    }

    private static String describe(Object o) {
        return switch (o) {
            case null -> "null";
            case Integer i -> "int " + i;
            case Number n -> "number " + n;
            case String s -> "text";
            default -> "other";
        };
    }

    private static String size(Object o) {
        return switch (o) {
            case Integer i when i > 10 -> "big " + i;
            case Integer i when i >= 0 -> "small " + i;
            case Integer i -> "negative " + i;
            case Long l when l > 100 -> "huge " + l;
            default -> "long " + o;
        };
    }

    private static double area(Shape s) {
        return switch (s) {
            case Circle c -> 3 * c.r() * c.r();
            case Square q -> q.side() * q.side();
            case Pair(Circle c, Shape right) -> -1;
            case Pair(Shape left, Shape right) -> area(left) + area(right);
        };
    }

    private static Path classesOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The classes under {@code dir} with an {@code invokedynamic} bootstrapped by {@code SwitchBootstraps}. */
    private static List<String> switchSites(Path dir) throws IOException {
        assertTrue(Files.isDirectory(dir), dir + " is not a classes directory");
        ClassDesc bootstraps = ClassDesc.of("java.lang.runtime.SwitchBootstraps");
        List<String> sites = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                ClassModel model = ClassFile.of().parse(Files.readAllBytes(f));
                for (MethodModel m : model.methods()) {
                    m.code().ifPresent(code -> code.forEach(e -> {
                        if (e instanceof InvokeDynamicInstruction indy && indy.bootstrapMethod().owner().equals(bootstraps)) {
                            sites.add(model.thisClass().asInternalName());
                        }
                    }));
                }
            }
        }
        return sites.stream().distinct().toList();
    }
}
