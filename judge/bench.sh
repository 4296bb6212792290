#!/usr/bin/env bash
# Throughput of `iri judge` in verdict mode against a Rust adapter (oxiri): generated cases only, so
# that the count is exact. Prints cases per second (wall clock) and the machine's load.
# Usage: judge/bench.sh [CASES] [ADAPTER]
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-1000000}"
adapter="${2:-judge-oxiri}"
cargo build --release --quiet -p iri-cli -p judge-adapters
bin="${CARGO_TARGET_DIR:-target}/release"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin/iri" judge --grammar rfc3987 --generated-only --cases "$cases" --format json -- "$bin/$adapter" |
  python3 -c '
import json, sys
r = json.load(sys.stdin)
print("%d cases in %.2f s: %.0f cases/s (%d disagreements)" % (r["cases"], r["seconds"], r["cases_per_second"], r["disagreements"]))
'
