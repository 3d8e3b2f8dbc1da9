#!/bin/sh
# The main job: sum the values above 0.5 in 10 million generated f64 values (generated once into examples/data/).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
data="$root/examples/data/values.npy"
if [ ! -f "$data" ]; then
  mkdir -p "$root/examples/data"
  echo "generating $data (10,000,000 f64 values)..." >&2
  python3 "$root/examples/make_data.py" "$data.tmp" 10000000
  mv "$data.tmp" "$data"
fi
exec "$root/bin/weld" run "$root/examples/filter_sum.weld" --arg "$data" --arg 0.5 --repeat 5 --stats
