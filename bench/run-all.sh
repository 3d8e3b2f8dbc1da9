#!/bin/sh
# Runs every benchmark of benchmarks/ in one go (about 20 minutes on 2 cores; fewer JMH iterations than usual, see below) and writes the results and a Markdown
# report to benchmarks/target/results/ (report.md). Steps: build Weld and the JMH module; STREAM triad; the C
# harness (gcc -O3 -march=native -fopenmp); NumPy (installs Debian's python3-numpy if missing); per workload, in a
# fresh JVM, parse-to-first-result, Weld-vs-Java result checks and the Java checksum compared with C's; JMH (Weld and
# Java, 1 and all threads, optimizing Truffle runtime). usage: bench/run-all.sh [JMH ARGS...] (e.g. a name regexp)
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/prepare.sh"
out=benchmarks/target/results
rm -rf "$out" && mkdir -p "$out" benchmarks/target/native
java=$WELD_JAVA
cp="benchmarks/target/classes:benchmarks/target/lib/*"

{ lscpu | grep -E "^(Model name|CPU\(s\)|Thread|Core|Socket|L[123]|Flags)" | sed 's/^Flags:.*avx512f.*/Flags: (AVX2, AVX-512)/'
  free -g | awk 'NR == 2 { print "Memory: " $2 " GiB" }'; "$java" -version 2>&1 | head -1; gcc --version | head -1; uptime; } > "$out/machine.txt"

# The JVMs get transparent huge pages where bin/weld uses them (bench/jvm-flags.sh); C, STREAM and NumPy get them
# too, through glibc's malloc.
if [ -n "$weld_thp" ]; then
  export GLIBC_TUNABLES=glibc.malloc.hugetlb=1
fi
gcc -O3 -march=native -fopenmp benchmarks/native/stream.c -o benchmarks/target/native/stream
gcc -O3 -march=native -fopenmp benchmarks/native/bench.c -lm -o benchmarks/target/native/bench
echo "== STREAM triad" >&2
benchmarks/target/native/stream | tee "$out/stream.json" >&2
echo "== C" >&2
benchmarks/target/native/bench 1 | tee "$out/c.json" >&2

echo "== NumPy" >&2
if ! /usr/bin/python3 -c "import numpy" 2>/dev/null; then
  apt-get install -y python3-numpy >&2 || { apt-get update >&2 && apt-get install -y python3-numpy >&2; }
fi
/usr/bin/python3 benchmarks/native/numpy_bench.py 2 | tee "$out/numpy.json" >&2

echo "== parse-to-first-result and result checks" >&2
jmh_args=$*
# Each check runs in a fresh JVM with a dynamic CDS archive, as bin/weld does: written by an untimed training run,
# the requests of launcher/cds-training.jsonl through the launcher's batch command on the checks' class and module
# path (bin/weld-runtime.sh, bin/weld). None of the training programs is a benchmark program.
# (CDS takes jars only: the check's class path has the benchmark jar, not target/classes.)
set -f
cds=$(weld_cds_flags benchmarks/target/check.jsa)
check_cp="benchmarks/target/weld-benchmarks-0.1.0-SNAPSHOT.jar:benchmarks/target/lib/*"
check_flags=$(echo "$WELD_JVM_FLAGS" | sed "s|--module-path=\([^ ]*\)|--module-path=\1:$root/launcher/target/weld-launcher-0.1.0-SNAPSHOT.jar|")
weld_cds_refresh benchmarks/target/check.jsa language/target benchmarks/target launcher/target launcher/cds-training.jsonl
if [ -n "$cds" ] && [ ! -f benchmarks/target/check.jsa ]; then
  "$java" $check_flags -XX:ArchiveClassesAtExit=benchmarks/target/check.jsa -Xlog:cds*=off,aot*=off -cp "$check_cp" \
    -m weld.launcher/weld.launcher.WeldMain --threads 2 batch < launcher/cds-training.jsonl >/dev/null 2>&1 || true
fi
for w in Sum FilterSum TpchQ6 TpchQ1 BlackScholes CrimeIndex "CountKeys range=100" "CountKeys range=10000" \
         "CountKeys range=1000000" "GroupSum keys=1000" "GroupSum keys=1000000" LogRegStep Chained Select; do
  set -- $w
  cls=$1; shift
  "$java" $check_flags $cds -Dweld.bench.programs="$root/benchmarks/programs" -cp "$check_cp" weld.bench.Check "weld.bench.$cls" "$@" \
    2>&1 | grep -v "^WARNING: Using incubator" | tee -a "$out/check.json" >&2
done
# The same programs' first results in a JVM that has run the other workloads' programs first (fresh contexts).
for w in Sum FilterSum TpchQ6 TpchQ1 BlackScholes CrimeIndex "CountKeys range=100" "CountKeys range=10000" \
         "CountKeys range=1000000" "GroupSum keys=1000" "GroupSum keys=1000000" LogRegStep Chained Select; do
  set -- $w
  cls=$1; shift
  "$java" $check_flags $cds -Dweld.bench.afterOthers=true -Dweld.bench.programs="$root/benchmarks/programs" \
    -cp "$check_cp" weld.bench.Check "weld.bench.$cls" "$@" 2>&1 | grep -v "^WARNING: Using incubator" | tee -a "$out/check.json" >&2
done
set +f

# JMH (1 fork; 20 warm-up iterations of 1 s for Weld, 3 for Java; 3 measured), in three runs: group-by with 10^6
# keys takes seconds per call in Weld, so it gets 3 warm-up iterations. ChainedUnfused.java repeats Chained.java.
jmh() {
  "$java" $WELD_JVM_FLAGS -cp "$cp" org.openjdk.jmh.Main -jvmArgs "$WELD_JVM_FLAGS -Dweld.bench.programs=$root/benchmarks/programs" \
    -rf json "$@" 2>&1 | grep -v "^WARNING: Using incubator" >> "$out/jmh.log"
}
echo "== JMH" >&2
if [ -n "$jmh_args" ]; then
  jmh -rff "$out/jmh-1.json" -e 'ChainedUnfused\.java' $jmh_args
else
  jmh -rff "$out/jmh-1.json" -e 'ChainedUnfused\.java|GroupSum'
  jmh -rff "$out/jmh-2.json" 'GroupSum' -p keys=1000
  jmh -rff "$out/jmh-3.json" 'GroupSum' -p keys=1000000 -wi 3 -i 3
fi
grep -E "^(Benchmark|[A-Za-z]+\.(weld|java)) " "$out/jmh.log" >&2

/usr/bin/python3 benchmarks/report.py "$out" > "$out/report.md"
cat "$out/report.md"
