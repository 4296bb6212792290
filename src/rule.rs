//! Rule identities: [`Rule`], one variant per ABNF rule name of the grammars ([`AnyGrammar`]).
//!
//! The enum, its spec spellings, the rules of each grammar and the IRI-to-URI renaming
//! ([`Rule::uri_counterpart`]) are generated from the `.abnf` files by `cargo xtask automata` into
//! `src/abnf/automata/rules.rs` (with the precompiled automata); `tests/automata_current.rs` fails when
//! that file is not what the grammar files give.
//!
//! A rule is spelled as in the specs everywhere ([`Rule::name`], `Display`, JSON): `IRI-reference`,
//! `ireg-name`, `IPv6address`. [`FromStr`] also takes `_` for `-` (`IRI_reference`, as pest names the
//! rules). ABNF names are case-insensitive (RFC 5234 §2.1), but a name is taken only in one of the
//! spellings that the grammars' files use (`ALPHA`, or RFC 2396's `alpha`; not `Alpha`).
//!
//! The functions that take a start rule take any [`RuleName`]: a [`Rule`], or a name as a user types it
//! (`&str`, `String`). A name is resolved once per call; an unknown one, or a rule the grammar does not
//! have, is an [`UnknownRule`] error.
//!
//! ```
//! use iri_abnf::{is_valid, Grammar, Rule};
//!
//! let rule: Rule = "ireg-name".parse().unwrap();
//! assert_eq!(rule, Rule::IregName);
//! assert_eq!("ireg_name".parse::<Rule>(), Ok(Rule::IregName));
//! assert_eq!(rule.to_string(), "ireg-name");
//! assert_eq!(rule.uri_counterpart(), Rule::RegName);
//! assert!(Grammar::Iri.has(rule) && !Grammar::Uri.has(rule));
//! assert_eq!(Grammar::Uri.rule("ihost"), None);
//! assert_eq!(Grammar::Iri.rule("ihost"), Some(Rule::Ihost));
//! // Names and rules are both accepted where a start rule is expected.
//! assert!(is_valid(Grammar::Iri, Rule::Ihost, "résumé.example.org"));
//! assert!(is_valid(Grammar::Iri, "ihost", "résumé.example.org"));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::grammar::{AnyGrammar, UnknownRule};

// `abnf::precompiled::RULES_FILE` in `abnf::precompiled::DIR`.
#[path = "abnf/automata/rules.rs"]
mod generated;

pub(crate) use generated::rules as grammar_rules;
pub(crate) use generated::spelling;
pub use generated::Rule;

impl Rule {
    /// The rule named `name`, in a spelling of the grammars' files (`ireg-name`, `ALPHA` or RFC 2396's
    /// `alpha`) or with underscores (`ireg_name`); other spellings in another case are not taken.
    /// Allocates nothing.
    pub fn from_name(name: &str) -> Option<Rule> {
        if !name.contains('_') {
            return Rule::from_spec_name(name);
        }
        let mut buf = [0u8; Rule::MAX_NAME_LEN];
        let bytes = buf.get_mut(..name.len())?;
        for (b, c) in bytes.iter_mut().zip(name.bytes()) {
            *b = if c == b'_' { b'-' } else { c };
        }
        // Replacing an ASCII byte by another keeps the text UTF-8.
        Rule::from_spec_name(std::str::from_utf8(bytes).ok()?)
    }

