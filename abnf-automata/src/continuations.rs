//! What could come in a state of a [`Dfa`]: the code points whose UTF-8 encoding leads on to a
//! live state ([`Dfa::continuations`]), found by runs of bytes of one byte class.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError};

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;

use crate::dfa::{Dfa, Ranges, State};

impl Dfa {
    /// The code points whose UTF-8 encoding leads from `state` to a live state, as sorted, merged,
    /// inclusive ranges. Explores UTF-8 sequences by runs of bytes of one byte class, with the suffixes
    /// of each intermediate state computed once, so it never enumerates the code points one by one.
    /// The ranges of a state are computed once and kept with the DFA.
    pub fn continuations(&self, state: State) -> Ranges {
        let state = state.0;
        // A panic while the lock was held cannot leave the map half-updated: insertion is one step.
        let memo = || {
            self.continuations
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        if let Some(known) = memo().get(&state) {
            return Arc::clone(known);
        }
        let ranges: Ranges = self.compute_continuations(state).into();
        Arc::clone(memo().entry(state).or_insert(ranges))
    }

    /// [`Dfa::continuations`], computed.
    fn compute_continuations(&self, state: StateID) -> Vec<(char, char)> {
        let dfa = &self.raw();
        if !self.live(dfa, state) {
            return Vec::new();
        }
        let mut memo = HashMap::new();
        let mut out = Vec::new();
        // (first lead byte, last lead byte, continuation bytes, payload bits of the lead byte)
        for (lo, hi, rem, mask) in [
            (0x00u8, 0x7Fu8, 0u32, 0x7Fu32),
            (0xC2, 0xDF, 1, 0x1F),
            (0xE0, 0xEF, 2, 0x0F),
            (0xF0, 0xF4, 3, 0x07),
        ] {
            for (first, last) in runs(dfa, lo, hi) {
                let next = dfa.next_state(state, first);
                let suffixes = if rem == 0 {
                    if self.live(dfa, next) {
                        vec![(0, 0)]
                    } else {
                        continue;
                    }
                } else {
                    if dfa.is_dead_state(next) {
                        continue;
                    }
                    self.suffixes(dfa, next, rem, &mut memo)
                };
                let width = 1u32 << (6 * rem);
                spread(
                    u32::from(first) & mask,
                    u32::from(last) & mask,
                    width,
                    &suffixes,
                    &mut out,
                );
            }
        }
        merge(&mut out);
        out.into_iter()
            .filter_map(|(a, b)| Some((char::from_u32(a)?, char::from_u32(b)?)))
            .collect()
    }

    /// The values of the `rem` continuation bytes (6 bits each) that lead from `state` to a live state.
    fn suffixes(
        &self,
        dfa: &DFA<&[u32]>,
        state: StateID,
        rem: u32,
        memo: &mut HashMap<(StateID, u32), Vec<(u32, u32)>>,
    ) -> Vec<(u32, u32)> {
        if let Some(v) = memo.get(&(state, rem)) {
            return v.clone();
        }
        let mut out = Vec::new();
        let width = 1u32 << (6 * (rem - 1));
        for (first, last) in runs(dfa, 0x80, 0xBF) {
            let next = dfa.next_state(state, first);
            let sub = if rem == 1 {
                if self.live(dfa, next) {
                    vec![(0, 0)]
                } else {
                    continue;
                }
            } else {
                if dfa.is_dead_state(next) {
                    continue;
                }
                self.suffixes(dfa, next, rem - 1, memo)
            };
            spread(
                u32::from(first) & 0x3F,
                u32::from(last) & 0x3F,
                width,
                &sub,
                &mut out,
            );
        }
        merge(&mut out);
        memo.insert((state, rem), out.clone());
        out
    }
}

/// The maximal runs of consecutive bytes in `lo..=hi` that share a byte class (and so lead from any
/// state to the same state).
fn runs(dfa: &DFA<&[u32]>, lo: u8, hi: u8) -> Vec<(u8, u8)> {
    let classes = dfa.byte_classes();
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for b in lo..=hi {
        match runs.last_mut() {
            Some((_, last)) if classes.get(*last) == classes.get(b) => *last = b,
            _ => runs.push((b, b)),
        }
    }
    runs
}

/// Adds `(prefix * width + s)` for every prefix in `first..=last` and every range `s` of `suffixes`
/// (values below `width`), as few ranges as possible.
fn spread(first: u32, last: u32, width: u32, suffixes: &[(u32, u32)], out: &mut Vec<(u32, u32)>) {
    if suffixes == [(0, width - 1)] {
        out.push((first * width, last * width + width - 1));
        return;
    }
    for p in first..=last {
        out.extend(
            suffixes
                .iter()
                .map(|&(a, b)| (p * width + a, p * width + b)),
        );
    }
}

/// Sorts and merges overlapping or adjacent ranges.
fn merge(ranges: &mut Vec<(u32, u32)>) {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for &(a, b) in ranges.iter() {
        match out.last_mut() {
            Some((_, last)) if a <= last.saturating_add(1) => *last = (*last).max(b),
            _ => out.push((a, b)),
        }
    }
    *ranges = out;
}
