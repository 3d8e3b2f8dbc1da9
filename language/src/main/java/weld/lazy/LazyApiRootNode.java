package weld.lazy;

import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;

import weld.WeldContext;

/**
 * The root of the source {@code lazy}: evaluating it yields the lazy API of the current context. The node reads the
 * context on every execution because a parsed source is shared by all contexts of an engine.
 */
public final class LazyApiRootNode extends RootNode {
    public LazyApiRootNode(TruffleLanguage<?> language) {
        super(language);
    }

    /** Whether {@code source} is the well-known source {@code lazy} (surrounding white space allowed). */
    public static boolean isApiSource(Source source) {
        return source.getCharacters().toString().strip().equals(LazyApi.SOURCE);
    }

    @Override
    public Object execute(VirtualFrame frame) {
        return WeldContext.get(this).lazy().api();
    }
}
