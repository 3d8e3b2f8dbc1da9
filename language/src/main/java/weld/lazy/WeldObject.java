package weld.lazy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.WeldContext;
import weld.runtime.MemberNames;
import weld.types.WeldType;

/**
 * A lazily evaluated Weld value, the paper's WeldObject (§4.1): either data of the host with a declared Weld type,
 * or a fragment of Weld code over named inputs that are other WeldObjects. Creating one runs nothing (a fragment is
 * only type-checked); {@code evaluate()} runs the whole graph below it as one program and keeps the result, which
 * later evaluations of objects that depend on this one take as an input instead of computing it again.
 *
 * <p>Members for other languages: {@code evaluate()} and {@code evaluate(memoryLimitBytes)}, {@code program()} (the
 * Weld program {@code evaluate} would run now), {@code optimized()} (that program's IR after the optimization passes,
 * e.g. to count the loops left after fusion), and the readable {@code name}, {@code type} and {@code evaluated}.
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldObject implements TruffleObject {
    private static final AtomicLong NEXT_ID = new AtomicLong();
    private static final MemberNames MEMBERS = new MemberNames("evaluate", "program", "optimized", "name", "type",
            "evaluated");

    final String name;
    final WeldType type;
    /** The Weld code, or null for data. */
    final String fragment;
    /** The inputs by the names the fragment uses, in declaration order; empty for data. */
    final Map<String, WeldObject> inputs;
    /** The host value of data; null for a fragment. */
    final Object data;
    private volatile Object result;

    private WeldObject(String name, WeldType type, String fragment, Map<String, WeldObject> inputs, Object data) {
        this.name = name;
        this.type = type;
        this.fragment = fragment;
        this.inputs = inputs;
        this.data = data;
    }

    /** Host data {@code value}, passed to Weld as {@code type} (written in Weld syntax) when evaluated. */
    @TruffleBoundary
    static WeldObject data(Object value, String type, String name) {
        String own = nameOr(name);
        return new WeldObject(own, FragmentCheck.parseType(own, type), null, Map.of(), value);
    }

    /** The fragment {@code code} over {@code inputs}; a parse or type error in it is raised here. */
    @TruffleBoundary
    static WeldObject fragment(String code, Map<String, WeldObject> inputs, String name) {
        Map<String, WeldType> types = new LinkedHashMap<>();
        inputs.forEach((n, o) -> types.put(n, o.type));
        String own = nameOr(name);
        return new WeldObject(own, FragmentCheck.resultType(own, code, types), code,
                Collections.unmodifiableMap(new LinkedHashMap<>(inputs)), null);
    }

    /** {@code name}, or a generated {@code #N} when the library gave none. */
    private static String nameOr(String name) {
        return name != null ? name : "#" + NEXT_ID.incrementAndGet();
    }

    /** The result of an earlier evaluation of this object, or null. */
    Object knownValue() {
        return result;
    }

    void remember(Object value) {
        result = value;
    }

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
        return member.equals("evaluate") || member.equals("program") || member.equals("optimized");
    }

    @ExportMessage
    @TruffleBoundary
    Object readMember(String member) throws UnknownIdentifierException {
        return switch (member) {
            case "name" -> name;
            case "type" -> type.toString();
            case "evaluated" -> result != null;
            case "evaluate", "program", "optimized" -> new BoundMethod(this, member);
            default -> throw UnknownIdentifierException.create(member);
        };
    }

    @ExportMessage
    @TruffleBoundary
    Object invokeMember(String member, Object[] args) throws UnknownIdentifierException, ArityException {
        LazyRuntime runtime = WeldContext.get(null).lazy();
        return switch (member) {
            case "evaluate" -> {
                if (args.length > 1) {
                    throw ArityException.create(0, 1, args.length);
                }
                yield runtime.evaluate(this, args.length == 0 ? null : args[0]);
            }
            case "program", "optimized" -> {
                if (args.length != 0) {
                    throw ArityException.create(0, 0, args.length);
                }
                yield member.equals("program") ? runtime.program(this) : runtime.optimized(this);
            }
            default -> throw UnknownIdentifierException.create(member);
        };
    }

    @ExportMessage
    @TruffleBoundary
    Object toDisplayString(boolean allowSideEffects) {
        return toString();
    }

    @Override
    public String toString() {
        return "weld lazy " + (fragment == null ? "data" : "fragment") + " '" + name + "': " + type;
    }
}
