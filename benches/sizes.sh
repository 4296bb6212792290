#!/usr/bin/env bash
# The sizes of docs/performance.md ("The size of a program"): the program of benches/size/ (it parses an
# IRI, prints its components, resolves a reference against it and converts the result to a URI),
# built in release with the library's default features off and stripped, and, when js/package/dist
# holds a build (`node js/build.mjs`), the npm package's `.wasm`, as is and with `gzip -9`. Prints a
# Markdown table.
#
# Usage: benches/sizes.sh   (builds into $CARGO_TARGET_DIR/size, default target/size)
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
CARGO_TARGET_DIR="$TARGET/size" cargo build --quiet --release --manifest-path benches/size/Cargo.toml
program="$TARGET/size/release/iri-abnf-size"
"$program" >/dev/null
echo "| build | bytes | gzip -9 |"
echo "|---|---:|---:|"
printf '| benches/size (default features off, stripped) | %s | %s |\n' \
  "$(stat -c %s "$program")" "$(gzip -9 -c "$program" | wc -c)"
wasm=js/package/dist/iri_abnf_wasm_bg.wasm
if [ -f "$wasm" ]; then
  printf '| the npm package'"'"'s `.wasm` | %s | %s |\n' "$(stat -c %s "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
fi
