#!/usr/bin/env bash
# Peak memory on the worst inputs: one 10 MB line of `/`, `a`, `%`, `[`, `?` and of `é` (5 million
# characters), run through every subcommand of `iri` that reads inputs, in every output format and
# with its main options, once with `--max-length 20000000` (the line is processed) and once with the
# default `--max-length` (the line is refused as too long); then two streams of many lines (1,000,000
# short lines and 50 lines of 1 MB of `/`) through the same commands, whose peak must not grow with
# the number of lines. Not a timed test: a bench, run by hand.
#
# Prints a Markdown table (command, input, peak RSS in MiB, wall time, bytes written to standard
# output), from GNU time's `%M` and `%e`, then the row of the highest peak of each subcommand, and a
# last line saying whether every peak is at most 100 MB (100,000,000 bytes); the exit status is 1 if
# one is not.
#
# `iri equal` takes its two references as arguments only, and Linux limits one argument to 128 KiB
# (MAX_ARG_STRLEN), so it is measured on 100,000-byte arguments instead of 10 MB lines.
#
# Usage: benches/memory-worst.sh [FILTER]   (FILTER: a grep -E pattern; only the commands that match
#        it run, e.g. 'parse|to-iri'). SIZE=N in the environment changes the line length (default
#        10000000 bytes); IRI=PATH measures that binary instead of building one. Needs GNU time at /usr/bin/time. Builds the release binary into
#        $CARGO_TARGET_DIR (default target).
set -euo pipefail
cd "$(dirname "$0")/.."
FILTER=${1:-}
SIZE=${SIZE:-10000000}
LIMIT=100000000
TARGET=${CARGO_TARGET_DIR:-target}
if [ -z "${IRI:-}" ]; then
    cargo build --release --quiet -p iri-cli --bin iri
    IRI="$TARGET/release/iri"
fi
DIR="$TARGET/memory-worst"
mkdir -p "$DIR"
MAX=$((SIZE * 2))

# gen NAME TEXT BYTES: one line of TEXT repeated to BYTES bytes.
gen() {
    local f="$DIR/$1-$3"
    if [ ! -s "$f" ]; then
        # (yes ends on SIGPIPE, which pipefail would count as a failure)
        (set +o pipefail; yes -- "$2" | tr -d '\n' | head -c "$3"; echo) >"$f"
    fi
    echo "$f"
}


LINES=(
    "/:$(gen slash '/' "$SIZE")"
    "a:$(gen a 'a' "$SIZE")"
    "%:$(gen pct '%' "$SIZE")"
    "[:$(gen bracket '[' "$SIZE")"
    "?:$(gen query '?' "$SIZE")"
    "é:$(gen e 'é' "$SIZE")"
)

MANY="$DIR/many-1000000"
[ -s "$MANY" ] || (set +o pipefail; yes 'http://example.org/a/b/c?q=1#f' | head -n 1000000 >"$MANY")
BIG="$DIR/big-50"
[ -s "$BIG" ] || for _ in $(seq 50); do head -c 1000000 /dev/zero | tr '\0' '/'; echo; done >"$BIG"

# Every subcommand that reads inputs, in every format and with its main options.
COMMANDS=(
    "check" "check -f json" "check --lint" "check -f json --lint" "check --count" "check -j 1"
    "check -g uri" "check -g rfc3987" "check -g leiri" "check -g rfc2396" "-0 check"
    "-0 check -f json"
    "parse" "parse -f json" "parse -f json --tree" "parse -f tree" "parse -g uri"
    "parse -g uri -f json" "parse -g rfc3987" "parse -g rfc3987 -f json" "parse -g leiri"
    "parse -g leiri -f json" "-0 parse" "-0 parse -f json"
    "lint" "lint -f json" "lint -g uri" "lint -g uri -f json" "lint -g leiri -f json" "-0 lint"
    "compare" "compare -f json" "compare --grammars uri,iri" "compare -r ipath -f json" "-0 compare"
    "to-uri" "to-uri -f json" "to-uri --host idna" "to-uri --host uts46 -f json" "to-uri --raw"
    "to-uri --raw -f json" "to-uri --query-charset iso-8859-1" "-0 to-uri"
    "to-iri" "to-iri -f json" "to-iri --trace" "to-iri --trace -f json" "to-iri --keep-punycode"
    "-0 to-iri"
    "from-leiri" "from-leiri -f json" "from-leiri --to uri" "from-leiri --raw"
    "from-leiri --raw -f json" "-0 from-leiri"
    "preprocess" "preprocess -f json" "preprocess --split" "preprocess --encode-spaces"
    "preprocess --nfc -f json" "preprocess --decode-ncr" "preprocess --input-encoding iso-8859-1"
    "-0 preprocess"
    "resolve http://a/b" "resolve http://a/b -f json"
    "resolve http://a/b --non-strict" "resolve http://a/b -g uri"
    "-0 resolve http://a/b"
    "relativize http://a/b" "relativize http://a/b -f json"
    "relativize http://a/b -g uri" "-0 relativize http://a/b"
    "normalize" "normalize -f json" "normalize -l simple" "normalize -l case" "normalize -l percent"
    "normalize -l scheme" "normalize -l nfc" "normalize -l nfc -f json" "normalize --ipv6-rfc5952"
    "normalize -g uri" "-0 normalize"
)

