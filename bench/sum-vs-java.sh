#!/bin/sh
# Benchmark: Weld's sum of 10^7 f64 next to a plain Java loop over the same array, in one JVM on the optimizing
# Truffle runtime (same JVM flags as bin/weld). usage: bench/sum-vs-java.sh [WARMUP] [RUNS]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/bin/weld" --version >/dev/null
. "$root/bin/find-jdk.sh"
data="$root/examples/data/values.npy"
[ -f "$data" ] || python3 "$root/examples/make_data.py" "$data" 10000000
lang="$root/language/target"
exec "$WELD_JAVA_HOME/bin/java" -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  --upgrade-module-path="$lang/compiler" \
  --module-path="$lang/modules:$lang/weld-language-0.1.0-SNAPSHOT.jar" --add-modules org.graalvm.polyglot,weld.language \
  --enable-native-access=org.graalvm.truffle --sun-misc-unsafe-memory-access=allow \
  ${BENCH_JAVA_OPTS:-} "$root/bench/SumBaseline.java" "$data" "${1:-10}" "${2:-10}" "$root/examples/sum.weld"
