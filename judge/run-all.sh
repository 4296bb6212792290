#!/usr/bin/env bash
# Judges every implementation that has an adapter in judge/adapters/ and regenerates its section of
# docs/conformance.md (between the markers <!-- judge:NAME:begin --> and <!-- judge:NAME:end -->).
#
# The Rust adapters are built from the workspace (the libraries at the versions of Cargo.lock). The
# other libraries are installed from their registries, at the versions pinned in each language's
# folder, into a scratch folder (default target/judge-scratch, or $JUDGE_SCRATCH) by that folder's
# setup.sh, which prints nothing on stdout and fails when it cannot install.
#
# Deterministic: fixed seed and case count.
# Usage: judge/run-all.sh [--only NAME[,NAME…]] [--known] [CASES]
#          --known: also rewrite judge/known/NAME.json, the classes of the verdict-mode run (the
#          known classes of --ci).
#        judge/run-all.sh --ci SECONDS [--only NAME[,NAME…]] [CASES]
#          CI: installs every language's libraries, judges each implementation in verdict mode only,
#          the same cases as above (so the same classes), each run stopped after SECONDS at most,
#          with --known judge/known/NAME.json; docs/conformance.md is not rewritten. Exit status 1
#          when some run finds a class that is not in its file (all are judged first), 2 or more
#          when an adapter breaks or an installation fails.
set -euo pipefail
cd "$(dirname "$0")/.."
only="" write_known="" ci=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=",$2,"; shift 2 ;;
    --known) write_known=1; shift ;;
    --ci) ci="$2"; shift 2 ;;
    -*) echo "usage: judge/run-all.sh [--only NAME[,NAME…]] [--known | --ci SECONDS] [CASES]" >&2; exit 2 ;;
    *) break ;;
  esac
done
cases="${1:-200000}"
# The classes each table of docs/conformance.md shows (the most frequent); docs/judge/NAME.md has all.
shown=25
cargo build --release --quiet -p iri-cli -p judge-adapters
bin="$(realpath "${CARGO_TARGET_DIR:-target}/release")"
scratch="$(realpath -m "${JUDGE_SCRATCH:-target/judge-scratch}")"
adapters="$PWD/judge/adapters"
doc=docs/conformance.md
mkdir -p "$scratch"

