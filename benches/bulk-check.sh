#!/usr/bin/env bash
# Times bulk checking of a large real-world file with its yardsticks in the same run: `wc -l` (reading
# the file and finding its line ends), `iri check --count` on one thread and on all cores, the JSON
# and text records on a file of its valid lines, a plain loop over oxiri (benches/oxiri_loop.rs), and
# the start-up of `wc -l` and of `iri check --count` on an empty file.
# Every command runs RUNS times (default 5) in turn, and the table gives the best wall time of each
# (the shell's clock, around GNU time, which gives the user and system CPU time of that run, in
# hundredths, and the peak resident memory over the runs), then the ratios the targets are stated in.
#
#   benches/bulk-check.sh [FILE.gz]   # default: ../shared/corpora/realworld-dbpedia-links/iris.txt.gz
#   RUNS=10 benches/bulk-check.sh
#
# The file is decompressed once into the target directory, and read from the page cache.
set -euo pipefail
cd "$(dirname "$0")/.."

gz=${1:-../shared/corpora/realworld-dbpedia-links/iris.txt.gz}
runs=${RUNS:-5}
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

# The valid lines of the file, in a file of their own (one JSON record per input, in order).
valid="${file%.txt}-valid.txt"
if [[ ! -s $valid ]]; then
    paste -d '\t' <("$iri" check --jobs 1 --format json --input "$file" | grep -o '"valid":[a-z]*') "$file" |
        awk 'index($0, "\"valid\":true\t") == 1 { print substr($0, 14) }' >"$valid"
fi
valid_lines=$(wc -l <"$valid")

cores=$(nproc)
names=()
commands=()
add() {
    names+=("$1")
    commands+=("$2")
}
add "wc -l" "wc -l $file"
add "iri check --count, 1 job" "$iri check --count --jobs 1 --input $file"
add "iri check --count, all cores ($cores)" "$iri check --count --input $file"
add "valid lines: iri check --count, 1 job" "$iri check --count --jobs 1 --input $valid"
add "valid lines: iri check --format json, 1 job" "$iri check --format json --jobs 1 --input $valid"
add "valid lines: iri check (text), 1 job" "$iri check --jobs 1 --input $valid"
add "valid lines: iri check --format json, all cores ($cores)" "$iri check --format json --input $valid"
add "oxiri loop (1 thread)" "$oxiri_loop $file"
# Starting: the same commands on an empty file (what a one-line check pays before its line).
empty="${file%.txt}-empty.txt"
: >"$empty"
add "start-up: wc -l, empty file" "wc -l $empty"
add "start-up: iri check --count, 1 job, empty file" "$iri check --count --jobs 1 --input $empty"

declare -A best user sys rss out
for ((r = 0; r < runs; r++)); do
    for i in "${!commands[@]}"; do
        stats=$(mktemp)
        output=$(mktemp)
        # `iri check` exits 1 when some input is invalid: that is not a failure here.
        # The wall time from the shell's clock in microseconds (GNU time rounds it to 10 ms).
        started=$EPOCHREALTIME
        /usr/bin/time -f '%U %S %M' -o "$stats" ${commands[$i]} >"$output" || true
        ended=$EPOCHREALTIME
        secs=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.4f", b - a }')
        read -r u s kib < <(tail -n 1 "$stats")
        if [[ -z ${best[$i]:-} ]] || awk -v a="$secs" -v b="${best[$i]}" 'BEGIN { exit !(a < b) }'; then
            best[$i]=$secs
            user[$i]=$u
            sys[$i]=$s
        fi
        [[ ${rss[$i]:-0} -ge $kib ]] || rss[$i]=$kib
        case ${commands[$i]} in
            *--format*|"$iri check --jobs"*) out[$i]="$(wc -l <"$output") records, $(wc -c <"$output") bytes" ;;
            *) out[$i]=$(head -c 60 "$output" | tr -d '\n') ;;
        esac
        rm -f "$stats" "$output"
    done
done

echo "File: $(basename "$file"), $lines lines, $((bytes / 1024 / 1024)) MiB ($valid_lines valid lines in $(basename "$valid")); $cores cores; best of $runs runs."
echo
echo "| run | wall time | user CPU | system CPU | lines/s | peak RSS | output |"
echo "|---|---:|---:|---:|---:|---:|---|"
for i in "${!commands[@]}"; do
    n=$lines
    [[ ${names[$i]} == valid* ]] && n=$valid_lines
    [[ ${names[$i]} == start-up* ]] && n=0
    printf '| %s | %.4f s | %.2f s | %.2f s | %s | %s MiB | %s |\n' "${names[$i]}" "${best[$i]}" "${user[$i]}" "${sys[$i]}" \
        "$(awk -v n="$n" -v s="${best[$i]}" 'BEGIN { if (n == 0) printf "–"; else printf "%.0f", (s > 0 ? n / s : 0) }')" \
        "$(awk -v k="${rss[$i]}" 'BEGIN { printf "%.1f", k / 1024 }')" "${out[$i]}"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", (b > 0 ? a / b : 0) }'; }
echo
echo "| ratio | measured | target |"
echo "|---|---:|---:|"
echo "| \`--count --jobs 1\` ÷ \`wc -l\` | $(ratio "${best[1]}" "${best[0]}") | ≤ 3× |"
echo "| \`--format json\` ÷ \`--count\` (valid lines, 1 job) | $(ratio "${best[4]}" "${best[3]}") | ≤ 3× |"
echo "| text ÷ \`--count\` (valid lines, 1 job) | $(ratio "${best[5]}" "${best[3]}") | |"
echo "| \`--count\`, all cores ÷ 1 job | $(ratio "${best[2]}" "${best[1]}") | ≤ 0.6× |"
echo "| \`--format json\`, all cores ÷ 1 job (valid lines) | $(ratio "${best[6]}" "${best[4]}") | |"
echo "| \`--count --jobs 1\` ÷ oxiri loop | $(ratio "${best[1]}" "${best[7]}") | |"
echo
echo "Load average at the end of the runs: $(cut -d ' ' -f 1-3 /proc/loadavg)."
