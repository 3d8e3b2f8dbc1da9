package weld.lazy;

import java.util.LinkedHashMap;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.WeldContext;
import weld.WeldException;
import weld.runtime.MemberNames;

/**
 * The entry point of the lazy API, the same object for every language: {@code Context.eval("weld", "lazy")} (from
 * JavaScript {@code Polyglot.eval("weld", "lazy")}, from Python {@code polyglot.eval(language="weld",
 * string="lazy")}) or the member {@code lazy} of the language bindings ({@code context.getBindings("weld")}).
 *
 * <p>Members, after the paper's two {@code NewWeldObject} calls: {@code data(value, type[, name])} wraps host data
 * with its Weld type; {@code fragment(code, inputs[, name])} makes a computation whose Weld {@code code} refers to
 * the WeldObjects of {@code inputs} (an object's members or a dictionary's entries) by their keys. The optional name
 * labels errors and, when it is an identifier, the generated program. {@code compilations()} counts the programs
 * this context compiled for evaluations.
 */
@ExportLibrary(InteropLibrary.class)
final class LazyApi implements TruffleObject {
    /** The source text whose evaluation yields this object. */
    static final String SOURCE = "lazy";

    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();
    private static final MemberNames MEMBERS = new MemberNames("data", "fragment", "compilations");

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(boolean includeInternal) {
        return MEMBERS;
    }

    @ExportMessage
    boolean isMemberReadable(String member) {
        return MEMBERS.contains(member);
    }

    @ExportMessage
    boolean isMemberInvocable(String member) {
        return MEMBERS.contains(member);
    }

    @ExportMessage
    Object readMember(String member) throws UnknownIdentifierException {
        if (!MEMBERS.contains(member)) {
            throw UnknownIdentifierException.create(member);
        }
        return new BoundMethod(this, member);
    }

    @ExportMessage
    @TruffleBoundary
    Object invokeMember(String member, Object[] args) throws UnknownIdentifierException, ArityException {
        return switch (member) {
            case "data" -> {
                arity(args, 2, 3);
                yield WeldObject.data(args[0], string(args[1], "data: the type"), name(args, 2));
            }
            case "fragment" -> {
                arity(args, 2, 3);
                yield WeldObject.fragment(string(args[0], "fragment: the code"), inputs(args[1]), name(args, 2));
            }
            case "compilations" -> {
                arity(args, 0, 0);
                yield WeldContext.get(null).lazy().compilations();
            }
            default -> throw UnknownIdentifierException.create(member);
        };
    }

    @ExportMessage
    Object toDisplayString(boolean allowSideEffects) {
        return "weld lazy api";
    }

    private static void arity(Object[] args, int min, int max) throws ArityException {
        if (args.length < min || args.length > max) {
            throw ArityException.create(min, max, args.length);
        }
    }

    private static String name(Object[] args, int i) {
        return args.length <= i || INTEROP.isNull(args[i]) ? null : string(args[i], "the name");
    }

    private static String string(Object v, String what) {
        try {
            return INTEROP.asString(v);
        } catch (InteropException e) {
            throw WeldException.runtime(null, what + " must be a string, got " + describe(v), null);
        }
    }

    /** The inputs of a fragment from a dictionary (hash entries) or an object (members), in their order. */
    private static Map<String, WeldObject> inputs(Object v) {
        Map<String, WeldObject> inputs = new LinkedHashMap<>();
        try {
            if (INTEROP.hasHashEntries(v)) {
                Object it = INTEROP.getHashEntriesIterator(v);
                while (INTEROP.hasIteratorNextElement(it)) {
                    Object entry = INTEROP.getIteratorNextElement(it);
                    put(inputs, string(INTEROP.readArrayElement(entry, 0), "fragment: an input name"),
                            INTEROP.readArrayElement(entry, 1));
                }
            } else if (INTEROP.hasMembers(v)) {
                Object keys = INTEROP.getMembers(v);
                for (long i = 0; i < INTEROP.getArraySize(keys); i++) {
                    String key = INTEROP.asString(INTEROP.readArrayElement(keys, i));
                    put(inputs, key, INTEROP.readMember(v, key));
                }
            } else {
                throw WeldException.runtime(null, "fragment: the inputs must be an object or a dictionary of lazy "
                        + "Weld objects, got " + describe(v), null);
            }
        } catch (InteropException e) {
            throw WeldException.runtime(null, "fragment: the inputs cannot be read: " + e.getMessage(), null);
        }
        return inputs;
    }

    private static void put(Map<String, WeldObject> inputs, String name, Object value) {
        if (!FragmentCheck.isIdentifier(name)) {
            throw WeldException.runtime(null, "fragment: the input name '" + name + "' is not a Weld identifier", null);
        }
        if (!(value instanceof WeldObject o)) {
            throw WeldException.runtime(null, "fragment: the input '" + name + "' is not a lazy Weld object but "
                    + describe(value) + "; wrap host data with data(value, type)", null);
        }
        inputs.put(name, o);
    }

    static String describe(Object v) {
        try {
            String s = INTEROP.asString(INTEROP.toDisplayString(v, false));
            return s.length() > 60 ? s.substring(0, 57) + "..." : s;
        } catch (InteropException e) {
            return String.valueOf(v);
        }
    }
}
