#!/bin/sh
# Benchmark: parallel speed-up, 1 vs 2 worker threads, same JVM. usage: bench/parallel.sh [WARMUP] [RUNS]
exec "$(dirname "$0")/java.sh" ParallelBench.java "$(cd "$(dirname "$0")" && pwd)" "${1:-15}" "${2:-10}"
