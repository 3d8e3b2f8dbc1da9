package weld.runtime;

import java.math.BigInteger;
import java.util.regex.Pattern;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnsupportedMessageException;

import weld.WeldException;
import weld.runtime.external.ExternalBuffer;
import weld.runtime.external.ZeroCopy;
import weld.syntax.ScalarKind;
import weld.types.WeldType;

/**
 * Converts an argument from another language (or the launcher) to the carrier of a declared Weld parameter type.
 * Numbers are range-checked for the type (a 300 for a {@code u8} is an error, not a wrap-around); a Java primitive
 * array, a NIO buffer, a JavaScript typed array or a Python buffer of the element's type becomes a {@code vec}
 * without copying ({@link ZeroCopy}), and a Java map of such arrays a {@code vec} of structs (its columns); other
 * arrays are copied once. A mismatch is a
 * runtime error naming the parameter, the expected type and what was passed.
 */
public final class ArgumentConverter {
    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();
    private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final Env env;

    public ArgumentConverter(Env env) {
        this.env = env;
    }

    @TruffleBoundary
    public Object convert(WeldType type, Object value, String param) {
        try {
            return convert(type.resolve(), value);
        } catch (Mismatch | UnsupportedMessageException e) {
            throw WeldException.runtime(null, "argument '" + param + "': expected " + type + " but got "
                    + describe(value) + (e instanceof Mismatch m && m.getMessage() != null ? " (" + m.getMessage() + ")" : ""), null);
        }
    }

    /**
     * {@code value}, a dictionary key given by another language, as a value of {@code type} to look up, or null if it
     * is not one. Host objects (a Java {@code byte[]}, a {@code ByteBuffer}) convert as arguments do, and vectors may
     * be read in place from the caller's memory: the result is for one lookup, not to be kept.
     */
    @TruffleBoundary
    public static Object tryConvertKey(WeldType type, Object value) {
        try {
            return new ArgumentConverter(weld.WeldContext.get(null).env()).convert(type.resolve(), value);
        } catch (Mismatch | UnsupportedMessageException | ZeroCopy.Unfit e) {
            return null;
        }
    }

    private Object convert(WeldType t, Object v) throws UnsupportedMessageException {
        return switch (t) {
            case WeldType.Scalar s -> scalar(s.kind(), v);
            case WeldType.Vec vec -> vector(vec, v);
            case WeldType.Struct st -> struct(st, v);
            case WeldType.Dict d -> dict(d, v);
            default -> throw new Mismatch("values of this type cannot be passed in");
        };
    }

    private Object scalar(ScalarKind k, Object v) throws UnsupportedMessageException {
        if (k == ScalarKind.BOOL) {
            if (!INTEROP.isBoolean(v)) {
                throw new Mismatch(null);
            }
            return INTEROP.asBoolean(v);
        }
        if (!INTEROP.isNumber(v)) {
            throw new Mismatch(null);
        }
        if (k.isFloat()) {
            if (!INTEROP.fitsInDouble(v)) {
                throw new Mismatch("not representable as a floating-point number");
            }
            double d = INTEROP.asDouble(v);
            return k == ScalarKind.F32 ? (Object) (float) d : (Object) d;
        }
        if (k == ScalarKind.U64) {
            if (INTEROP.fitsInLong(v)) {
                return integer(k, INTEROP.asLong(v));
            }
            if (INTEROP.fitsInBigInteger(v)) {
                BigInteger b = INTEROP.asBigInteger(v);
                if (b.signum() < 0 || b.compareTo(U64_MAX) > 0) {
                    throw new Mismatch("out of range");
                }
                return b.longValue();
            }
            throw new Mismatch("not an integer");
        }
        if (!INTEROP.fitsInLong(v)) {
            throw new Mismatch(INTEROP.fitsInBigInteger(v) || !INTEROP.fitsInDouble(v) ? "out of range" : "not an integer");
        }
        return integer(k, INTEROP.asLong(v));
    }

