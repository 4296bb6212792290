#!/usr/bin/env bash
# Times bulk checking of a large real-world file: `iri check --count` on one thread and on all
# cores, and a plain loop over oxiri (benches/oxiri_loop.rs) on the same file, with wall time and
# peak resident memory (and user CPU time) from GNU time. Prints a Markdown table.
#
#   benches/bulk-check.sh [FILE.gz]   # default: ../shared/corpora/realworld-dbpedia-links/iris.txt.gz
#
# The file is decompressed once into the target directory.
set -euo pipefail
cd "$(dirname "$0")/.."

gz=${1:-../shared/corpora/realworld-dbpedia-links/iris.txt.gz}
target=${CARGO_TARGET_DIR:-target}
[[ -x /usr/bin/time ]] || { echo "bulk-check: needs GNU time as /usr/bin/time (apt-get install time)" >&2; exit 1; }
. benches/corpus.sh
file=$(decompressed bulk-check "$gz")
lines=$(wc -l <"$file")
bytes=$(wc -c <"$file")

cargo build --release --bin iri >&2
iri="$target/release/iri"
oxiri_loop=$(cargo bench --bench oxiri_loop --no-run --message-format=json 2>/dev/null |
    grep '"name":"oxiri_loop"' | sed -nE 's/.*"executable":"([^"]+)".*/\1/p' | tail -n 1)
[[ -x $oxiri_loop ]] || { echo "bulk-check: could not build benches/oxiri_loop.rs" >&2; exit 1; }

cores=$(nproc)
measure() {
    local label=$1
    shift
    local out stats
    out=$(mktemp)
    stats=$(mktemp)
    # `iri check` exits 1 when some input is invalid: that is not a failure here.
    /usr/bin/time -f '%e %M %U' -o "$stats" "$@" >"$out" || true
    # GNU time first says "Command exited with non-zero status 1" when so.
    read -r secs kib user < <(tail -n 1 "$stats")
    local name
    name=$(basename "$1")
    # Cargo names bench executables NAME-HASH.
    [[ $name == oxiri_loop-* ]] && name=oxiri_loop
    local shown="$name ${*:2}"
    printf '| %s | %s | %.2f s | %.2f s | %s | %s MiB | %s |\n' "$label" "\`${shown//$file/$(basename "$file")}\`" "$secs" "$user" \
        "$(awk -v n="$lines" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')" \
        "$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')" "$(tr -d '\n' <"$out")"
    rm -f "$out" "$stats"
}

echo "File: $(basename "$file"), $lines lines, $((bytes / 1024 / 1024)) MiB; $cores cores."
echo
echo "| run | command | wall time | user CPU | lines/s | peak RSS | output |"
echo "|---|---|---:|---:|---:|---:|---|"
measure "iri check, 1 job" "$iri" check --count --jobs 1 --input "$file"
measure "iri check, all cores ($cores)" "$iri" check --count --input "$file"
measure "oxiri loop (1 thread)" "$oxiri_loop" "$file"
echo
echo "Load average at the end of the runs: $(cut -d ' ' -f 1-3 /proc/loadavg)."
