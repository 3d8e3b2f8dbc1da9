#!/bin/sh
# Benchmark: parallel speed-up, 1 vs 2 worker threads, same JVM, optimizing runtime. usage: bench/parallel.sh [WARMUP] [RUNS]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/bin/weld" --version >/dev/null
. "$root/bin/find-jdk.sh"
lang="$root/language/target"
exec "$WELD_JAVA_HOME/bin/java" -Xmx8g -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  --upgrade-module-path="$lang/compiler" \
  --module-path="$lang/modules:$lang/weld-language-0.1.0-SNAPSHOT.jar" --add-modules org.graalvm.polyglot,weld.language \
  --enable-native-access=org.graalvm.truffle --sun-misc-unsafe-memory-access=allow \
  ${BENCH_JAVA_OPTS:-} "$root/bench/ParallelBench.java" "$root/bench" "${1:-15}" "${2:-10}"
