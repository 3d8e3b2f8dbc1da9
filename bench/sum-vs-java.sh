#!/bin/sh
# Benchmark: Weld's sum of 10^7 f64 next to a plain Java loop over the same array, same JVM.
# usage: bench/sum-vs-java.sh [WARMUP] [RUNS]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
data="$root/examples/data/values.npy"
[ -f "$data" ] || python3 "$root/examples/make_data.py" "$data" 10000000
exec "$root/bench/java.sh" SumBaseline.java "$data" "${1:-10}" "${2:-10}" "$root/examples/sum.weld"
