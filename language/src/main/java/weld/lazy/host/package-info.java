/** The lazy Weld API for Java hosts, on top of {@code org.graalvm.polyglot} only. */
package weld.lazy.host;
