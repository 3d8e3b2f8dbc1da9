import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_void;

import java.io.IOException;
import java.lang.classfile.AccessFlags;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.TypeKind;
import java.lang.classfile.attribute.MethodParametersAttribute;
import java.lang.classfile.attribute.SignatureAttribute;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DirectMethodHandleDesc.Kind;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Replaces the {@code invokedynamic} of each lambda and method reference ({@code LambdaMetafactory.metafactory}) by a
 * call to a class written next to its host, {@code Host$$FnN}, that implements the functional interface the way the
 * metafactory's generated class would: the captured values in fields, the interface method converting its arguments
 * and result (casts, boxing, unboxing, widening) around the call of the implementation method (a rewrite of
 * {@link Desugar}). The metafactory spins a hidden class the first time each lambda is evaluated, about 0.4 ms a
 * site even with its class in the CDS archive; these are ordinary classes, which the archive holds.
 *
 * <p>The implementation must be callable from the new class, which is in the host's package but not its nest: a
 * private {@code lambda$} body of the host becomes package-private (public in an interface), and static if it was an
 * instance method (the receiver becomes its first parameter, which uses the same local slot, so the code is
 * unchanged; a static method is not overridden by a subclass's method of the same name). A reference to another
 * private method, to a method not accessible from the package, or needing a conversion the metafactory allows and
 * this rewrite does not, stays an {@code invokedynamic}; so do serializable lambdas ({@code altMetafactory}).
 * Non-capturing lambdas are one shared instance, as the metafactory makes them.
 */
final class Lambdas {
    private static final ClassDesc METAFACTORY = ClassDesc.of("java.lang.invoke.LambdaMetafactory");
    private static final String INFIX = "$$Fn";

    private Lambdas() {
    }

    /** Whether {@code file} is a class this rewrite wrote. */
    static boolean isGenerated(Path file) {
        return file.getFileName().toString().contains(INFIX);
    }

    /** How the new class calls a lambda's implementation: the call's own parameter list (receiver first). */
    private record Call(Kind kind, ClassDesc owner, String name, MethodTypeDesc type,
                        boolean ownerIsInterface) {
        ClassDesc result() {
            return kind == Kind.CONSTRUCTOR ? owner : type.returnType();
        }
    }

    /** A lambda to rewrite: its call site and how its class calls the implementation. */
    private record Site(InvokeDynamicInstruction indy, Call call) {
    }

    /** A private method of the host that the new classes call: its new flags and descriptor. */
    private record Opening(int flags, MethodTypeDesc type, boolean madeStatic) {
    }

    /** Rewrites the lambdas of {@code host} (read from {@code file}): writes their classes and the host. */
    static void desugar(ClassFiles files, ClassModel host, Path file) throws IOException {
        Map<String, Opening> openings = new HashMap<>();
        List<Site> sites = new ArrayList<>();
        List<Boolean> rewritten = new ArrayList<>();
        for (InvokeDynamicInstruction indy : ClassFiles.invokeDynamics(host, METAFACTORY)) {
            if (isMetafactory(indy)) {
                Site site = site(files, host, indy, openings);
                rewritten.add(site != null);
                if (site != null) {
                    sites.add(site);
                }
            }
        }
        if (sites.isEmpty()) {
            return;
        }
        String hostFile = file.getFileName().toString().replace(".class", "");
        try (Stream<Path> stale = Files.list(file.getParent())) {
            for (Path p : stale.filter(p -> p.getFileName().toString().startsWith(hostFile + INFIX)).toList()) {
                Files.delete(p);
            }
        }
        ClassDesc hostDesc = host.thisClass().asSymbol();
        for (int n = 0; n < sites.size(); n++) {
            ClassDesc fn = ClassDesc.ofInternalName(host.thisClass().asInternalName() + INFIX + n);
            byte[] bytes = fnClass(files.classFile, fn, sites.get(n));
            files.write(file.resolveSibling(hostFile + INFIX + n + ".class"), bytes);
        }
        int[] seen = {0};
        int[] next = {0};
        CodeTransform calls = (code, element) -> {
            if (element instanceof InvokeDynamicInstruction indy && isMetafactory(indy) && rewritten.get(seen[0]++)) {
                ClassDesc fn = ClassDesc.ofInternalName(host.thisClass().asInternalName() + INFIX + next[0]++);
                code.invokestatic(fn, "make", indy.typeSymbol(), false);
            } else {
                code.with(element);
            }
        };
        ClassTransform transform = (cb, element) -> {
            if (element instanceof MethodModel m && openings.containsKey(key(m))) {
                Opening o = openings.get(key(m));
                cb.withMethod(m.methodName().stringValue(), o.type(), o.flags(), mb -> {
                    for (MethodElement e : m) {
                        if (e instanceof CodeModel c) {
                            mb.transformCode(c, calls);
                        } else if (!(e instanceof AccessFlags) && !(o.madeStatic() && (e instanceof SignatureAttribute
                                || e instanceof MethodParametersAttribute))) {
                            mb.with(e);
                        }
                    }
                });
            } else if (element instanceof MethodModel m) {
                cb.transformMethod(m, MethodTransform.transformingCode(calls));
            } else {
                cb.with(element);
            }
        };
        byte[] bytes = files.classFile.transformClass(host, transform);
        if (seen[0] != rewritten.size() || next[0] != sites.size()) {
            throw new IllegalStateException(hostDesc.displayName() + ": lambda call sites visited out of order");
        }
        files.write(file, bytes);
    }

    private static boolean isMetafactory(InvokeDynamicInstruction indy) {
        return indy.bootstrapMethod().owner().equals(METAFACTORY)
                && indy.bootstrapMethod().methodName().equals("metafactory");
    }

    private static String key(MethodModel m) {
        return m.methodName().stringValue() + m.methodTypeSymbol().descriptorString();
    }

    /** The site's rewrite, or null where it stays an {@code invokedynamic}; records the host methods to open. */
    private static Site site(ClassFiles files, ClassModel host, InvokeDynamicInstruction indy,
                             Map<String, Opening> openings) {
        DirectMethodHandleDesc impl = (DirectMethodHandleDesc) indy.bootstrapArgs().get(1);
        MethodTypeDesc declared = MethodTypeDesc.ofDescriptor(impl.lookupDescriptor());
        boolean isStatic = impl.kind() == Kind.STATIC || impl.kind() == Kind.INTERFACE_STATIC;
        boolean isConstructor = impl.kind() == Kind.CONSTRUCTOR;
        boolean isSpecial = impl.kind() == Kind.SPECIAL || impl.kind() == Kind.INTERFACE_SPECIAL;
        boolean isVirtual = impl.kind() == Kind.VIRTUAL || impl.kind() == Kind.INTERFACE_VIRTUAL;
        if (!isStatic && !isConstructor && !isSpecial && !isVirtual) {
            return null;
        }
        ClassDesc hostDesc = host.thisClass().asSymbol();
        boolean hostIsInterface = host.flags().has(AccessFlag.INTERFACE);
        Call call;
        Opening opening = null;
        if (impl.owner().equals(hostDesc)) {
            MethodModel target = host.methods().stream().filter(m -> m.methodName().equalsString(impl.methodName())
                    && m.methodTypeSymbol().equals(declared)).findFirst().orElse(null);
            if (target == null) {
                return null;
            }
            int flags = target.flags().flagsMask();
            boolean isPrivate = (flags & ClassFile.ACC_PRIVATE) != 0;
            int open = (flags & ~ClassFile.ACC_PRIVATE) | (hostIsInterface ? ClassFile.ACC_PUBLIC : 0);
            if (!isPrivate) {
                if (isSpecial) {
                    return null;
                }
                call = new Call(impl.kind(), hostDesc, impl.methodName(), isStatic || isConstructor ? declared
                        : declared.insertParameterTypes(0, hostDesc), hostIsInterface);
            } else if (isStatic || isConstructor) {
                opening = new Opening(open, declared, false);
                call = new Call(impl.kind(), hostDesc, impl.methodName(), declared, hostIsInterface);
            } else if (impl.methodName().startsWith("lambda$")) {
                MethodTypeDesc asStatic = declared.insertParameterTypes(0, hostDesc);
                opening = new Opening(open | ClassFile.ACC_STATIC, asStatic, true);
                call = new Call(hostIsInterface ? Kind.INTERFACE_STATIC : Kind.STATIC,
                        hostDesc, impl.methodName(), asStatic, hostIsInterface);
            } else {
                return null;
            }
        } else {
            if (isSpecial || !accessible(files, host, impl, declared)) {
                return null;
            }
            call = new Call(impl.kind(), impl.owner(), impl.methodName(), isStatic || isConstructor ? declared
                    : declared.insertParameterTypes(0, impl.owner()), impl.isOwnerInterface());
        }
        Site site = new Site(indy, call);
        if (!convertible(site)) {
            return null;
        }
        if (opening != null) {
            openings.put(impl.methodName() + declared.descriptorString(), opening);
        }
        return site;
    }

    /** Whether a class in {@code host}'s package may call {@code impl}, a method of another class. */
    private static boolean accessible(ClassFiles files, ClassModel host, DirectMethodHandleDesc impl,
                                      MethodTypeDesc declared) {
        Optional<ClassModel> owner = files.model(impl.owner());
        if (owner.isEmpty()) {
            return false;
        }
        Optional<MethodModel> method = owner.get().methods().stream()
                .filter(m -> m.methodName().equalsString(impl.methodName())
                && m.methodTypeSymbol().equals(declared)).findFirst();
        if (method.isEmpty()) {
            return false;
        }
        String hostPackage = ClassFiles.packageOf(host.thisClass().asSymbol());
        boolean samePackage = ClassFiles.packageOf(impl.owner()).equals(hostPackage);
        int flags = method.get().flags().flagsMask();
        boolean publicOwner = owner.get().flags().has(AccessFlag.PUBLIC);
        if ((flags & ClassFile.ACC_PUBLIC) != 0) {
            return publicOwner || samePackage;
        }
        return (flags & ClassFile.ACC_PRIVATE) == 0 && samePackage;
    }

    private static boolean convertible(Site site) {
        MethodTypeDesc sam = (MethodTypeDesc) site.indy().bootstrapArgs().get(0);
        MethodTypeDesc instantiated = (MethodTypeDesc) site.indy().bootstrapArgs().get(2);
        List<ClassDesc> captured = site.indy().typeSymbol().parameterList();
        List<ClassDesc> arguments = site.call().type().parameterList();
        if (captured.size() + sam.parameterCount() != arguments.size()) {
            return false;
        }
        for (int i = 0; i < captured.size(); i++) {
            if (!Conversions.possible(captured.get(i), arguments.get(i))) {
                return false;
            }
        }
        for (int j = 0; j < sam.parameterCount(); j++) {
            if (!Conversions.possible(sam.parameterType(j), instantiated.parameterType(j))
                    || !Conversions.possible(instantiated.parameterType(j), arguments.get(captured.size() + j))) {
                return false;
            }
        }
        ClassDesc result = site.call().result();
        if (sam.returnType().equals(CD_void)) {
            return true;
        }
        return !result.equals(CD_void) && Conversions.possible(result, instantiated.returnType())
                && Conversions.possible(instantiated.returnType(), sam.returnType());
    }

    /** {@code Host$$FnN}: fields for the captured values, {@code make}, and the interface method. */
    private static byte[] fnClass(ClassFile classFile, ClassDesc fn, Site site) {
        InvokeDynamicInstruction indy = site.indy();
        Call call = site.call();
        MethodTypeDesc sam = (MethodTypeDesc) indy.bootstrapArgs().get(0);
        MethodTypeDesc instantiated = (MethodTypeDesc) indy.bootstrapArgs().get(2);
        List<ClassDesc> captured = indy.typeSymbol().parameterList();
        ClassDesc iface = indy.typeSymbol().returnType();
        MethodTypeDesc constructor = MethodTypeDesc.of(CD_void, captured);
        return classFile.build(fn, cb -> {
            cb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC | ClassFile.ACC_SUPER);
            cb.withSuperclass(CD_Object);
            cb.withInterfaceSymbols(iface);
            for (int i = 0; i < captured.size(); i++) {
                cb.withField("c" + i, captured.get(i), ClassFile.ACC_PRIVATE | ClassFile.ACC_FINAL);
            }
            cb.withMethodBody(ConstantDescs.INIT_NAME, constructor, ClassFile.ACC_PRIVATE, code -> {
                code.aload(0).invokespecial(CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void);
                int slot = 1;
                for (int i = 0; i < captured.size(); i++) {
                    TypeKind kind = TypeKind.from(captured.get(i));
                    code.aload(0).loadLocal(kind, slot).putfield(fn, "c" + i, captured.get(i));
                    slot += kind.slotSize();
                }
                code.return_();
            });
            if (captured.isEmpty()) {
                cb.withField("INSTANCE", fn, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_FINAL);
                cb.withMethodBody(ConstantDescs.CLASS_INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_STATIC, code ->
                        code.new_(fn).dup().invokespecial(fn, ConstantDescs.INIT_NAME, constructor)
                                .putstatic(fn, "INSTANCE", fn).return_());
            }
            cb.withMethodBody("make", indy.typeSymbol(), ClassFile.ACC_STATIC, code -> {
                if (captured.isEmpty()) {
                    code.getstatic(fn, "INSTANCE", fn).areturn();
                    return;
                }
                code.new_(fn).dup();
                int slot = 0;
                for (ClassDesc c : captured) {
                    code.loadLocal(TypeKind.from(c), slot);
                    slot += TypeKind.from(c).slotSize();
                }
                code.invokespecial(fn, ConstantDescs.INIT_NAME, constructor).areturn();
            });
            cb.withMethodBody(indy.name().stringValue(), sam, ClassFile.ACC_PUBLIC, code ->
                    samBody(code, fn, call, captured, sam, instantiated));
        });
    }

    private static void samBody(CodeBuilder code, ClassDesc fn, Call call, List<ClassDesc> captured, MethodTypeDesc sam,
                                MethodTypeDesc instantiated) {
        List<ClassDesc> arguments = call.type().parameterList();
        if (call.kind() == Kind.CONSTRUCTOR) {
            code.new_(call.owner()).dup();
        }
        for (int i = 0; i < captured.size(); i++) {
            code.aload(0).getfield(fn, "c" + i, captured.get(i));
            Conversions.emit(code, captured.get(i), arguments.get(i));
        }
        int slot = 1;
        for (int j = 0; j < sam.parameterCount(); j++) {
            TypeKind kind = TypeKind.from(sam.parameterType(j));
            code.loadLocal(kind, slot);
            slot += kind.slotSize();
            Conversions.emit(code, sam.parameterType(j), instantiated.parameterType(j));
            Conversions.emit(code, instantiated.parameterType(j), arguments.get(captured.size() + j));
        }
        switch (call.kind()) {
            case STATIC, INTERFACE_STATIC ->
                    code.invokestatic(call.owner(), call.name(), call.type(), call.ownerIsInterface());
            case VIRTUAL -> code.invokevirtual(call.owner(), call.name(), call.type().dropParameterTypes(0, 1));
            case INTERFACE_VIRTUAL ->
                    code.invokeinterface(call.owner(), call.name(), call.type().dropParameterTypes(0, 1));
            case CONSTRUCTOR -> code.invokespecial(call.owner(), ConstantDescs.INIT_NAME, call.type());
            default -> throw new IllegalStateException("not a call to rewrite: " + call);
        }
        ClassDesc result = call.result();
        if (sam.returnType().equals(CD_void)) {
            if (!result.equals(CD_void)) {
                if (TypeKind.from(result).slotSize() == 2) {
                    code.pop2();
                } else {
                    code.pop();
                }
            }
            code.return_();
            return;
        }
        Conversions.emit(code, result, instantiated.returnType());
        Conversions.emit(code, instantiated.returnType(), sam.returnType());
        code.return_(TypeKind.from(sam.returnType()));
    }
}
