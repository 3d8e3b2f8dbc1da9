package weld.ir.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import weld.WeldLanguage;
import weld.ir.Expr;

/** Which {@code if}s that guard an append run branch-free, and how the annotation and the cost rule decide. */
class AppendPredicationTest {
    /** The decision on the {@code if} of the outermost loop's update function (or of its struct's field 1). */
    private static Expr.Merge decide(String program) {
        Expr e = WeldLanguage.compile(program).body();
        while (!(e instanceof Expr.For)) {
            e = e instanceof Expr.Result r ? r.builder() : e instanceof Expr.GetField g ? g.struct()
                    : ((Expr.Let) e).value();
        }
        Expr body = ((Expr.For) e).update().body();
        if (body instanceof Expr.MakeStruct s) {
            body = s.elems().get(1);
        }
        String annotation = null;
        if (body instanceof Expr.Annotated a) {
            annotation = a.annotations().get("predicate");
            body = a.expr();
        }
        return AppendPredication.merge((Expr.If) body, annotation);
    }

    @Test
    void cheapValuesIntoAppendersOfNumbers() {
        for (String t : new String[] {"f64", "f32", "i64", "i32"}) {
            assertNotNull(decide("|v: vec[" + t + "], w: " + t + "| result(for(v, appender[" + t + "], "
                    + "|b, i, x| if(x > w, merge(b, x + x), b)))"), t);
        }
        Expr.If negated = (Expr.If) ((Expr.For) ((Expr.Result) WeldLanguage.compile("|v: vec[f64]| result(for(v, "
                + "appender[f64], |b, i, x| if(x > 0.5, b, merge(b, x))))").body()).builder()).update().body();
        assertNotNull(AppendPredication.merge(negated, null));
        assertEquals(true, AppendPredication.negated(negated));
        // Rows of a table, whole or built from cheap fields, into columns.
        assertNotNull(decide("|v: vec[f64], k: vec[i32]| result(for(zip(v, k), appender[{f64,i32}], |b, i, x| "
                + "if(x.$0 > 0.5, merge(b, x), b)))"));
        assertNotNull(decide("|v: vec[f64], k: vec[i32]| result(for(zip(v, k), appender[{f64,{i32,i64}}], |b, i, x| "
                + "if(x.$0 > 0.5, merge(b, {x.$0 * 2.0, {x.$1 + 1, i}}), b)))"));
        assertNull(decide("|v: vec[f64], k: vec[i32]| result(for(zip(v, k), appender[{f64,i32}], |b, i, x| "
                + "if(x.$0 > 0.5, merge(b, {exp(x.$0) * log(x.$0) + sqrt(x.$0) * 2.0 - x.$0, x.$1}), b)))"));
        // A field of a struct of builders, as horizontal fusion leaves a filter beside a sum.
        assertNotNull(decide("|v: vec[f64]| result(for(v, {merger[f64,+], appender[f64]}, |b, i, x| "
                + "{merge(b.$0, x), if(x > 0.5, merge(b.$1, x), b.$1)})).$0"));
    }

    @Test
    void theAnnotationAndTheCostRuleDecide() {
        String expensive = "if(x > 0.5, merge(b, exp(x) * log(x) + sqrt(x) * x - x * 2.0), b)";
        assertNull(decide("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| " + expensive + "))"));
        assertNotNull(decide("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| @(predicate:true) " + expensive + "))"));
        assertNull(decide("|v: vec[f64]| result(for(v, appender[f64], |b, i, x| @(predicate:false) "
                + "if(x > 0.5, merge(b, x), b)))"));
    }

    @Test
    void valuesThatMayFailAndOtherAppendersKeepTheBranch() {
        // Evaluated on every row, a lookup or an integer division could fail where the condition excludes it.
        assertNull(decide("|v: vec[i64]| result(for(v, appender[i64], |b, i, x| @(predicate:true) "
                + "if(x >= 0L && x < len(v), merge(b, lookup(v, x)), b)))"));
        assertNull(decide("|v: vec[i32]| result(for(v, appender[i32], |b, i, x| @(predicate:true) "
                + "if(x != 0, merge(b, 100 / x), b)))"));
        assertNull(decide("|v: vec[f64]| result(for(v, appender[{f64,bool}], |b, i, x| if(x > 0.5, merge(b, {x, true}), b)))"));
        assertNull(decide("|v: vec[f64]| result(for(v, appender[{f64,vec[f64]}], |b, i, x| if(x > 0.5, merge(b, {x, v}), b)))"));
        assertNull(decide("|v: vec[i8]| result(for(v, appender[i8], |b, i, x| if(x > 0c, merge(b, x), b)))"));
        assertNull(decide("|v: vec[f64]| result(for(v, merger[f64,max], |b, i, x| if(x > 0.5, merge(b, x), b)))"));
    }
}
