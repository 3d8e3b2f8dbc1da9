package weld.tck;

import java.util.function.Predicate;

import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.tck.TypeDescriptor;

/**
 * A snippet parameter: its TCK type, and which actual values the TCK counts as of that type. The TCK decides with
 * the types that value constructors declare, so a Java {@code BigInteger} (declared a number, though it is also a host
 * object) is no object for it; {@link #arrayOrObject} mirrors that, {@link #of} uses the value's own type.
 */
record Param(TypeDescriptor type, Predicate<Value> applies) {
    static Param of(TypeDescriptor type) {
        return new Param(type, v -> type.isAssignable(TypeDescriptor.forValue(v)));
    }

    /**
     * An array whose elements satisfy {@code element}, or an object: a host object other than a Java array (Java
     * lists, buffers, POJOs are declared objects, Java arrays only arrays), or another value with members.
     */
    static Param arrayOrObject(TypeDescriptor elementType, Predicate<Value> element) {
        return new Param(TypeDescriptor.union(TypeDescriptor.array(elementType), TypeDescriptor.OBJECT), v -> {
            if (v.isNumber() || v.isString() || v.isBoolean() || v.isNull()) {
                return false;
            }
            if (v.isHostObject() && !v.asHostObject().getClass().isArray()) {
                return true;
            }
            if (v.hasArrayElements()) {
                for (long i = 0; i < v.getArraySize(); i++) {
                    if (!element.test(v.getArrayElement(i))) {
                        return false;
                    }
                }
                return true;
            }
            return v.hasMembers();
        });
    }
}
