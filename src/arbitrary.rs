//! Strings of the grammars for fuzzing: [`Arbitrary`] built from a fuzzer's bytes (feature
//! `arbitrary`).
//!
//! A fuzz target that takes raw bytes rarely gets past the first delimiters of a reference: libFuzzer
//! seldom reaches an `IP-literal`, an `IPvFuture`, `iprivate` or a long percent-encoded run. The types
//! of this module walk the ABNF of a rule instead, with every choice of the walk taken from the
//! fuzzer's bytes ([`Unstructured`]): which alternative of an alternation (RFC 5234 §3.2), how many
//! occurrences of a repetition (§3.6, §3.7), which code point of a range (§3.4) and the case of the
//! letters of a quoted string (§2.3). It is the walk of [`crate::abnf::Generator`], which takes the
//! same choices from a seeded generator, so a string drawn here is in the rule's language by
//! construction, and coverage guidance steers through the grammar: a byte that changes an alternative
//! changes the branch of the grammar the target sees. When the bytes run out, every further choice is
//! the first one (the first alternative, the fewest occurrences), so every input gives a string.
//!
//! - Newtypes for the usual rules, each dereferencing to `str`: [`IriReference`], [`Iri`],
//!   [`AbsoluteIri`], [`IrelativeRef`] (3987bis §2.2), [`UriReference`], [`Uri`], [`AbsoluteUri`]
//!   (RFC 3986 §4.1, §3, §4.3), [`Rfc3987IriReference`] (RFC 3987 §2.2) and [`Leiri`] (3987bis §5.1).
//! - Any rule of any grammar: [`string`], or [`Strings`] to keep the rule's generator and automaton.
//! - Near misses, one edit away from a string of the rule and outside its language: [`NearMiss<T>`]
//!   and [`near_miss`]. The edit (an inserted, deleted or replaced character at an edge of the
//!   grammars, a duplicated substring, a broken percent-encoding, a letter of the other case) is chosen
//!   by the bytes as well ([`crate::abnf::mutate`] makes the same edits from a seed).
//!
//! A string has at most [`MAX_LEN`] code points, and no more than the input has bytes (a rule whose
//! shortest string is longer gives a shortest string); [`Strings::string_with_max_len`] takes another
//! budget.
//!
//! # A fuzz target
//!
//! With `iri-abnf = { version = "…", features = ["arbitrary"] }` in the fuzz crate's
//! `[dependencies]` (beside `libfuzzer-sys`), a target that checks a parser against the reference on
//! valid IRI references and on near misses is the code below, in a file that starts with `#![no_main]`
//! as `cargo fuzz add` writes it. `my_parser_accepts` stands for the parser under test. Here, the
//! stand-in for `libfuzzer_sys::fuzz_target!` runs the body on a few fixed inputs; under `cargo fuzz
//! run`, libFuzzer calls it with its own.
//!
//! ```
//! # mod libfuzzer_sys {
//! #     macro_rules! fuzz_target {
//! #         (|$input:ident: $t:ty| $body:block) => {
//! #             for data in [&b""[..], b"\x01\x07\xff\x10abc", &[0x5a; 64], &[0xc3; 300]] {
//! #                 let u = ::arbitrary::Unstructured::new(data);
//! #                 if let Ok($input) = <$t as ::arbitrary::Arbitrary>::arbitrary_take_rest(u) $body
//! #             }
//! #         };
//! #     }
//! #     pub(crate) use fuzz_target;
//! # }
//! # fn my_parser_accepts(s: &str) -> bool { iri_abnf::is_valid(iri_abnf::Grammar::Iri, "IRI-reference", s) }
//! use iri_abnf::arbitrary::{IriReference, NearMiss};
//!
//! libfuzzer_sys::fuzz_target!(|input: (IriReference, NearMiss<IriReference>)| {
//!     let (valid, miss) = input;
//!     // `valid` is an IRI reference (3987bis §2.2), `miss` one edit away from one and not.
//!     assert!(my_parser_accepts(&valid), "rejects the IRI reference {:?}", &*valid);
//!     assert!(!my_parser_accepts(&miss), "accepts {:?}, one edit from {:?}", &*miss, miss.original());
//! });
//! ```
//!
//! Any rule of any grammar, from the bytes directly:
//!
//! ```
//! use iri_abnf::arbitrary::{near_miss, string, Unstructured};
//! use iri_abnf::{is_valid, Grammar};
//!
//! let mut u = Unstructured::new(b"\x02\x40\x13\x37\xfe\x01\x99\x42\x07\x00\x63");
//! let host = string(&mut u, Grammar::Iri, "IPv6address")?;
//! assert!(is_valid(Grammar::Iri, "IPv6address", &host));
//! let miss = near_miss(&mut u, Grammar::Uri, "URI")?;
//! assert!(!is_valid(Grammar::Uri, "URI", &miss));
//! # Ok::<(), arbitrary::Error>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::{Mutex, OnceLock};

