package weld.ir.passes;

import weld.ir.Expr;

/**
 * An optimization pass: a rewrite of the typed IR that keeps the program's results, its runtime errors and the
 * positions they report. {@link PassManager} applies a pass until it changes nothing; a pass returns its argument
 * itself when it has nothing to do.
 */
public interface Pass {
    /** The name used by {@code --weld.Passes} and {@code --weld.DumpIr}, in kebab-case as in Weld. */
    String name();

    /** What the pass does, in one line. */
    String description();

    Expr apply(Expr e);
}
