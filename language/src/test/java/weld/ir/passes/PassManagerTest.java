package weld.ir.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import weld.WeldLanguage;
import weld.ir.IrPrinter;
import weld.ir.Program;

class PassManagerTest {
    @Test
    void selections() {
        assertEquals(PassManager.ALL, PassManager.parse("").passes());
        assertEquals(PassManager.ALL, PassManager.parse("all").passes());
        assertEquals(List.of(), PassManager.parse("none").passes());
        assertEquals(List.of("inline-let", "cse"), names(PassManager.parse("cse, inline-let")));
        List<String> without = names(PassManager.parse("-loop-fusion,-cse"));
        assertEquals(PassManager.ALL.size() - 2, without.size());
        assertTrue(!without.contains("loop-fusion") && !without.contains("cse"));
        assertThrows(IllegalArgumentException.class, () -> PassManager.parse("-loop-fusin"));
        assertThrows(IllegalArgumentException.class, () -> PassManager.parse("cse,-loop-fusion"));
    }

    @Test
    void everyPassIsNamedAndDescribed() {
        for (Pass p : PassManager.ALL) {
            assertTrue(p.name().matches("[a-z]+(-[a-z]+)*"), p.name());
            assertTrue(!p.description().isBlank() && !p.description().contains("\n"), p.description());
        }
    }

    @Test
    void theLazyApisChainOfLoopsRunsAsOneLoop() {
        String chain = "|v: vec[f64]| let a = result(for(v, appender[f64], |b, i, x| merge(b, x * 2.0))); "
                + "let c = result(for(a, appender[f64], |b, i, x| if(x > 1.0, merge(b, x), b))); "
                + "result(for(c, merger[f64,+], |b, i, x| merge(b, x)))";
        List<String> changed = new ArrayList<>();
        Recheck check = new Recheck();
        Program p = PassManager.parse("all").run(WeldLanguage.compile(chain), (pass, prog) -> {
            check.afterPass(pass, prog);
            changed.add(pass.name());
        });
        assertEquals(1, PassTesting.loops(p.body()), IrPrinter.print(p));
        assertTrue(changed.containsAll(List.of("inline-let", "loop-fusion")), changed.toString());
    }

    @Test
    void recheckRejectsAStaleType() {
        Program p = WeldLanguage.compile("|x: i32| let y = x + 1; y");
        var let = (weld.ir.Expr.Let) p.body();
        var wrong = new weld.ir.Expr.Let(let.pos(), weld.types.WeldType.Scalar.I64, let.symbol(), let.value(), let.body());
        assertThrows(IllegalStateException.class, () -> new Recheck().afterPass(new Cse(), new Program(p.params(), wrong)));
    }

    private static List<String> names(PassManager m) {
        return m.passes().stream().map(Pass::name).toList();
    }
}