pub use ::arbitrary::{Arbitrary, Unstructured};

use crate::abnf::{dfa, rules, AbnfError, Dfa};
use crate::grammar::rule::{Rule, RuleName};
use crate::grammar::{AnyGrammar, Grammar};
use abnf_automata::{edit, Choices, Generator};

/// The longest string, in code points, that [`string`], [`Strings::string`] and the newtypes draw.
pub const MAX_LEN: usize = 256;

/// How many edits chosen by the bytes [`Strings::near_miss_of`] tries before its fallback edit.
const EDIT_TRIES: usize = 8;

/// The generator's choices, taken from the fuzzer's bytes: a choice among `n` reads the fewest bytes
/// that can tell `n` values apart ([`Unstructured::int_in_range`]); once they run out, every choice
/// is 0.
struct Bytes<'u, 'a>(&'u mut Unstructured<'a>);

impl Choices for Bytes<'_, '_> {
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            self.0.int_in_range(0..=n - 1).unwrap_or(0)
        }
    }
}

/// The strings of one rule of one grammar, drawn from a fuzzer's bytes: the rule's generator and its
/// automaton, built once per rule for the life of the process.
#[derive(Clone, Copy, Debug)]
pub struct Strings {
    grammar: AnyGrammar,
    rule: Rule,
    generator: &'static Generator<'static>,
    dfa: &'static Dfa,
}

impl Strings {
    /// The strings of `rule` of `grammar`. Fails if the grammar has no such rule, or if the rule's
    /// shortest string is longer than the generator allows ([`Generator::new`]).
    pub fn new(grammar: impl Into<AnyGrammar>, rule: impl RuleName) -> Result<Strings, AbnfError> {
        let grammar = grammar.into();
        let dfa = dfa(grammar, &rule)?;
        let found = grammar.rule(&rule).or_else(|| {
            // Another case: the spelling of the grammar's files, as `dfa` finds it.
            let origin = rules(grammar).ok()?.origin(rule.as_name())?;
            grammar.rule(origin.rule.as_str())
        });
        let rule = found.ok_or_else(|| AbnfError::UndefinedRule {
            rule: rule.as_name().to_string(),
            used_by: None,
        })?;
        type Cache = HashMap<(AnyGrammar, Rule), &'static Generator<'static>>;
        static GENERATORS: OnceLock<Mutex<Cache>> = OnceLock::new();
        let mut cache = GENERATORS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let generator = match cache.get(&(grammar, rule)) {
            Some(g) => *g,
            None => {
                let g: &'static Generator<'static> = Box::leak(Box::new(Generator::new(
                    rules(grammar)?,
                    grammar.rule_name(rule),
                )?));
                cache.insert((grammar, rule), g);
                g
            }
        };
        Ok(Strings {
            grammar,
            rule,
            generator,
            dfa,
        })
    }

    /// The grammar.
    pub fn grammar(&self) -> AnyGrammar {
        self.grammar
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether `s` is in the rule's language (the rule's automaton, as [`crate::abnf::dfa`]).
    pub fn contains(&self, s: &str) -> bool {
        self.dfa.is_match(s)
    }

