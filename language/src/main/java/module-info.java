/** The Weld language for the Truffle framework. */
module weld.language {
    requires org.graalvm.truffle;
    requires org.graalvm.polyglot;
    requires jdk.unsupported;
    requires jdk.incubator.vector;

    exports weld;
    exports weld.syntax;
    exports weld.types;
    exports weld.ir;
    exports weld.lazy.host;

    provides com.oracle.truffle.api.provider.TruffleLanguageProvider with weld.WeldLanguageProvider;
}