    /// The grammars that have the rule, in [`AnyGrammar::ALL`] order.
    pub fn grammars(self) -> impl Iterator<Item = AnyGrammar> {
        AnyGrammar::ALL.into_iter().filter(move |g| g.has(self))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl AsRef<str> for Rule {
    fn as_ref(&self) -> &str {
        self.name()
    }
}

/// A rule compares equal to its spec spelling, so that `node.rule == "ihost"` reads as it did when
/// rules were strings.
impl PartialEq<str> for Rule {
    fn eq(&self, other: &str) -> bool {
        self.name() == other
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

impl PartialEq<Rule> for str {
    fn eq(&self, other: &Rule) -> bool {
        self == other.name()
    }
}

impl PartialEq<Rule> for &str {
    fn eq(&self, other: &Rule) -> bool {
        *self == other.name()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The error of [`Rule::from_str`]: no grammar has a rule of that name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleName(pub String);

impl fmt::Display for UnknownRuleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no grammar has a rule {:?}", self.0)?;
        write_suggestions(f, Rule::name, &close_matches(&self.0, &Rule::ALL))
    }
}

impl std::error::Error for UnknownRuleName {}

impl FromStr for Rule {
    type Err = UnknownRuleName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rule::from_name(s).ok_or_else(|| UnknownRuleName(s.to_string()))
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Rule {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: Sealed + ?Sized> Sealed for &T {}
}

/// A start rule as the functions of this crate take it: a [`Rule`], or a rule name as a user types it
/// (`&str`, `String`: spec spelling, or `_` for `-`).
///
/// Implemented for [`Rule`], `str`, `String` and references to them; it cannot be implemented outside
/// this crate.
pub trait RuleName: sealed::Sealed {
    /// The rule this names, in whichever grammar has it; `None` for a name no grammar has.
    fn to_rule(&self) -> Option<Rule>;

    /// The name as given, for error messages.
    fn as_name(&self) -> &str;
}

impl RuleName for Rule {
    fn to_rule(&self) -> Option<Rule> {
        Some(*self)
    }
    fn as_name(&self) -> &str {
        self.name()
    }
}

impl RuleName for str {
    fn to_rule(&self) -> Option<Rule> {
        Rule::from_name(self)
    }
    fn as_name(&self) -> &str {
        self
    }
}

impl RuleName for String {
    fn to_rule(&self) -> Option<Rule> {
        Rule::from_name(self)
    }
    fn as_name(&self) -> &str {
        self
    }
}

impl<T: RuleName + ?Sized> RuleName for &T {
    fn to_rule(&self) -> Option<Rule> {
        (**self).to_rule()
    }
    fn as_name(&self) -> &str {
        (**self).as_name()
    }
}

/// The rule `name` of `grammar`, or the error that names it.
pub(crate) fn lookup(
    grammar: impl Into<AnyGrammar>,
    name: &(impl RuleName + ?Sized),
) -> Result<Rule, UnknownRule> {
    let grammar = grammar.into();
    grammar.rule(name).ok_or_else(|| UnknownRule {
        grammar,
        name: name.as_name().to_string(),
    })
}

/// The rules of `candidates` that `name` is probably a misspelling of (at most three, in `candidates`
/// order), of the first kind that there is: the same name in another case or with `_` for `-`; the IRI
/// or URI form of the rule `name` is (`host` for `ihost` in `uri`); the names the fewest edits away, at
/// most two (one for names of up to four characters).
pub(crate) fn close_matches(name: &str, candidates: &[Rule]) -> Vec<Rule> {
    let wanted = name.replace('_', "-").to_ascii_lowercase();
    let same_base = Rule::from_name(name).map(Rule::uri_counterpart);
    let mut scored: Vec<(usize, usize, Rule)> = candidates
        .iter()
        .enumerate()
        .filter_map(|(i, &r)| {
            let candidate = r.name().to_ascii_lowercase();
            let score = if candidate == wanted {
                0
            } else if same_base == Some(r.uri_counterpart()) {
                1
            } else {
                let d = edit_distance(&wanted, &candidate);
                let limit = if wanted.len() <= 4 { 1 } else { 2 };
                if d > limit {
                    return None;
                }
                1 + d
            };
            Some((score, i, r))
        })
        .collect();
    scored.sort_unstable();
    let best = scored.first().map(|&(score, _, _)| score);
    scored
        .into_iter()
        .take_while(|&(score, _, _)| Some(score) == best)
        .take(3)
        .map(|(_, _, r)| r)
        .collect()
}

/// Writes `` (did you mean `a`, `b` or `c`?)`` for a non-empty list.
pub(crate) fn write_suggestions(
    f: &mut fmt::Formatter<'_>,
    spelling: impl Fn(Rule) -> &'static str,
    rules: &[Rule],
) -> fmt::Result {
    let Some((&last, rest)) = rules.split_last() else {
        return Ok(());
    };
    f.write_str(" (did you mean ")?;
    for (i, &r) in rest.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "`{}`", spelling(r))?;
    }
    if !rest.is_empty() {
        f.write_str(" or ")?;
    }
    write!(f, "`{}`?)", spelling(last))
}

/// The edit distance over bytes (rule names are ASCII) with insertions, deletions, substitutions and
/// transpositions of neighbours (optimal string alignment).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let width = b.len() + 1;
    // d[i * width + j]: the distance between a[..i] and b[..j].
    let mut d = vec![0usize; (a.len() + 1) * width];
    for (i, row) in d.chunks_mut(width).enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[..width].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    #[test]
    fn from_name_takes_both_spellings_and_no_other() {
        assert_eq!(Rule::from_name("IRI-reference"), Some(Rule::IriReference));
        assert_eq!(Rule::from_name("IRI_reference"), Some(Rule::IriReference));
        assert_eq!(Rule::from_name("isegment_nz-nc"), Some(Rule::IsegmentNzNc));
        for no in [
            "",
            "iri-reference",
            "IRI-Reference",
            "IRI reference",
            "IRI--reference",
            "_",
            "-",
            "IRI-reference-and-much-more-than-any-rule-name",
            "ireg_name_",
            "é",
            "é_",
        ] {
            assert_eq!(Rule::from_name(no), None, "{no:?}");
        }
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("host", "ihost"), 1);
        assert_eq!(edit_distance("ihost", "host"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("hots", "host"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("abc", ""), 3);
    }

    #[test]
    fn close_matches_of_typical_mistakes() {
        let iri = Grammar::Iri.rules();
        let uri = Grammar::Uri.rules();
        assert_eq!(close_matches("host", iri)[0], Rule::Ihost);
        assert_eq!(close_matches("ihost", uri)[0], Rule::Host);
        assert_eq!(close_matches("URI-reference", iri)[0], Rule::IriReference);
        assert_eq!(close_matches("iri_reference", iri)[0], Rule::IriReference);
        assert_eq!(close_matches("ipv6address", iri)[0], Rule::Ipv6address);
        assert_eq!(close_matches("ireg-nam", iri)[0], Rule::IregName);
        assert!(close_matches("zzzzzzzz", iri).is_empty());
        assert!(close_matches("x", iri).is_empty());
    }
}