    /// A string of the rule, every choice taken from `u`: at most [`MAX_LEN`] code points, and no more
    /// than `u` has bytes left, unless the rule has no string that short.
    pub fn string(&self, u: &mut Unstructured<'_>) -> ::arbitrary::Result<String> {
        let max_len = u.len().min(MAX_LEN);
        self.string_with_max_len(u, max_len)
    }

    /// A string of the rule of at most `max_len` code points (or a shortest one, if the rule has none
    /// that short), every choice taken from `u`.
    pub fn string_with_max_len(
        &self,
        u: &mut Unstructured<'_>,
        max_len: usize,
    ) -> ::arbitrary::Result<String> {
        Ok(self.generator.generate_with(&mut Bytes(u), max_len))
    }

    /// A near miss: a string of the rule ([`Strings::string`]) with one edit chosen by `u` that takes
    /// it out of the rule's language ([`Strings::near_miss_of`]).
    pub fn near_miss(&self, u: &mut Unstructured<'_>) -> ::arbitrary::Result<String> {
        let valid = self.string(u)?;
        self.near_miss_of(u, &valid)
    }

    /// `valid` with one edit chosen by `u` (the edits of [`crate::abnf::mutate`]) that takes it out of
    /// the rule's language. The bytes choose up to 8 edits in turn, and the first that gives a string
    /// outside the language is taken; when none does (an edit that keeps the string valid, such as a
    /// letter of the other case in a case-insensitive rule, or bytes that have run out), a `%` at the
    /// end, the start of a percent-encoding left unfinished (RFC 3986 §2.1), is the edit. Fails with
    /// [`IncorrectFormat`](::arbitrary::Error::IncorrectFormat) only if that is in the language as well.
    pub fn near_miss_of(
        &self,
        u: &mut Unstructured<'_>,
        valid: &str,
    ) -> ::arbitrary::Result<String> {
        let chars: Vec<char> = valid.chars().collect();
        for _ in 0..EDIT_TRIES {
            if u.is_empty() {
                break;
            }
            let mut edited = chars.clone();
            edit(&mut Bytes(u), &mut edited);
            let edited: String = edited.into_iter().collect();
            if !self.contains(&edited) {
                return Ok(edited);
            }
        }
        let edited = format!("{valid}%");
        if self.contains(&edited) {
            Err(::arbitrary::Error::IncorrectFormat)
        } else {
            Ok(edited)
        }
    }
}

/// A string of `rule` of `grammar`, every choice of the walk through the rule's ABNF taken from `u`
/// (see the [module docs](self) and [`Strings::string`]). In the rule's language by construction.
///
/// # Panics
///
/// If the grammar has no rule `rule` (a rule name is the fuzz target's, never the fuzzer's); use
/// [`Strings::new`] to get the error instead.
pub fn string(
    u: &mut Unstructured<'_>,
    grammar: impl Into<AnyGrammar>,
    rule: impl RuleName,
) -> ::arbitrary::Result<String> {
    strings(grammar.into(), rule).string(u)
}

/// A near miss of `rule` of `grammar`: one edit away from a string of the rule, and outside its
/// language ([`Strings::near_miss`]).
///
/// # Panics
///
/// If the grammar has no rule `rule`, as [`string`].
pub fn near_miss(
    u: &mut Unstructured<'_>,
    grammar: impl Into<AnyGrammar>,
    rule: impl RuleName,
) -> ::arbitrary::Result<String> {
    strings(grammar.into(), rule).near_miss(u)
}

fn strings(grammar: AnyGrammar, rule: impl RuleName) -> Strings {
    match Strings::new(grammar, &rule) {
        Ok(s) => s,
        Err(e) => panic!("no strings of {grammar} {}: {e}", rule.as_name()),
    }
}

/// A rule of a grammar that has a newtype in this module: what [`NearMiss`] takes.
pub trait Language: Deref<Target = str> + Sized {
    /// The grammar.
    const GRAMMAR: Grammar;
    /// The rule.
    const RULE: Rule;

