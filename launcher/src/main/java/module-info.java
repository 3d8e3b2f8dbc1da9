/** The {@code weld} command: runs Weld programs through the polyglot API. */
module weld.launcher {
    requires org.graalvm.polyglot;
}
