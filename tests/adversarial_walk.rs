//! The walk of `is_valid` (`Dfa::is_match`: rows, and runs searched over for web links) decides as the
//! plain walk of the same DFA (`Dfa::next` for each byte) on the adversarial set of the `corpora` bench:
//! strings of every rule of every grammar, near misses, characters of every Unicode plane.

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use iri_abnf::abnf::{dfa, Dfa};
use iri_abnf::{is_valid, AnyGrammar};

/// The plain walk of `dfa`: one transition of the DFA itself per byte, stopping at the dead state.
fn plain(dfa: &Dfa, input: &str) -> bool {
    let mut state = dfa.start();
    for &byte in input.as_bytes() {
        state = dfa.next(state, byte);
        if dfa.is_dead(state) {
            return false;
        }
    }
    dfa.accepts_end(state)
}

#[test]
fn the_walk_is_the_plain_walk_on_adversarial_strings() {
    let set = corpus::sets::adversarial();
    assert_eq!(set.len(), corpus::SAMPLE);
    let valid = set.iter().filter(|s| corpus::sets::valid(s)).count();
    assert_eq!(valid, corpus::sets::ADVERSARIAL_VALID);
    // Both walks of the same DFA are taken: long inputs with and without a web link's beginning.
    assert!(set.iter().any(|s| s.len() >= 32 && s.starts_with("http")));
    assert!(set.iter().any(|s| s.len() >= 32 && !s.starts_with("http")));
    for grammar in AnyGrammar::ALL {
        // Every rule's DFA on a part of the set, the reference rule's on all of it.
        for &rule in grammar.rules() {
            let dfa = dfa(grammar, rule).expect("every rule compiles");
            let n = if rule == grammar.reference_rule() {
                set.len()
            } else {
                300
            };
            let mut accepted = 0;
            for s in &set[..n] {
                let plain = plain(dfa, s);
                assert_eq!(dfa.is_match(s), plain, "{grammar} {rule}: {s:?}");
                assert_eq!(is_valid(grammar, rule, s), plain, "{grammar} {rule}: {s:?}");
                assert_eq!(dfa.check(s).is_ok(), plain, "{grammar} {rule}: {s:?}");
                accepted += usize::from(plain);
            }
            if rule == grammar.reference_rule() {
                assert!(accepted > 0, "{grammar}: no string of the set accepted");
                assert!(accepted < n, "{grammar}: every string of the set accepted");
            }
        }
    }
}
