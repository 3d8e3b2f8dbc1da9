import static java.lang.constant.ConstantDescs.CD_Object;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.util.Map;

/**
 * The conversions of a value between the types of a lambda's interface method and of its implementation, as
 * {@code LambdaMetafactory} applies them: reference casts, boxing, unboxing (with widening) and primitive widening.
 */
final class Conversions {
    private static final Map<String, ClassDesc> WRAPPERS = Map.of(
            "Z", ClassDesc.of("java.lang.Boolean"), "B", ClassDesc.of("java.lang.Byte"),
            "C", ClassDesc.of("java.lang.Character"), "S", ClassDesc.of("java.lang.Short"),
            "I", ClassDesc.of("java.lang.Integer"), "J", ClassDesc.of("java.lang.Long"),
            "F", ClassDesc.of("java.lang.Float"), "D", ClassDesc.of("java.lang.Double"));
    private static final String WIDENS = "BS BI BJ BF BD SI SJ SF SD CI CJ CF CD IJ IF ID JF JD FD";

    private Conversions() {
    }

    /** Whether {@link #emit} converts {@code from} to {@code to}. */
    static boolean possible(ClassDesc from, ClassDesc to) {
        if (from.equals(to) || !from.isPrimitive() && !to.isPrimitive()) {
            return true;
        }
        if (from.isPrimitive() && to.isPrimitive()) {
            return widens(from, to);
        }
        if (from.isPrimitive()) {
            return !from.equals(ConstantDescs.CD_void) && !to.isArray();
        }
        ClassDesc primitive = primitiveOf(from);
        return !to.equals(ConstantDescs.CD_void) && (primitive == null || primitive.equals(to) || widens(primitive, to));
    }

    /** Emits the conversion of the value on the stack from {@code from} to {@code to}. */
    static void emit(CodeBuilder code, ClassDesc from, ClassDesc to) {
        if (from.equals(to)) {
            return;
        }
        if (!from.isPrimitive() && !to.isPrimitive()) {
            if (!to.equals(CD_Object)) {
                code.checkcast(to);
            }
        } else if (from.isPrimitive() && to.isPrimitive()) {
            widen(code, from, to);
        } else if (from.isPrimitive()) {
            ClassDesc wrapper = wrapper(from);
            code.invokestatic(wrapper, "valueOf", MethodTypeDesc.of(wrapper, from));
            if (!to.equals(CD_Object)) {
                code.checkcast(to);
            }
        } else {
            ClassDesc primitive = primitiveOf(from);
            if (primitive == null) {
                primitive = to;
                code.checkcast(wrapper(to));
            }
            code.invokevirtual(wrapper(primitive), primitive.displayName() + "Value",
                    MethodTypeDesc.of(primitive));
            widen(code, primitive, to);
        }
    }

    /** The wrapper class of a primitive type. */
    static ClassDesc wrapper(ClassDesc primitive) {
        return WRAPPERS.get(primitive.descriptorString());
    }

    private static ClassDesc primitiveOf(ClassDesc wrapper) {
        for (Map.Entry<String, ClassDesc> e : WRAPPERS.entrySet()) {
            if (e.getValue().equals(wrapper)) {
                return ClassDesc.ofDescriptor(e.getKey());
            }
        }
        return null;
    }

    private static boolean widens(ClassDesc from, ClassDesc to) {
        return WIDENS.contains(from.descriptorString() + to.descriptorString());
    }

    private static void widen(CodeBuilder code, ClassDesc from, ClassDesc to) {
        if (from.equals(to)) {
            return;
        }
        TypeKind a = TypeKind.from(from);
        TypeKind b = TypeKind.from(to);
        if (a.slotSize() == 1 && b.slotSize() == 1 && a != TypeKind.FLOAT && b != TypeKind.FLOAT) {
            return; // byte, short, char to int: the same int on the stack
        }
        code.conversion(a.asLoadable(), b.asLoadable());
    }
}
