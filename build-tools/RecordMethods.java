import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_String;
import static java.lang.constant.ConstantDescs.CD_boolean;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Label;
import java.lang.classfile.TypeKind;
import java.lang.classfile.attribute.InnerClassInfo;
import java.lang.classfile.attribute.InnerClassesAttribute;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDesc;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.util.List;

/**
 * Replaces the {@code invokedynamic}s of a record's generated {@code equals}, {@code hashCode} and {@code toString}
 * ({@code ObjectMethods.bootstrap}) by static methods of the record with the bootstrap's semantics (a rewrite of
 * {@link Desugar}): {@code equals} compares the components with {@code ==} ({@code float} and {@code double} with
 * their wrappers' {@code compare}) and references with {@code Objects.equals}; {@code hashCode} is {@code 31 * h +
 * hash(component)} over the components from 0, each hashed by its wrapper's {@code hashCode}; {@code toString} is
 * {@code Name[a=1, b=x]}. The bootstrap builds a tree of method handles for each record and method the first time
 * it runs (about 1 ms per record in a fresh JVM).
 */
final class RecordMethods {
    private static final ClassDesc OBJECT_METHODS = ClassDesc.of("java.lang.runtime.ObjectMethods");
    private static final ClassDesc OBJECTS = ClassDesc.of("java.util.Objects");
    private static final ClassDesc STRING_BUILDER = ClassDesc.of("java.lang.StringBuilder");
    private static final String PREFIX = "objectMethod$";

    private RecordMethods() {
    }

    /** The record with its object methods' call sites replaced, or null if it has none. */
    static byte[] desugar(ClassFile classFile, ClassModel model) {
        List<InvokeDynamicInstruction> sites = ClassFiles.invokeDynamics(model, OBJECT_METHODS);
        if (sites.isEmpty()) {
            return null;
        }
        ClassDesc self = model.thisClass().asSymbol();
        String simpleName = simpleName(model);
        CodeTransform calls = (code, element) -> {
            if (element instanceof InvokeDynamicInstruction indy && indy.bootstrapMethod().owner().equals(OBJECT_METHODS)) {
                code.invokestatic(self, PREFIX + indy.name().stringValue(), indy.typeSymbol());
            } else {
                code.with(element);
            }
        };
        ClassTransform helpers = ClassTransform.endHandler(cb -> {
            for (InvokeDynamicInstruction indy : sites) {
                List<ConstantDesc> args = indy.bootstrapArgs();
                String names = (String) args.get(1);
                List<String> components = names.isEmpty() ? List.of() : List.of(names.split(";"));
                List<DirectMethodHandleDesc> getters = args.subList(2, args.size()).stream()
                        .map(a -> (DirectMethodHandleDesc) a).toList();
                String method = indy.name().stringValue();
                int flags = ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC;
                cb.withMethodBody(PREFIX + method, indy.typeSymbol(), flags, code -> {
                    switch (method) {
                        case "equals" -> equalsBody(code, self, getters);
                        case "hashCode" -> hashCodeBody(code, getters);
                        case "toString" -> toStringBody(code, simpleName, components, getters);
                        default -> throw new IllegalStateException("unknown object method " + method);
                    }
                });
            }
        });
        return classFile.transformClass(model, ClassTransform.transformingMethodBodies(calls).andThen(helpers));
    }

    private static String simpleName(ClassModel model) {
        String internal = model.thisClass().asInternalName();
        for (InnerClassesAttribute attribute : model.findAttributes(Attributes.innerClasses())) {
            for (InnerClassInfo inner : attribute.classes()) {
                if (inner.innerClass().asInternalName().equals(internal) && inner.innerName().isPresent()) {
                    return inner.innerName().get().stringValue();
                }
            }
        }
        return internal.substring(internal.lastIndexOf('/') + 1);
    }

    private static void getField(CodeBuilder code, int slot, DirectMethodHandleDesc getter) {
        code.aload(slot).getfield(getter.owner(), getter.methodName(), ClassDesc.ofDescriptor(getter.lookupDescriptor()));
    }

    private static void equalsBody(CodeBuilder code, ClassDesc self, List<DirectMethodHandleDesc> getters) {
        Label notSame = code.newLabel();
        Label isFalse = code.newLabel();
        code.aload(0).aload(1).if_acmpne(notSame).iconst_1().ireturn();
        code.labelBinding(notSame);
        code.aload(1).instanceOf(self).ifeq(isFalse);
        code.aload(1).checkcast(self).astore(1);
        for (DirectMethodHandleDesc g : getters) {
            ClassDesc type = ClassDesc.ofDescriptor(g.lookupDescriptor());
            getField(code, 0, g);
            getField(code, 1, g);
            switch (TypeKind.from(type)) {
                case FLOAT, DOUBLE -> code.invokestatic(Conversions.wrapper(type), "compare",
                        MethodTypeDesc.of(CD_int, type, type)).ifne(isFalse);
                case LONG -> code.lcmp().ifne(isFalse);
                case REFERENCE -> code.invokestatic(OBJECTS, "equals", MethodTypeDesc.of(CD_boolean, CD_Object, CD_Object))
                        .ifeq(isFalse);
                default -> code.if_icmpne(isFalse);
            }
        }
        code.iconst_1().ireturn();
        code.labelBinding(isFalse);
        code.iconst_0().ireturn();
    }

    private static void hashCodeBody(CodeBuilder code, List<DirectMethodHandleDesc> getters) {
        code.iconst_0();
        for (DirectMethodHandleDesc g : getters) {
            ClassDesc type = ClassDesc.ofDescriptor(g.lookupDescriptor());
            code.bipush(31).imul();
            getField(code, 0, g);
            if (type.isPrimitive()) {
                code.invokestatic(Conversions.wrapper(type), "hashCode", MethodTypeDesc.of(CD_int, type));
            } else {
                code.invokestatic(OBJECTS, "hashCode", MethodTypeDesc.of(CD_int, CD_Object));
            }
            code.iadd();
        }
        code.ireturn();
    }

    private static void toStringBody(CodeBuilder code, String simpleName, List<String> components,
                                     List<DirectMethodHandleDesc> getters) {
        code.new_(STRING_BUILDER).dup().ldc(simpleName + "[")
                .invokespecial(STRING_BUILDER, "<init>", MethodTypeDesc.of(CD_void, CD_String));
        for (int i = 0; i < getters.size(); i++) {
            ClassDesc type = ClassDesc.ofDescriptor(getters.get(i).lookupDescriptor());
            code.ldc((i == 0 ? "" : ", ") + components.get(i) + "=").invokevirtual(STRING_BUILDER, "append",
                    MethodTypeDesc.of(STRING_BUILDER, CD_String));
            getField(code, 0, getters.get(i));
            ClassDesc appended = switch (TypeKind.from(type)) {
                case BYTE, SHORT, INT -> CD_int;
                case REFERENCE -> CD_Object;
                default -> type;
            };
            code.invokevirtual(STRING_BUILDER, "append", MethodTypeDesc.of(STRING_BUILDER, appended));
        }
        code.ldc("]").invokevirtual(STRING_BUILDER, "append", MethodTypeDesc.of(STRING_BUILDER, CD_String))
                .invokevirtual(STRING_BUILDER, "toString", MethodTypeDesc.of(CD_String)).areturn();
    }
}
