#!/usr/bin/env bash
# Hostile inputs: 10 MB single-line inputs of one repeated character (and `http://a/` variants),
# run through every path of the `iri` command that reads them whole: `iri check` (text, so invalid
# inputs get the error explanation), `iri parse -f json` (the fast splitter) and `iri parse -f tree`
# (the pest tree). Prints a Markdown table: time, peak RSS, and RSS per input byte above the baseline
# (the peak RSS of `iri check` on an empty input).
#
# Usage: benches/hostile.sh [SIZE]   (SIZE defaults to 10000000; `[` inputs are SIZE/10 bytes)
# Needs GNU time at /usr/bin/time. Builds the release binary into $CARGO_TARGET_DIR (default target).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-10000000}
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet --bin iri
IRI="$TARGET/release/iri"
DIR="$TARGET/hostile"
mkdir -p "$DIR"
MAX=$((SIZE * 2))

gen() { # name char count [prefix]
    local f="$DIR/$1-$3"
    if [ ! -s "$f" ]; then
        { printf '%s' "${4:-}"; head -c "$3" /dev/zero | tr '\0' "$2"; echo; } >"$f"
    fi
    echo "$f"
}

INPUTS=(
    "$(gen slash '/' "$SIZE")"
    "$(gen a 'a' "$SIZE")"
    "$(gen pct '%' "$SIZE")"
    "$(gen bracket '[' $((SIZE / 10)))"
    "$(gen http-slash '/' "$SIZE" 'http://a/')"
    "$(gen http-a 'a' "$SIZE" 'http://a/')"
    "$(gen http-pct '%' "$SIZE" 'http://a/')"
)

measure() { # prints "seconds KiB"
    /usr/bin/time -o "$DIR/time.out" -f '%e %M' "$@" >/dev/null 2>&1 || true
    tail -1 "$DIR/time.out"
}

echo >"$DIR/empty"
read -r _ BASE < <(measure "$IRI" check --input "$DIR/empty")

echo "Baseline (iri check on an empty line): ${BASE} KiB"
echo
echo "| input | command | time | peak RSS | RSS/byte above baseline |"
echo "|---|---|---:|---:|---:|"
for f in "${INPUTS[@]}"; do
    bytes=$(($(stat -c %s "$f") - 1))
    first=$(head -c 12 "$f" | tr -d '\n')
    label="\`${first}…\` (${bytes} B)"
    for cmd in "check" "parse -f json" "parse -f tree"; do
        # shellcheck disable=SC2086
        read -r secs kib < <(measure "$IRI" $cmd --max-length "$MAX" --input "$f")
        per=$(awk -v k="$kib" -v b="$BASE" -v n="$bytes" 'BEGIN { printf "%.1f", (k - b) * 1024 / n }')
        printf '| %s | `iri %s` | %s s | %d MiB | %s |\n' "$label" "$cmd" "$secs" $((kib / 1024)) "$per"
    done
done
