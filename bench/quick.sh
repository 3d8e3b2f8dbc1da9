#!/bin/sh
# A quick A/B look at one benchmark workload in one JVM (development aid; documented figures come from run-all.sh).
# usage: bench/quick.sh CLASS RUNS [field=value...] [weld.X=v...] [vs: weld.X=v...]
# e.g.   bench/quick.sh CrimeIndex 10 weld.Vectorize=true vs:weld.Vectorize=false
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/prepare.sh"
"$WELD_JAVA" $WELD_JVM_FLAGS $QUICK_FLAGS -Dweld.bench.programs="$root/benchmarks/programs" \
  -cp "benchmarks/target/classes:benchmarks/target/lib/*" weld.bench.Quick "$@" 2>&1 | grep -v "^WARNING: Using incubator"
