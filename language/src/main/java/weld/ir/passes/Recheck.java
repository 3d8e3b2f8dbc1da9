package weld.ir.passes;

import java.util.HashMap;
import java.util.Map;

import weld.ir.Children;
import weld.ir.Expr;
import weld.ir.IrPrinter;
import weld.ir.Symbol;
import weld.ir.Program;
import weld.syntax.MacroExpander;
import weld.syntax.ParseTree;
import weld.syntax.Parser;
import weld.types.TypeInference;
import weld.types.WeldType;
import weld.util.Lists;

/**
 * A {@link PassManager.Listener} that type-checks the program again after every pass (Futhark's
 * {@code pipelineValidate}): the printed IR must parse and type-check to a program of the same type. Used in tests
 * and by {@code --weld.CheckPasses}.
 */
public final class Recheck implements PassManager.Listener {
    @Override
    public void afterPass(Pass pass, Program program) {
        String text = IrPrinter.print(program);
        Map<Symbol, WeldType> env = new HashMap<>();
        program.params().forEach(p -> env.put(p.symbol(), p.type()));
        String wrong = check(program.body(), env);
        if (wrong != null) {
            throw new IllegalStateException("after pass " + pass.name() + ": " + wrong + "\n" + text);
        }
        Program again;
        try {
            ParseTree.Program tree = Parser.parse(text);
            again = TypeInference.infer(tree, MacroExpander.expand(tree));
        } catch (RuntimeException e) {
            throw new IllegalStateException("after pass " + pass.name() + " the program does not type-check: "
                    + e.getMessage() + "\n" + text, e);
        }
        if (!again.resultType().equals(program.resultType())) {
            throw new IllegalStateException("pass " + pass.name() + " changed the result type from "
                    + program.resultType() + " to " + again.resultType() + "\n" + text);
        }
    }

    /** The first node whose recorded type disagrees with its operands or binder, or null. */
    private static String check(Expr e, Map<Symbol, WeldType> env) {
        switch (e) {
            case Expr.Let l -> env.put(l.symbol(), l.value().type());
            case Expr.Lambda l -> l.params().forEach(p -> env.put(p.symbol(), p.type()));
            default -> {
            }
        }
        for (Expr c : Children.of(e)) {
            String w = check(c, env);
            if (w != null) {
                return w;
            }
        }
        WeldType expected = switch (e) {
            case Expr.Ident i -> env.get(i.symbol());
            case Expr.Let l -> l.body().type();
            case Expr.If i -> i.onTrue().type();
            case Expr.Select s -> s.onTrue().type();
            case Expr.Merge m -> m.builder().type();
            case Expr.For f -> f.builder().type();
            case Expr.Result r -> Ir.resultType(r.builder().type());
            case Expr.GetField g -> ((WeldType.Struct) g.struct().type()).fields().get(g.index());
            case Expr.MakeStruct s -> new WeldType.Struct(Lists.map(s.elems(), Expr::type));
            case Expr.Annotated a -> a.expr().type();
            default -> e.type();
        };
        boolean ok = expected != null && expected.equals(e.type()) && switch (e) {
            case Expr.If i -> i.onFalse().type().equals(e.type());
            case Expr.For f -> f.update().params().get(0).type().equals(e.type()) && f.update().body().type().equals(e.type());
            default -> true;
        };
        return ok ? null : "the type of " + IrPrinter.print(e) + " is recorded as " + e.type() + " but is " + expected;
    }
}