# name | language | grammar | rule | components mode (yes/no) | command (run by bash; $bin, $scratch
# and $adapters are set) [| generated cases | more options of iri judge: for a slow implementation,
# fewer cases than CASES (and --generated-only: no fixed cases, whose long lines it takes too long
# over), so that its runs, CI's too, end well within the time cap and find the same classes; a
# run explains every disagreement, so an implementation that disagrees on most cases gets fewer]
judged=(
  "oxiri|rust|rfc3987|IRI-reference|yes|\$bin/judge-oxiri"
  "fluent-uri|rust|rfc3987|IRI-reference|yes|\$bin/judge-fluent-uri"
  "iri-string|rust|rfc3987|IRI-reference|yes|\$bin/judge-iri-string"
  "url|rust|uri|URI|yes|\$bin/judge-url"
  "rfc3987|python|rfc3987|IRI|yes|\$scratch/python/venv/bin/python \$adapters/python/judge.py rfc3987 --rule=IRI"
  "rfc3986-validator|python|uri|URI|no|\$scratch/python/venv/bin/python \$adapters/python/judge.py rfc3986-validator"
  "python-rfc3986|python|uri|URI-reference|yes|\$scratch/python/venv/bin/python \$adapters/python/judge.py python-rfc3986"
  "uritools|python|uri|URI-reference|yes|\$scratch/python/venv/bin/python \$adapters/python/judge.py uritools"
  "uri-js|js|uri|URI-reference|yes|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js uri-js"
  "fast-uri|js|uri|URI-reference|yes|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js fast-uri"
  "whatwg-url|js|uri|URI|yes|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js whatwg-url"
  "go-net-url|go|uri|URI-reference|yes|\$scratch/go/judge-go-net-url"
  "uriparser|c|uri|URI-reference|yes|\$scratch/c/judge-uriparser"
  "rfc3987-syntax|python|rfc3987|IRI|no|\$scratch/python/venv/bin/python \$adapters/python/judge.py rfc3987-syntax --rule=iri|500|--generated-only"
  "jsonschema-uri|python|uri|URI|no|\$scratch/python/venv/bin/python \$adapters/python/judge.py jsonschema --rule=uri"
  "jsonschema-iri|python|rfc3987|IRI|no|\$scratch/python/venv/bin/python \$adapters/python/judge.py jsonschema --rule=iri"
  "jsonschema-rs-uri|python|uri|URI|no|\$scratch/python/venv/bin/python \$adapters/python/judge.py jsonschema-rs --rule=uri"
  "jsonschema-rs-iri|python|rfc3987|IRI|no|\$scratch/python/venv/bin/python \$adapters/python/judge.py jsonschema-rs --rule=iri"
  "ajv-formats-uri|js|uri|URI|no|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js ajv-formats --format=uri"
  "ajv-formats-uri-reference|js|uri|URI-reference|no|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js ajv-formats --format=uri-reference"
  "ajv-formats-draft2019-iri|js|rfc3987|IRI|no|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js ajv-formats-draft2019 --format=iri|20000"
  "ajv-formats-draft2019-iri-reference|js|rfc3987|IRI-reference|no|env NODE_PATH=\$scratch/js/node_modules node \$adapters/js/judge.js ajv-formats-draft2019 --format=iri-reference"
  "node-url|js|uri|URI|yes|node \$adapters/js/judge.js node-url"
  "java-net-uri|java|rfc2732|URI-reference|no|\$scratch/java/judge-java-net-uri"
  "curl|c|uri|URI|yes|\$scratch/c/judge-curl"
  "ruby-uri|ruby|uri|URI-reference|yes|ruby \$adapters/ruby/judge.rb"
)

selected() { [ -z "$only" ] || [[ "$only" == *",$1,"* ]]; }

# Install each language's libraries once, for the implementations selected.
declare -A ready=([rust]=1)
for entry in "${judged[@]}"; do
  IFS='|' read -r name lang _ <<<"$entry"
  selected "$name" || continue
  if [ -z "${ready[$lang]:-}" ]; then
    echo "installing the $lang libraries into $scratch/$lang" >&2
    bash "$adapters/$lang/setup.sh" "$scratch/$lang"
    ready[$lang]=1
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
new_classes=""
judge() { # name grammar rule cases command [iri judge options…]
  local name=$1 grammar=$2 rule=$3 n=$4 command=$5
  shift 5
  # shellcheck disable=SC2206 # the entry's options, split into words
  local more=($opts)
  local status=0
  "$bin/iri" judge --grammar "$grammar" --rule "$rule" --mutate --cases "$n" --seed 0 \
    --name "$name" --format "${format:-markdown}" "${more[@]}" "$@" -- bash -c "exec $command \"\$@\"" adapter || status=$?
  if [ "$status" -ge 2 ]; then
    echo "error: judging $name failed (status $status)" >&2
    exit "$status"
  fi
  if [ "$status" = 1 ] && [ -n "$ci" ]; then
    new_classes="$new_classes $name"
  fi
}
export bin scratch adapters
if [ -n "$ci" ]; then
  for entry in "${judged[@]}"; do
    IFS='|' read -r name lang grammar rule components command n opts <<<"$entry"
    selected "$name" || continue
    n=${n:-$cases}
    echo "judging $name ($grammar $rule, $n generated cases, at most $ci s)" >&2
    start=$SECONDS
    judge "$name" "$grammar" "$rule" "$n" "$command" --time "$ci" --known "judge/known/$name.json"
    echo "judged $name in $((SECONDS - start)) s" >&2
  done
  if [ -n "$new_classes" ]; then
    echo "error: new classes of disagreements (not in judge/known/NAME.json):$new_classes" >&2
    exit 1
  fi
  echo "no new class" >&2
  exit 0
