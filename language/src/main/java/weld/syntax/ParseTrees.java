package weld.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import weld.syntax.ParseTree.*;
import weld.util.Lists;

/** Generic operations on parse trees: visiting and rebuilding children, and moving nodes to a new position. */
final class ParseTrees {
    private ParseTrees() {
    }

    private static List<PExpr> all(List<PExpr> es, Function<PExpr, PExpr> f) {
        return Lists.map(es, f);
    }

    private static PExpr opt(PExpr e, Function<PExpr, PExpr> f) {
        return e == null ? null : f.apply(e);
    }

    /** {@code e} with {@code f} applied to each direct subexpression (lambda bodies included). */
    static PExpr mapChildren(PExpr e, Function<PExpr, PExpr> f) {
        return switch (e) {
            case PIntLit x -> x;
            case PFloatLit x -> x;
            case PBoolLit x -> x;
            case PStringLit x -> x;
            case PIdent x -> x;
            case PBinary x -> new PBinary(x.pos(), x.op(), f.apply(x.left()), f.apply(x.right()));
            case PUnary x -> new PUnary(x.pos(), x.op(), f.apply(x.operand()));
            case PCast x -> new PCast(x.pos(), x.target(), f.apply(x.operand()));
            case PLet x -> new PLet(x.pos(), x.name(), x.type(), f.apply(x.value()), f.apply(x.body()));
            case PIf x -> new PIf(x.pos(), f.apply(x.cond()), f.apply(x.onTrue()), f.apply(x.onFalse()));
            case PSelect x -> new PSelect(x.pos(), f.apply(x.cond()), f.apply(x.onTrue()), f.apply(x.onFalse()));
            case PIterate x -> new PIterate(x.pos(), f.apply(x.initial()), f.apply(x.update()));
            case PLambda x -> new PLambda(x.pos(), x.params(), f.apply(x.body()));
            case PApply x -> new PApply(x.pos(), f.apply(x.function()), all(x.args(), f));
            case PMakeStruct x -> new PMakeStruct(x.pos(), all(x.elems(), f));
            case PMakeVector x -> new PMakeVector(x.pos(), all(x.elems(), f));
            case PGetField x -> new PGetField(x.pos(), f.apply(x.struct()), x.index());
            case PAscribe x -> new PAscribe(x.pos(), f.apply(x.expr()), x.type());
            case PAnnotated x -> new PAnnotated(x.pos(), x.annotations(), f.apply(x.expr()));
            case PLen x -> new PLen(x.pos(), f.apply(x.vector()));
            case PLookup x -> new PLookup(x.pos(), f.apply(x.collection()), f.apply(x.key()));
            case POptLookup x -> new POptLookup(x.pos(), f.apply(x.dict()), f.apply(x.key()));
            case PKeyExists x -> new PKeyExists(x.pos(), f.apply(x.dict()), f.apply(x.key()));
            case PSlice x -> new PSlice(x.pos(), f.apply(x.vector()), f.apply(x.index()), f.apply(x.size()));
            case PSort x -> new PSort(x.pos(), f.apply(x.vector()), f.apply(x.comparator()));
            case PToVec x -> new PToVec(x.pos(), f.apply(x.dict()));
            case PSerialize x -> new PSerialize(x.pos(), f.apply(x.value()));
            case PDeserialize x -> new PDeserialize(x.pos(), x.type(), f.apply(x.bytes()));
            case PBroadcast x -> new PBroadcast(x.pos(), f.apply(x.value()));
            case PAssert x -> new PAssert(x.pos(), f.apply(x.cond()));
            case PCudf x -> new PCudf(x.pos(), x.symbol(), x.returnType(), all(x.args(), f));
            case PMerge x -> new PMerge(x.pos(), f.apply(x.builder()), f.apply(x.value()));
            case PResult x -> new PResult(x.pos(), f.apply(x.builder()));
            case PNewBuilder x -> new PNewBuilder(x.pos(), x.type(), opt(x.arg(), f));
            case PFor x -> new PFor(x.pos(), f.apply(x.iterator()), f.apply(x.builder()), f.apply(x.update()));
            case PZip x -> new PZip(x.pos(), all(x.iterators(), f));
            case PIter x -> new PIter(x.pos(), x.kind(), opt(x.data(), f), opt(x.start(), f), opt(x.end(), f),
                    opt(x.stride(), f), opt(x.shape(), f), opt(x.strides(), f));
        };
    }

