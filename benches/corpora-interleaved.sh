#!/usr/bin/env bash
# Runs the `corpora` bench in its interleaved mode and prints its Markdown table: in each round every
# contender (ours and the peers) goes over each set once untimed and twice timed, in turn, and the
# table gives the medians over the rounds of the times and of each round's ratio (ours ÷ the fastest
# peer validator, ours ÷ oxiri's and ÷ fluent-uri's parse). Comparing within a round keeps the ratio
# steady on a machine whose speed drifts. `near-miss` is also measured by the length of its strings.
# `CORPORA_SETS=non-ascii,dbpedia` measures those sets only.
#
#   benches/corpora-interleaved.sh            # 40 rounds
#   benches/corpora-interleaved.sh ROUNDS
set -euo pipefail
cd "$(dirname "$0")/.."
CORPORA_INTERLEAVED="${1:-40}" cargo bench --bench corpora
