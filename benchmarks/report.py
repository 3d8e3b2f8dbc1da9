"""Builds the Markdown report of bench/run-all.sh from the JSON results in DIR (jmh-*.json, c.json, numpy.json,
stream.json, check.json, machine.txt). usage: report.py DIR"""
import glob
import json
import math
import os
import sys

LINEITEM = 6_001_215
# Bytes each workload reads from its input columns.
BYTES = {
    "Sum": 8e8, "FilterSum": 8e8, "TpchQ6": LINEITEM * (4 + 3 * 8), "TpchQ1": LINEITEM * (3 * 4 + 4 * 8),
    "BlackScholes": 1e7 * 5 * 8, "CrimeIndex": 1e7 * 5 * 8, "CountKeys": 5e7 * 4, "GroupSum": 1e7 * 12,
    "LogRegStep": 64e6 * 8 + 1e6 * 8, "Chained": 1e7 * 8, "Select": 1e7 * 8,
}


def lines(path):
    if not os.path.exists(path):
        return [], []
    good, bad = [], []
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        try:
            good.append(json.loads(line))
        except ValueError:
            bad.append(line)
    return good, bad


def fmt(x, digits=1):
    return "—" if x is None else f"{x:.{digits}f}"


def ratio(a, b):
    return None if a is None or b is None else a / b


def main():
    d = sys.argv[1]
    all_threads = os.cpu_count()
    stream = {r["threads"]: r["triad_gb_s"] for r in lines(f"{d}/stream.json")[0]}
    c = {(r["workload"], r["threads"]): r for r in lines(f"{d}/c.json")[0]}
    numpy = {r["workload"]: r for r in lines(f"{d}/numpy.json")[0]}
    checks, check_errors = lines(f"{d}/check.json")
    after = {r["workload"]: r["first_after_others_ms"] for r in checks if "first_after_others_ms" in r}
    checks = [r for r in checks if "first_after_others_ms" not in r]
    jmh = [b for f in sorted(glob.glob(f"{d}/jmh-*.json")) for b in json.load(open(f))]

    # (workload, threads) -> {"weld": (median, min), "java": ..., "unfused": ...}
    results = {}
    for b in jmh:
        cls, method = b["benchmark"].split(".")[-2:]
        params = dict(b.get("params", {}))
        threads = params.pop("threads")
        t = all_threads if threads == "all" else int(threads)
        name = "Chained" if cls == "ChainedUnfused" else cls
        name += "".join(f" {k}={v}" for k, v in sorted(params.items()))
        key = "unfused" if cls == "ChainedUnfused" else method
        p = b["primaryMetric"]["scorePercentiles"]
        results.setdefault((name, t), {})[key] = (p["50.0"], p["0.0"])

    out = ["| workload | threads | Weld median ms (min) | Java median ms | C median ms | Weld/Java | Weld/C "
           "| bandwidth bound ms |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    weld_c = {}
    slower_than_java = []
    for (name, t) in sorted(results, key=lambda k: (list(BYTES).index(k[0].split()[0]), k[0], k[1])):
        r = results[(name, t)]
        weld = r.get("weld", (None, None))
        java = r.get("java", (None, None))[0]
        cr = c.get((name, t))
        cms = cr["median_ms"] if cr else None
        rc, rj = ratio(weld[0], cms), ratio(weld[0], java)
        if rc:
            weld_c.setdefault(t, []).append(rc)
        if rj and rj > 1:
            slower_than_java.append(f"{name} ({t}T)")
        bound = BYTES[name.split()[0]] / (stream.get(t, 0) * 1e9) * 1e3 if stream.get(t) else None
        out.append(f"| {name} | {t} | {fmt(weld[0])} ({fmt(weld[1])}) | {fmt(java)} | {fmt(cms)} | {fmt(rj, 2)} "
                   f"| {fmt(rc, 2)} | {fmt(bound)} |")
        if "unfused" in r:
            u = r["unfused"]
            out.append(f"| Chained, unfused (weld.Passes=none) | {t} | {fmt(u[0])} ({fmt(u[1])}) | | | "
                       f"{fmt(ratio(u[0], java), 2)} | {fmt(ratio(u[0], cms), 2)} | |")
    out.append("")
    for t, rs in sorted(weld_c.items()):
        g = math.exp(sum(map(math.log, rs)) / len(rs))
        within = sum(1 for x in rs if x <= 1.5)
        out.append(f"- {t} thread(s): geomean Weld/C {g:.2f}; {within} of {len(rs)} workloads within 1.5x of C.")
    out.append(f"- Weld slower than the Java baseline: {', '.join(slower_than_java) or 'none'}.")
    for t in sorted({k[1] for k in results if k[0] == "Chained"}):
        r = results[("Chained", t)]
        if "weld" in r and "unfused" in r:
            out.append(f"- Chained loops, {t} thread(s): fused {r['weld'][0]:.1f} ms, unfused {r['unfused'][0]:.1f} ms, "
                       f"speed-up {r['unfused'][0] / r['weld'][0]:.2f}x.")
    out.append(f"- STREAM triad: " + ", ".join(f"{v:.1f} GB/s at {t} thread(s)" for t, v in sorted(stream.items())) + ".")
    out.append("")

    out += ["| NumPy (1 thread) vs all threads | NumPy median ms | Weld ms | Weld speed-up | C ms | C speed-up |",
            "|---|---:|---:|---:|---:|---:|"]
    for name, r in numpy.items():
        weld = results.get((name, all_threads), {}).get("weld", (None,))[0]
        cms = c.get((name, all_threads), {}).get("median_ms")
        out.append(f"| {name} | {fmt(r['median_ms'])} | {fmt(weld)} | {fmt(ratio(r['median_ms'], weld), 2)} "
                   f"| {fmt(cms)} | {fmt(ratio(r['median_ms'], cms), 2)} |")
    out.append("")

    out += ["| program | parse-to-first-result, first in a fresh JVM ms (of which eval) "
            "| same, median of 10 more contexts ms | first in a JVM that ran the other programs ms "
            "| Weld = Java (small inputs) | Java checksum = C checksum (full size) |",
            "|---|---:|---:|---:|---|---|"]
    for r in checks:
        cr = c.get((r["workload"], 1))
        same = "—" if cr is None else ("yes" if abs(cr["checksum"] - r["java_checksum"])
                                         <= 1e-6 * max(1, abs(cr["checksum"])) else f"no ({cr['checksum']})")
        out.append(f"| {r['workload']} | {fmt(r['first_ms'])} ({fmt(r.get('first_eval_ms'))}) | {fmt(r['warm_median_ms'])} | "
                   f"{fmt(after.get(r['workload']))} | "
                   f"{'yes' if r['matches_java'] else 'NO'} | {same} |")
    for e in check_errors:
        out.append(f"\nCheck error: `{e}`")
    print("\n".join(out))


if __name__ == "__main__":
    main()
