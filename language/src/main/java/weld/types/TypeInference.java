package weld.types;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weld.WeldException;
import weld.ir.Expr;
import weld.ir.Program;
import weld.ir.Symbol;
import weld.syntax.BinOp;
import weld.syntax.BuilderKind;
import weld.syntax.IterKind;
import weld.syntax.ParseTree;
import weld.syntax.ParseTree.PExpr;
import weld.syntax.Pos;
import weld.syntax.ScalarKind;
import weld.syntax.UnaryOp;
import weld.types.WeldType.Builder;
import weld.types.WeldType.Dict;
import weld.types.WeldType.Scalar;
import weld.types.WeldType.Struct;
import weld.types.WeldType.Vec;
import weld.util.Lists;

/**
 * Type inference: turns a macro-expanded parse tree into the typed IR. Only the top-level parameters need types;
 * builder type parameters, lambda parameters and lets are inferred by unification, processing operands left to
 * right so that a loop's builder and element types are known before its update function is checked. Checks that
 * need a resolved type (operator operands, field access) run at once when the type is known, else at the end.
 */
public final class TypeInference {
    private final Map<String, WeldType> aliases = new HashMap<>();
    private final Map<String, Integer> nameUses = new HashMap<>();
    private final List<Runnable> deferred = new ArrayList<>();
    private int nextId = 1;

    private TypeInference() {
    }

    /** Type-checks a program whose body has been macro-expanded ({@code body}). */
    public static Program infer(ParseTree.Program program, PExpr body) {
        TypeInference ti = new TypeInference();
        for (ParseTree.TypeAlias alias : program.aliases()) {
            ti.aliases.put(alias.name(), ti.resolveType(alias.type(), false));
        }
        return ti.inferProgram(body);
    }

    private Program inferProgram(PExpr body) {
        Scope scope = Scope.EMPTY;
        List<Expr.Param> params = new ArrayList<>();
        PExpr bodyExpr = body;
        if (body instanceof ParseTree.PLambda lambda) {
            for (ParseTree.PParam p : lambda.params()) {
                if (p.type() == null) {
                    throw WeldException.type(p.pos(), "parameter '" + p.name() + "' of the program needs a type");
                }
                WeldType t = resolveType(p.type(), false);
                if (WeldType.isBuilder(t)) {
                    throw WeldException.type(p.pos(), "parameter '" + p.name() + "' cannot be a builder");
                }
                Symbol sym = fresh(p.name());
                params.add(new Expr.Param(sym, t));
                scope = scope.bind(p.name(), sym, t);
            }
            bodyExpr = lambda.body();
        }
        Expr e = infer(bodyExpr, scope);
        for (int i = 0; i < deferred.size(); i++) {
            deferred.get(i).run();
        }
        new CompletenessCheck().check(e);
        if (WeldType.isBuilder(e.type())) {
            throw WeldException.type(e.pos(), "the program cannot return a builder (" + e.type() + "); use result(...)");
        }
        return new Program(params, e);
    }

    private Symbol fresh(String name) {
        int uses = nameUses.merge(name, 1, Integer::sum);
        return new Symbol(name, uses == 1 ? 0 : nextId++);
    }

    // ------------------------------------------------------------------ types

    WeldType resolveType(ParseTree.PType t, boolean allowUnknown) {
        return switch (t) {
            case ParseTree.PScalar s -> Scalar.of(s.kind());
            case ParseTree.PSimd s -> new WeldType.Simd(s.kind());
            case ParseTree.PVec v -> new Vec(resolveType(v.elem(), allowUnknown));
            case ParseTree.PDict d -> new Dict(resolveType(d.key(), allowUnknown), resolveType(d.value(), allowUnknown));
            case ParseTree.PStruct s -> new Struct(Lists.map(s.fields(), f -> resolveType(f, allowUnknown)));
            case ParseTree.PBuilder b -> builderType(b);
            case ParseTree.PUnknown u -> {
                if (!allowUnknown) {
                    throw WeldException.type(u.pos(), "'?' is not allowed here: a complete type is required");
                }
                yield new TypeVar();
            }
            case ParseTree.PAliasRef a -> {
                WeldType r = aliases.get(a.name());
                if (r == null) {
                    throw WeldException.type(a.pos(), "undefined type '" + a.name() + "'");
                }
                yield r;
            }
            case ParseTree.PAnnotatedType a -> resolveType(a.type(), allowUnknown);
        };
    }

