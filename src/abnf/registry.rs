//! The registry of the built-in automata: the DFA of every rule of every grammar, compiled ahead of
//! time and committed under `src/abnf/automata/` for the rules of [`precompiled_rules`], built on
//! first use for the others, and kept for the life of the process ([`dfa`]).
//!
//! For each grammar, the rules of [`precompiled_rules`] are compiled by `cargo xtask generate` into one file each,
//! `src/abnf/automata/<grammar>.<rule>.dfa`: the dense DFA serialized with
//! [`Dfa::to_bytes_little_endian`]. The generated `src/abnf/automata/mod.rs` includes them with 4-byte
//! alignment, and [`Dfa::from_bytes`] reads one without copying (the tables are checked once). On a
//! big-endian target the rule is compiled at run time instead, as every rule outside the list is.
//! Beside each one, `<grammar>.<rule>.table` holds the table that the DFA's walk goes over
//! ([`Dfa::table_to_bytes`]), which loading the DFA would otherwise build from it (most of the cost
//! of a rule's first use); its bytes are checked as they are read, and the table is built when they
//! do not read, or in WebAssembly, which leaves them out. `cargo xtask generate --check` (run by CI,
//! and by a test of the `xtask` package) fails when the committed files differ from what the `.abnf`
//! files compile to.
//!
//! Every built-in automaton is built with the walk's [`tuning`] for references. Every rule of every
//! grammar compiles (tested), so that the registry's automata are infallible: the library's own
//! lookups of the DFA of a rule of a grammar cannot fail, and only [`dfa`], which takes a rule by
//! name, can (for a rule the grammar does not have).

use std::sync::OnceLock;

use abnf_automata::{AbnfError, Dfa, Tuning};

use crate::grammar::rule::{Rule, RuleName};
use crate::grammar::AnyGrammar;

/// The rules that are precompiled for `grammar`: whole references and their kinds, and, for the four
/// main grammars, the rules a component parser checks one by one. The other grammars have no component
/// parser; their component rules are compiled on first use, as every rule outside the list is.
pub fn precompiled_rules(grammar: AnyGrammar) -> &'static [Rule] {
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

/// The tuning of the walks of the built-in automata (and of those compiled ahead of time, whose
/// tables are written with it): runs in the states whose set holds every `unreserved` character
/// (RFC 3986 §2.3), the states of text (segments, queries, fragments, host and user names), and not
/// in those of numbers and names (a port's digits, the hexadecimal digits of an IP literal, a
/// scheme), whose runs are short; "?" a stop until the first "?" or "#", so that the walk sees the
/// first "?" or "#" (where the path ends) and every "#" (which no state of the main grammars keeps,
/// so that it leaves every state it comes in), which the split of a reference
/// ([`crate::parse`]) reads off the walk ([`Dfa::first_transitions`]); and the states after `http://`
/// and `https://`, the commonest beginnings of a reference, looked up when the table is built.
pub fn tuning() -> &'static Tuning {
    static TUNING: OnceLock<Tuning> = OnceLock::new();
    TUNING.get_or_init(|| {
        Tuning::new()
            .run_bytes(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
            .stops(b"?", b"?#")
            .prefix(b"http://")
            .prefix(b"https://")
    })
}

/// The DFA of `rule` of `grammar` compiled now from the grammar's rules, with the walk's [`tuning`]:
/// what `cargo xtask generate` writes, and what the registry builds for a rule that is not
/// precompiled.
pub fn compile(grammar: impl Into<AnyGrammar>, rule: Rule) -> Result<Dfa, AbnfError> {
    super::rules(grammar)?.compile_with(rule.name(), tuning())
}

/// The precompiled DFA of `rule` of `grammar`, if there is one and it reads on this target.
fn precompiled(grammar: AnyGrammar, rule: Rule) -> Option<Dfa> {
    let bytes = super::automata::bytes(grammar, rule)?;
    Dfa::from_bytes(bytes, super::automata::table_bytes(grammar, rule), tuning())
}

