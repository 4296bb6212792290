//! DFAs compiled ahead of time and committed under `src/abnf/automata/`, loaded zero-copy.
//!
//! For each grammar, the rules of [`rules`] are compiled by `cargo xtask generate` into one file each,
//! `src/abnf/automata/<grammar>.<rule>.dfa`: the dense DFA serialized with
//! [`Dfa::to_bytes_little_endian`](super::Dfa::to_bytes_little_endian). The generated
//! `src/abnf/automata/mod.rs` includes them with 4-byte alignment, and `load` deserializes one with
//! `DFA::from_bytes` (no copy; the tables are checked once). On a big-endian target, or if the bytes do
//! not load, the rule is compiled at run time instead, as every rule outside the list is. Beside each
//! one, `<grammar>.<rule>.table` holds the table that the DFA's walk goes over
//! ([`Dfa::table_to_bytes`](super::Dfa::table_to_bytes)), which loading the DFA would otherwise build
//! from it (most of the cost of a rule's first use); its bytes are checked as they are read, and the
//! table is built when they do not read, or in WebAssembly, which leaves them out. `cargo xtask
//! generate --check` (run by CI, and by a test of the `xtask` package) fails when the committed files
//! differ from what the `.abnf` files compile to.

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::Anchored;

use crate::grammar::AnyGrammar;
use crate::rule::Rule;

/// The rules that are precompiled for `grammar`: whole references and their kinds, and, for the four
/// main grammars, the rules a component parser checks one by one. The other grammars have no component
/// parser; their component rules are compiled on first use, as every rule outside the list is.
pub fn rules(grammar: AnyGrammar) -> &'static [Rule] {
    match grammar {
        AnyGrammar::Uri => &[
            Rule::UriReference,
            Rule::AbsoluteUri,
            Rule::Uri,
            Rule::RelativeRef,
            Rule::Scheme,
            Rule::Authority,
            Rule::Userinfo,
            Rule::Host,
            Rule::IpLiteral,
            Rule::Ipv4address,
            Rule::Ipv6address,
            Rule::RegName,
            Rule::Port,
            Rule::PathAbempty,
            Rule::PathAbsolute,
            Rule::PathNoscheme,
            Rule::PathRootless,
            Rule::Query,
            Rule::Fragment,
        ],
        AnyGrammar::Rfc3987 | AnyGrammar::Iri | AnyGrammar::Leiri => &[
            Rule::IriReference,
            Rule::AbsoluteIri,
            Rule::Iri,
            Rule::IrelativeRef,
            Rule::Scheme,
            Rule::Iauthority,
            Rule::Iuserinfo,
            Rule::Ihost,
            Rule::IpLiteral,
            Rule::Ipv4address,
            Rule::Ipv6address,
            Rule::IregName,
            Rule::Port,
            Rule::IpathAbempty,
            Rule::IpathAbsolute,
            Rule::IpathNoscheme,
            Rule::IpathRootless,
            Rule::Iquery,
            Rule::Ifragment,
        ],
        AnyGrammar::Rfc2396 | AnyGrammar::Rfc2732 => {
            &[Rule::UriReference, Rule::AbsoluteURI, Rule::RelativeURI]
        }
        AnyGrammar::Masinter07 | AnyGrammar::Duerst01 => {
            &[Rule::IriReference, Rule::AbsoluteIRI, Rule::RelativeIRI]
        }
        AnyGrammar::IriPrinted => &[
            Rule::IriReference,
            Rule::AbsoluteIri,
            Rule::Iri,
            Rule::IrelativeRef,
        ],
    }
}

/// The precompiled DFA of `rule` of `grammar` and its anchored start state, if there is one and it loads
/// on this target.
pub(crate) fn load(grammar: AnyGrammar, rule: Rule) -> Option<(DFA<&'static [u32]>, StateID)> {
    if cfg!(target_endian = "big") {
        return None;
    }
    from_bytes(super::automata::bytes(grammar, rule)?)
}

