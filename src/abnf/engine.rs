//! The automaton as the engine of validation: membership without allocation, the offset of the first
//! character that no string of the language can have there, and the characters that could.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::OnceLock;

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;

use super::AbnfError;
use crate::grammar::Grammar;
use crate::rule::{Rule, RuleName};

/// The DFA of one rule, borrowed for the life of the process: loaded zero-copy from the precompiled
/// bytes ([`super::precompiled`]) or built at run time ([`super::automaton`]).
#[derive(Clone, Debug)]
pub struct Dfa {
    dfa: DFA<&'static [u32]>,
    start: StateID,
    /// States that are not dead but from which no string reaches a match: in a minimized DFA of
    /// `regex-automata` only the states that report a match one byte late and then die (matches are
    /// delayed by one byte), e.g. the state after `1x` for `*DIGIT`. Sorted.
    dead_ends: Box<[StateID]>,
    /// Whether the DFA was loaded from the precompiled bytes.
    precompiled: bool,
}

/// Where and why the input is not in the language: see [`Dfa::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The length of the longest prefix of the input that is a prefix of some string of the language,
    /// at a character boundary: the byte offset of the first offending character, or the input's length
    /// when the whole input is a proper prefix.
    pub offset: usize,
    /// The DFA state after the input up to `offset`.
    pub state: StateID,
}

impl Dfa {
    pub(crate) fn new(dfa: DFA<&'static [u32]>, start: StateID, precompiled: bool) -> Dfa {
        let dead_ends = dead_ends(&dfa, start);
        Dfa {
            dfa,
            start,
            dead_ends,
            precompiled,
        }
    }

