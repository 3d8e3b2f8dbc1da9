package weld.ir;

import java.util.List;
import java.util.Map;

import weld.syntax.BinOp;
import weld.syntax.IterKind;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;
import weld.types.WeldType;

/**
 * The typed IR: an immutable tree of expressions, each with its Weld type and source position. It is built from the
 * parse tree by {@link weld.types.TypeInference}, rewritten by optimization passes, printed by {@link IrPrinter} and
 * lowered to Truffle nodes by {@code weld.nodes.NodeBuilder}. Macros are expanded and lambdas appear only where the
 * language allows them (the update function of {@code for}, {@code iterate} and the comparator of {@code sort}).
 */
public sealed interface Expr {
    Pos pos();

    /** The type as recorded during inference (may contain type variables while inference runs). */
    WeldType rawType();

    /** The resolved type. */
    default WeldType type() {
        return rawType().resolve();
    }

    /** A scalar literal; {@code value} is the boxed Java carrier (Boolean, Integer, Long, Float or Double). */
    record Literal(Pos pos, WeldType rawType, ScalarKind kind, Object value) implements Expr {
    }

    record Ident(Pos pos, WeldType rawType, Symbol symbol) implements Expr {
    }

    record Binary(Pos pos, WeldType rawType, BinOp op, Expr left, Expr right) implements Expr {
    }

    record Unary(Pos pos, WeldType rawType, UnaryOp op, Expr operand) implements Expr {
    }

    record Cast(Pos pos, WeldType rawType, ScalarKind target, Expr operand) implements Expr {
    }

    record Let(Pos pos, WeldType rawType, Symbol symbol, Expr value, Expr body) implements Expr {
    }

    record If(Pos pos, WeldType rawType, Expr cond, Expr onTrue, Expr onFalse) implements Expr {
    }

    record Select(Pos pos, WeldType rawType, Expr cond, Expr onTrue, Expr onFalse) implements Expr {
    }

    /** A lambda parameter. */
    record Param(Symbol symbol, WeldType rawType) {
        public WeldType type() {
            return rawType.resolve();
        }
    }

    /** A function literal; only an operand of {@code for}, {@code iterate} or {@code sort}. */
    record Lambda(Pos pos, WeldType rawType, List<Param> params, Expr body) implements Expr {
    }

    record Iterate(Pos pos, WeldType rawType, Expr initial, Lambda update) implements Expr {
    }

    record MakeStruct(Pos pos, WeldType rawType, List<Expr> elems) implements Expr {
    }

    record MakeVector(Pos pos, WeldType rawType, List<Expr> elems) implements Expr {
    }

    record GetField(Pos pos, WeldType rawType, Expr struct, int index) implements Expr {
    }

    record Annotated(Pos pos, WeldType rawType, Map<String, String> annotations, Expr expr) implements Expr {
    }

    record Len(Pos pos, WeldType rawType, Expr vector) implements Expr {
    }

    /** {@code lookup} on a vector (key {@code i64}) or a dictionary. */
    record Lookup(Pos pos, WeldType rawType, Expr collection, Expr key) implements Expr {
    }

    record OptLookup(Pos pos, WeldType rawType, Expr dict, Expr key) implements Expr {
    }

    record KeyExists(Pos pos, WeldType rawType, Expr dict, Expr key) implements Expr {
    }

    record Slice(Pos pos, WeldType rawType, Expr vector, Expr index, Expr size) implements Expr {
    }

    record Sort(Pos pos, WeldType rawType, Expr vector, Lambda comparator) implements Expr {
    }

    record ToVec(Pos pos, WeldType rawType, Expr dict) implements Expr {
    }

    record Serialize(Pos pos, WeldType rawType, Expr value) implements Expr {
    }

    record Deserialize(Pos pos, WeldType rawType, Expr bytes) implements Expr {
    }

    record Broadcast(Pos pos, WeldType rawType, Expr value) implements Expr {
    }

    record Assert(Pos pos, WeldType rawType, Expr cond) implements Expr {
    }

    record Cudf(Pos pos, WeldType rawType, String symbolName, List<Expr> args) implements Expr {
    }

    record Merge(Pos pos, WeldType rawType, Expr builder, Expr value) implements Expr {
    }

    record Result(Pos pos, WeldType rawType, Expr builder) implements Expr {
    }

    /** A builder constructor; {@code arg} (size hint, initial value or initial vector) may be null. */
    record NewBuilder(Pos pos, WeldType rawType, Expr arg) implements Expr {
    }

    /**
     * One iterator of a {@code for}: {@code kind} null for a whole vector, otherwise the iterator form. {@code data}
     * is null for {@code rangeiter}; missing bounds are null. {@code rawType} is the element type.
     */
    record Iter(Pos pos, WeldType rawType, IterKind kind, Expr data, Expr start, Expr end, Expr stride) implements Expr {
        /**
         * Whether consecutive iterations take consecutive elements: no stride, or the literal stride {@code 1L}, which
         * the language's 4-operand {@code iter(v, start, end, 1L)} and {@code rangeiter(start, end, 1L)} spell out.
         */
        public boolean unitStride() {
            return stride == null || stride instanceof Literal l && ((Number) l.value()).longValue() == 1;
        }
    }

    /** {@code for(iterators, builder, update)}; more than one iterator means {@code zip}. */
    record For(Pos pos, WeldType rawType, List<Iter> iters, Expr builder, Lambda update) implements Expr {
    }
}