/// The bytes of the walk's table of the precompiled DFA of `rule` of `grammar`
/// ([`super::Dfa::table_to_bytes`]), if there are some.
pub(crate) fn table(grammar: AnyGrammar, rule: Rule) -> Option<&'static [u8]> {
    super::automata::table_bytes(grammar, rule)
}

/// The precompiled DFA of the scheme rule with index `index` in `schemes::SchemeRule` and its anchored
/// start state, if it loads on this target.
pub(crate) fn load_scheme(index: usize) -> Option<(DFA<&'static [u32]>, StateID)> {
    if cfg!(target_endian = "big") {
        return None;
    }
    from_bytes(super::automata::scheme_bytes(index))
}

/// A DFA read zero-copy from little-endian bytes, and its anchored start state.
fn from_bytes(bytes: &'static [u8]) -> Option<(DFA<&'static [u32]>, StateID)> {
    let (dfa, _) = DFA::from_bytes(bytes).ok()?;
    let start = match dfa.universal_start_state(Anchored::Yes) {
        Some(s) => s,
        None => dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .ok()?,
    };
    Some((dfa, start))
}

#[cfg(test)]
mod tests {
    /// In every precompiled DFA, every state reachable from the start state other than the dead state can
    /// still reach acceptance, except the states that report a match one byte late and then die (matches
    /// are delayed by one byte in `regex-automata`): those are match states whose every transition, and
    /// end of input, goes to the dead state. `Dfa::check` relies on this to put the error offset at the
    /// first byte that leads to a state that cannot reach acceptance.
    #[test]
    fn every_live_state_reaches_acceptance() {
        use std::collections::HashSet;

        use crate::abnf::{dfa, precompiled};
        use crate::grammar::AnyGrammar;
        use regex_automata::dfa::Automaton as _;

        for g in AnyGrammar::ALL {
            for &rule in precompiled::rules(g) {
                let d = dfa(g, rule).expect("loads");
                assert!(
                    d.is_precompiled() || cfg!(target_endian = "big"),
                    "{g} {rule}"
                );
                let a = d.raw();
                let reps: Vec<u8> = a
                    .byte_classes()
                    .representatives(..)
                    .filter_map(|u| u.as_u8())
                    .collect();
                let mut states = vec![d.start_id()];
                let mut seen = HashSet::from([d.start_id()]);
                let mut i = 0;
                while i < states.len() {
                    let s = states[i];
                    i += 1;
                    for n in reps
                        .iter()
                        .map(|&b| a.next_state(s, b))
                        .chain([a.next_eoi_state(s)])
                    {
                        if seen.insert(n) {
                            states.push(n);
                        }
                    }
                }
                let mut accepting: HashSet<_> = states
                    .iter()
                    .copied()
                    .filter(|&s| a.is_match_state(a.next_eoi_state(s)))
                    .collect();
                loop {
                    let n = accepting.len();
                    for &s in &states {
                        if reps
                            .iter()
                            .any(|&b| accepting.contains(&a.next_state(s, b)))
                        {
                            accepting.insert(s);
                        }
                    }
                    if accepting.len() == n {
                        break;
                    }
                }
                for &s in &states {
                    if a.is_dead_state(s) || accepting.contains(&s) {
                        assert!(
                            d.is_live(crate::abnf::State(s)) != a.is_dead_state(s),
                            "{g} {rule}: {s:?}"
                        );
                        continue;
                    }
                    let dies = reps
                        .iter()
                        .map(|&b| a.next_state(s, b))
                        .chain([a.next_eoi_state(s)])
                        .all(|n| a.is_dead_state(n));
                    assert!(
                        a.is_match_state(s) && dies && !d.is_live(crate::abnf::State(s)),
                        "{g} {rule}: state {s:?} is neither live nor a delayed match that dies"
                    );
                }
            }
        }
    }
}
