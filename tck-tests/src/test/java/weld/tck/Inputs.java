package weld.tck;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Value;

import weld.tck.WeldResultVerifier.GuestError;

/**
 * What a Weld parameter of a collection type receives from a polyglot value, as the models see it: a {@code vec}
 * takes an array element by element, or else a buffer as packed elements (a Java {@code ByteBuffer} in its own byte
 * order, other buffers in the platform's); a struct takes an array of its arity, or else an object's readable,
 * non-executable members in order.
 */
final class Inputs {
    private Inputs() {
    }

    /** The elements of {@code v} as a {@code vec[t]} argument, or the error naming the parameter. */
    static List<Number> vector(Scalar t, String param, Value v) throws GuestError {
        GuestError rejected = GuestError.argument(param, "vec[" + t.name + "]");
        List<Number> out = new ArrayList<>();
        if (v.hasArrayElements()) {
            for (long i = 0; i < v.getArraySize(); i++) {
                out.add(accept(t, v.getArrayElement(i), rejected));
            }
            return out;
        }
        if (!v.hasBufferElements()) {
            throw rejected;
        }
        int width = t.bits / 8;
        if (v.getBufferSize() % width != 0) {
            throw rejected;
        }
        ByteOrder order = v.isHostObject() && v.asHostObject() instanceof ByteBuffer b ? b.order() : ByteOrder.nativeOrder();
        for (long at = 0; at < v.getBufferSize(); at += width) {
            out.add(packed(t, v, order, at));
        }
        return out;
    }

    private static Number accept(Scalar t, Value element, GuestError rejected) throws GuestError {
        Number n = t.accept(element);
        if (n == null) {
            throw rejected;
        }
        return n;
    }

    private static Number packed(Scalar t, Value v, ByteOrder order, long at) {
        return switch (t) {
            case I8 -> BigInteger.valueOf(v.readBufferByte(at));
            case U8 -> BigInteger.valueOf(v.readBufferByte(at) & 0xFF);
            case I16 -> BigInteger.valueOf(v.readBufferShort(order, at));
            case U16 -> BigInteger.valueOf(v.readBufferShort(order, at) & 0xFFFF);
            case I32 -> BigInteger.valueOf(v.readBufferInt(order, at));
            case U32 -> BigInteger.valueOf(Integer.toUnsignedLong(v.readBufferInt(order, at)));
            case I64 -> BigInteger.valueOf(v.readBufferLong(order, at));
            case U64 -> new BigInteger(Long.toUnsignedString(v.readBufferLong(order, at)));
            case F32 -> (double) v.readBufferFloat(order, at);
            case F64 -> v.readBufferDouble(order, at);
        };
    }

    /** The {@code n} field values of {@code v} as a struct argument, or the error naming the parameter. */
    static List<Value> fields(int n, String param, String type, Value v) throws GuestError {
        List<Value> out = new ArrayList<>();
        if (v.hasArrayElements()) {
            for (long i = 0; i < v.getArraySize(); i++) {
                out.add(v.getArrayElement(i));
            }
        } else if (v.hasMembers()) {
            for (String key : v.getMemberKeys()) {
                Value member = v.getMember(key);
                if (member != null && !member.canExecute()) {
                    out.add(member);
                }
            }
        } else {
            throw GuestError.argument(param, type);
        }
        if (out.size() != n) {
            throw GuestError.argument(param, type);
        }
        return out;
    }
}
