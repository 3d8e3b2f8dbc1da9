package weld;

import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.nodes.Node;

/** Per-context state of the Weld language. */
public final class WeldContext {
    private static final ContextReference<WeldContext> REFERENCE = ContextReference.create(WeldLanguage.class);

    private final Env env;

    WeldContext(Env env) {
        this.env = env;
    }

    public static WeldContext get(Node node) {
        return REFERENCE.get(node);
    }

    /** The libraries {@code cudf} calls may use (option {@code weld.UdfLibraries}). */
    public String udfLibraries() {
        return env.getOptions().get(WeldOptions.UdfLibraries);
    }

    public Env env() {
        return env;
    }
}