    private Builder builderType(ParseTree.PBuilder b) {
        int arity = b.kind() == BuilderKind.DICTMERGER || b.kind() == BuilderKind.GROUPMERGER ? 2 : 1;
        List<WeldType> params = new ArrayList<>();
        for (int i = 0; i < arity; i++) {
            params.add(i < b.params().size() ? resolveType(b.params().get(i), true) : new TypeVar());
        }
        BinOp op = b.op();
        if (op == null && (b.kind() == BuilderKind.MERGER || b.kind() == BuilderKind.DICTMERGER
                || b.kind() == BuilderKind.VECMERGER)) {
            throw WeldException.type(b.pos(), b.kind().keyword + " needs a merge operator (+, *, min or max)");
        }
        Builder bt = new Builder(b.kind(), params, op);
        if (b.kind() != BuilderKind.APPENDER && b.kind() != BuilderKind.GROUPMERGER) {
            WeldType value = b.kind() == BuilderKind.DICTMERGER ? params.get(1) : params.get(0);
            later(value, b.pos(), t -> checkMergeable(t, b.pos(), b.kind().keyword));
        }
        return bt;
    }

    private static void checkMergeable(WeldType t, Pos pos, String builder) {
        boolean ok = t instanceof Scalar s ? s.kind().isNumeric()
                : t instanceof Struct st && !st.fields().isEmpty()
                        && Lists.all(st.fields(), f -> f.resolve() instanceof Scalar s2 && s2.kind().isNumeric());
        if (!ok) {
            throw WeldException.type(pos, builder + " values must be numeric scalars or structs of them, not " + t);
        }
    }

    // ------------------------------------------------------------------ expressions

