package weld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.lang.runtime.ObjectMethods;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The build's rewriting of compiled classes ({@code build-tools/Desugar.java}): no class of the language or of its
 * tests bootstraps a type switch or a record's methods at run time, and the rewritten code of this class behaves as
 * the bootstraps would: type switches ({@code SwitchBootstraps.typeSwitch}: label order, guards resuming at the next
 * label, {@code null}, record patterns), records' {@code equals}, {@code hashCode} and {@code toString} (compared with
 * {@code ObjectMethods.bootstrap} itself) and lambdas ({@code LambdaMetafactory}: captures, conversions, method
 * references). The rewrite runs in Maven's {@code process-classes} and {@code process-test-classes} phases; a build
 * that skips them (an IDE's own) fails the first test here.
 */
class DesugaredClassesTest {
    private sealed interface Shape permits Circle, Square, Pair {
    }

    private record Circle(double r) implements Shape {
    }

    private record Square(double side) implements Shape {
    }

    private record Pair(Shape left, Shape right) implements Shape {
    }

    private record Everything(boolean z, byte b, char c, short s, int i, long j, float f, double d, String text,
                              int[] array) {
    }

    private record Empty() {
    }

    @Test
    void noClassBootstrapsASwitchOrARecordMethod() throws IOException, URISyntaxException {
        List<String> sites = new ArrayList<>();
        sites.addAll(bootstrapSites(classesOf(WeldLanguage.class)));
        sites.addAll(bootstrapSites(classesOf(DesugaredClassesTest.class)));
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

    @Test
    void recordMethodsAreTheBootstrapsOwn() throws Throwable {
        int[] array = {1};
        List<Everything> values = List.of(
                new Everything(true, (byte) -3, 'x', (short) 7, -11, 1L << 40, 1.5f, -0.0, "a", array),
                new Everything(true, (byte) -3, 'x', (short) 7, -11, 1L << 40, 1.5f, -0.0, "a", array),
                new Everything(true, (byte) -3, 'x', (short) 7, -11, 1L << 40, 1.5f, 0.0, "a", array),
                new Everything(false, (byte) 0, '\0', (short) 0, 0, 0, Float.NaN, Double.NaN, null, null),
                new Everything(false, (byte) 0, '\0', (short) 0, 0, 0, Float.NaN, Double.NaN, null, null),
                new Everything(true, (byte) -3, 'x', (short) 7, -11, 1L << 40, 1.5f, -0.0, "b", array));
        MethodHandle equals = bootstrap(Everything.class, "equals");
        MethodHandle hashCode = bootstrap(Everything.class, "hashCode");
        MethodHandle toString = bootstrap(Everything.class, "toString");
        for (Everything a : values) {
            assertEquals((int) hashCode.invoke(a), a.hashCode());
            assertEquals((String) toString.invoke(a), a.toString());
            for (Everything b : values) {
                assertEquals((boolean) equals.invoke(a, (Object) b), a.equals(b), a + " equals " + b);
            }
            assertEquals(false, a.equals("x"));
            assertEquals(false, a.equals(null));
        }
        assertEquals((String) bootstrap(Empty.class, "toString").invoke(new Empty()), new Empty().toString());
        assertEquals((int) bootstrap(Empty.class, "hashCode").invoke(new Empty()), new Empty().hashCode());
        assertEquals(new Empty(), new Empty());
        assertEquals("Pair[left=Circle[r=1.0], right=null]", new Pair(new Circle(1), null).toString());
    }

    @Test
    void lambdasCaptureConvertAndCall() {
        long base = 1L << 33;
        int k = 3;
        LongBinaryOperator add = (a, b) -> a + b + base + k;
        assertEquals(5 + 7 + base + 3, add.applyAsLong(5, 7));
        Function<Integer, Long> widen = i -> i + base;
        assertEquals(base + 4, widen.apply(4));
        ToIntFunction<String> length = String::length;
        assertEquals(3, length.applyAsInt("abc"));
        BiFunction<String, Integer, Character> charAt = String::charAt;
        assertEquals('c', charAt.apply("abc", 2));
        Supplier<List<String>> make = ArrayList::new;
        assertEquals(List.of(), make.get());
        StringBuilder sb = new StringBuilder();
        Function<String, StringBuilder> append = sb::append;
        append.apply("x").append('y');
        assertEquals("xy", sb.toString());
        IntSupplier self = this::answer;
        assertEquals(42, self.getAsInt());
        Runnable discard = sb::length;
        discard.run();
        for (Object lambda : List.of(add, widen, length, charAt, make, append, discard, nonCapturing())) {
            assertFalse(lambda.getClass().isHidden(), lambda.getClass() + " was made by the metafactory");
        }
        assertSame(nonCapturing(), nonCapturing());
        assertNotEquals(capturing(1), capturing(1));
    }

    private int answer() {
        return 42;
    }

    private static Supplier<String> nonCapturing() {
        return () -> "x";
    }

    private static Supplier<String> capturing(int i) {
        return () -> "x" + i;
    }

    private static MethodHandle bootstrap(Class<? extends Record> type, String method) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        RecordComponent[] components = type.getRecordComponents();
        MethodHandle[] getters = new MethodHandle[components.length];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            getters[i] = lookup.unreflectGetter(type.getDeclaredField(components[i].getName()));
            names.add(components[i].getName());
        }
        MethodType methodType = switch (method) {
            case "equals" -> MethodType.methodType(boolean.class, type, Object.class);
            case "hashCode" -> MethodType.methodType(int.class, type);
            default -> MethodType.methodType(String.class, type);
        };
        Object site = ObjectMethods.bootstrap(lookup, method, methodType, type, String.join(";", names), getters);
        return ((java.lang.invoke.CallSite) site).dynamicInvoker();
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

    /** The classes under {@code dir} with a type switch or record method left to its bootstrap. */
    private static List<String> bootstrapSites(Path dir) throws IOException {
        assertTrue(Files.isDirectory(dir), dir + " is not a classes directory");
        List<ClassDesc> bootstraps = List.of(ClassDesc.of("java.lang.runtime.SwitchBootstraps"),
                ClassDesc.of("java.lang.runtime.ObjectMethods"));
        List<String> sites = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                ClassModel model = ClassFile.of().parse(Files.readAllBytes(f));
                for (MethodModel m : model.methods()) {
                    m.code().ifPresent(code -> code.forEach(e -> {
                        if (e instanceof InvokeDynamicInstruction indy && bootstraps.contains(indy.bootstrapMethod().owner())) {
                            sites.add(model.thisClass().asInternalName());
                        }
                    }));
                }
            }
        }
        return sites.stream().distinct().toList();
    }
}
