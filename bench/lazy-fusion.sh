#!/bin/sh
# Benchmark: (a * b + c).sum() over 10^7 f64 through the JavaScript and Python array libraries on the lazy API,
# lazy-and-fused against eager (one Weld call per operation), same JVM, with the optimizing Truffle runtime.
# usage: bench/lazy-fusion.sh [ELEMENTS] [WARMUP] [RUNS]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bin/find-jdk.sh"
cd "$root"
cp="$root/tck-tests/target/classpath.txt"
./mvnw25 -B -q -pl tck-tests -am package -DskipTests dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$cp" >&2
# Truffle, the languages and Weld on the module path (the Graal compiler needs them there); the runner on the class path.
modules=$(tr ':' '\n' < "$cp" | grep '\.jar$' | grep -Ev '/(junit|hamcrest|opentest4j|apiguardian)|-tck' | paste -sd: -)
exec "$WELD_JAVA_HOME/bin/java" -Xmx8g -Xss16m -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI \
  --upgrade-module-path="$root/language/target/compiler" --module-path="$modules" \
  --add-modules org.graalvm.polyglot,weld.language -cp "$root/tck-tests/target/test-classes" \
  --enable-native-access=org.graalvm.truffle,ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
  ${BENCH_JAVA_OPTS:-} weld.tck.lazy.FusionBenchmark "${1:-10000000}" "${2:-30}" "${3:-21}"
