package weld.lazy;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.source.Source;

import weld.WeldException;
import weld.WeldLanguage;
import weld.ir.Program;
import weld.syntax.Lexer;
import weld.syntax.Pos;
import weld.syntax.Token;
import weld.syntax.TokenKind;
import weld.types.WeldType;

/**
 * Checks a fragment on its own when its lazy object is created: the fragment is compiled as the body of a function
 * whose parameters are its inputs, which yields its result type. A parse or type error is reported in the fragment's
 * own coordinates and names it, so the library that wrote the fragment sees it at once, not at {@code evaluate}.
 */
final class FragmentCheck {
    /** A macro definition or type alias at the start of a fragment, after white space and comments. */
    private static final Pattern DEFINITION = Pattern.compile("(?:\\s|#[^\\n]*)*(?:macro|type)(?![A-Za-z0-9_$])");

    private FragmentCheck() {
    }

    /** The result type of {@code text} with {@code inputs} bound to values of the given types. */
    @TruffleBoundary
    static WeldType resultType(String name, String text, Map<String, WeldType> inputs) {
        String header = inputs.isEmpty() ? "" : inputs.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ", "|", "|"));
        String program = header + "\n" + text;
        String where = "fragment '" + name + "'";
        if (DEFINITION.matcher(text).lookingAt()) {
            throw WeldException.parse(null, "a fragment is an expression; it cannot define macros or type aliases")
                    .in(where, null, Source.newBuilder(WeldLanguage.ID, text, name).build());
        }
        try {
            return WeldLanguage.compile(program).resultType();
        } catch (WeldException e) {
            throw relocate(e, where, name, text, header.length() + 1, 1);
        }
    }

    /** The Weld type written as {@code text}, e.g. {@code vec[f64]}, for the data object {@code name}. */
    @TruffleBoundary
    static WeldType parseType(String name, String text) {
        String program = "|x: " + text + "|\nx";
        Program p;
        try {
            p = WeldLanguage.compile(program);
        } catch (WeldException e) {
            throw relocate(e, "the type of data '" + name + "'", name, text, 4, 0);
        }
        if (p.params().size() != 1) {
            throw WeldException.parse(null, "not a Weld type: " + text).in("the type of data '" + name + "'", null, null);
        }
        return p.params().get(0).type();
    }

    /** Whether {@code s} is a Weld identifier (a name that is not a keyword). */
    static boolean isIdentifier(String s) {
        try {
            List<Token> tokens = Lexer.tokenize(s);
            return tokens.size() == 2 && tokens.get(0).kind() == TokenKind.IDENT && tokens.get(0).text().equals(s);
        } catch (WeldException e) {
            return false;
        }
    }

    /**
     * Moves an error in a generated program whose part {@code text} (of the object {@code name}) starts at character
     * {@code start} on line {@code 1 + linesBefore} to that part's coordinates.
     */
    private static WeldException relocate(WeldException e, String where, String name, String text, int start,
            int linesBefore) {
        Pos p = e.pos();
        Source part = Source.newBuilder(WeldLanguage.ID, text, name).build();
        if (p == null || !p.isKnown() || p.offset() < start) {
            return e.in(where, null, part);
        }
        int column = linesBefore == 0 ? p.column() - start : p.column();
        return e.in(where, new Pos(p.line() - linesBefore, column, p.offset() - start, p.length()), part);
    }
}