fi
for entry in "${judged[@]}"; do
  IFS='|' read -r name lang grammar rule components command n opts <<<"$entry"
  selected "$name" || continue
  n=${n:-$cases}
  echo "judging $name ($grammar $rule, $n generated cases)" >&2
  known=()
  if [ -n "$write_known" ]; then
    known=(--write-known "judge/known/$name.json")
  fi
  # Every class, for docs/judge/NAME.md; the page shows the most frequent.
  judge "$name" "$grammar" "$rule" "$n" "$command" "${known[@]}" --markdown-classes 0 >"$tmp/$name.md"
  if [ "$components" = yes ]; then
    { echo; echo "Components mode:"; echo; } >>"$tmp/$name.md"
    judge "$name" "$grammar" "$rule" "$n" "$command --components" --mode components \
      --markdown-classes 0 >>"$tmp/$name.md"
  fi
  # The verdict-mode report as JSON, for the overview table and the heat map: docs/judge/NAME.json
  # keeps its counts and, of each class, what names it (not the examples, nor the run's speed).
  format=json judge "$name" "$grammar" "$rule" "$n" "$command" >"$tmp/$name.json"
  python3 - "$tmp/$name.json" "docs/judge/$name.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
keep = ("reference_valid", "rule", "rules", "character_class", "count", "witness")
classes = [{k: c[k] for k in keep if k in c} for c in report.get("classes", [])]
short = {
    k: v for k, v in report.items()
    if k not in ("classes", "seconds", "cases_per_second") and not isinstance(v, (list, dict))
}
with open(sys.argv[2], "w") as f:
    json.dump({**short, "classes": classes}, f, indent=1, ensure_ascii=False)
    f.write("\n")
PY
  python3 - "$doc" "$name" "$tmp/$name.md" "$shown" <<'PY'
import os, sys
doc, name, shown = sys.argv[1], sys.argv[2], int(sys.argv[4])
full = open(sys.argv[3]).read().rstrip("\n")
# docs/judge/NAME.md: every class of every mode.
page = os.path.join(os.path.dirname(doc), "judge", f"{name}.md")
os.makedirs(os.path.dirname(page), exist_ok=True)
open(page, "w").write(
    f"# {name}: every class of disagreement\n\n"
    f"Generated by `judge/run-all.sh`: every class that `iri judge` found, the most frequent first; "
    f"what they mean is in the section of {name} in [conformance.md](../conformance.md).\n\n"
    f"{full}\n"
)
# The section of the page: the first rows of each table.
out, rows = [], 0
lines = full.split("\n")
for i, line in enumerate(lines):
    if line.startswith("| ") and not line.startswith(("| ABNF", "| ---")):
        rows += 1
        if rows <= shown:
            out.append(line)
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if rows > shown and not following.startswith("| "):
            out.append("")
            out.append(f"…and {rows - shown} more classes with fewer cases ([every class](judge/{name}.md)).")
        continue
    if not line.startswith("| "):
        rows = 0
    out.append(line)
part = "\n".join(out)
text = open(doc).read()
begin, end = f"<!-- judge:{name}:begin -->", f"<!-- judge:{name}:end -->"
if begin not in text or end not in text:
    sys.exit(f"error: {doc} has no markers for {name}")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(doc, "w").write(f"{head}{begin}\n{part}\n{end}{tail}")
PY
done
# The overview table at the top of the judge's part of docs/conformance.md and the heat map, from
# the JSON reports in docs/judge/ (those of the implementations not judged by this run are kept)
# and the hand-written judge/findings.tsv.
for entry in "${judged[@]}"; do
  IFS='|' read -r name lang grammar rule _ <<<"$entry"
  echo "$name|$lang|$grammar|$rule"
done >"$tmp/entries"
python3 judge/overview.py "$tmp/entries" docs/judge judge/findings.tsv "$doc"
python3 judge/heatmap.py "$tmp/entries" docs/judge docs/judge/heatmap.svg
echo "updated $doc and docs/judge/" >&2

