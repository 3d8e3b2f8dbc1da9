package weld;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.ExceptionType;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;

import weld.syntax.Pos;

/**
 * The one exception type for every error a Weld program can raise: a {@link Kind#PARSE parse} error, a
 * {@link Kind#TYPE type} error found before running, or a {@link Kind#RUNTIME runtime} error. Its message always
 * starts with the kind and the {@code line:column} of the offending construct, e.g.
 * {@code type error at 2:7: cannot apply + to i64 and i32}. An error inside a fragment of a lazily built program
 * names the fragment and is positioned within it: {@code type error in fragment 'scale' at 1:9: ...}. Parse errors
 * are reported to the polyglot API as syntax errors.
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldException extends AbstractTruffleException {
    private static final long serialVersionUID = 1L;

    /** The three error kinds of the Weld error protocol. */
    public enum Kind {
        PARSE("parse"), TYPE("type"), RUNTIME("runtime");

        public final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private final Kind kind;
    private final Pos pos;
    private final String detail;
    private Source source;

    private WeldException(Kind kind, String where, Pos pos, String detail, Node location) {
        super(format(kind, where, pos, detail), location);
        this.kind = kind;
        this.pos = pos;
        this.detail = detail;
    }

    private static String format(Kind kind, String where, Pos pos, String detail) {
        String in = where == null ? "" : " in " + where;
        return pos != null && pos.isKnown() ? kind.label + " error" + in + " at " + pos + ": " + detail
                : kind.label + " error" + in + ": " + detail;
    }

    @TruffleBoundary
    public static WeldException parse(Pos pos, String detail) {
        return new WeldException(Kind.PARSE, null, pos, detail, null);
    }

    @TruffleBoundary
    public static WeldException type(Pos pos, String detail) {
        return new WeldException(Kind.TYPE, null, pos, detail, null);
    }

    @TruffleBoundary
    public static WeldException runtime(Pos pos, String detail, Node location) {
        return new WeldException(Kind.RUNTIME, null, pos, detail, location);
    }

    /** A construct that parses and type-checks but cannot run yet. */
    @TruffleBoundary
    public static WeldException notSupported(Pos pos, String construct) {
        return new WeldException(Kind.RUNTIME, null, pos, "not supported yet: " + construct, null);
    }

    public Kind kind() {
        return kind;
    }

    public Pos pos() {
        return pos;
    }

    /** The message without the kind and position. */
    public String detail() {
        return detail;
    }

    /**
     * The same error, reported in a named part {@code where} of the program (e.g. {@code fragment 'scale'}) at
     * {@code localPos} of that part's own text {@code part}.
     */
    @TruffleBoundary
    public WeldException in(String where, Pos localPos, Source part) {
        return new WeldException(kind, where, localPos, detail, null).withSource(part);
    }

    /** Attaches the program text, so that the source location and an excerpt with a caret can be reported. */
    public WeldException withSource(Source src) {
        if (this.source == null) {
            this.source = src;
        }
        return this;
    }

    /** The offending source line followed by a line with a caret under the column, or "" if unknown. */
    @TruffleBoundary
    public String excerpt() {
        if (source == null || pos == null || !pos.isKnown() || pos.line() > source.getLineCount()) {
            return "";
        }
        CharSequence line = source.getCharacters(pos.line());
        return line + "\n" + " ".repeat(Math.max(0, pos.column() - 1)) + "^";
    }

    @ExportMessage
    ExceptionType getExceptionType() {
        return kind == Kind.PARSE ? ExceptionType.PARSE_ERROR : ExceptionType.RUNTIME_ERROR;
    }

    @ExportMessage
    boolean hasSourceLocation() {
        return sourceSection() != null;
    }

    @ExportMessage(name = "getSourceLocation")
    SourceSection getSourceLocation() throws com.oracle.truffle.api.interop.UnsupportedMessageException {
        SourceSection s = sourceSection();
        if (s == null) {
            throw com.oracle.truffle.api.interop.UnsupportedMessageException.create();
        }
        return s;
    }

    @TruffleBoundary
    private SourceSection sourceSection() {
        if (source != null && pos != null && pos.isKnown() && pos.offset() + pos.length() <= source.getLength()) {
            return source.createSection(pos.offset(), Math.max(0, pos.length()));
        }
        Node loc = getLocation();
        return loc != null ? loc.getEncapsulatingSourceSection() : null;
    }
}
