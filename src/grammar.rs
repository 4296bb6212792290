//! The four grammars and their rules.
//!
//! | name | spec | files in `grammar/` |
//! | --- | --- | --- |
//! | `uri` | RFC 3986 Appendix A | `core`, `uri` |
//! | `rfc3987` | RFC 3987 §2.2 (2005) | `core`, `rfc3987` |
//! | `iri` (default) | draft-ietf-iri-3987bis §2.2 | `core`, `iri` |
//! | `leiri` | 3987bis §5.1: `IRI-reference` with `leiri-ucschar` in place of `ucschar` | `core`, `iri`, `leiri` |

use std::fmt;
use std::str::FromStr;

use crate::rule::{Rule, RuleName};

/// One of the grammars this crate implements; see the [module docs](self) for the specs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Grammar {
    /// RFC 3986 Appendix A: URIs and URI references.
    Uri,
    /// RFC 3987 §2.2: IRIs as published in 2005.
    Rfc3987,
    /// draft-ietf-iri-3987bis §2.2: IRIs, the default grammar.
    #[default]
    Iri,
    /// draft-ietf-iri-3987bis §5.1: Legacy Extended IRIs.
    Leiri,
}

impl Grammar {
    /// All grammars, from the narrowest language to the widest.
    pub const ALL: [Grammar; 4] = [Grammar::Uri, Grammar::Rfc3987, Grammar::Iri, Grammar::Leiri];

    /// The grammar's name as used everywhere (API, CLI `--grammar`, docs, snapshots).
    pub fn name(self) -> &'static str {
        match self {
            Grammar::Uri => "uri",
            Grammar::Rfc3987 => "rfc3987",
            Grammar::Iri => "iri",
            Grammar::Leiri => "leiri",
        }
    }

    /// The document and section the grammar comes from.
    pub fn spec(self) -> &'static str {
        match self {
            Grammar::Uri => "RFC 3986, Appendix A",
            Grammar::Rfc3987 => "RFC 3987, Section 2.2",
            Grammar::Iri => "draft-ietf-iri-3987bis, Section 2.2",
            Grammar::Leiri => "draft-ietf-iri-3987bis, Section 5.1",
        }
    }

    /// The rule that describes a whole reference (absolute or relative): `URI-reference` for `uri`,
    /// `IRI-reference` for the others. It is the default start rule.
    pub fn reference_rule(self) -> Rule {
        match self {
            Grammar::Uri => Rule::UriReference,
            _ => Rule::IriReference,
        }
    }

    /// The rules of the grammar, in the order of its `.abnf` files. Every one of them can be a start
    /// rule.
    pub fn rules(self) -> &'static [Rule] {
        crate::rule::grammar_rules(self)
    }

    /// Whether the grammar has `rule`.
    pub fn has(self, rule: Rule) -> bool {
        rule.grammar_bits() & (1 << self as u8) != 0
    }

    /// The rule `name` of the grammar, if it has it: a [`Rule`], or a name in spec spelling (`ireg-name`)
    /// or with underscores (`ireg_name`). ASCII case matters, as rule names in this crate are spelled as
    /// in the specs.
    pub fn rule(self, name: impl RuleName) -> Option<Rule> {
        name.to_rule().filter(|&r| self.has(r))
    }

    /// The verbatim ABNF sources of the grammar (file name, text), in load order: a rule of a later file
    /// replaces the rule of the same name in an earlier one (only `leiri.abnf` does so).
    pub fn abnf_sources(self) -> &'static [(&'static str, &'static str)] {
        const CORE: (&str, &str) = ("grammar/core.abnf", include_str!("../grammar/core.abnf"));
        const URI: (&str, &str) = ("grammar/uri.abnf", include_str!("../grammar/uri.abnf"));
        const RFC3987: (&str, &str) = (
            "grammar/rfc3987.abnf",
            include_str!("../grammar/rfc3987.abnf"),
        );
        const IRI: (&str, &str) = ("grammar/iri.abnf", include_str!("../grammar/iri.abnf"));
        const LEIRI: (&str, &str) = ("grammar/leiri.abnf", include_str!("../grammar/leiri.abnf"));
        match self {
            Grammar::Uri => &[CORE, URI],
            Grammar::Rfc3987 => &[CORE, RFC3987],
            Grammar::Iri => &[CORE, IRI],
            Grammar::Leiri => &[CORE, IRI, LEIRI],
        }
    }
}

impl fmt::Display for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Grammar::from_str`]: the name is not one of the grammars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGrammar(pub String);

impl fmt::Display for UnknownGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown grammar {:?}: expected one of uri, rfc3987, iri, leiri",
            self.0
        )
    }
}

impl std::error::Error for UnknownGrammar {}

impl FromStr for Grammar {
    type Err = UnknownGrammar;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grammar::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownGrammar(s.to_string()))
    }
}

/// The error of looking up a start rule that the grammar does not have; it names the grammar's rules
/// closest to the name given, then lists all of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule {
    /// The grammar that was searched.
    pub grammar: Grammar,
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the grammar `{}` has no rule {:?}",
            self.grammar, self.name
        )?;
        crate::rule::write_suggestions(
            f,
            &crate::rule::close_matches(&self.name, self.grammar.rules()),
        )?;
        f.write_str("; its rules are: ")?;
        for (i, r) in self.grammar.rules().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(r.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownRule {}