/// The precompiled DFA of the scheme rule with index `index` in `schemes::SchemeRule`, if it reads
/// on this target.
pub(crate) fn precompiled_scheme(index: usize) -> Option<Dfa> {
    Dfa::from_bytes(super::automata::scheme_bytes(index), None, tuning())
}

/// One cell per grammar and rule, indexed by `AnyGrammar as usize` and `Rule as usize`.
static CELLS: [[OnceLock<Dfa>; Rule::COUNT]; AnyGrammar::COUNT] =
    [const { [const { OnceLock::new() }; Rule::COUNT] }; AnyGrammar::COUNT];

/// The DFA of `rule` of `grammar`: the precompiled one when there is one, otherwise one built now,
/// kept for the life of the process. `rule` must be a rule of `grammar` ([`AnyGrammar::has`]).
///
/// # Panics
/// If `rule` is not a rule of `grammar`, or its automaton cannot be built (every rule of every
/// grammar is, which the tests check).
#[inline]
pub(crate) fn loaded(grammar: AnyGrammar, rule: Rule) -> &'static Dfa {
    match if_loaded(grammar, rule) {
        Some(dfa) => dfa,
        None => load(grammar, rule),
    }
}

/// [`loaded`] when the DFA is loaded already; `None` when it is not (yet).
#[inline(always)]
pub(crate) fn if_loaded(grammar: AnyGrammar, rule: Rule) -> Option<&'static Dfa> {
    CELLS[grammar as usize][rule as usize].get()
}

/// [`loaded`] on first use.
#[cold]
#[inline(never)]
fn load(grammar: AnyGrammar, rule: Rule) -> &'static Dfa {
    assert!(grammar.has(rule), "{grammar} has no rule {rule}");
    CELLS[grammar as usize][rule as usize].get_or_init(|| {
        precompiled(grammar, rule).unwrap_or_else(|| {
            compile(grammar, rule).unwrap_or_else(|e| panic!("{grammar} {rule}: {e}"))
        })
    })
}

