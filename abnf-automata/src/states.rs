//! The states of a DFA that an input reaches, and those of them from which no string reaches a
//! match.

use std::collections::{HashSet, VecDeque};

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton;
use regex_automata::util::primitives::StateID;

/// Every state reachable from `start` (bytes and end of input), in breadth-first order.
pub(crate) fn reachable<A: Automaton>(
    dfa: &A,
    start: StateID,
    representatives: &[u8],
) -> Vec<StateID> {
    let mut seen: HashSet<StateID> = HashSet::from([start]);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        for next in representatives
            .iter()
            .map(|&b| dfa.next_state(s, b))
            .chain([dfa.next_eoi_state(s)])
        {
            if seen.insert(next) {
                order.push(next);
                queue.push_back(next);
            }
        }
    }
    order
}

/// The reachable states that are not dead and from which no string leads to acceptance, and the number
/// of reachable states (the dead state included).
pub(crate) fn dead_ends(dfa: &DFA<&[u32]>, start: StateID) -> (Box<[StateID]>, usize) {
    let reps: Vec<u8> = dfa
        .byte_classes()
        .representatives(..)
        .filter_map(|u| u.as_u8())
        .collect();
    let states = reachable(dfa, start, &reps);
    let count = states.len();
    let mut live: HashSet<StateID> = states
        .iter()
        .copied()
        .filter(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
        .collect();
    loop {
        let before = live.len();
        for &s in &states {
            if !live.contains(&s) && reps.iter().any(|&b| live.contains(&dfa.next_state(s, b))) {
                live.insert(s);
            }
        }
        if live.len() == before {
            break;
        }
    }
    let mut out: Vec<StateID> = states
        .into_iter()
        .filter(|&s| !live.contains(&s) && !dfa.is_dead_state(s))
        .collect();
    out.sort_unstable();
    (out.into_boxed_slice(), count)
}
