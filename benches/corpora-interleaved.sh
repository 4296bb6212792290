#!/usr/bin/env bash
# Runs the `corpora` bench in its interleaved mode and prints its Markdown table: in each round every
# contender (ours and the peers) goes over each set once untimed and twice timed, in turn, and the
# table gives the medians over the rounds of the times and of each round's ratio (ours ÷ the fastest
# peer validator, ours ÷ oxiri's and ÷ fluent-uri's parse). Comparing within a round keeps the ratio steady on a
# machine whose speed drifts. `near-miss` and `adversarial` are also measured by the length of their
# strings. The plain walks of the same automaton (a flat table walk and regex-automata's) are measured
# in the same rounds: the last column is is_valid ÷ the faster of them.
#
#   benches/corpora-interleaved.sh            # 40 rounds
#   benches/corpora-interleaved.sh ROUNDS
#   CORPORA_SETS=adversarial,dbpedia benches/corpora-interleaved.sh 20   # some sets only
set -euo pipefail
cd "$(dirname "$0")/.."
CORPORA_INTERLEAVED="${1:-40}" cargo bench --bench corpora
