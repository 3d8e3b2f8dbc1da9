package weld.ir.passes;

import java.util.List;

import weld.ir.Expr;
import weld.ir.Expr.Lambda;
import weld.ir.Expr.Param;
import weld.ir.Symbol;
import weld.syntax.Pos;
import weld.types.WeldType;
import weld.util.Lists;

/** Constructors of IR nodes whose type follows from their operands, for passes that build new nodes. */
final class Ir {
    private Ir() {
    }

    static Expr.Ident ident(Pos pos, Symbol s, WeldType t) {
        return new Expr.Ident(pos, t, s);
    }

    static Expr.Ident ident(Pos pos, Param p) {
        return new Expr.Ident(pos, p.rawType(), p.symbol());
    }

    static Expr.Let let(Pos pos, Symbol s, Expr value, Expr body) {
        return new Expr.Let(pos, body.rawType(), s, value, body);
    }

    static Lambda lambda(Pos pos, List<Param> params, Expr body) {
        return new Lambda(pos, new WeldType.Function(Lists.map(params, Param::rawType), body.rawType()), params,
                body);
    }

    static Expr.MakeStruct struct(Pos pos, List<Expr> elems) {
        return new Expr.MakeStruct(pos, new WeldType.Struct(Lists.map(elems, Expr::rawType)), elems);
    }

    static Expr.GetField field(Pos pos, Expr struct, int index) {
        return new Expr.GetField(pos, ((WeldType.Struct) struct.type()).fields().get(index), struct, index);
    }

    static Expr.Result result(Pos pos, Expr builder) {
        return new Expr.Result(pos, resultType(builder.type()), builder);
    }

    /** The type of {@code result(b)} for a builder or a struct of builders. */
    static WeldType resultType(WeldType builder) {
        return switch (builder.resolve()) {
            case WeldType.Builder b -> b.resultType();
            case WeldType.Struct s -> new WeldType.Struct(Lists.map(s.fields(), Ir::resultType));
            default -> throw new IllegalArgumentException("not a builder: " + builder);
        };
    }
}
