#!/usr/bin/env bash
# Builds `iri` and the Rust adapters, judges each implementation, and regenerates its section of
# docs/conformance.md (between the markers <!-- judge:NAME:begin --> and <!-- judge:NAME:end -->).
# Deterministic: fixed seed and case count. Usage: judge/run-all.sh [CASES]
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-200000}"
cargo build --release --quiet -p iri-cli -p judge-adapters
bin="${CARGO_TARGET_DIR:-target}/release"
doc=docs/conformance.md

# name | grammar | rule | adapter
judged=(
  "oxiri|rfc3987|IRI-reference|judge-oxiri"
  "fluent-uri|rfc3987|IRI-reference|judge-fluent-uri"
  "iri-string|rfc3987|IRI-reference|judge-iri-string"
  "url|uri|URI|judge-url"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for entry in "${judged[@]}"; do
  IFS='|' read -r name grammar rule adapter <<<"$entry"
  echo "judging $name ($grammar $rule, $cases generated cases)" >&2
  status=0
  "$bin/iri" judge --grammar "$grammar" --rule "$rule" --mutate --cases "$cases" --seed 0 \
    --name "$name" --format markdown -- "$bin/$adapter" >"$tmp/$name.md" || status=$?
  if [ "$status" -ge 2 ]; then
    echo "error: judging $name failed (status $status)" >&2
    exit "$status"
  fi
  # Components mode where the adapter has it.
  if [ "$name" != url ]; then
    status=0
    { echo; echo "Components mode:"; echo; } >>"$tmp/$name.md"
    "$bin/iri" judge --grammar "$grammar" --mode components --mutate --cases "$cases" --seed 0 \
      --name "$name" --format markdown -- "$bin/$adapter" --components >>"$tmp/$name.md" || status=$?
    if [ "$status" -ge 2 ]; then
      echo "error: judging $name (components) failed (status $status)" >&2
      exit "$status"
    fi
  fi
  python3 - "$doc" "$name" "$tmp/$name.md" <<'PY'
import sys
doc, name, part = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().rstrip("\n")
text = open(doc).read()
begin, end = f"<!-- judge:{name}:begin -->", f"<!-- judge:{name}:end -->"
if begin not in text or end not in text:
    sys.exit(f"error: {doc} has no markers for {name}")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(doc, "w").write(f"{head}{begin}\n{part}\n{end}{tail}")
PY
done
echo "updated $doc" >&2
