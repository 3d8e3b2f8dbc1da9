#!/bin/sh
# Each loop of a list run as a SIMD kernel and as the scalar loop, compiled, one JVM per loop (development aid; see
# docs/performance.md, "A survey of kernels against the scalar loop"). Prints one JSON line per loop; a ratio above 1
# is a kernel slower than the scalar loop.
# usage: bench/kernel-survey.sh [LIST (default benchmarks/kernels.txt)] [RUNS]; JAVA_OPTS adds JVM options
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/prepare.sh"
list=${1:-benchmarks/kernels.txt}
grep -v '^#' "$list" | while IFS='|' read -r name params body; do
  [ -n "$name" ] || continue
  "$WELD_JAVA" $WELD_JVM_FLAGS ${JAVA_OPTS:-} -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
    weld.bench.KernelVsScalar "$name" "$params" "$body" ${2:-15} 2>&1 | grep -v "^WARNING: Using incubator"
done
