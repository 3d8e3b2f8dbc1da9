package weld.syntax;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weld.syntax.ParseTree.MacroDef;

/**
 * The macros every program has, as in the original Weld implementation: {@code map}, {@code filter},
 * {@code flatten}, {@code sum} and {@code compare}. Their bodies are written in Weld and parsed once. A user macro
 * of the same name replaces a built-in one.
 */
final class BuiltinMacros {
    private static final Map<String, MacroDef> ALL = new HashMap<>();

    static {
        define("map", List.of("data", "func"), "result(for(data, appender, |b, i, x| merge(b, func(x))))");
        define("filter", List.of("data", "func"), "result(for(data, appender, |b, i, x| if(func(x), merge(b, x), b)))");
        define("flatten", List.of("data"), "result(for(data, appender, |b, i, x| for(x, b, |b2, i2, x2| merge(b2, x2))))");
        define("sum", List.of("data"), "result(for(data, merger[?, +], |b, i, x| merge(b, x)))");
        define("compare", List.of("x", "y"), "if(x > y, 1, if(x < y, -1, 0))");
    }

    private BuiltinMacros() {
    }

    private static void define(String name, List<String> params, String body) {
        ALL.put(name, new MacroDef(Pos.NONE, name, params, Parser.parseExpression(body)));
    }

    static Map<String, MacroDef> all() {
        return ALL;
    }

    static boolean isBuiltin(MacroDef m) {
        return ALL.get(m.name()) == m;
    }
}
