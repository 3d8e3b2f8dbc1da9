#!/bin/sh
# Benchmark: vecmerger per-task copies vs one shared atomic vecmerger, 2 threads, same JVM, optimizing runtime. usage: bench/vecmerger.sh [WARMUP] [RUNS]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/bin/weld" --version >/dev/null
. "$root/bin/find-jdk.sh"
lang="$root/language/target"
exec "$WELD_JAVA_HOME/bin/java" -Xmx8g -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  --upgrade-module-path="$lang/compiler" \
  --module-path="$lang/modules:$lang/weld-language-0.1.0-SNAPSHOT.jar" --add-modules org.graalvm.polyglot,weld.language \
  --enable-native-access=org.graalvm.truffle --sun-misc-unsafe-memory-access=allow \
  ${BENCH_JAVA_OPTS:-} "$root/bench/VecMergerBench.java" "${1:-5}" "${2:-5}"