    private Expr infer(PExpr p, Scope scope) {
        return switch (p) {
            case ParseTree.PIntLit l -> new Expr.Literal(l.pos(), Scalar.of(l.kind()), l.kind(), intValue(l.kind(), l.value()));
            case ParseTree.PFloatLit l -> new Expr.Literal(l.pos(), Scalar.of(l.kind()), l.kind(),
                    l.kind() == ScalarKind.F32 ? (Object) (float) l.value() : (Object) l.value());
            case ParseTree.PBoolLit l -> new Expr.Literal(l.pos(), Scalar.BOOL, ScalarKind.BOOL, l.value());
            case ParseTree.PStringLit s -> {
                List<Expr> chars = new ArrayList<>();
                for (char c : s.value().toCharArray()) {
                    chars.add(new Expr.Literal(s.pos(), Scalar.I8, ScalarKind.I8, (int) (byte) c));
                }
                yield new Expr.MakeVector(s.pos(), new Vec(Scalar.I8), chars);
            }
            case ParseTree.PIdent id -> {
                Scope.Entry e = scope.lookup(id.name());
                if (e == null) {
                    throw WeldException.type(id.pos(), "undefined variable '" + id.name() + "'");
                }
                yield new Expr.Ident(id.pos(), e.type(), e.symbol());
            }
            case ParseTree.PBinary b -> binary(b, scope);
            case ParseTree.PUnary u -> unary(u, scope);
            case ParseTree.PCast c -> {
                Expr e = infer(c.operand(), scope);
                later(e.rawType(), c.pos(), t -> {
                    if (!(t instanceof Scalar)) {
                        throw WeldException.type(c.pos(), "cannot cast " + t + " to " + c.target().name + ": only scalars can be cast");
                    }
                });
                yield new Expr.Cast(c.pos(), Scalar.of(c.target()), c.target(), e);
            }
            case ParseTree.PLet l -> {
                Expr v = infer(l.value(), scope);
                if (l.type() != null) {
                    Unifier.unify(resolveType(l.type(), true), v.rawType(), l.pos(), "let " + l.name());
                }
                Symbol sym = fresh(l.name());
                Expr body = infer(l.body(), scope.bind(l.name(), sym, v.rawType()));
                yield new Expr.Let(l.pos(), body.rawType(), sym, v, body);
            }
            case ParseTree.PIf i -> {
                Expr c = expectBool(infer(i.cond(), scope), "if condition");
                Expr t = infer(i.onTrue(), scope);
                Expr f = infer(i.onFalse(), scope);
                Unifier.unify(t.rawType(), f.rawType(), i.onFalse().pos(), "if branches must have the same type");
                yield new Expr.If(i.pos(), t.rawType(), c, t, f);
            }
            case ParseTree.PSelect s -> {
                Expr c = infer(s.cond(), scope);
                if (!(c.type() instanceof WeldType.Simd sc && sc.kind() == ScalarKind.BOOL)) {
                    expectBool(c, "select condition");
                }
                Expr t = infer(s.onTrue(), scope);
                Expr f = infer(s.onFalse(), scope);
                Unifier.unify(t.rawType(), f.rawType(), s.onFalse().pos(), "select operands must have the same type");
                yield new Expr.Select(s.pos(), t.rawType(), c, t, f);
            }
            case ParseTree.PIterate it -> {
                Expr init = infer(it.initial(), scope);
                Expr.Lambda update = lambda(it.update(), List.of(init.rawType()), scope, "iterate update function");
                Unifier.unify(Struct.of(init.rawType(), Scalar.BOOL), update.body().rawType(), update.body().pos(),
                        "iterate update function must return {state, bool}");
                yield new Expr.Iterate(it.pos(), init.rawType(), init, update);
            }
            case ParseTree.PLambda l -> throw WeldException.type(l.pos(),
                    "a function literal can only be passed to for, iterate, sort or a macro");
            case ParseTree.PApply a -> throw WeldException.type(a.pos(), "cannot call this expression");
            case ParseTree.PMakeStruct s -> {
                List<Expr> elems = Lists.map(s.elems(), e -> infer(e, scope));
                yield new Expr.MakeStruct(s.pos(), new Struct(Lists.map(elems, Expr::rawType)), elems);
            }
            case ParseTree.PMakeVector v -> {
                WeldType elem = new TypeVar();
                List<Expr> elems = new ArrayList<>();
                for (PExpr pe : v.elems()) {
                    Expr e = infer(pe, scope);
                    Unifier.unify(elem, e.rawType(), pe.pos(), "vector elements must have the same type");
                    elems.add(e);
                }
                yield new Expr.MakeVector(v.pos(), new Vec(elem), elems);
            }
            case ParseTree.PGetField g -> {
                Expr s = infer(g.struct(), scope);
                WeldType st = s.type();
                if (!(st instanceof Struct struct)) {
                    throw WeldException.type(g.pos(), st instanceof TypeVar
                            ? "cannot infer the struct type for field access .$" + g.index() + "; add a type annotation"
                            : "field access .$" + g.index() + " on a value of type " + st + ", which is not a struct");
                }
                if (g.index() < 0 || g.index() >= struct.fields().size()) {
                    throw WeldException.type(g.pos(), "struct " + st + " has no field $" + g.index());
                }
                yield new Expr.GetField(g.pos(), struct.fields().get(g.index()), s, g.index());
            }
            case ParseTree.PAscribe a -> {
                Expr e = infer(a.expr(), scope);
                Unifier.unify(resolveType(a.type(), true), e.rawType(), a.pos(), "type ascription");
                yield e;
            }
            case ParseTree.PAnnotated a -> {
                checkAnnotations(a);
                Expr e = infer(a.expr(), scope);
                yield new Expr.Annotated(a.pos(), e.rawType(), a.annotations(), e);
            }
            case ParseTree.PLen l -> {
                Expr v = infer(l.vector(), scope);
                if (!(v.type() instanceof Dict)) {
                    expectVec(v, "len");
                }
                yield new Expr.Len(l.pos(), Scalar.I64, v);
            }
            case ParseTree.PLookup l -> lookup(l, scope);
            case ParseTree.POptLookup l -> {
                Expr d = infer(l.dict(), scope);
                Dict dt = expectDict(d, "optlookup");
                Expr k = infer(l.key(), scope);
                Unifier.unify(dt.key(), k.rawType(), l.key().pos(), "optlookup key");
                yield new Expr.OptLookup(l.pos(), Struct.of(Scalar.BOOL, dt.value()), d, k);
            }
            case ParseTree.PKeyExists l -> {
                Expr d = infer(l.dict(), scope);
                Dict dt = expectDict(d, "keyexists");
                Expr k = infer(l.key(), scope);
                Unifier.unify(dt.key(), k.rawType(), l.key().pos(), "keyexists key");
                yield new Expr.KeyExists(l.pos(), Scalar.BOOL, d, k);
            }
            case ParseTree.PSlice s -> {
                Expr v = infer(s.vector(), scope);
                expectVec(v, "slice");
                Expr i = expectI64(infer(s.index(), scope), "slice index");
                Expr n = expectI64(infer(s.size(), scope), "slice size");
                yield new Expr.Slice(s.pos(), v.rawType(), v, i, n);
            }
            case ParseTree.PSort s -> {
                Expr v = infer(s.vector(), scope);
                WeldType elem = expectVec(v, "sort");
                later(elem, s.pos(), t -> {
                    if (t instanceof Dict || t instanceof WeldType.Simd || WeldType.isBuilder(t)) {
                        throw WeldException.type(s.pos(), "cannot sort a vector of " + t);
                    }
                });
                Expr.Lambda cmp = lambda(s.comparator(), List.of(elem, elem), scope, "sort comparator");
                Unifier.unify(Scalar.I32, cmp.body().rawType(), cmp.body().pos(), "sort comparator must return i32");
                yield new Expr.Sort(s.pos(), v.rawType(), v, cmp);
            }
            case ParseTree.PToVec t -> {
                Expr d = infer(t.dict(), scope);
                Dict dt = expectDict(d, "tovec");
                yield new Expr.ToVec(t.pos(), new Vec(Struct.of(dt.key(), dt.value())), d);
            }
            case ParseTree.PSerialize s -> {
                Expr v = infer(s.value(), scope);
                later(v.rawType(), s.pos(), t -> {
                    if (WeldType.isBuilder(t) || containsBuilder(t)) {
                        throw WeldException.type(s.pos(), "cannot serialize a value of type " + t);
                    }
                });
                yield new Expr.Serialize(s.pos(), new Vec(Scalar.U8), v);
            }
            case ParseTree.PDeserialize d -> {
                Expr b = infer(d.bytes(), scope);
                Unifier.unify(new Vec(Scalar.U8), b.rawType(), d.bytes().pos(), "deserialize operand");
                WeldType t = resolveType(d.type(), false);
                if (containsBuilder(t)) {
                    throw WeldException.type(d.pos(), "cannot deserialize a value of type " + t);
                }
                yield new Expr.Deserialize(d.pos(), t, b);
            }
            case ParseTree.PBroadcast b -> {
                Expr v = infer(b.value(), scope);
                if (!(v.type() instanceof Scalar s) || s.kind() == ScalarKind.BOOL) {
                    throw WeldException.type(b.pos(), "broadcast needs a numeric scalar, not " + v.type());
                }
                yield new Expr.Broadcast(b.pos(), new WeldType.Simd(s.kind()), v);
            }
            case ParseTree.PAssert a -> new Expr.Assert(a.pos(), Scalar.BOOL, expectBool(infer(a.cond(), scope), "assert operand"));
            case ParseTree.PCudf c -> {
                List<Expr> args = Lists.map(c.args(), e -> infer(e, scope));
                yield new Expr.Cudf(c.pos(), resolveType(c.returnType(), false), c.symbol(), args);
            }
            case ParseTree.PMerge m -> merge(m, scope);
            case ParseTree.PResult r -> {
                Expr b = infer(r.builder(), scope);
                WeldType bt = b.type();
                yield new Expr.Result(r.pos(), resultType(bt, r.pos()), b);
            }
            case ParseTree.PNewBuilder n -> newBuilder(n, scope);
            case ParseTree.PFor f -> forLoop(f, scope);
            case ParseTree.PZip z -> throw WeldException.type(z.pos(), "zip can only be the iterator of a for loop");
            case ParseTree.PIter i -> throw WeldException.type(i.pos(), i.kind().keyword + " can only be the iterator of a for loop");
        };
    }

