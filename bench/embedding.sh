#!/bin/sh
# Benchmark: a sum of 10^8 f64 called from Java (double[], direct ByteBuffer) and from JavaScript (Float64Array),
# each next to the same sum written in the host language, in one JVM; plus the cost of a call and the heap a call
# allocates (no copy of the data). usage: bench/embedding.sh [ELEMENTS] [RUNS]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/bin/weld" --version >/dev/null
. "$root/bin/find-jdk.sh"
cp_file="$root/bench/polyglot/target/classpath.txt"
if [ ! -f "$cp_file" ]; then
  (cd "$root/bench/polyglot" && "$root/mvnw25" -q -B dependency:build-classpath -Dmdep.outputFile=target/classpath.txt >&2)
fi
lang="$root/language/target"
exec "$WELD_JAVA_HOME/bin/java" -Xmx12g -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  --upgrade-module-path="$lang/compiler" \
  --module-path="$(tr ":" "\n" < "$cp_file" | grep "\.jar$" | tr "\n" ":")$lang/weld-language-0.1.0-SNAPSHOT.jar" \
  --add-modules org.graalvm.polyglot,weld.language,org.graalvm.js \
  --enable-native-access=org.graalvm.truffle --sun-misc-unsafe-memory-access=allow \
  ${BENCH_JAVA_OPTS:-} "$root/bench/EmbeddingBench.java" "${1:-100000000}" "${2:-10}"
