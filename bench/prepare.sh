# Sourced by the benchmark runners (with $root set): builds what bin/weld runs and the benchmarks module, and sets
# WELD_JAVA and WELD_JVM_FLAGS (bench/jvm-flags.sh); the working directory becomes $root.
cd "$root"
"$root/bin/weld" --version >/dev/null
. "$root/bin/find-jdk.sh"
. "$root/bench/jvm-flags.sh"
./mvnw25 -B -q -f benchmarks/pom.xml package >&2