    /**
     * The annotations the reference gives a type: {@code predicate} and {@code vectorize} take a bool,
     * {@code size} an i64 (a literal with the L suffix, or a name). Other keys are free-form.
     */
    private static void checkAnnotations(ParseTree.PAnnotated a) {
        for (var en : a.annotations().entrySet()) {
            String v = en.getValue();
            boolean ok = switch (en.getKey()) {
                case "predicate", "vectorize" -> v.equals("true") || v.equals("false");
                case "size" -> v.matches("-?[0-9]+[lL]") || v.matches("[A-Za-z_$][A-Za-z0-9_$]*") && !v.equals("true") && !v.equals("false");
                default -> true;
            };
            if (!ok) {
                throw WeldException.type(a.pos(), "annotation " + en.getKey() + " needs a value of type "
                        + (en.getKey().equals("size") ? "i64" : "bool") + ", not " + v);
            }
        }
    }

    private static Object intValue(ScalarKind kind, long v) {
        return kind == ScalarKind.I64 || kind == ScalarKind.U64 ? (Object) v : (Object) (int) v;
    }

    private WeldType resultType(WeldType bt, Pos pos) {
        if (bt instanceof Builder b) {
            return b.resultType();
        }
        if (bt instanceof Struct s && WeldType.isBuilder(s)) {
            return new Struct(Lists.map(s.fields(), f -> resultType(f.resolve(), pos)));
        }
        throw WeldException.type(pos, bt instanceof TypeVar ? "cannot infer the builder type of result(...)"
                : "result of a value of type " + bt + ", which is not a builder");
    }

