#!/usr/bin/env bash
# Runs `cargo bench --bench corpora` and prints a Markdown table of the median time per input (ns) of
# ours and each peer, per input set, with the ratios: `is_valid` ÷ the fastest peer validator, and
# `parse` ÷ oxiri's and ÷ fluent-uri's parse, `is_valid` with the rule by name ÷ with the `Rule` value, and
# `is_valid` ÷ the flat table walk of the same automaton (the plain walk, one lookup per byte). The numbers come from criterion's estimates.
#
#   benches/corpora-table.sh                # run the bench, then print the table
#   benches/corpora-table.sh --table-only   # print the table of the last run
#   benches/corpora-table.sh -- ARGS        # pass ARGS to the bench (criterion options)
set -euo pipefail
cd "$(dirname "$0")/.."

bench=corpora
# shellcheck source=benches/criterion.sh
source benches/criterion.sh
run_bench "$@"

# a ÷ b as "1.23×", or "–" when either is missing.
ratio() {
    if [[ -n $1 && -n $2 ]]; then
        awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'
    else
        printf '–'
    fi
}

echo "| set | is_valid (ours) | oxiri | fluent-uri | iri-string | is_valid ÷ fastest peer | parse (ours) | parse (oxiri) | parse (fluent-uri) | parse ÷ oxiri | parse ÷ fluent-uri | is_valid by name | by name ÷ by \`Rule\` | flat walk | is_valid ÷ flat walk |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for set in near-miss spec-heavy non-ascii adversarial dbpedia; do
    [[ -d $criterion/corpora-$set-validate ]] || continue
    row="| $set"
    ours=$(per_input "$set" validate is_valid)
    row+=" | ${ours:-–}"
    fastest=""
    for peer in oxiri fluent-uri iri-string; do
        t=$(per_input "$set" validate "$peer")
        row+=" | ${t:-–}"
        if [[ -n $t ]] && { [[ -z $fastest ]] || awk -v a="$t" -v b="$fastest" 'BEGIN { exit !(a < b) }'; }; then
            fastest=$t
        fi
    done
    row+=" | $(ratio "$ours" "$fastest")"
    parse_ours=$(per_input "$set" parse ours)
    parse_oxiri=$(per_input "$set" parse oxiri)
    parse_fluent=$(per_input "$set" parse fluent-uri)
    row+=" | ${parse_ours:-–} | ${parse_oxiri:-–} | ${parse_fluent:-–} | $(ratio "$parse_ours" "$parse_oxiri")"
    row+=" | $(ratio "$parse_ours" "$parse_fluent")"
    by_name=$(per_input "$set" validate is_valid-by-name)
    row+=" | ${by_name:-–} | $(ratio "$by_name" "$ours")"
    flat=$(per_input "$set" validate flat-walk)
    row+=" | ${flat:-–} | $(ratio "$ours" "$flat") |"
    echo "$row"
done
echo
echo "Median time per input in ns (lower is better); 10,000 inputs per set. A ratio below 1 means ours is faster."
