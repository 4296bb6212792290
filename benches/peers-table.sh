#!/usr/bin/env bash
# Runs `cargo bench --bench peers` and prints a Markdown table of the median time per input (ns),
# from criterion's estimates.
#
#   benches/peers-table.sh                # run the bench, then print the table
#   benches/peers-table.sh --table-only   # print the table of the last run
#   benches/peers-table.sh -- ARGS        # pass ARGS to the bench (criterion options)
set -euo pipefail
cd "$(dirname "$0")/.."

bench=peers
# shellcheck source=benches/criterion.sh
source benches/criterion.sh
run_bench "$@"

echo "| set | operation | ours | is_valid | oxiri | fluent-uri | iri-string | url (WHATWG) | ours ÷ fastest RFC peer | ours ÷ fluent-uri |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for set in mix dbpedia ascii builtin; do
    for op in validate parse explain; do
        [[ -d $criterion/peers-$set-$op ]] || continue
        label=$op
        # `explain` runs over the invalid inputs of the set only.
        [[ $op == explain ]] && label="explain (invalid inputs)"
        row="| $set | $label"
        ours=$(per_input "$set" "$op" ours)
        fastest=""
        for name in ours is_valid oxiri fluent-uri iri-string url-whatwg; do
            t=$(per_input "$set" "$op" "$name")
            row+=" | ${t:-–}"
            case $name in
            oxiri | fluent-uri | iri-string)
                if [[ -n $t ]] && { [[ -z $fastest ]] || awk -v a="$t" -v b="$fastest" 'BEGIN { exit !(a < b) }'; }; then
                    fastest=$t
                fi
                ;;
            esac
        done
        fluent=$(per_input "$set" "$op" fluent-uri)
        for peer in "$fastest" "$fluent"; do
            if [[ -n $ours && -n $peer ]]; then
                row+=" | $(awk -v a="$ours" -v b="$peer" 'BEGIN { printf "%.2f×", a / b }')"
            else
                row+=" | –"
            fi
        done
        row+=" |"
        echo "$row"
    done
done
echo
echo "Median time per input in ns (lower is better); 10,000 inputs per set (\`explain\`: per invalid input)."
