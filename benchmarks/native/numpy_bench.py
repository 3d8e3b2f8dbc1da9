"""NumPy versions of Black-Scholes (10^7 rows) and the chained loops (filter -> map -> sum over 10^7 f64) on the
same generated data as weld.bench.Data (SplitMix64 counters). NumPy runs these on one thread. NumPy has no erf,
so Black-Scholes uses the Abramowitz-Stegun 7.1.26 polynomial (|error| < 1.5e-7), the usual NumPy formulation.
Prints one JSON line per workload. usage: numpy_bench.py [SECONDS_PER_CASE]"""
import json
import math
import sys
import time

import numpy as np


def uniform(stream, n):
    with np.errstate(over="ignore"):
        z = np.uint64(stream) * np.uint64(0x9E3779B97F4A7C15) + np.arange(n, dtype=np.uint64)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0 ** -53


def doubles(stream, n, lo, hi):
    return lo + (hi - lo) * uniform(stream, n)


def erf(x):
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-a * a)
    return np.copysign(y, x)


def black_scholes(s, k, t, r, v):
    sq = v * np.sqrt(t)
    d1 = (np.log(s / k) + (r + 0.5 * v * v) * t) / sq
    d2 = d1 - sq
    nd1 = 0.5 * (1.0 + erf(d1 * 0.7071067811865476))
    nd2 = 0.5 * (1.0 + erf(d2 * 0.7071067811865476))
    return float(np.sum(s * nd1 - k * np.exp(-r * t) * nd2))


def chained(v):
    kept = v[v > 0.5]
    return float(np.sum(kept * 2.0 + 1.0))


def run(name, f, budget):
    c = f()
    f()
    ms = []
    start = time.perf_counter()
    while len(ms) < 15 and (len(ms) < 3 or time.perf_counter() - start < budget):
        s = time.perf_counter()
        c = f()
        ms.append((time.perf_counter() - s) * 1e3)
    ms.sort()
    print(json.dumps({"workload": name, "threads": 1, "median_ms": ms[len(ms) // 2], "min_ms": ms[0],
                      "runs": len(ms), "checksum": c, "numpy": np.__version__}), flush=True)


def main():
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    n = 10_000_000
    bs = [doubles(20, n, 10, 100), doubles(21, n, 10, 100), doubles(22, n, 0.1, 2.1),
          doubles(23, n, 0.01, 0.06), doubles(24, n, 0.1, 0.5)]
    run("BlackScholes", lambda: black_scholes(*bs), budget)
    del bs
    v = doubles(70, n, 0, 1)
    run("Chained", lambda: chained(v), budget)


if __name__ == "__main__":
    main()