    private static boolean containsBuilder(WeldType t) {
        t = t.resolve();
        return switch (t) {
            case Builder b -> true;
            case Vec v -> containsBuilder(v.elem());
            case Dict d -> containsBuilder(d.key()) || containsBuilder(d.value());
            case Struct s -> Lists.any(s.fields(), TypeInference::containsBuilder);
            default -> false;
        };
    }

    private Expr binary(ParseTree.PBinary b, Scope scope) {
        Expr l = infer(b.left(), scope);
        Expr r = infer(b.right(), scope);
        BinOp op = b.op();
        if (op == BinOp.LAND || op == BinOp.LOR) {
            expectBool(l, "operand of " + op.symbol);
            expectBool(r, "operand of " + op.symbol);
            return new Expr.Binary(b.pos(), Scalar.BOOL, op, l, r);
        }
        if (!Unifier.tryUnify(l.rawType(), r.rawType())) {
            throw WeldException.type(b.pos(), "cannot apply " + op.symbol + " to " + l.type() + " and " + r.type()
                    + ": operands must have the same type");
        }
        WeldType t = l.rawType();
        if (op.isComparison() && t.resolve() instanceof WeldType.Simd) {
            return new Expr.Binary(b.pos(), new WeldType.Simd(ScalarKind.BOOL), op, l, r);
        }
        if (op.isComparison()) {
            later(t, b.pos(), rt -> {
                if (WeldType.isBuilder(rt) || rt instanceof Dict || rt instanceof WeldType.Simd) {
                    throw WeldException.type(b.pos(), "cannot compare values of type " + rt);
                }
            });
            return new Expr.Binary(b.pos(), Scalar.BOOL, op, l, r);
        }
        later(t, b.pos(), rt -> {
            ScalarKind k = rt instanceof Scalar s ? s.kind() : rt instanceof WeldType.Simd s ? s.kind() : null;
            boolean bitwise = op == BinOp.BAND || op == BinOp.BOR || op == BinOp.XOR;
            boolean ok = k != null && (bitwise ? k.isInteger() || k == ScalarKind.BOOL : k.isNumeric());
            if (!ok) {
                throw WeldException.type(b.pos(), "cannot apply " + op.symbol + " to " + rt);
            }
        });
        return new Expr.Binary(b.pos(), t, op, l, r);
    }

    private Expr unary(ParseTree.PUnary u, Scope scope) {
        Expr e = infer(u.operand(), scope);
        UnaryOp op = u.op();
        if (op == UnaryOp.NOT) {
            expectBool(e, "operand of !");
            return new Expr.Unary(u.pos(), Scalar.BOOL, op, e);
        }
        later(e.rawType(), u.pos(), rt -> {
            ScalarKind k = rt instanceof Scalar s ? s.kind() : rt instanceof WeldType.Simd s ? s.kind() : null;
            boolean ok = k != null && (op == UnaryOp.NEG ? k.isNumeric() : k.isFloat());
            if (!ok) {
                throw WeldException.type(u.pos(), op == UnaryOp.NEG ? "cannot negate a value of type " + rt
                        : op.symbol + " needs an f32 or f64 operand, not " + rt);
            }
        });
        return new Expr.Unary(u.pos(), e.rawType(), op, e);
    }

