#!/bin/sh
# Runs one of the benchmark programs (bench/*.java) on JDK 25 with the optimizing Truffle runtime and Weld on the
# module path (the JVM flags of bin/weld). usage: bench/java.sh NAME.java ARGS...; BENCH_JAVA_OPTS adds JVM options.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/bin/weld" --version >/dev/null
. "$root/bin/find-jdk.sh"
lang="$root/language/target"
program=$1
shift
exec "$WELD_JAVA_HOME/bin/java" -Xmx8g -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  --upgrade-module-path="$lang/compiler" \
  --module-path="$lang/modules:$lang/weld-language-0.1.0-SNAPSHOT.jar" --add-modules org.graalvm.polyglot,weld.language \
  --enable-native-access=org.graalvm.truffle --sun-misc-unsafe-memory-access=allow \
  ${BENCH_JAVA_OPTS:-} "$root/bench/$program" "$@"