OVER=0
MAXROW=""
MAXKIB=0
declare -A WORST WORSTROW

# run LABEL INPUT-FILE ARGS...: one row (the command shown is ARGS, or $SHOWN when it is set).
run() {
    local label=$1 file=$2
    shift 2
    local bytes
    # (an invalid input makes the exit status 1; GNU time then writes a line before its figures)
    bytes=$({ /usr/bin/time -o "$DIR/time.out" -f '%e %M' "$IRI" "$@" <"$file" 2>/dev/null || true; } | wc -c)
    local secs kib
    read -r secs kib < <(tail -1 "$DIR/time.out")
    local mark=""
    if [ $((kib * 1024)) -gt "$LIMIT" ]; then
        OVER=$((OVER + 1))
        mark=" **over**"
    fi
    if [ "$kib" -gt "$MAXKIB" ]; then
        MAXKIB=$kib
        MAXROW="\`iri ${SHOWN:-$*}\` on $label"
    fi
    local row
    row=$(printf '| `iri %s` | %s | %.1f%s | %s | %s |' "${SHOWN:-$*}" "$label" \
        "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$mark" "$secs" "$bytes")
    echo "$row"
    # The subcommand: the first argument that is not an option.
    local sub
    for sub in "$@"; do
        [ "${sub#-}" = "$sub" ] && break
    done
    if [ "$kib" -gt "${WORST[$sub]:-0}" ]; then
        WORST[$sub]=$kib
        WORSTROW[$sub]=$row
    fi
}

selected() {
    [ -z "$FILTER" ] || grep -Eq -- "$FILTER" <<<"$1"
}

echo "Machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"
echo
echo "| command | input | peak RSS (MiB) | wall (s) | output (bytes) |"
echo "|---|---|---:|---:|---:|"
for cmd in "${COMMANDS[@]}"; do
    selected "$cmd" || continue
    for entry in "${LINES[@]}"; do
        name=${entry%%:*}
        file=${entry#*:}
        # shellcheck disable=SC2086
        run "\`$name\`×$SIZE B" "$file" $cmd --max-length "$MAX"
        # shellcheck disable=SC2086
        run "\`$name\`×$SIZE B, default --max-length" "$file" $cmd
    done
    # shellcheck disable=SC2086
    run "1,000,000 short lines" "$MANY" $cmd
    # shellcheck disable=SC2086
    run "50 lines of 1 MB of \`/\`" "$BIG" $cmd
done
if selected "equal"; then
    for entry in "/:/" "a:a" "%:%" "[:[" "?:?" "é:é"; do
        name=${entry%%:*}
        arg=$(set +o pipefail; yes -- "${entry#*:}" | tr -d '\n' | head -c 100000)
        SHOWN="equal A A" run "\`$name\`×100000 B (arguments)" /dev/null equal "$arg" "$arg"
        SHOWN="equal -f json A A" run "\`$name\`×100000 B (arguments)" /dev/null \
            equal -f json "$arg" "$arg"
    done
fi
echo
echo "The highest peak of each subcommand:"
echo
echo "| command | input | peak RSS (MiB) | wall (s) | output (bytes) |"
echo "|---|---|---:|---:|---:|"
for sub in "${!WORST[@]}"; do
    echo "${WORSTROW[$sub]}"
done | sort
echo
echo "Highest peak: $((MAXKIB / 1024)) MiB, $MAXROW"
if [ "$OVER" -eq 0 ]; then
    echo "Every peak is at most 100 MB."
else
    echo "$OVER peaks are over 100 MB."
    exit 1
fi