    /// The strings of the rule, built once.
    fn strings() -> ::arbitrary::Result<Strings> {
        Strings::new(Self::GRAMMAR, Self::RULE).map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }
}

macro_rules! language {
    ($(#[$doc:meta])* $name:ident, $grammar:ident, $rule:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(String);

        impl $name {
            /// The string.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The string, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl Language for $name {
            const GRAMMAR: Grammar = Grammar::$grammar;
            const RULE: Rule = Rule::$rule;
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<$name> for String {
            fn from(s: $name) -> String {
                s.0
            }
        }

        impl<'a> Arbitrary<'a> for $name {
            fn arbitrary(u: &mut Unstructured<'a>) -> ::arbitrary::Result<Self> {
                Ok($name(<$name as Language>::strings()?.string(u)?))
            }
        }
    };
}

language!(
    /// An `IRI-reference` of 3987bis §2.2 ([`Grammar::Iri`]).
    IriReference, Iri, IriReference
);
language!(
    /// An `IRI` of 3987bis §2.2: a scheme, a hierarchical part, a query and a fragment.
    Iri, Iri, Iri
);
language!(
    /// An `absolute-IRI` of 3987bis §2.2: an IRI without a fragment, as a base (RFC 3986 §4.3, §5.1).
    AbsoluteIri, Iri, AbsoluteIri
);
language!(
    /// An `irelative-ref` of 3987bis §2.2: a relative reference (RFC 3986 §4.2), as resolution takes
    /// it.
    IrelativeRef, Iri, IrelativeRef
);
language!(
    /// A `URI-reference` of RFC 3986 §4.1 ([`Grammar::Uri`]).
    UriReference, Uri, UriReference
);
language!(
    /// A `URI` of RFC 3986 §3.
    Uri, Uri, Uri
);
language!(
    /// An `absolute-URI` of RFC 3986 §4.3.
    AbsoluteUri, Uri, AbsoluteUri
);
language!(
    /// An `IRI-reference` of RFC 3987 §2.2 ([`Grammar::Rfc3987`]).
    Rfc3987IriReference, Rfc3987, IriReference
);
language!(
    /// A LEIRI: an `IRI-reference` of the LEIRI grammar of 3987bis §5.1 ([`Grammar::Leiri`]), with
    /// the spaces, controls and other characters of `leiri-ucschar`.
    Leiri, Leiri, IriReference
);

/// A near miss of `T`'s rule: one edit away from a string of the rule ([`NearMiss::original`]), and
/// outside its language. Dereferences to the edited string. See [`Strings::near_miss_of`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NearMiss<T> {
    miss: String,
    original: T,
}

impl<T> NearMiss<T> {
    /// The edited string, outside the rule's language.
    pub fn as_str(&self) -> &str {
        &self.miss
    }

    /// The string of the rule it was edited from.
    pub fn original(&self) -> &T {
        &self.original
    }

    /// The edited string, owned.
    pub fn into_string(self) -> String {
        self.miss
    }
}

impl<T> Deref for NearMiss<T> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.miss
    }
}

impl<T> AsRef<str> for NearMiss<T> {
    fn as_ref(&self) -> &str {
        &self.miss
    }
}

impl<T> fmt::Display for NearMiss<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.miss)
    }
}

