# Shared by the table scripts (`peers-table.sh`, `corpora-table.sh`): runs one criterion bench unless
# `--table-only` is given, and reads criterion's estimates. Source it from the repository's root after
# setting `bench` to the bench's name.

target=${CARGO_TARGET_DIR:-target}
criterion="$target/criterion"

# Runs `cargo bench --bench "$bench"` with the script's arguments, unless the first is --table-only.
run_bench() {
    if [[ ${1:-} != --table-only ]]; then
        [[ ${1:-} == -- ]] && shift
        cargo bench --bench "$bench" -- "$@" >&2
    fi
}

# The median of one benchmark in ns per input, or nothing when it did not run.
per_input() {
    local dir="$criterion/$bench-$1-$2/$3/new"
    [[ -f $dir/estimates.json && -f $dir/benchmark.json ]] || return 0
    local median elements
    median=$(sed -E 's/.*"median":\{"confidence_interval":\{[^}]*\},"point_estimate":([0-9.eE+-]+).*/\1/' \
        "$dir/estimates.json")
    elements=$(sed -E 's/.*"Elements":([0-9]+).*/\1/' "$dir/benchmark.json")
    awk -v m="$median" -v n="$elements" 'BEGIN { printf "%.1f", m / n }'
}
