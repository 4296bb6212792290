#!/usr/bin/env bash
# The lint target ("the lint pass over the DBpedia file: at most 3 times the time of `iri check` on
# the same file") as a user meets it: `iri lint` against `iri check` on the same file, each command
# as it is run, with its reading, parsing and output, in each output format.
# Best of RUNS wall times (default 5), one thread (`--jobs 1` for `iri check`; `iri lint` has one).
# Prints a Markdown table; the ratio column is each `iri lint` row over the `iri check` row of the
# same format, and over `iri check --count` (the verdicts alone, nothing printed per input).
#
#   benches/lint-vs-check.sh [FILE.gz]   # default: ../shared/corpora/realworld-dbpedia-links/iris.txt.gz
#
# `benches/lint.rs` (criterion) times the same stages in memory, without reading or output.
set -euo pipefail
cd "$(dirname "$0")/.."

gz=${1:-../shared/corpora/realworld-dbpedia-links/iris.txt.gz}
runs=${RUNS:-5}
target=${CARGO_TARGET_DIR:-target}
. benches/corpus.sh
file=$(decompressed lint-vs-check "$gz")
lines=$(wc -l <"$file")

cargo build --release --bin iri >&2
iri="$target/release/iri"

# The best wall time of `runs` runs, in seconds; the output goes to a file (a pipe to a reader that
# keeps up would time the reader too). Exit status 1 (an invalid input, a diagnostic) is not a failure.
best() {
    local best_ns= start end status
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        status=0
        "$@" >"$target/bench-corpus/out" 2>/dev/null || status=$?
        end=$(date +%s%N)
        ((status <= 1)) || { echo "lint-vs-check: $* exited with $status" >&2; exit 1; }
        if [[ -z $best_ns ]] || ((end - start < best_ns)); then best_ns=$((end - start)); fi
    done
    awk -v ns="$best_ns" 'BEGIN { printf "%.3f", ns / 1e9 }'
}

count=$(best "$iri" check --count --jobs 1 --input "$file")
check_text=$(best "$iri" check --jobs 1 --input "$file")
check_json=$(best "$iri" check --jobs 1 --format json --input "$file")
lint_text=$(best "$iri" lint --input "$file")
lint_json=$(best "$iri" lint --format json --input "$file")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
per() { awk -v s="$1" -v n="$lines" 'BEGIN { printf "%.0f", s * 1e9 / n }'; }

echo "File: $(basename "$file"), $lines lines; best of $runs runs."
echo
echo "| command | seconds | ns / line | × \`iri check\`, same format | × \`iri check --count\` |"
echo "|---|---:|---:|---:|---:|"
echo "| \`iri check --count --jobs 1\` | $count | $(per "$count") | | 1.00 |"
echo "| \`iri check --jobs 1\` (text) | $check_text | $(per "$check_text") | 1.00 | $(ratio "$check_text" "$count") |"
echo "| \`iri check --jobs 1 --format json\` | $check_json | $(per "$check_json") | 1.00 | $(ratio "$check_json" "$count") |"
echo "| \`iri lint\` (text) | $lint_text | $(per "$lint_text") | $(ratio "$lint_text" "$check_text") | $(ratio "$lint_text" "$count") |"
echo "| \`iri lint --format json\` | $lint_json | $(per "$lint_json") | $(ratio "$lint_json" "$check_json") | $(ratio "$lint_json" "$count") |"
echo
verdict() { awk -v r="$(ratio "$1" "$2")" 'BEGIN { print (r <= 3 ? "met" : "NOT met") }'; }
echo "Target (iri lint ≤ 3 × iri check on the same file, same format): text $(verdict "$lint_text" "$check_text"), JSON $(verdict "$lint_json" "$check_json")."
