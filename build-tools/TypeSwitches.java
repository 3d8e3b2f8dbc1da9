import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Label;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.util.ArrayList;
import java.util.List;

/**
 * Replaces every {@code switch} with type patterns by a call to a static method of the same class that tests the case
 * labels with {@code instanceof}, in order (a rewrite of {@link Desugar}).
 *
 * <p>Why: javac compiles such a switch to an {@code invokedynamic} whose bootstrap,
 * {@code SwitchBootstraps.typeSwitch}, generates a hidden class with the class-file API the first time the switch
 * runs. That is 14-16 ms for the first switch of a JVM and about 0.5 ms for each further one, and the front end, the
 * passes and the node builder run 20-70 of them in the first {@code eval} of a fresh JVM; the classes are hidden, so
 * no class-data-sharing archive keeps them (see docs/performance.md, "Pattern switches, records and lambdas
 * without their bootstraps").
 * The replacement keeps the sources' exhaustive switches over sealed types, which javac still checks.
 *
 * <p>The generated method has the call site's type {@code (T, int) -> int} and the bootstrap's semantics: -1 for
 * {@code null}, else the index of the first label at or after the restart index (where a guard that failed resumes)
 * of which the value is an instance, else the number of labels. Only sites whose labels are all classes are
 * replaced; a remaining site (constant labels, {@code enumSwitch}) fails the build, so none goes unnoticed.
 */
final class TypeSwitches {
    private static final ClassDesc SWITCH_BOOTSTRAPS = ClassDesc.of("java.lang.runtime.SwitchBootstraps");
    private static final String PREFIX = "typeSwitch$";

    private TypeSwitches() {
    }

    /** The class with its type switches replaced, or null if it has none that can be. */
    static byte[] desugar(ClassFile classFile, ClassModel model) {
        return sites(model).stream().anyMatch(TypeSwitches::replaceable) ? rewrite(classFile, model) : null;
    }

    /** The class's switch call sites that are left to {@code SwitchBootstraps}, as {@code class: labels}. */
    static List<String> leftovers(ClassModel model) {
        return sites(model).stream().filter(s -> !replaceable(s))
                .map(s -> model.thisClass().asInternalName() + ": " + s.bootstrapArgs()).toList();
    }

    private static List<InvokeDynamicInstruction> sites(ClassModel model) {
        return ClassFiles.invokeDynamics(model, SWITCH_BOOTSTRAPS);
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

    private static byte[] rewrite(ClassFile classFile, ClassModel model) {
        ClassDesc self = model.thisClass().asSymbol();
        boolean isInterface = model.flags().has(AccessFlag.INTERFACE);
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
}
