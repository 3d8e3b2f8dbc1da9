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

    /**
     * A pass is not applied again to the program it last left unchanged: after the round in which horizontal fusion
     * fused two loops, inline-let runs once more (on the fused program) and nothing else runs twice on one program.
     */
    @Test
    void aPassIsNotRerunOnAProgramItLeftUnchanged() {
        String twoLoops = "|v: vec[f64]| let a = result(for(v, merger[f64,+], |b, i, x| merge(b, x))); "
                + "let c = result(for(v, merger[f64,*], |b, i, x| merge(b, x * 2.0))); a + c";
        java.util.Map<String, List<weld.ir.Expr>> inputs = new java.util.LinkedHashMap<>();
        List<Pass> counted = PassManager.ALL.stream().<Pass>map(p -> new Pass() {
            @Override
            public String name() {
                return p.name();
            }

            @Override
            public String description() {
                return p.description();
            }

            @Override
            public weld.ir.Expr apply(weld.ir.Expr e) {
                inputs.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(e);
                return p.apply(e);
            }
        }).toList();
        Program all = PassManager.parse("all").run(WeldLanguage.compile(twoLoops), null);
        Program p = new PassManager(counted).run(WeldLanguage.compile(twoLoops), null);
        assertEquals(IrPrinter.print(all), IrPrinter.print(p));
        assertEquals(1, PassTesting.loops(p.body()), IrPrinter.print(p));
        inputs.forEach((name, seen) -> {
            for (int i = 0; i < seen.size(); i++) {
                for (int j = i + 1; j < seen.size(); j++) {
                    assertTrue(seen.get(i) != seen.get(j), name + " applied twice to one program");
                }
            }
        });
        assertEquals(3, inputs.get("inline-let").size(), inputs.toString());
        assertEquals(1, inputs.get("cse").size(), inputs.toString());
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