/// The DFA of `rule` of `grammar`, any grammar: a [`Rule`], or a rule name in spec spelling or with
/// underscores ([`AnyGrammar::rule`]), or in any case (ABNF rule names are case-insensitive, RFC 5234
/// §2.1). It is the precompiled one when there is one (loaded once), otherwise built on first use, and
/// kept for the life of the process: after the first call for a rule, this allocates nothing (unless
/// the name is spelled in another case). An [`AbnfError::UndefinedRule`] if the grammar has no such
/// rule.
///
/// ```
/// use iri_abnf::abnf::dfa;
/// use iri_abnf::{Grammar, Rule};
///
/// let iri = dfa(Grammar::Iri, Rule::IriReference)?;
/// assert!(iri.is_match("http://résumé.example.org/?q#f"));
/// assert_eq!(iri.check("http://example.org/a b").unwrap_err().offset, 20);
/// assert!(dfa(Grammar::Iri, "dec-octet")?.is_match("255"));
/// assert!(dfa(Grammar::Uri, "ihost").is_err());
/// # Ok::<(), iri_abnf::abnf::AbnfError>(())
/// ```
pub fn dfa(grammar: impl Into<AnyGrammar>, rule: impl RuleName) -> Result<&'static Dfa, AbnfError> {
    let grammar = grammar.into();
    let found = grammar.rule(&rule).or_else(|| {
        // Another case: the spelling of the grammar's files.
        let origin = super::rules(grammar).ok()?.origin(rule.as_name())?;
        grammar.rule(origin.rule.as_str())
    });
    match found {
        Some(found) => Ok(loaded(grammar, found)),
        None => Err(AbnfError::UndefinedRule {
            rule: rule.as_name().to_string(),
            used_by: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use abnf_automata::State;

    use super::*;
    use crate::grammar::Grammar;

    /// The states reachable from the start state of `dfa` over all 256 bytes, and for each the
    /// states it leads to.
    fn graph(dfa: &Dfa) -> HashMap<State, Vec<State>> {
        let mut out = HashMap::new();
        let mut stack = vec![dfa.start()];
        while let Some(s) = stack.pop() {
            if out.contains_key(&s) {
                continue;
            }
            let next: Vec<State> = (0..=255u8).map(|b| dfa.next(s, b)).collect();
            stack.extend(next.iter().copied());
            out.insert(s, next);
        }
        out
    }

    /// In every precompiled DFA, every state reachable from the start state other than the dead
    /// state can still reach acceptance, except the states that report a match one byte late and
    /// then die (matches are delayed by one byte in `regex-automata`): those are the states that
    /// are neither live nor dead, and every byte leads them to the dead state. `Dfa::check` relies
    /// on this to put the error offset at the first byte that leads to a state that cannot reach
    /// acceptance.
    #[test]
    fn every_live_state_reaches_acceptance() {
        for g in AnyGrammar::ALL {
            for &rule in precompiled_rules(g) {
                let d = loaded(g, rule);
                assert!(
                    d.is_precompiled() || cfg!(target_endian = "big"),
                    "{g} {rule}"
                );
                let graph = graph(d);
                let mut into: HashMap<State, Vec<State>> = HashMap::new();
                for (&s, next) in &graph {
                    for &n in next {
                        into.entry(n).or_default().push(s);
                    }
                }
                let mut accepting: HashSet<State> = graph
                    .keys()
                    .copied()
                    .filter(|&s| d.accepts_end(s))
                    .collect();
                let mut stack: Vec<State> = accepting.iter().copied().collect();
                while let Some(s) = stack.pop() {
                    for &p in into.get(&s).into_iter().flatten() {
                        if accepting.insert(p) {
                            stack.push(p);
                        }
                    }
                }
                for (&s, next) in &graph {
                    if d.is_dead(s) || accepting.contains(&s) {
                        assert!(d.is_live(s) != d.is_dead(s), "{g} {rule}: {s:?}");
                        continue;
                    }
                    assert!(
                        !d.is_live(s) && next.iter().all(|&n| d.is_dead(n)),
                        "{g} {rule}: state {s:?} is neither live nor a delayed match that dies"
                    );
                }
            }
        }
    }

    /// The states of a UTF-8 decoder (RFC 3629 §4): between characters, or the continuation bytes a
    /// character still needs, with the range of the next one where it is narrower than 80..BF.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    enum Utf8 {
        Between,
        /// `n` more continuation bytes, the next one in `lo..=hi`.
        Needs(u8, u8, u8),
        Malformed,
    }

    impl Utf8 {
        fn next(self, b: u8) -> Utf8 {
            match self {
                Utf8::Between => match b {
                    0x00..=0x7F => Utf8::Between,
                    0xC2..=0xDF => Utf8::Needs(1, 0x80, 0xBF),
                    0xE0 => Utf8::Needs(2, 0xA0, 0xBF),
                    0xED => Utf8::Needs(2, 0x80, 0x9F),
                    0xE1..=0xEF => Utf8::Needs(2, 0x80, 0xBF),
                    0xF0 => Utf8::Needs(3, 0x90, 0xBF),
                    0xF4 => Utf8::Needs(3, 0x80, 0x8F),
                    0xF1..=0xF3 => Utf8::Needs(3, 0x80, 0xBF),
                    _ => Utf8::Malformed,
                },
                Utf8::Needs(n, lo, hi) if (lo..=hi).contains(&b) => match n {
                    1 => Utf8::Between,
                    _ => Utf8::Needs(n - 1, 0x80, 0xBF),
                },
                _ => Utf8::Malformed,
            }
        }
    }

    /// Every precompiled DFA of every grammar matches only well-formed UTF-8, which lets a caller
    /// with bytes skip its own UTF-8 check of the inputs `Dfa::is_match_bytes` accepts: in the
    /// product of its states and a UTF-8 decoder's, reached over all 256 bytes from the start, no
    /// byte that the decoder finds malformed leads to a live state, and no input ending in the
    /// middle of a character is matched. The walk of the table rejects malformed sequences too.
    #[test]
    fn every_dfa_matches_only_utf8() {
        let mut checked = 0;
        for grammar in AnyGrammar::ALL {
            for &rule in precompiled_rules(grammar) {
                let dfa = loaded(grammar, rule);
                let mut seen = HashSet::new();
                let mut queue = vec![(dfa.start(), Utf8::Between, Vec::new())];
                while let Some((state, utf8, path)) = queue.pop() {
                    if !seen.insert((state, utf8)) {
                        continue;
                    }
                    assert!(
                        !dfa.accepts_end(state) || utf8 == Utf8::Between,
                        "{grammar} {rule}: {path:02X?} is matched in the middle of a character"
                    );
                    for b in 0..=255u8 {
                        let next = dfa.next(state, b);
                        // A dead end reports the match of the input before this byte and dies.
                        if !dfa.is_live(next) {
                            continue;
                        }
                        let mut longer = path.clone();
                        longer.push(b);
                        assert_ne!(
                            utf8.next(b),
                            Utf8::Malformed,
                            "{grammar} {rule}: {longer:02X?} is not UTF-8 and the DFA lives on"
                        );
                        queue.push((next, utf8.next(b), longer));
                    }
                }
                for bad in [
                    &b"\xFF"[..],
                    b"\xC0\xAF",
                    b"\xED\xA0\x80",
                    b"\xF4\x90\x80\x80",
                    b"\xE2\x82",
                ] {
                    assert!(!dfa.is_match_bytes(bad), "{grammar} {rule}: {bad:02X?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 40, "{checked} DFAs");
    }

    /// Every precompiled DFA has a table, read from its precompiled bytes (outside WebAssembly),
    /// which are the bytes of the table built from the DFA with the registry's tuning.
    #[test]
    fn precompiled_tables_are_the_tables_built() {
        let mut read = 0;
        for grammar in AnyGrammar::ALL {
            for &rule in precompiled_rules(grammar) {
                let dfa = loaded(grammar, rule);
                let table = dfa.table_to_bytes().expect("a table");
                assert!(dfa.rows().is_some(), "{grammar} {rule}");
                let bytes = super::super::automata::bytes(grammar, rule).expect("precompiled");
                let built = Dfa::from_bytes(bytes, None, tuning()).expect("reads");
                assert_eq!(
                    built.table_to_bytes().as_ref(),
                    Some(&table),
                    "{grammar} {rule}"
                );
                if let Some(stored) = super::super::automata::table_bytes(grammar, rule) {
                    assert_eq!(stored, &table[..], "{grammar} {rule}");
                    read += 1;
                }
            }
        }
        assert!(
            read > 50 || cfg!(target_arch = "wasm32"),
            "{read} tables read"
        );
    }

    /// The DFA compiled now serializes to the bytes it was loaded from ahead of time, and both decide
    /// alike.
    #[test]
    fn the_dfa_round_trips_through_bytes() {
        let built = compile(Grammar::Iri, Rule::IriReference).expect("compiles");
        let loaded = loaded(Grammar::Iri.into(), Rule::IriReference);
        assert!(!built.is_precompiled());
        assert_eq!(loaded.is_precompiled(), cfg!(target_endian = "little"));
        assert_eq!(
            built.to_bytes_little_endian(),
            loaded.to_bytes_little_endian()
        );
        assert_eq!(
            (built.state_count(), built.memory_usage()),
            (loaded.state_count(), loaded.memory_usage())
        );
        let cases = [
            ("http://r\u{E9}sum\u{E9}.example.org/?\u{E0000}", true),
            ("//[::1]", true),
            ("", true),
            ("a b", false),
            ("#a#b", false),
        ];
        for (s, member) in cases {
            assert_eq!(
                (built.is_match(s), loaded.is_match(s)),
                (member, member),
                "{s:?}"
            );
        }
    }
}
