package weld.lazy.host;

import java.util.LinkedHashMap;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * The lazy Weld API for Java hosts: a typed wrapper over the language's {@code lazy} binding, which depends on
 * {@code org.graalvm.polyglot} only. Objects made here are the same WeldObjects that JavaScript or Python code in the
 * context sees, so a Java library and a guest library can build one graph together.
 *
 * <pre>{@code
 * Lazy weld = Lazy.in(context);
 * LazyValue x = weld.data(new double[] {1, 2, 3}, "vec[f64]", "x");
 * LazyValue sum = weld.fragment("result(for(v, merger[f64, +], |b, i, e| merge(b, e * e)))", Map.of("v", x), "sumsq");
 * double r = sum.evaluate().asDouble();   // 14.0
 * }</pre>
 */
public final class Lazy {
    private final Value api;

    private Lazy(Value api) {
        this.api = api;
    }

    /** The lazy API of {@code context}, which must include the language {@code weld}. */
    public static Lazy in(Context context) {
        return new Lazy(context.getBindings("weld").getMember("lazy"));
    }

    /** Host data, e.g. a {@code double[]} or a direct {@code ByteBuffer}, passed to Weld as {@code type}. */
    public LazyValue data(Object value, String type) {
        return new LazyValue(api.invokeMember("data", value, type));
    }

    /** Named host data: the name labels errors and the generated program. */
    public LazyValue data(Object value, String type, String name) {
        return new LazyValue(api.invokeMember("data", value, type, name));
    }

    /** A computation: Weld {@code code} that refers to {@code inputs} by their keys, in the map's order. */
    public LazyValue fragment(String code, Map<String, LazyValue> inputs) {
        return new LazyValue(api.invokeMember("fragment", code, proxy(inputs)));
    }

    /** A named computation: the name labels errors and the generated program. */
    public LazyValue fragment(String code, Map<String, LazyValue> inputs, String name) {
        return new LazyValue(api.invokeMember("fragment", code, proxy(inputs), name));
    }

    /** How many programs the context compiled for evaluations so far. */
    public long compilations() {
        return api.invokeMember("compilations").asLong();
    }

    private static ProxyObject proxy(Map<String, LazyValue> inputs) {
        Map<String, Object> values = new LinkedHashMap<>();
        inputs.forEach((k, v) -> values.put(k, v.value()));
        return ProxyObject.fromMap(values);
    }
}