    /** {@code l} as integer kind {@code k} in its carrier, if in {@code k}'s range. */
    private static Object integer(ScalarKind k, long l) {
        if (k == ScalarKind.U64) {
            if (l < 0) {
                throw new Mismatch("out of range");
            }
            return l;
        }
        long min = k.isUnsigned() ? 0 : -(1L << (k.bits - 1));
        long max = k == ScalarKind.I64 ? Long.MAX_VALUE : k.isUnsigned() ? (1L << k.bits) - 1 : (1L << (k.bits - 1)) - 1;
        if (l < min || l > max) {
            throw new Mismatch("out of range");
        }
        return k == ScalarKind.I64 ? (Object) l : (Object) (int) l;
    }

    private WeldVector vector(WeldType.Vec t, Object v) throws UnsupportedMessageException {
        if (v instanceof WeldVector own && own.elemType.resolve().equals(t.elem().resolve())) {
            return own;
        }
        ScalarKind k = Storage.kindOf(t.elem());
        if (k != null && env != null) {
            try {
                WeldVector inPlace = ZeroCopy.view(env, t.elem(), k, v);
                if (inPlace != null) {
                    return inPlace;
                }
            } catch (ZeroCopy.Unfit e) {
                throw new Mismatch(e.getMessage());
            }
        }
        Object host = env != null && env.isHostObject(v) ? env.asHostObject(v) : null;
        if (k != null && (host instanceof long[] || host instanceof double[])) {
            return convertHostNumbers(t, host);
        }
        StructLayout layout = host instanceof java.util.Map<?, ?> ? StructLayout.of(t.elem()) : null;
        if (layout != null) {
            return columns(t, layout, (java.util.Map<?, ?>) host);
        }
        if (host instanceof Object[] rows && t.elem().resolve() instanceof WeldType.Vec row
                && Storage.kindOf(row.elem()) != null) {
            return hostRows(t, row, rows);
        }
        ExternalBuffer typed = k == null || v instanceof WeldVector ? null : ZeroCopy.typedBuffer(v);
        if (typed != null) {
            return convertElements(t, typed);
        }
        if (!INTEROP.hasArrayElements(v)) {
            throw new Mismatch(null);
        }
        long n = INTEROP.getArraySize(v);
        if (n > Integer.MAX_VALUE - 8) {
            throw new Mismatch("too many elements");
        }
        Object store = Storage.newStore(t.elem(), (int) n);
        for (int i = 0; i < n; i++) {
            try {
                Storage.writeBoxed(k, store, i, convert(t.elem().resolve(), INTEROP.readArrayElement(v, i)));
            } catch (com.oracle.truffle.api.interop.InvalidArrayIndexException e) {
                throw new Mismatch("unreadable element " + i);
            } catch (Mismatch m) {
                throw new Mismatch("element " + i + ": " + (m.getMessage() == null ? "expected " + t.elem() : m.getMessage()));
            }
        }
        return new WeldVector(t.elem(), store, 0, (int) n);
    }

    /**
     * Copies a Java {@code long[]} or {@code double[]} of numbers into a vector of another element type, converting
     * (and range-checking) each as it would be read through interop, without an interop read per element (integers
     * into integer kinds without any interop message).
     */
    private WeldVector convertHostNumbers(WeldType.Vec t, Object array) throws UnsupportedMessageException {
        ScalarKind k = Storage.kindOf(t.elem());
        int n = java.lang.reflect.Array.getLength(array);
        Object store = Storage.newArray(k, n);
        for (int i = 0; i < n; i++) {
            try {
                Object x = array instanceof long[] l && !k.isFloat() && k != ScalarKind.BOOL ? integer(k, l[i])
                        : scalar(k, array instanceof long[] l ? (Object) l[i] : (Object) ((double[]) array)[i]);
                Storage.writeBoxed(k, store, i, x);
            } catch (Mismatch m) {
                throw new Mismatch("element " + i + ": " + (m.getMessage() == null ? "expected " + t.elem() : m.getMessage()));
            }
        }
        return new WeldVector(t.elem(), store, 0, n);
    }