    /** The direct subexpressions of {@code e} (lambda bodies included). */
    static List<PExpr> children(PExpr e) {
        List<PExpr> children = new ArrayList<>();
        mapChildren(e, c -> {
            children.add(c);
            return c;
        });
        return children;
    }

    /** {@code e} moved to position {@code p}, with the types it contains; its subexpressions keep theirs. */
    static PExpr withPos(PExpr e, Pos p) {
        return switch (e) {
            case PIntLit x -> new PIntLit(p, x.kind(), x.value());
            case PFloatLit x -> new PFloatLit(p, x.kind(), x.value());
            case PBoolLit x -> new PBoolLit(p, x.value());
            case PStringLit x -> new PStringLit(p, x.value());
            case PIdent x -> new PIdent(p, x.name());
            case PBinary x -> new PBinary(p, x.op(), x.left(), x.right());
            case PUnary x -> new PUnary(p, x.op(), x.operand());
            case PCast x -> new PCast(p, x.target(), x.operand());
            case PLet x -> new PLet(p, x.name(), x.type() == null ? null : relocate(x.type(), p), x.value(), x.body());
            case PIf x -> new PIf(p, x.cond(), x.onTrue(), x.onFalse());
            case PSelect x -> new PSelect(p, x.cond(), x.onTrue(), x.onFalse());
            case PIterate x -> new PIterate(p, x.initial(), x.update());
            case PLambda x -> new PLambda(p, x.params().stream()
                    .map(q -> new PParam(p, q.name(), q.type() == null ? null : relocate(q.type(), p))).toList(), x.body());
            case PApply x -> new PApply(p, x.function(), x.args());
            case PMakeStruct x -> new PMakeStruct(p, x.elems());
            case PMakeVector x -> new PMakeVector(p, x.elems());
            case PGetField x -> new PGetField(p, x.struct(), x.index());
            case PAscribe x -> new PAscribe(p, x.expr(), relocate(x.type(), p));
            case PAnnotated x -> new PAnnotated(p, x.annotations(), x.expr());
            case PLen x -> new PLen(p, x.vector());
            case PLookup x -> new PLookup(p, x.collection(), x.key());
            case POptLookup x -> new POptLookup(p, x.dict(), x.key());
            case PKeyExists x -> new PKeyExists(p, x.dict(), x.key());
            case PSlice x -> new PSlice(p, x.vector(), x.index(), x.size());
            case PSort x -> new PSort(p, x.vector(), x.comparator());
            case PToVec x -> new PToVec(p, x.dict());
            case PSerialize x -> new PSerialize(p, x.value());
            case PDeserialize x -> new PDeserialize(p, relocate(x.type(), p), x.bytes());
            case PBroadcast x -> new PBroadcast(p, x.value());
            case PAssert x -> new PAssert(p, x.cond());
            case PCudf x -> new PCudf(p, x.symbol(), relocate(x.returnType(), p), x.args());
            case PMerge x -> new PMerge(p, x.builder(), x.value());
            case PResult x -> new PResult(p, x.builder());
            case PNewBuilder x -> new PNewBuilder(p, (PBuilder) relocate(x.type(), p), x.arg());
            case PFor x -> new PFor(p, x.iterator(), x.builder(), x.update());
            case PZip x -> new PZip(p, x.iterators());
            case PIter x -> new PIter(p, x.kind(), x.data(), x.start(), x.end(), x.stride(), x.shape(), x.strides());
        };
    }

    /** {@code t} and every type inside it moved to position {@code p}. */
    static PType relocate(PType t, Pos p) {
        return switch (t) {
            case PScalar x -> new PScalar(p, x.kind());
            case PSimd x -> new PSimd(p, x.kind());
            case PVec x -> new PVec(p, relocate(x.elem(), p));
            case PDict x -> new PDict(p, relocate(x.key(), p), relocate(x.value(), p));
            case PStruct x -> new PStruct(p, Lists.map(x.fields(), f -> relocate(f, p)));
            case PBuilder x -> new PBuilder(p, x.kind(), Lists.map(x.params(), f -> relocate(f, p)), x.op());
            case PUnknown x -> new PUnknown(p);
            case PAliasRef x -> new PAliasRef(p, x.name());
            case PAnnotatedType x -> new PAnnotatedType(p, x.annotations(), relocate(x.type(), p));
        };
    }
}