    private Expr lookup(ParseTree.PLookup l, Scope scope) {
        Expr c = infer(l.collection(), scope);
        Expr k = infer(l.key(), scope);
        WeldType ct = c.type();
        if (ct instanceof Vec v) {
            expectI64(k, "vector index");
            return new Expr.Lookup(l.pos(), v.elem(), c, k);
        }
        if (ct instanceof Dict d) {
            Unifier.unify(d.key(), k.rawType(), l.key().pos(), "lookup key");
            return new Expr.Lookup(l.pos(), d.value(), c, k);
        }
        throw WeldException.type(l.pos(), ct instanceof TypeVar ? "cannot infer the type of the lookup operand"
                : "lookup on a value of type " + ct + ", which is neither a vector nor a dictionary");
    }

    private Expr merge(ParseTree.PMerge m, Scope scope) {
        Expr b = infer(m.builder(), scope);
        Expr v = infer(m.value(), scope);
        WeldType bt = b.type();
        if (!(bt instanceof Builder builder)) {
            throw WeldException.type(m.pos(), bt instanceof TypeVar ? "cannot infer the builder type of merge(...)"
                    : "merge into a value of type " + bt + ", which is not a builder");
        }
        WeldType merged = v.rawType();
        if (merged.resolve() instanceof WeldType.Simd simd
                && (builder.kind() == BuilderKind.APPENDER || builder.kind() == BuilderKind.MERGER)) {
            merged = Scalar.of(simd.kind());
        }
        Unifier.unify(builder.mergeType(), merged, m.value().pos(), "value merged into " + builder.kind().keyword);
        return new Expr.Merge(m.pos(), b.rawType(), b, v);
    }

    private Expr newBuilder(ParseTree.PNewBuilder n, Scope scope) {
        Builder bt = builderType(n.type());
        Expr arg = null;
        if (n.arg() != null) {
            arg = infer(n.arg(), scope);
            WeldType expected = switch (bt.kind()) {
                case APPENDER, DICTMERGER, GROUPMERGER -> Scalar.I64;
                case MERGER -> bt.elem();
                case VECMERGER -> new Vec(bt.elem());
            };
            Unifier.unify(expected, arg.rawType(), n.arg().pos(), "argument of " + bt.kind().keyword);
        } else if (bt.kind() == BuilderKind.VECMERGER) {
            throw WeldException.type(n.pos(), "vecmerger needs an initial vector: vecmerger[T,op](v)");
        }
        return new Expr.NewBuilder(n.pos(), bt, arg);
    }

    private Expr forLoop(ParseTree.PFor f, Scope scope) {
        List<Expr.Iter> iters = new ArrayList<>();
        if (f.iterator() instanceof ParseTree.PZip zip) {
            for (PExpr it : zip.iterators()) {
                iters.add(iterator(it, scope));
            }
        } else {
            iters.add(iterator(f.iterator(), scope));
        }
        WeldType elem = iters.size() == 1 ? iters.get(0).rawType()
                : new Struct(Lists.map(iters, Expr.Iter::rawType));
        Expr builder = infer(f.builder(), scope);
        later(builder.rawType(), f.builder().pos(), t -> {
            if (!WeldType.isBuilder(t)) {
                throw WeldException.type(f.builder().pos(), "the second operand of for must be a builder, not " + t);
            }
        });
        Expr.Lambda update = lambda(f.update(), List.of(builder.rawType(), Scalar.I64, elem), scope, "for update function");
        Unifier.unify(builder.rawType(), update.body().rawType(), update.body().pos(),
                "the for update function must return its builder");
        return new Expr.For(f.pos(), builder.rawType(), iters, builder, update);
    }

