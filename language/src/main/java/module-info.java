/** The Weld language for the Truffle framework. */
module weld.language {
    requires org.graalvm.truffle;
    requires org.graalvm.polyglot;
    requires jdk.unsupported;

    exports weld;
    exports weld.syntax;
    exports weld.types;
    exports weld.ir;

    provides com.oracle.truffle.api.provider.TruffleLanguageProvider with weld.WeldLanguageProvider;
}
