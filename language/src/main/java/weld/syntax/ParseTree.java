package weld.syntax;

import java.util.List;
import java.util.Map;

/**
 * The parse tree: what the {@link Parser} produces, before macro expansion, alias resolution and type inference.
 * It mirrors the source closely (macro calls, lambda applications, unresolved type names); the typed IR in
 * {@code weld.ir} is a separate family built from it by type inference.
 */
public final class ParseTree {
    private ParseTree() {
    }

    /** A whole program: type aliases, then macros, then the function (or bare expression) to run. */
    public record Program(List<TypeAlias> aliases, List<MacroDef> macros, PExpr body) {
    }

    /** {@code type name = T;} */
    public record TypeAlias(Pos pos, String name, PType type) {
    }

    /** {@code macro name(p1, ..., pn) = (body);} */
    public record MacroDef(Pos pos, String name, List<String> params, PExpr body) {
    }

    // ---------------------------------------------------------------- types

    /** A type as written in the source. */
    public sealed interface PType {
        Pos pos();
    }

    public record PScalar(Pos pos, ScalarKind kind) implements PType {
    }

    public record PSimd(Pos pos, ScalarKind kind) implements PType {
    }

    public record PVec(Pos pos, PType elem) implements PType {
    }

    public record PDict(Pos pos, PType key, PType value) implements PType {
    }

    public record PStruct(Pos pos, List<PType> fields) implements PType {
    }

    /**
     * A builder type. {@code params} are the type parameters as written (empty for a bare {@code appender}, whose
     * element type is inferred); {@code op} is the merge operator for merger, dictmerger and vecmerger, else null.
     */
    public record PBuilder(Pos pos, BuilderKind kind, List<PType> params, BinOp op) implements PType {
    }

    /** {@code ?}: a type left for inference. */
    public record PUnknown(Pos pos) implements PType {
    }

    /** A type alias name, resolved after parsing. */
    public record PAliasRef(Pos pos, String name) implements PType {
    }

    /** A type preceded by an annotation {@code @(k: v, ...)}. */
    public record PAnnotatedType(Pos pos, Map<String, String> annotations, PType type) implements PType {
    }

    // ---------------------------------------------------------------- expressions

    /** An expression as written in the source. */
    public sealed interface PExpr {
        Pos pos();
    }

    /** An integer literal of kind I8, I16, I32 or I64 (value already range-checked by the parser). */
    public record PIntLit(Pos pos, ScalarKind kind, long value) implements PExpr {
    }

    /** A float literal of kind F32 (value already rounded to float) or F64. */
    public record PFloatLit(Pos pos, ScalarKind kind, double value) implements PExpr {
    }

    public record PBoolLit(Pos pos, boolean value) implements PExpr {
    }

    /** A string literal: a {@code vec[i8]} of its ASCII codes (no trailing NUL). */
    public record PStringLit(Pos pos, String value) implements PExpr {
    }

    public record PIdent(Pos pos, String name) implements PExpr {
    }

    public record PBinary(Pos pos, BinOp op, PExpr left, PExpr right) implements PExpr {
    }

    public record PUnary(Pos pos, UnaryOp op, PExpr operand) implements PExpr {
    }

    /** {@code T(e)} for a scalar type T. */
    public record PCast(Pos pos, ScalarKind target, PExpr operand) implements PExpr {
    }

    /** {@code let name: T = value; body} ({@code type} may be null). */
    public record PLet(Pos pos, String name, PType type, PExpr value, PExpr body) implements PExpr {
    }

    public record PIf(Pos pos, PExpr cond, PExpr onTrue, PExpr onFalse) implements PExpr {
    }

    public record PSelect(Pos pos, PExpr cond, PExpr onTrue, PExpr onFalse) implements PExpr {
    }

    public record PIterate(Pos pos, PExpr initial, PExpr update) implements PExpr {
    }

    /** A lambda parameter; {@code type} may be null (inferred). */
    public record PParam(Pos pos, String name, PType type) {
    }

    /** {@code |p1, p2: T| body}. */
    public record PLambda(Pos pos, List<PParam> params, PExpr body) implements PExpr {
    }

    /** {@code f(args)}: a macro call (f a name) or the application of a lambda (after macro substitution). */
    public record PApply(Pos pos, PExpr function, List<PExpr> args) implements PExpr {
    }

    public record PMakeStruct(Pos pos, List<PExpr> elems) implements PExpr {
    }

    public record PMakeVector(Pos pos, List<PExpr> elems) implements PExpr {
    }

    /** {@code e.$index}. */
    public record PGetField(Pos pos, PExpr struct, int index) implements PExpr {
    }

    /** {@code e: T}, a type ascription. */
    public record PAscribe(Pos pos, PExpr expr, PType type) implements PExpr {
    }

    /** An expression preceded by an annotation {@code @(k: v, ...)}. */
    public record PAnnotated(Pos pos, Map<String, String> annotations, PExpr expr) implements PExpr {
    }

    public record PLen(Pos pos, PExpr vector) implements PExpr {
    }

    public record PLookup(Pos pos, PExpr collection, PExpr key) implements PExpr {
    }

    public record POptLookup(Pos pos, PExpr dict, PExpr key) implements PExpr {
    }

    public record PKeyExists(Pos pos, PExpr dict, PExpr key) implements PExpr {
    }

    public record PSlice(Pos pos, PExpr vector, PExpr index, PExpr size) implements PExpr {
    }

    public record PSort(Pos pos, PExpr vector, PExpr comparator) implements PExpr {
    }

    public record PToVec(Pos pos, PExpr dict) implements PExpr {
    }

    public record PSerialize(Pos pos, PExpr value) implements PExpr {
    }

    public record PDeserialize(Pos pos, PType type, PExpr bytes) implements PExpr {
    }

    public record PBroadcast(Pos pos, PExpr value) implements PExpr {
    }

    public record PAssert(Pos pos, PExpr cond) implements PExpr {
    }

    /** {@code cudf[name, T](args)}. */
    public record PCudf(Pos pos, String symbol, PType returnType, List<PExpr> args) implements PExpr {
    }

    /** {@code merge(builder, value)}. */
    public record PMerge(Pos pos, PExpr builder, PExpr value) implements PExpr {
    }

    /** {@code result(builder)}. */
    public record PResult(Pos pos, PExpr builder) implements PExpr {
    }

    /** A builder constructor such as {@code appender[T](hint)} or {@code merger[f64,+]}; {@code arg} may be null. */
    public record PNewBuilder(Pos pos, PBuilder type, PExpr arg) implements PExpr {
    }

    /** {@code for(iterator, builder, update)}. */
    public record PFor(Pos pos, PExpr iterator, PExpr builder, PExpr update) implements PExpr {
    }

    /** {@code zip(i1, i2, ...)}: only meaningful as the iterator of a {@code for}. */
    public record PZip(Pos pos, List<PExpr> iterators) implements PExpr {
    }

    /**
     * An iterator form: {@code iter(v, start, end, stride)}, {@code simditer(v)}, {@code fringeiter(v)},
     * {@code rangeiter(start, end, stride)} or {@code nditer(v, start, end, stride, shape, strides)}. Missing
     * operands are null; for {@code rangeiter} {@code data} is null.
     */
    public record PIter(Pos pos, IterKind kind, PExpr data, PExpr start, PExpr end, PExpr stride,
                        PExpr shape, PExpr strides) implements PExpr {
    }
}
