#!/bin/sh
# Benchmark: sum, filter+sum, map into an appender and a struct of mergers over 10^7 f64, Weld (SIMD reductions on
# and off) next to plain Java loops in the same JVM, one thread. usage: bench/loops.sh [N] [WARMUP] [RUNS] [SHAPES, e.g. sum,map]
exec "$(dirname "$0")/java.sh" LoopShapes.java "$@"
