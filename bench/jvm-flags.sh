# Sourced by the benchmark runners (after bin/find-jdk.sh, with $root set): WELD_JAVA, the java command of
# bin/weld (the runtime image of bin/weld-runtime.sh, or the JDK), and WELD_JVM_FLAGS, the JVM options of the
# optimizing Truffle runtime with Weld and the polyglot API on the module path (as bin/weld), for host code on
# the class path, with transparent huge pages where bin/weld uses them. weld_cds_flags ARCHIVE (from
# bin/weld-runtime.sh) adds a dynamic CDS archive where possible.
. "$root/bin/weld-runtime.sh"
lang="$root/language/target"
WELD_JAVA=$weld_java
WELD_JVM_FLAGS="-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI $weld_upgrade_flag \
--module-path=$weld_module_path:$lang/weld-language-0.1.0-SNAPSHOT.jar --add-modules=org.graalvm.polyglot,weld.language \
--enable-native-access=org.graalvm.truffle,weld.language --sun-misc-unsafe-memory-access=allow -Xss16m -Xmx8g $weld_thp $weld_jit_flags"
