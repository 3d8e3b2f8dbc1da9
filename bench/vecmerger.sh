#!/bin/sh
# Benchmark: vecmerger per-task copies vs one shared atomic vecmerger, 2 threads. usage: bench/vecmerger.sh [WARMUP] [RUNS] [LENGTHS, comma-separated]
exec "$(dirname "$0")/java.sh" VecMergerBench.java "${1:-5}" "${2:-5}" ${3:+"$3"}
