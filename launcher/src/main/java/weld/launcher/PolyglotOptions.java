package weld.launcher;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.graalvm.options.OptionDescriptor;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;

/**
 * The polyglot options of one launch, and the contexts built from them. Options written out
 * ({@code --engine.Name=value}, {@code --weld.Name=value}) always reach the engine, so a misspelt name is reported;
 * the shorthands ({@code --threads N}, ...) are dropped when the language does not declare their option, so
 * scripts may pass them to any version of the language.
 *
 * <p>All contexts of the process share one engine, and so its compiled code: {@code weld batch} replaces a
 * context that a request left unusable without losing what was compiled.
 */
final class PolyglotOptions {
    /** An option name or value the engine rejects: a usage error, reported without a stack trace. */
    static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    private static final String MULTI_TIER = "engine.MultiTier";

    private final Map<String, String> values = new LinkedHashMap<>();
    private final Set<String> ifDeclared = new HashSet<>();
    private Engine engine;

    void put(String name, String value) {
        values.put(name, value);
        ifDeclared.remove(name);
    }

    /** A shorthand's option: passed on only if the language declares it. */
    void putIfDeclared(String name, String value) {
        values.put(name, value);
        ifDeclared.add(name);
    }

    Map<String, String> values() {
        return values;
    }

    /**
     * A new context for Weld programs: host access for {@code .npy} arrays (read without copying), threads for
     * parallel loops, native access for {@code cudf}.
     *
     * @throws Invalid if the engine rejects an option
     */
    synchronized Context newContext() {
        try {
            Engine shared = engine();
            OptionDescriptors declared = shared.getLanguages().get("weld").getOptions();
            Context.Builder b = Context.newBuilder("weld").engine(shared).allowHostAccess(HostAccess.ALL)
                    .allowCreateThread(true).allowExperimentalOptions(true).allowNativeAccess(true);
            for (Map.Entry<String, String> o : values.entrySet()) {
                OptionDescriptor d = declared.get(o.getKey());
                if (d != null) {
                    try {
                        d.getKey().getType().convert(o.getValue());
                    } catch (IllegalArgumentException e) {
                        throw new Invalid("--" + o.getKey() + "=" + o.getValue() + ": " + e.getMessage());
                    }
                }
                if (!isEngineOption(o.getKey()) && (!ifDeclared.contains(o.getKey()) || d != null)) {
                    b.option(o.getKey(), o.getValue());
                }
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new Invalid(e.getMessage());
        }
    }

    /**
     * The shared engine, built with the {@code engine.*} and {@code compiler.*} options on first use, and with one
     * compilation tier ({@code engine.MultiTier=false}) unless the options name it: a Weld program's time is in
     * long loops, which the last tier compiles while they run (on-stack replacement), while first-tier compilations
     * of the program and of a parallel loop's tasks take the same two cores before the last tier's code arrives.
     * Measured in fresh JVMs (2 cores), five calls of a program on the benchmarks' full-size inputs at 2 threads: the
     * logistic-regression step 6.1-6.5 s in all instead of 6.5-10.8, key counting with 10^6 keys 3.1-3.3 s instead
     * of 3.5-3.7, the others within noise.
     */
    synchronized Engine engine() {
        if (engine == null) {
            if (values.containsKey(MULTI_TIER)) {
                engine = build(null);
            } else {
                try {
                    engine = build("false");
                } catch (IllegalArgumentException e) {
                    if (!e.getMessage().contains(MULTI_TIER)) {
                        throw new Invalid(e.getMessage());
                    }
                    engine = build(null); // a runtime without compilation (the fallback) has no tiers
                }
            }
        }
        return engine;
    }

    private Engine build(String multiTier) {
        Engine.Builder eb = Engine.newBuilder().allowExperimentalOptions(true);
        if (multiTier != null) {
            eb.option(MULTI_TIER, multiTier);
        }
        for (Map.Entry<String, String> o : values.entrySet()) {
            if (isEngineOption(o.getKey())) {
                eb.option(o.getKey(), o.getValue());
            }
        }
        try {
            return eb.build();
        } catch (IllegalArgumentException e) {
            throw multiTier == null ? new Invalid(e.getMessage()) : e;
        }
    }

    private static boolean isEngineOption(String name) {
        return name.startsWith("engine.") || name.startsWith("compiler.");
    }
}
