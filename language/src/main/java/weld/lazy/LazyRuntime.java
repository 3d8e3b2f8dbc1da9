package weld.lazy;

import java.util.LinkedHashMap;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.source.Source;

import weld.WeldContext;
import weld.WeldException;
import weld.WeldLanguage;
import weld.WeldOptions;
import weld.ir.IrPrinter;
import weld.ir.passes.PassManager;
import weld.runtime.MemoryBudget;
import weld.runtime.WeldFunction;

/**
 * The lazy API of one context: evaluates WeldObjects and keeps the programs it compiled, by program text, so that the
 * same graph shape over new data (a library's operations called again) runs the already compiled program.
 */
public final class LazyRuntime {
    /** How many compiled programs a context keeps (least recently used ones are dropped). */
    private static final int CACHE_SIZE = 256;
    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();

    private final Env env;
    private final LazyApi api = new LazyApi();
    private final LazyScope scope = new LazyScope(api);
    private final Map<String, WeldFunction> compiled = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, WeldFunction> eldest) {
            return size() > CACHE_SIZE;
        }
    };
    private long compilations;

    public LazyRuntime(Env env) {
        this.env = env;
    }

    /** The object through which other languages create WeldObjects (see {@link LazyApi}). */
    public Object api() {
        return api;
    }

    /** The top scope of the language, whose one member {@code lazy} is {@link #api()}. */
    public Object scope() {
        return scope;
    }

    /** How many programs this context compiled for evaluations (a cache hit compiles none). */
    synchronized long compilations() {
        return compilations;
    }

    /**
     * Evaluates {@code o}, or returns its earlier result. {@code limit} is null (the context's {@code weld.MemoryLimit}
     * applies) or a positive number of bytes that this evaluation may allocate instead.
     */
    @TruffleBoundary
    Object evaluate(WeldObject o, Object limit) {
        long bytes = limitBytes(limit);
        Object known = o.knownValue();
        if (known != null) {
            return known;
        }
        LazyProgram p = LazyProgram.of(o);
        try {
            WeldFunction function = function(p.text());
            WeldContext context = WeldContext.get(null);
            Object[] args = p.arguments().toArray();
            Object result = MemoryBudget.run(bytes > 0 ? bytes : context.memoryLimit(), () -> function.call(context, args));
            o.remember(result);
            return result;
        } catch (WeldException e) {
            throw p.relocate(e);
        }
    }

    /** The program that {@code evaluate} would run now for {@code o}, or "" if its result is known. */
    @TruffleBoundary
    String program(WeldObject o) {
        return o.knownValue() != null ? "" : LazyProgram.of(o).text();
    }

    /** The optimized IR of that program, as the passes selected by {@code weld.Passes} leave it. */
    @TruffleBoundary
    String optimized(WeldObject o) {
        if (o.knownValue() != null) {
            return "";
        }
        PassManager passes = PassManager.parse(env.getOptions().get(WeldOptions.Passes));
        return IrPrinter.print(WeldLanguage.compile(LazyProgram.of(o).text(), passes, null));
    }

    private WeldFunction function(String text) {
        synchronized (this) {
            WeldFunction f = compiled.get(text);
            if (f != null) {
                return f;
            }
        }
        WeldFunction f = (WeldFunction) env.parsePublic(Source.newBuilder(WeldLanguage.ID, text, "weld lazy program").cached(false).build()).call();
        synchronized (this) {
            compilations++;
            compiled.put(text, f);
        }
        return f;
    }

    private static long limitBytes(Object limit) {
        try {
            if (limit == null || INTEROP.isNull(limit)) {
                return 0;
            }
            if (INTEROP.fitsInLong(limit) && INTEROP.asLong(limit) > 0) {
                return INTEROP.asLong(limit);
            }
        } catch (UnsupportedMessageException e) {
            throw CompilerDirectives.shouldNotReachHere(e);
        }
        throw WeldException.runtime(null, "evaluate: the memory limit must be a positive whole number of bytes, got "
                + LazyApi.describe(limit), null);
    }
}
