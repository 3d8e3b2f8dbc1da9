package weld.ir;

import java.util.List;

import weld.types.WeldType;

/** A typed Weld program: the parameters of its top-level function and the body. */
public record Program(List<Expr.Param> params, Expr body) {
    public WeldType resultType() {
        return body.type();
    }
}
