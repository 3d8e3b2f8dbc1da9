package weld.runtime;

import java.util.List;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import weld.WeldContext;
import weld.WeldException;
import weld.ir.Expr;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * A compiled Weld program as an executable value: {@code Context.eval("weld", program)} returns one. Executing it
 * converts each argument to its declared parameter type and runs the program. A wrong number of arguments is a
 * Weld runtime error (a guest error in every host language, as a wrong argument is), not an interop arity error.
 */
@ExportLibrary(InteropLibrary.class)
public final class WeldFunction implements TruffleObject {
    private final CallTarget target;
    private final List<String> paramNames;
    private final List<WeldType> paramTypes;
    private final String signature;

    public WeldFunction(CallTarget target, List<Expr.Param> params, WeldType resultType) {
        this.target = target;
        this.paramNames = Lists.map(params, p -> p.symbol().name());
        this.paramTypes = Lists.map(params, Expr.Param::type);
        this.signature = "|" + String.join(", ", Lists.map(params, p -> p.symbol().name() + ": " + p.type()))
                + "| -> " + resultType;
    }

    @ExportMessage
    boolean isExecutable() {
        return true;
    }

    @ExportMessage
    @TruffleBoundary
    Object execute(Object[] arguments) {
        int n = paramTypes.size();
        if (arguments.length != n) {
            throw WeldException.runtime(null, "weld function " + signature + " takes " + n + " argument"
                    + (n == 1 ? "" : "s") + " but got " + arguments.length, null);
        }
        WeldContext context = WeldContext.get(null);
        return MemoryBudget.run(context.memoryLimit(), () -> call(context, arguments));
    }

    /** Converts the arguments and runs the program (within a memory budget). */
    public Object call(WeldContext context, Object[] arguments) {
        ArgumentConverter conv = new ArgumentConverter(context.env());
        Object[] converted = new Object[arguments.length];
        for (int i = 0; i < converted.length; i++) {
            converted[i] = conv.convert(paramTypes.get(i), arguments[i], paramNames.get(i));
        }
        return target.call(converted);
    }

    @ExportMessage
    Object toDisplayString(boolean allowSideEffects) {
        return "weld function " + signature;
    }

    @Override
    public String toString() {
        return "weld function " + signature;
    }
}
