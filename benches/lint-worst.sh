#!/usr/bin/env bash
# Inputs made of diagnostics: one line of a repeated unit that fires a diagnostic per character or
# escape (`%7e` fires two), at 1 MiB and at a quarter of it, through every command and format that
# lints (`iri lint`, `iri check --lint`, text and JSON), the server's `/api/lint` (256 KiB, the
# request's limit at the default --max-length being 3 MiB) and, where they are installed, the Python
# and JavaScript `lint`. Prints a Markdown table: wall time, CPU time (user + system), peak RSS,
# output bytes per input byte, and the CPU time of a line 4 times as long (4 MiB, with --max-length
# raised) over that of the 1 MiB line (linear: about 4; quadratic: about 16). The rows with
# `--max-diagnostics 0` write every diagnostic, as the library's `lint` returns them.
#
# Usage: benches/lint-worst.sh [SIZE]   (SIZE defaults to 1048576 bytes, the default --max-length)
# Needs GNU time at /usr/bin/time and curl (for the server's start). Builds the release binary into $CARGO_TARGET_DIR
# (default target). Python: `python3 -c 'import iri_abnf'` must work (maturin develop); JavaScript:
# js/package built by `node js/build.mjs`.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1048576}
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet --bin iri
IRI="$TARGET/release/iri"
DIR="$TARGET/lint-worst"
mkdir -p "$DIR"

# name unit (as a Python string literal)
UNITS=(
    "pct7e '%7e'"
    "pctC3A9 '%C3%A9'"
    "lrm '\u200e'"
    "rlo '\u202e'"
    "nbsp '\u00a0'"
    "zwsp '\u200b'"
    "fullwidth '\uff21'"
    "pctE280AE '%E2%80%AE'"
)

gen() { # name unit bytes: a line of `http://a/` and the unit, at most `bytes` bytes
    local f="$DIR/$1-$3"
    if [ ! -s "$f" ]; then
        python3 -c "import sys
u = $2
n = ($3 - 9) // len(u.encode())
sys.stdout.write('http://a/' + u * n + '\n')" >"$f"
    fi
    echo "$f"
}

measure() { # prints "wall cpu KiB output-bytes"
    /usr/bin/time -o "$DIR/time.out" -f '%e %U %S %M' "$@" >"$DIR/out" 2>/dev/null || true
    # GNU time says first when the command exited with a status other than 0.
    read -r wall user sys kib < <(tail -n 1 "$DIR/time.out")
    echo "$wall $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $kib $(stat -c %s "$DIR/out")"
}

PY=
if python3 -c 'import iri_abnf' 2>/dev/null; then PY=python3; fi
NODE=
if [ -f js/package/iri_abnf_wasm_bg.wasm ] || ls js/package/*.wasm >/dev/null 2>&1; then NODE=node; fi

echo "| input | path | time | CPU | peak RSS | output/input byte | CPU of 4× the input ÷ CPU |"
echo "|---|---|---:|---:|---:|---:|---:|"
for entry in "${UNITS[@]}"; do
    read -r name unit <<<"$entry"
    big=$(gen "$name" "$unit" "$SIZE")
    huge=$(gen "$name" "$unit" $((SIZE * 4)))
    bytes=$(($(stat -c %s "$big") - 1))
    label="\`http://a/\` + ${unit} (${bytes} B)"
    paths=("lint -f text" "lint -f json" "check --lint -f text" "check --lint -f json"
        "lint -f json --max-diagnostics 0")
    for p in "${paths[@]}"; do
        # shellcheck disable=SC2086
        read -r wall cpu kib out < <(measure "$IRI" $p --no-config --input "$big")
        # shellcheck disable=SC2086
        read -r _ cpu4 _ _ < <(measure "$IRI" $p --no-config --max-length $((SIZE * 5)) --input "$huge")
        ratio=$(awk -v a="$cpu4" -v b="$cpu" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "–" }')
        per=$(awk -v o="$out" -v n="$bytes" 'BEGIN { printf "%.2f", o / n }')
        printf '| %s | `iri %s` | %s s | %s s | %.1f MiB | %s | %s |\n' \
            "$label" "$p" "$wall" "$cpu" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$per" "$ratio"
    done
    for lang in python javascript; do
        if [ "$lang" = python ] && [ -z "$PY" ]; then continue; fi
        if [ "$lang" = javascript ] && [ -z "$NODE" ]; then continue; fi
        for f in "$big" "$huge"; do
            if [ "$lang" = python ]; then
                read -r wall cpu kib out < <(measure python3 -c "import iri_abnf, sys
s = open(sys.argv[1], encoding='utf-8').read().rstrip('\n')
d = iri_abnf.lint(s)
print(len(d), d.omitted)" "$f")
            else
                read -r wall cpu kib out < <(measure node --input-type=module -e "import { lint } from './js/package/index.mjs';
import { readFileSync } from 'node:fs';
const s = readFileSync(process.argv[1], 'utf8').replace(/\n\$/, '');
const d = lint(s);
console.log(d.length, d.omitted);" "$f")
            fi
            if [ "$f" = "$big" ]; then
                bw=$wall bc=$cpu bk=$kib
            else
                ratio=$(awk -v a="$cpu" -v b="$bc" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "–" }')
            fi
        done
        printf '| %s | %s `lint` | %s s | %s s | %.1f MiB | – | %s |\n' \
            "$label" "$lang" "$bw" "$bc" "$(awk -v k="$bk" 'BEGIN { print k / 1024 }')" "$ratio"
    done
done

# The server: one request of a 256 KiB line of each unit to /api/lint, and to /api/check?lint=true.
PORT=$((20000 + RANDOM % 20000))
"$IRI" serve --no-config --bind 127.0.0.1 --port "$PORT" >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
    sleep 0.1
done
echo
echo "| input (256 KiB) | request | time | answer/input byte |"
echo "|---|---|---:|---:|"
for entry in "${UNITS[@]}"; do
    read -r name unit <<<"$entry"
    f=$(gen "$name" "$unit" 262144)
    bytes=$(($(stat -c %s "$f") - 1))
    for api in "/api/lint?" "/api/check?lint=true&"; do
        # The request is over a MiB long: too long for a command-line argument.
        read -r secs size < <(python3 -c "import sys, time, urllib.parse, urllib.request
line = open(sys.argv[1], encoding='utf-8').read().rstrip('\n')
url = sys.argv[2] + 'input=' + urllib.parse.quote(line, safe='')
t = time.perf_counter()
body = urllib.request.urlopen(url).read()
print('%.3f' % (time.perf_counter() - t), len(body))" "$f" "http://127.0.0.1:$PORT$api")
        printf '| `%s` (%s B) | `%s` | %s s | %s |\n' "$unit" "$bytes" "${api%[?&]}" "$secs" \
            "$(awk -v o="$size" -v n="$bytes" 'BEGIN { printf "%.2f", o / n }')"
    done
done
