#!/bin/sh
# First calls of benchmark programs on full-size data in a fresh JVM: eval, then each call's time, while Truffle
# compiles (development aid; see docs/performance.md, "First calls on full-size data").
# usage: bench/first-calls.sh CLASS:CALLS[:field=value...]... ; JAVA_OPTS adds JVM options (-Dthreads=1, -Dscale=4,
# -Dpolyglot.engine.MultiTier=false, -Dpolyglot.engine.TraceCompilation=true)
# e.g.   bench/first-calls.sh LogRegStep:5 CountKeys:5:range=1000000
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/prepare.sh"
for spec in "$@"; do
  "$WELD_JAVA" $WELD_JVM_FLAGS ${JAVA_OPTS:-} -Dweld.bench.programs="$root/benchmarks/programs" \
    -cp "benchmarks/target/classes:benchmarks/target/lib/*" weld.bench.FirstCalls "$spec" 2>&1 | grep -v "^WARNING: Using incubator"
done