    /**
     * A vector of vectors of scalars from a Java array of rows ({@code byte[][]}, or the launcher's rows of JSON
     * numbers as {@code long[]} and {@code double[]}): each primitive row read in place where it holds the element
     * type, else converted in one pass, without an interop read per row; other rows as any argument.
     */
    private WeldVector hostRows(WeldType.Vec t, WeldType.Vec row, Object[] rows) throws UnsupportedMessageException {
        ScalarKind k = Storage.kindOf(row.elem());
        Object store = Storage.newStore(t.elem(), rows.length);
        for (int i = 0; i < rows.length; i++) {
            Object r = rows[i];
            try {
                WeldVector x;
                if (r != null && r.getClass().isArray() && Storage.isArrayOf(k, r)) {
                    x = new WeldVector(row.elem(), r, 0, java.lang.reflect.Array.getLength(r));
                } else if (r instanceof long[] || r instanceof double[]) {
                    x = convertHostNumbers(row, r);
                } else {
                    x = vector(row, env.asGuestValue(r));
                }
                Storage.writeBoxed(null, store, i, x);
            } catch (Mismatch m) {
                throw new Mismatch("element " + i + ": " + (m.getMessage() == null ? "expected " + t.elem() : m.getMessage()));
            }
        }
        return new WeldVector(t.elem(), store, 0, rows.length);
    }

    /**
     * A vector of structs of scalars from a Java map of columns (as {@code weld run} reads a NumPy structured array):
     * in the map's order, one array per scalar field (a nested struct's fields in order), all of one length. An
     * array of the field's width is read in place; a {@code long[]} or {@code double[]} is converted as a vector of
     * the field's type would be.
     */
    private WeldVector columns(WeldType.Vec t, StructLayout layout, java.util.Map<?, ?> map) throws UnsupportedMessageException {
        if (map.size() != layout.columnCount()) {
            throw new Mismatch("a map of " + map.size() + " columns for " + layout.columnCount() + " scalar fields");
        }
        Object[] columns = new Object[map.size()];
        String first = null;
        int j = 0;
        for (java.util.Map.Entry<?, ?> e : map.entrySet()) {
            ScalarKind k = layout.kind(j);
            Object a = e.getValue();
            String name = "column '" + e.getKey() + "'";
            try {
                if (Storage.isArrayOf(k, a)) {
                    columns[j] = a;
                } else if (a instanceof long[] || a instanceof double[]) {
                    columns[j] = convertHostNumbers(new WeldType.Vec(new WeldType.Scalar(k)), a).store;
                } else {
                    throw new Mismatch("expected a Java array of " + k.name().toLowerCase(java.util.Locale.ROOT) + " but got " + (a == null ? "null" : a.getClass().getSimpleName()));
                }
            } catch (Mismatch m) {
                throw new Mismatch(name + ": " + (m.getMessage() == null ? "expected " + k : m.getMessage()));
            }
            int n = java.lang.reflect.Array.getLength(columns[j]);
            int n0 = java.lang.reflect.Array.getLength(columns[0]);
            if (n != n0) {
                throw new Mismatch(name + " has " + n + " elements but " + first + " has " + n0);
            }
            first = first == null ? name : first;
            j++;
        }
        return new WeldVector(t.elem(), new StructColumns(layout, columns), 0, java.lang.reflect.Array.getLength(columns[0]));
    }

    /** Copies a typed sequence of another element type, converting (and range-checking) each value. */
    private WeldVector convertElements(WeldType.Vec t, ExternalBuffer source) throws UnsupportedMessageException {
        ScalarKind k = Storage.kindOf(t.elem());
        WeldType sourceType = new WeldType.Scalar(source.kind);
        Object store = Storage.newArray(k, source.length);
        for (int i = 0; i < source.length; i++) {
            try {
                Storage.writeBoxed(k, store, i, scalar(k, Exporter.export(sourceType, source.readBoxed(i))));
            } catch (Mismatch m) {
                throw new Mismatch("element " + i + ": " + (m.getMessage() == null ? "expected " + t.elem() : m.getMessage()));
            }
        }
        return new WeldVector(t.elem(), store, 0, source.length);
    }

    private WeldStruct struct(WeldType.Struct t, Object v) throws UnsupportedMessageException {
        int n = t.fields().size();
        Object[] source = INTEROP.hasArrayElements(v) ? elements(v, n) : INTEROP.hasMembers(v) ? members(v, n) : null;
        if (source == null) {
            throw new Mismatch(null);
        }
        Object[] f = new Object[n];
        for (int i = 0; i < n; i++) {
            try {
                f[i] = convert(t.fields().get(i).resolve(), source[i]);
            } catch (Mismatch m) {
                throw new Mismatch("field " + i + ": " + (m.getMessage() == null ? "expected " + t.fields().get(i)
                        : m.getMessage()));
            }
        }
        return new WeldStruct(t, f);
    }

