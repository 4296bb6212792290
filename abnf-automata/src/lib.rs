#![doc = include_str!("../README.md")]
//!
//! # Semantics
//!
//! The automaton is exact for ABNF (RFC 5234 §3): alternation (§3.2) is the union of the languages,
//! concatenation (§3.1) their concatenation, repetition (§3.6, §3.7) and option (§3.8) the bounded
//! Kleene star. Rule references are inlined, so the rules must not be recursive; recursion is
//! reported as [`AbnfError::Recursion`]. Terminals are Unicode code points, matched against the UTF-8
//! encoding of the input; quoted strings are case-insensitive for the ASCII letters (RFC 5234 §2.3)
//! unless written `%s"..."` (RFC 7405).
//!
//! The route is: AST ([`Node`]) → `regex_syntax::hir::Hir` (classes of code points, concatenation,
//! alternation, counted repetition) → Thompson NFA without captures → dense DFA of `regex-automata`,
//! built with `MatchKind::All` (every NFA thread is kept, so the union is not pruned by match
//! priority), anchored start states only, and minimized. The `regex-automata` types stay inside the
//! crate: a [`Dfa`] is walked through its own methods, and its states are opaque ([`State`]).
//!
//! # The walks
//!
//! [`Dfa::is_match`] (no allocation) walks a compact copy of the DFA's transitions, built when the
//! DFA is built or read, with the states that differ only in reporting a match (one byte late, in
//! `regex-automata`) merged. Every state has a row of 16-bit offsets by byte class, and an input
//! shorter than 32 bytes is walked through the rows, one transition at a time. For a state of text
//! (whose set of the bytes that leave it unchanged holds every byte of the [`Tuning::run_bytes`]),
//! the table also has the set of those bytes, with the lead bytes of the characters that all come
//! back to the state and their continuation bytes, and an escape (a byte and two digits that lead
//! back to the state, such as a percent-encoded octet) continues such a run: the walk searches for
//! the end of the run instead of taking a transition for each byte, and then takes the transition
//! of the byte that ends it. On x86-64 with AVX2 (detected at run time) the search classifies 32
//! bytes at once against the set (two nibble table lookups per block, the module `search`), escapes
//! included; elsewhere it checks byte by byte, which does not wait for one check before the next as
//! transitions do. The [`Tuning::stops`] are left out of the sets of the states an input can reach
//! before the first of the bytes they stop until, so that the walk takes a transition on them
//! there ([`Dfa::first_transitions`]). A DFA too large for the table's 16-bit entries is walked itself.
//!
//! [`Dfa::check`] also gives the error offset: the first byte after which no string of the language
//! can follow, moved back to the start of its character, or the input's length when the input is a
//! proper prefix of a string of the language. In a minimized DFA every state but the dead state
//! reaches a match state; since matches are reported one byte late, a state that reports a match and
//! then dies counts as dead for the offset. [`Dfa::continuations`] lists the characters that could
//! come at the offset ([`Failure::state`]) as code point ranges, exploring UTF-8 sequences from the
//! state by runs of one byte class.
//!
//! # Modules
//!
//! One concern each: `rules` (the rule lists), `parse` (the reader of RFC 5234 §4), `compile` (rules
//! to a DFA), `dfa` (the [`Dfa`] and its verdicts), `table` (the walks' table, its [`Tuning`] and its
//! bytes), `walk` (the walks), `search` (the search over runs), `continuations` (what could come in
//! a state), `states` (reachable and dead-end states) and `generate` (strings of a rule).

mod compile;
mod continuations;
mod dfa;
#[cfg(test)]
mod fixtures;
mod generate;
mod parse;
mod rules;
mod search;
mod states;
mod table;
mod walk;

pub use dfa::{Dfa, Failure, Ranges, Rows, State};
pub use generate::{case_input, edit, generate, mutate, nth_seed, Choices, Generator, Rng};
pub use rules::{AbnfError, AbnfRules, Node, Origin};
pub use table::Tuning;