    /// The DFA: anchored, `MatchKind::All`, over the UTF-8 bytes of the input.
    pub fn dfa(&self) -> &DFA<&'static [u32]> {
        &self.dfa
    }

    /// The anchored start state.
    pub fn start(&self) -> StateID {
        self.start
    }

    /// Whether the DFA came from the precompiled bytes rather than being built at run time.
    pub fn is_precompiled(&self) -> bool {
        self.precompiled
    }

    /// Whether the whole of `input` is a string of the rule's language. Allocates nothing.
    #[inline]
    pub fn is_match(&self, input: &str) -> bool {
        is_match(&self.dfa, self.start, input)
    }

    /// Whether some string of the language starts with what led to `state`.
    pub fn is_live(&self, state: StateID) -> bool {
        !(self.dfa.is_special_state(state)
            && (self.dfa.is_dead_state(state)
                || (self.dfa.is_match_state(state)
                    && self.dead_ends.binary_search(&state).is_ok())))
    }

    /// `Ok` if `input` is in the language; otherwise the first offending character (see [`Failure`]).
    /// Allocates nothing.
    pub fn check(&self, input: &str) -> Result<(), Failure> {
        let dfa = &self.dfa;
        let bytes = input.as_bytes();
        let mut state = self.start;
        // The state at the start of the current character and that character's offset.
        let mut at_boundary = (0, state);
        for (i, &byte) in bytes.iter().enumerate() {
            if byte & 0xC0 != 0x80 {
                at_boundary = (i, state);
            }
            state = dfa.next_state(state, byte);
            if dfa.is_special_state(state) && !self.is_live(state) {
                // Dying inside a multi-byte character: the offending character starts at its lead byte.
                return Err(Failure {
                    offset: at_boundary.0,
                    state: at_boundary.1,
                });
            }
        }
        if dfa.is_match_state(dfa.next_eoi_state(state)) {
            Ok(())
        } else {
            Err(Failure {
                offset: input.len(),
                state,
            })
        }
    }

    /// Whether the input may end in `state`.
    pub fn accepts_end(&self, state: StateID) -> bool {
        self.dfa.is_match_state(self.dfa.next_eoi_state(state))
    }

    /// The code points whose UTF-8 encoding leads from `state` to a live state, as sorted, merged,
    /// inclusive ranges. Explores UTF-8 sequences by runs of bytes of one byte class, with the suffixes
    /// of each intermediate state computed once, so it never enumerates the code points one by one.
    pub fn continuations(&self, state: StateID) -> Vec<(char, char)> {
        if !self.is_live(state) {
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
            for (first, last) in self.runs(lo, hi) {
                let next = self.dfa.next_state(state, first);
                let suffixes = if rem == 0 {
                    if self.is_live(next) {
                        vec![(0, 0)]
                    } else {
                        continue;
                    }
                } else {
                    if self.dfa.is_dead_state(next) {
                        continue;
                    }
                    self.suffixes(next, rem, &mut memo)
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
        state: StateID,
        rem: u32,
        memo: &mut HashMap<(StateID, u32), Vec<(u32, u32)>>,
    ) -> Vec<(u32, u32)> {
        if let Some(v) = memo.get(&(state, rem)) {
            return v.clone();
        }
        let mut out = Vec::new();
        let width = 1u32 << (6 * (rem - 1));
        for (first, last) in self.runs(0x80, 0xBF) {
            let next = self.dfa.next_state(state, first);
            let sub = if rem == 1 {
                if self.is_live(next) {
                    vec![(0, 0)]
                } else {
                    continue;
                }
            } else {
                if self.dfa.is_dead_state(next) {
                    continue;
                }
                self.suffixes(next, rem - 1, memo)
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

    /// The maximal runs of consecutive bytes in `lo..=hi` that share a byte class (and so lead from any
    /// state to the same state).
    fn runs(&self, lo: u8, hi: u8) -> Vec<(u8, u8)> {
        let classes = self.dfa.byte_classes();
        let mut runs: Vec<(u8, u8)> = Vec::new();
        for b in lo..=hi {
            match runs.last_mut() {
                Some((_, last)) if classes.get(*last) == classes.get(b) => *last = b,
                _ => runs.push((b, b)),
            }
        }
        runs
    }
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

/// Every state reachable from `start` (bytes and end of input), in breadth-first order.
pub(crate) fn reachable<A: regex_automata::dfa::Automaton>(
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

/// The reachable states that are not dead and from which no string leads to acceptance.
fn dead_ends(dfa: &DFA<&'static [u32]>, start: StateID) -> Box<[StateID]> {
    let reps: Vec<u8> = dfa
        .byte_classes()
        .representatives(..)
        .filter_map(|u| u.as_u8())
        .collect();
    let states = reachable(dfa, start, &reps);
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
    out.into_boxed_slice()
}

type Cell = OnceLock<Result<Dfa, AbnfError>>;

/// The DFA of `rule` of `grammar`: a [`Rule`], or a rule name in spec spelling or with underscores
/// ([`Grammar::rule`]). It is the precompiled one when there is one (loaded once), otherwise built on
/// first use. `None` if the grammar has no such rule. After the first call for a rule, this allocates
/// nothing.
pub fn dfa(grammar: Grammar, rule: impl RuleName) -> Option<Result<&'static Dfa, AbnfError>> {
    /// One cell per grammar and rule, indexed by `Grammar as usize` and `Rule as usize`.
    static CELLS: [[Cell; Rule::COUNT]; 4] = [const { [const { Cell::new() }; Rule::COUNT] }; 4];
    let rule = grammar.rule(rule)?;
    Some(
        CELLS[grammar as usize][rule as usize]
            .get_or_init(|| match super::precompiled::load(grammar, rule) {
                Some((dfa, start)) => Ok(Dfa::new(dfa, start, true)),
                None => super::automaton(grammar, rule.name())
                    .map(|a| Dfa::new(a.dfa().as_ref(), a.start_state(), false)),
            })
            .as_ref()
            .map_err(Clone::clone),
    )
}

/// Whether `input` leads `dfa` from the anchored `start` state to a match at the end of the input: the
/// walk over the input's bytes that stops at the dead state. Allocates nothing.
#[inline]
pub(crate) fn is_match<A: regex_automata::dfa::Automaton>(
    dfa: &A,
    start: StateID,
    input: &str,
) -> bool {
    let mut state = start;
    for &byte in input.as_bytes() {
        state = dfa.next_state(state, byte);
        if dfa.is_special_state(state) && dfa.is_dead_state(state) {
            return false;
        }
    }
    dfa.is_match_state(dfa.next_eoi_state(state))
}