impl<'a, T: Language + Arbitrary<'a>> Arbitrary<'a> for NearMiss<T> {
    fn arbitrary(u: &mut Unstructured<'a>) -> ::arbitrary::Result<Self> {
        let original = T::arbitrary(u)?;
        let miss = T::strings()?.near_miss_of(u, &original)?;
        Ok(NearMiss { miss, original })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abnf_automata::Rng;
    use std::collections::HashSet;

    /// `n` byte strings of lengths 0 to 299 from a seeded generator.
    fn inputs(n: u64) -> Vec<Vec<u8>> {
        (0..n)
            .map(|i| {
                let mut rng = Rng::new(i);
                let len = (rng.next_u64() % 300) as usize;
                (0..len).map(|_| rng.next_u64() as u8).collect()
            })
            .collect()
    }

    fn valid_by_construction<'a, T: Language + Arbitrary<'a>>(
        data: &'a [u8],
        seen: &mut HashSet<String>,
    ) {
        let s = T::arbitrary(&mut Unstructured::new(data)).expect("always a string");
        assert!(
            s.chars().count() <= MAX_LEN.min(data.len()).max(2),
            "{:?}",
            &*s
        );
        assert!(
            crate::abnf::dfa(T::GRAMMAR, T::RULE).unwrap().is_match(&s),
            "{} {}: {:?} from {data:?}",
            T::GRAMMAR,
            T::RULE,
            &*s
        );
        seen.insert(s.to_string());
    }

    #[test]
    fn newtypes_are_valid_for_their_rule() {
        let data = inputs(1500);
        let mut seen = [(); 9].map(|_| HashSet::new());
        for d in &data {
            valid_by_construction::<IriReference>(d, &mut seen[0]);
            valid_by_construction::<Iri>(d, &mut seen[1]);
            valid_by_construction::<AbsoluteIri>(d, &mut seen[2]);
            valid_by_construction::<IrelativeRef>(d, &mut seen[3]);
            valid_by_construction::<UriReference>(d, &mut seen[4]);
            valid_by_construction::<Uri>(d, &mut seen[5]);
            valid_by_construction::<AbsoluteUri>(d, &mut seen[6]);
            valid_by_construction::<Rfc3987IriReference>(d, &mut seen[7]);
            valid_by_construction::<Leiri>(d, &mut seen[8]);
        }
        // The bytes decide: nearly every input gives a string of its own.
        for (i, s) in seen.iter().enumerate() {
            assert!(s.len() > 1000, "{i}: {} distinct", s.len());
        }
        // Empty input: a budget of 0, so the one alternative that fits, the empty `irelative-ref`.
        let s = IriReference::arbitrary(&mut Unstructured::new(&[])).unwrap();
        assert_eq!(s.as_str(), "");
    }

    #[test]
    fn same_bytes_same_string() {
        for d in inputs(200) {
            let a = IriReference::arbitrary(&mut Unstructured::new(&d)).unwrap();
            let b = IriReference::arbitrary(&mut Unstructured::new(&d)).unwrap();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn the_bytes_reach_the_corners_of_the_grammar() {
        let data = inputs(4000);
        let all: Vec<String> = data
            .iter()
            .map(|d| string(&mut Unstructured::new(d), Grammar::Iri, "IRI").unwrap())
            .collect();
        let has = |f: &dyn Fn(&str) -> bool| all.iter().any(|s| f(s));
        assert!(has(&|s| s.contains("://[v")), "no IPvFuture");
        assert!(has(&|s| s.contains("://[") && s.contains("::")), "no IPv6");
        assert!(has(&|s| s.contains('%')), "no percent-encoding");
        assert!(has(&|s| s.contains('?')), "no query");
        assert!(has(&|s| s.contains('#')), "no fragment");
        assert!(
            has(&|s| s.chars().any(|c| c > '\u{FFFF}')),
            "no supplementary plane"
        );
        let private: HashSet<char> = data
            .iter()
            .flat_map(|d| {
                string(&mut Unstructured::new(d), Grammar::Iri, "iprivate")
                    .unwrap()
                    .chars()
                    .collect::<Vec<_>>()
            })
            .collect();
        for c in [
            '\u{E000}',
            '\u{F8FF}',
            '\u{E0000}',
            '\u{E0FFF}',
            '\u{10FFFD}',
        ] {
            assert!(private.contains(&c), "U+{:04X} never drawn", c as u32);
        }
        // The first byte chooses between the two alternatives of `IRI-reference = IRI /
        // irelative-ref` (no string is both: a relative reference has no scheme, RFC 3986 §4.2).
        for rest in [[0u8; 20], [0x55; 20], [0xff; 20]] {
            for (b, rule) in [
                (0u8, "IRI"),
                (1, "irelative-ref"),
                (2, "IRI"),
                (3, "irelative-ref"),
            ] {
                let mut data = vec![b];
                data.extend(rest);
                let s =
                    string(&mut Unstructured::new(&data), Grammar::Iri, "IRI-reference").unwrap();
                assert!(
                    crate::is_valid(Grammar::Iri, rule, &s),
                    "{data:?}: {s:?} is no {rule}"
                );
            }
        }
    }

    #[test]
    fn every_rule_of_the_main_grammars() {
        let data = inputs(40);
        for g in Grammar::ALL {
            for &rule in g.rules() {
                let strings = Strings::new(g, rule).unwrap_or_else(|e| panic!("{g} {rule}: {e}"));
                assert_eq!((strings.grammar(), strings.rule()), (g.into(), rule));
                for d in &data {
                    let s = strings.string(&mut Unstructured::new(d)).unwrap();
                    assert!(
                        crate::abnf::dfa(g, rule).unwrap().is_match(&s),
                        "{g} {rule}: {s:?}"
                    );
                }
            }
        }
        assert!(Strings::new(Grammar::Uri, "iprivate").is_err());
        assert!(Strings::new(Grammar::Iri, "no-such-rule").is_err());
    }

    #[test]
    fn every_other_grammar() {
        let data = inputs(40);
        for g in AnyGrammar::ALL.into_iter().filter(|g| g.main().is_none()) {
            let rule = g.reference_rule();
            for d in &data {
                let s = string(&mut Unstructured::new(d), g, rule).unwrap();
                assert!(
                    crate::abnf::dfa(g, rule).unwrap().is_match(&s),
                    "{g}: {s:?}"
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "no strings of uri")]
    fn an_unknown_rule_is_the_targets_error() {
        let _ = string(&mut Unstructured::new(&[]), Grammar::Uri, "ipchar");
    }

    /// Whether `a` and `b` differ in one place only: after their common prefix and suffix, at most 8
    /// code points of the longer one are left (the longest edit inserts a copy of 8 code points).
    fn one_edit_apart(a: &str, b: &str) -> bool {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let suffix = a[prefix..]
            .iter()
            .rev()
            .zip(b[prefix..].iter().rev())
            .take_while(|(x, y)| x == y)
            .count();
        a.len().max(b.len()) - prefix - suffix <= 8 && a != b
    }

    #[test]
    fn near_misses_are_invalid_and_one_edit_away() {
        fn check<'a, T: Language + Arbitrary<'a> + fmt::Debug>(data: &'a [u8]) -> bool {
            match NearMiss::<T>::arbitrary(&mut Unstructured::new(data)) {
                Ok(m) => {
                    let dfa = crate::abnf::dfa(T::GRAMMAR, T::RULE).unwrap();
                    assert!(
                        !dfa.is_match(&m),
                        "{} {}: {m:?} is valid",
                        T::GRAMMAR,
                        T::RULE
                    );
                    assert!(dfa.is_match(m.original()));
                    assert!(one_edit_apart(&m, m.original()), "{m:?}");
                    true
                }
                Err(_) => false,
            }
        }
        let data = inputs(1500);
        let mut made = [0usize; 4];
        for d in &data {
            made[0] += usize::from(check::<IriReference>(d));
            made[1] += usize::from(check::<UriReference>(d));
            made[2] += usize::from(check::<AbsoluteIri>(d));
            made[3] += usize::from(check::<Leiri>(d));
        }
        // The fallback edit ("%" at the end) is never in these languages.
        assert_eq!(made, [data.len(); 4]);
        let distinct: HashSet<String> = data
            .iter()
            .map(|d| near_miss(&mut Unstructured::new(d), Grammar::Iri, "ihost").unwrap())
            .collect();
        assert!(distinct.len() > 1000, "{}", distinct.len());
        let ihost = crate::abnf::dfa(Grammar::Iri, "ihost").unwrap();
        assert!(distinct.iter().all(|s| !ihost.is_match(s)));
    }
}