    /** The {@code n} elements of an array holding a struct's fields. */
    private static Object[] elements(Object v, int n) throws UnsupportedMessageException {
        if (INTEROP.getArraySize(v) != n) {
            throw new Mismatch("wrong number of fields");
        }
        Object[] r = new Object[n];
        for (int i = 0; i < n; i++) {
            try {
                r[i] = INTEROP.readArrayElement(v, i);
            } catch (com.oracle.truffle.api.interop.InvalidArrayIndexException e) {
                throw new Mismatch("unreadable field " + i);
            }
        }
        return r;
    }

    /** The readable, non-method members of an object, in the object's order, as a struct's {@code n} fields. */
    private static Object[] members(Object v, int n) throws UnsupportedMessageException {
        Object names = INTEROP.getMembers(v);
        java.util.List<Object> values = new java.util.ArrayList<>();
        try {
            for (long i = 0; i < INTEROP.getArraySize(names); i++) {
                String name = INTEROP.asString(INTEROP.readArrayElement(names, i));
                if (INTEROP.isMemberReadable(v, name) && !INTEROP.isMemberInvocable(v, name)) {
                    values.add(INTEROP.readMember(v, name));
                }
            }
        } catch (com.oracle.truffle.api.interop.InvalidArrayIndexException
                 | com.oracle.truffle.api.interop.UnknownIdentifierException e) {
            throw new Mismatch("unreadable member");
        }
        if (values.size() != n) {
            throw new Mismatch("an object with " + values.size() + " members for a struct of " + n + " fields");
        }
        return values.toArray();
    }

    private WeldDict dict(WeldType.Dict t, Object v) throws UnsupportedMessageException {
        if (!INTEROP.hasHashEntries(v)) {
            throw new Mismatch(null);
        }
        WeldDict d = WeldDict.empty(t);
        Object it = INTEROP.getHashEntriesIterator(v);
        try {
            while (INTEROP.hasIteratorNextElement(it)) {
                Object e = INTEROP.getIteratorNextElement(it);
                d.put(convert(t.key().resolve(), INTEROP.readArrayElement(e, 0)),
                        convert(t.value().resolve(), INTEROP.readArrayElement(e, 1)));
            }
        } catch (com.oracle.truffle.api.interop.StopIterationException
                 | com.oracle.truffle.api.interop.InvalidArrayIndexException e) {
            throw new Mismatch("unreadable entry");
        }
        return d;
    }

    /** How an object without a display of its own shows: its Java class and identity hash. */
    private static final Pattern JAVA_NAME = Pattern.compile("[\\w.$]+@[0-9a-f]+");

    /** What was passed, as the caller's language shows it; numbers by their exact value. */
    private static String describe(Object v) {
        try {
            String str;
            if (INTEROP.isNumber(v) && INTEROP.fitsInBigInteger(v)) {
                str = INTEROP.asBigInteger(v).toString();
            } else if (INTEROP.isNumber(v) && INTEROP.fitsInDouble(v)) {
                str = Double.toString(INTEROP.asDouble(v));
            } else {
                str = INTEROP.asString(INTEROP.toDisplayString(v, true));
                if (JAVA_NAME.matcher(str).matches() && INTEROP.hasArrayElements(v)) {
                    str = elements(v);
                }
            }
            return str.length() > 60 ? str.substring(0, 57) + "..." : str;
        } catch (Exception e) {
            return String.valueOf(v);
        }
    }

    /**
     * An array without a display of its own (a polyglot proxy, shown as {@code ProxyArray$2@1a2b3c}) as
     * {@code [1, [2, 3]]}, its first elements only.
     */
    private static String elements(Object v) throws Exception {
        StringBuilder sb = new StringBuilder("[");
        long n = INTEROP.getArraySize(v);
        for (long i = 0; i < n && sb.length() <= 60; i++) {
            sb.append(i == 0 ? "" : ", ").append(describe(INTEROP.readArrayElement(v, i)));
        }
        return sb.append(']').toString();
    }

    /** A value that does not fit the declared type. */
    private static final class Mismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Mismatch(String detail) {
            super(detail, null, false, false);
        }
    }
}
