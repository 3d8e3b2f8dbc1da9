#!/bin/sh
# The whole test suite: unit tests of every module, then the shared conformance corpus through bin/weld.
set -e
root=$(cd "$(dirname "$0")" && pwd)
cd "$root"
./mvnw25 -B -q verify
touch launcher/target/.weld-build-stamp
corpus="$root/../shared/conformance"
if [ -d "$corpus" ]; then
  echo "conformance, default threads:"
  python3 "$corpus/run_conformance.py" --launcher bin/weld "$corpus"
  echo "conformance, --threads 1:"
  python3 "$corpus/run_conformance.py" --launcher "bin/weld --threads 1" "$corpus"
  echo "conformance, --threads 4 --grain 1 (every loop split down to single iterations):"
  python3 "$corpus/run_conformance.py" --launcher "bin/weld --threads 4 --grain 1" "$corpus"
else
  echo "=================================================================="
  echo "SKIPPED: ../shared/conformance not found; the conformance corpus did not run"
  echo "=================================================================="
fi
