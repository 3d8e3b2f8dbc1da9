package weld.ir.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import weld.WeldLanguage;
import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.IrPrinter;
import weld.ir.Program;
import weld.ir.Symbol;

/**
 * Checks a pass against an expected output modulo renaming (Weld's {@code check_transform}): both programs are
 * printed with their variables renamed in order of binding, and every intermediate program is type-checked again.
 */
final class PassTesting {
    private PassTesting() {
    }

    /** The program optimized by the named passes (a selection as in {@code --weld.Passes}), type-checked after each. */
    static Program optimize(String passes, String source) {
        return PassManager.parse(passes).run(WeldLanguage.compile(source), new Recheck());
    }

    static void assertTransforms(String passes, String input, String expected) {
        assertEquals(canonical(WeldLanguage.compile(expected)), canonical(optimize(passes, input)), "after " + passes);
    }

    static void assertUnchanged(String passes, String input) {
        assertTransforms(passes, input, input);
    }

    /** The printed program with its variables renamed v1, v2, ... in the order they are bound. */
    static String canonical(Program p) {
        List<Symbol> binders = new ArrayList<>();
        p.params().forEach(x -> binders.add(x.symbol()));
        collect(p.body(), binders);
        Map<String, String> names = new LinkedHashMap<>();
        for (Symbol s : binders) {
            names.putIfAbsent(s.uniqueName(), "v" + (names.size() + 1));
        }
        String text = IrPrinter.print(p);
        if (names.isEmpty()) {
            return text;
        }
        Pattern words = Pattern.compile("\\b(" + String.join("|", names.keySet().stream().map(Pattern::quote).toList()) + ")\\b");
        Matcher m = words.matcher(text);
        return m.replaceAll(r -> Matcher.quoteReplacement(names.get(r.group(1))));
    }

    private static void collect(Expr e, List<Symbol> binders) {
        if (e instanceof Expr.Let l) {
            binders.add(l.symbol());
        } else if (e instanceof Expr.Lambda l) {
            l.params().forEach(x -> binders.add(x.symbol()));
        }
        for (Expr c : Children.of(e)) {
            collect(c, binders);
        }
    }

    /** How many loops the program has. */
    static int loops(Expr e) {
        int n = e instanceof Expr.For ? 1 : 0;
        for (Expr c : Children.of(e)) {
            n += loops(c);
        }
        return n;
    }
}