    private Expr.Iter iterator(PExpr p, Scope scope) {
        if (p instanceof ParseTree.PIter it) {
            if (it.kind() == IterKind.RANGE) {
                Expr s = expectI64(infer(it.start(), scope), "rangeiter start");
                Expr e = expectI64(infer(it.end(), scope), "rangeiter end");
                Expr st = expectI64(infer(it.stride(), scope), "rangeiter stride");
                return new Expr.Iter(it.pos(), Scalar.I64, IterKind.RANGE, null, s, e, st);
            }
            Expr data = infer(it.data(), scope);
            WeldType elem = expectVec(data, it.kind().keyword);
            Expr s = it.start() == null ? null : expectI64(infer(it.start(), scope), it.kind().keyword + " start");
            Expr e = it.end() == null ? null : expectI64(infer(it.end(), scope), it.kind().keyword + " end");
            Expr st = it.stride() == null ? null : expectI64(infer(it.stride(), scope), it.kind().keyword + " stride");
            WeldType t = elem;
            if (it.kind() == IterKind.SIMD) {
                if (!(elem.resolve() instanceof Scalar sc) || sc.kind() == ScalarKind.BOOL) {
                    throw WeldException.type(it.pos(), "simditer needs a vector of numeric scalars, not vec[" + elem + "]");
                }
                t = new WeldType.Simd(sc.kind());
            }
            return new Expr.Iter(it.pos(), t, it.kind(), data, s, e, st);
        }
        if (p instanceof ParseTree.PZip z) {
            throw WeldException.type(z.pos(), "zip cannot be nested inside another zip");
        }
        Expr data = infer(p, scope);
        WeldType elem = expectVec(data, "for");
        return new Expr.Iter(p.pos(), elem, null, data, null, null, null);
    }

    private Expr.Lambda lambda(PExpr p, List<WeldType> paramTypes, Scope scope, String what) {
        if (!(p instanceof ParseTree.PLambda l)) {
            throw WeldException.type(p.pos(), what + " must be a function literal |...| ...");
        }
        if (l.params().size() != paramTypes.size()) {
            throw WeldException.type(l.pos(), what + " must take " + paramTypes.size() + " parameter"
                    + (paramTypes.size() == 1 ? "" : "s") + ", not " + l.params().size());
        }
        List<Expr.Param> params = new ArrayList<>();
        Scope inner = scope;
        for (int i = 0; i < paramTypes.size(); i++) {
            ParseTree.PParam pp = l.params().get(i);
            WeldType t = paramTypes.get(i);
            if (pp.type() != null) {
                Unifier.unify(resolveType(pp.type(), true), t, pp.pos(), "parameter '" + pp.name() + "' of the " + what);
            }
            Symbol sym = fresh(pp.name());
            params.add(new Expr.Param(sym, t));
            inner = inner.bind(pp.name(), sym, t);
        }
        Expr body = infer(l.body(), inner);
        return new Expr.Lambda(l.pos(), new WeldType.Function(paramTypes, body.rawType()), params, body);
    }

    // ------------------------------------------------------------------ checks

    private Expr expectBool(Expr e, String what) {
        Unifier.unify(Scalar.BOOL, e.rawType(), e.pos(), what);
        return e;
    }

    private Expr expectI64(Expr e, String what) {
        Unifier.unify(Scalar.I64, e.rawType(), e.pos(), what);
        return e;
    }

    private WeldType expectVec(Expr e, String what) {
        WeldType elem = new TypeVar();
        if (!Unifier.tryUnify(new Vec(elem), e.rawType())) {
            throw WeldException.type(e.pos(), what + " needs a vector, not " + e.type());
        }
        return elem;
    }

    private Dict expectDict(Expr e, String what) {
        WeldType t = e.type();
        if (t instanceof Dict d) {
            return d;
        }
        throw WeldException.type(e.pos(), t instanceof TypeVar ? "cannot infer the dictionary type for " + what
                : what + " needs a dictionary, not " + t);
    }

    /** Runs {@code check} on the resolved type now if it is known, else after inference. */
    private void later(WeldType t, Pos pos, java.util.function.Consumer<WeldType> check) {
        WeldType r = t.resolve();
        if (!(r instanceof TypeVar)) {
            check.accept(r);
            return;
        }
        deferred.add(() -> {
            WeldType rr = t.resolve();
            if (rr instanceof TypeVar) {
                throw WeldException.type(pos, "cannot infer a type here; add a type annotation");
            }
            check.accept(rr);
        });
    }

    /** The names in scope: an immutable linked list, innermost binding first. */
    record Scope(String name, Symbol symbol, WeldType type, Scope parent) {
        static final Scope EMPTY = new Scope(null, null, null, null);

        record Entry(Symbol symbol, WeldType type) {
        }

        Scope bind(String n, Symbol s, WeldType t) {
            return new Scope(n, s, t, this);
        }

        Entry lookup(String n) {
            for (Scope s = this; s.parent != null; s = s.parent) {
                if (s.name.equals(n)) {
                    return new Entry(s.symbol, s.type);
                }
            }
            return null;
        }
    }
}
