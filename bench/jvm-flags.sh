# Sourced by the benchmark runners: WELD_JVM_FLAGS, the JVM options of the optimizing Truffle runtime with Weld
# and the polyglot API on the module path (as bin/weld), for host code on the class path.
lang="$root/language/target"
WELD_JVM_FLAGS="-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI --upgrade-module-path=$lang/compiler \
--module-path=$lang/modules:$lang/weld-language-0.1.0-SNAPSHOT.jar --add-modules=org.graalvm.polyglot,weld.language \
--enable-native-access=org.graalvm.truffle,weld.language --sun-misc-unsafe-memory-access=allow -Xss16m -Xmx8g"
