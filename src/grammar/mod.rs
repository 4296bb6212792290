//! Grammar identities (see [`Grammar`] and [`AnyGrammar`]).

use std::fmt;
use std::str::FromStr;

pub mod rule;

use crate::grammar::rule::{Rule, RuleName};

/// One of the four main grammars, each with a pest parser, typed components and the reference
/// operations; [`AnyGrammar`] adds the grammars that have a language only.
///
/// The grammars and their rules.
///
/// [`Grammar`] is one of the four main grammars, each with a pest parser, typed components and the
/// reference operations:
///
/// | name | spec | files in `grammar/` |
/// | --- | --- | --- |
/// | `uri` | RFC 3986 Appendix A | `core`, `uri` |
/// | `rfc3987` | RFC 3987 §2.2 (2005) | `core`, `rfc3987` |
/// | `iri` (default) | draft-ietf-iri-3987bis §2.2 | `core`, `iri` |
/// | `leiri` | 3987bis §5.1: `IRI-reference` with `leiri-ucschar` in place of `ucschar` | `core`, `iri`, `leiri` |
///
/// [`AnyGrammar`] is any grammar of `grammar/`: the four, and five more that have a language (an
/// automaton: verdicts, errors with offsets, comparison, generation) but no parse tree or components.
/// Their interpretation notes are 33–43 of [`crate::notes`].
///
/// | name | spec | files in `grammar/` | start rule |
/// | --- | --- | --- | --- |
/// | `rfc2396` | RFC 2396 Appendix A (1998) | `core`, `rfc2396` | `URI-reference` |
/// | `rfc2732` | RFC 2396 as amended by RFC 2732 §3 (IPv6 literals, 1999) | `core`, `rfc2396`, `rfc2732` | `URI-reference` |
/// | `masinter07` | draft-masinter-url-i18n-07 §2.2 (2001) | `core`, `masinter-url-i18n-07` | `IRI-reference` |
/// | `duerst01` | draft-duerst-iri-01 §2.2 (2002) | `core`, `duerst-iri-01` | `IRI-reference` |
/// | `iri-printed` | 3987bis §2.2 as printed: `iri` without note 1 (`ireg-name` without `pct-form`) | `core`, `iri` | `IRI-reference` |
///
/// ```
/// use iri_abnf::{is_valid, validate, AnyGrammar, Grammar, Rule};
///
/// // RFC 2396 has no IP literals; RFC 2732 added them.
/// assert!(!is_valid(AnyGrammar::Rfc2396, "URI-reference", "http://[::1]/"));
/// assert!(is_valid(AnyGrammar::Rfc2732, "URI-reference", "http://[::1]/"));
/// // 3987bis as printed rejects a percent-encoded host that every other IRI grammar accepts. The
/// // error is at the end: the text could still be an `iuserinfo`, which has `pct-encoded`, if "@"
/// // and a host followed.
/// let input = "http://r%C3%A9sum%C3%A9.example.org";
/// let err = validate(AnyGrammar::IriPrinted, Rule::IriReference, input).unwrap_err();
/// assert_eq!(err.offset, input.len());
/// assert!(is_valid(Grammar::Iri, "IRI-reference", input));
/// // Every `Grammar` is an `AnyGrammar`.
/// assert_eq!(AnyGrammar::from(Grammar::Leiri).main(), Some(Grammar::Leiri));
/// assert_eq!(AnyGrammar::Duerst01.main(), None);
/// ```
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
    /// The four main grammars, from the narrowest language to the widest ([`AnyGrammar::ALL`] adds
    /// the five with a language only).
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
        crate::grammar::rule::grammar_rules(AnyGrammar::from(self))
    }

    /// Whether the grammar has `rule`.
    #[inline(always)]
    pub fn has(self, rule: Rule) -> bool {
        AnyGrammar::from(self).has(rule)
    }

    /// The rule `name` of the grammar, if it has it: a [`Rule`], or a name in any case (`ireg-name`,
    /// `IREG-NAME`; ABNF names are case-insensitive, RFC 5234 §2.1), with `-` or `_` between words
    /// (`ireg_name`); see [`Rule::from_name`].
    #[inline(always)]
    pub fn rule(self, name: impl RuleName) -> Option<Rule> {
        name.to_rule().filter(|&r| self.has(r))
    }

    /// [`rule`](Self::rule), with the error that names the grammar's rules closest to `name`.
    pub fn lookup_rule(self, name: impl RuleName) -> Result<Rule, UnknownName> {
        crate::grammar::rule::lookup(self, &name)
    }

    /// The verbatim ABNF sources of the grammar (file name, text), in load order: a rule of a later file
    /// replaces the rule of the same name in an earlier one (only `leiri.abnf` does so).
    pub fn abnf_sources(self) -> &'static [(&'static str, &'static str)] {
        const CORE: (&str, &str) = ("grammar/core.abnf", include_str!("../../grammar/core.abnf"));
        const URI: (&str, &str) = ("grammar/uri.abnf", include_str!("../../grammar/uri.abnf"));
        const RFC3987: (&str, &str) = (
            "grammar/rfc3987.abnf",
            include_str!("../../grammar/rfc3987.abnf"),
        );
        const IRI: (&str, &str) = ("grammar/iri.abnf", include_str!("../../grammar/iri.abnf"));
        const LEIRI: (&str, &str) = (
            "grammar/leiri.abnf",
            include_str!("../../grammar/leiri.abnf"),
        );
        match self {
            Grammar::Uri => &[CORE, URI],
            Grammar::Rfc3987 => &[CORE, RFC3987],
            Grammar::Iri => &[CORE, IRI],
            Grammar::Leiri => &[CORE, IRI, LEIRI],
        }
    }
}

/// Any grammar of `grammar/`: one of the four [`Grammar`]s, or one of the five that have a language
/// but no parse tree or components (the specs of each: [`Grammar`]).
///
/// The functions that decide membership take any grammar: [`crate::validate`], [`ParseError::explain`](crate::ParseError::explain)
/// (whose errors name no rules for the five), [`crate::is_valid`], [`crate::abnf::dfa`] and the
/// language comparison of [`crate::compare`]. The discriminants of the four main grammars are those of
/// [`Grammar`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum AnyGrammar {
    /// [`Grammar::Uri`]: RFC 3986 Appendix A.
    Uri,
    /// [`Grammar::Rfc3987`]: RFC 3987 §2.2.
    Rfc3987,
    /// [`Grammar::Iri`]: draft-ietf-iri-3987bis §2.2, the default.
    #[default]
    Iri,
    /// [`Grammar::Leiri`]: draft-ietf-iri-3987bis §5.1.
    Leiri,
    /// RFC 2396 Appendix A (August 1998): URI references before RFC 3986.
    Rfc2396,
    /// RFC 2396 with the amendments of RFC 2732 §3 (December 1999): IPv6 literals in URLs.
    Rfc2732,
    /// draft-masinter-url-i18n-07 §2.2 (2001): the first IRI grammar, built on RFC 2396.
    #[cfg_attr(feature = "serde", serde(rename = "masinter07"))]
    Masinter07,
    /// draft-duerst-iri-01 §2.2 (2002), built on RFC 2396.
    #[cfg_attr(feature = "serde", serde(rename = "duerst01"))]
    Duerst01,
    /// draft-ietf-iri-3987bis §2.2 as printed: [`Grammar::Iri`] without interpretation note 1, so its
    /// `ireg-name` has no `pct-form`.
    IriPrinted,
}

impl AnyGrammar {
    /// All grammars: the four main ones from the narrowest language to the widest, then the historical
    /// ones from the oldest, then 3987bis as printed.
    pub const ALL: [AnyGrammar; 9] = [
        AnyGrammar::Uri,
        AnyGrammar::Rfc3987,
        AnyGrammar::Iri,
        AnyGrammar::Leiri,
        AnyGrammar::Rfc2396,
        AnyGrammar::Rfc2732,
        AnyGrammar::Masinter07,
        AnyGrammar::Duerst01,
        AnyGrammar::IriPrinted,
    ];

    /// The number of grammars.
    pub const COUNT: usize = AnyGrammar::ALL.len();

    /// The main grammar this is, if it is one.
    pub const fn main(self) -> Option<Grammar> {
        match self {
            AnyGrammar::Uri => Some(Grammar::Uri),
            AnyGrammar::Rfc3987 => Some(Grammar::Rfc3987),
            AnyGrammar::Iri => Some(Grammar::Iri),
            AnyGrammar::Leiri => Some(Grammar::Leiri),
            _ => None,
        }
    }

    /// The grammar's name as used everywhere (API, CLI `--grammar`, docs, snapshots).
    pub fn name(self) -> &'static str {
        match self {
            AnyGrammar::Rfc2396 => "rfc2396",
            AnyGrammar::Rfc2732 => "rfc2732",
            AnyGrammar::Masinter07 => "masinter07",
            AnyGrammar::Duerst01 => "duerst01",
            AnyGrammar::IriPrinted => "iri-printed",
            main => main.main().map_or("", Grammar::name),
        }
    }

    /// The document and section the grammar comes from.
    pub fn spec(self) -> &'static str {
        match self {
            AnyGrammar::Rfc2396 => "RFC 2396, Appendix A",
            AnyGrammar::Rfc2732 => "RFC 2396, Appendix A, as amended by RFC 2732, Section 3",
            AnyGrammar::Masinter07 => "draft-masinter-url-i18n-07, Section 2.2",
            AnyGrammar::Duerst01 => "draft-duerst-iri-01, Section 2.2",
            AnyGrammar::IriPrinted => {
                "draft-ietf-iri-3987bis, Section 2.2, as printed (without interpretation note 1)"
            }
            main => main.main().map_or("", Grammar::spec),
        }
    }

    /// The rule that describes a whole reference, the default start rule: `URI-reference` for `uri`,
    /// `rfc2396` and `rfc2732`, `IRI-reference` for the others.
    pub fn reference_rule(self) -> Rule {
        match self {
            AnyGrammar::Uri | AnyGrammar::Rfc2396 | AnyGrammar::Rfc2732 => Rule::UriReference,
            _ => Rule::IriReference,
        }
    }

    /// The rules of the grammar, in the order of its `.abnf` files. Every one of them can be a start
    /// rule.
    pub fn rules(self) -> &'static [Rule] {
        crate::grammar::rule::grammar_rules(self)
    }

    /// Whether the grammar has `rule`.
    #[inline(always)]
    pub fn has(self, rule: Rule) -> bool {
        rule.grammar_bits() & (1 << self as u16) != 0
    }

    /// The name of `rule` as the grammar's files spell it: [`Rule::name`], except where a historical
    /// document spells a name of RFC 5234 or another grammar in another case (RFC 2396's `alpha` for
    /// `ALPHA`; ABNF names are case-insensitive, RFC 5234 §2.1).
    ///
    /// ```
    /// use iri_abnf::{AnyGrammar, Rule};
    ///
    /// assert_eq!(AnyGrammar::Rfc2396.rule_name(Rule::Alpha), "alpha");
    /// assert_eq!(AnyGrammar::Uri.rule_name(Rule::Alpha), "ALPHA");
    /// ```
    pub fn rule_name(self, rule: Rule) -> &'static str {
        match crate::grammar::rule::spelling(self, rule) {
            Some(name) => name,
            None => rule.name(),
        }
    }

    /// The rule `name` of the grammar, if it has it: a [`Rule`], or a name in any case (`absoluteURI`,
    /// `absoluteuri`, `hier-part`; ABNF names are case-insensitive, RFC 5234 §2.1), with `-` or `_`
    /// between words (`hier_part`, as RFC 2396 writes it); see [`Rule::from_name`].
    #[inline(always)]
    pub fn rule(self, name: impl RuleName) -> Option<Rule> {
        name.to_rule().filter(|&r| self.has(r))
    }

    /// [`rule`](Self::rule), with the error that names the grammar's rules closest to `name`.
    pub fn lookup_rule(self, name: impl RuleName) -> Result<Rule, UnknownName> {
        crate::grammar::rule::lookup(self, &name)
    }

    /// The `.abnf` files the grammar is read from (file name, text), in load order: a rule of a later
    /// file replaces the rule of the same name in an earlier one. `iri-printed` is read from the files
    /// of `iri` with the rules marked `[note 1]` taken back ([`crate::abnf::as_printed`]).
    pub fn abnf_sources(self) -> &'static [(&'static str, &'static str)] {
        const CORE: (&str, &str) = ("grammar/core.abnf", include_str!("../../grammar/core.abnf"));
        const RFC2396: (&str, &str) = (
            "grammar/rfc2396.abnf",
            include_str!("../../grammar/rfc2396.abnf"),
        );
        const RFC2732: (&str, &str) = (
            "grammar/rfc2732.abnf",
            include_str!("../../grammar/rfc2732.abnf"),
        );
        const MASINTER: (&str, &str) = (
            "grammar/masinter-url-i18n-07.abnf",
            include_str!("../../grammar/masinter-url-i18n-07.abnf"),
        );
        const DUERST: (&str, &str) = (
            "grammar/duerst-iri-01.abnf",
            include_str!("../../grammar/duerst-iri-01.abnf"),
        );
        match self {
            AnyGrammar::Rfc2396 => &[CORE, RFC2396],
            AnyGrammar::Rfc2732 => &[CORE, RFC2396, RFC2732],
            AnyGrammar::Masinter07 => &[CORE, MASINTER],
            AnyGrammar::Duerst01 => &[CORE, DUERST],
            AnyGrammar::IriPrinted => Grammar::Iri.abnf_sources(),
            main => main.main().map_or(&[], Grammar::abnf_sources),
        }
    }

    /// The interpretation notes taken back when the grammar is read from [`abnf_sources`]
    /// (`[1]` for `iri-printed`, none for the others).
    ///
    /// [`abnf_sources`]: AnyGrammar::abnf_sources
    pub fn printed_notes(self) -> &'static [u32] {
        match self {
            AnyGrammar::IriPrinted => &[1],
            _ => &[],
        }
    }
}

// A rule's grammars are the bits of a `u16`, and `Grammar`'s discriminants are `AnyGrammar`'s.
const _: () = assert!(AnyGrammar::COUNT <= 16);
const _: () = assert!(
    Grammar::Uri as u8 == AnyGrammar::Uri as u8
        && Grammar::Rfc3987 as u8 == AnyGrammar::Rfc3987 as u8
        && Grammar::Iri as u8 == AnyGrammar::Iri as u8
        && Grammar::Leiri as u8 == AnyGrammar::Leiri as u8
);

/// The grammars whose language holds IRIs only (3987bis §2.2, RFC 3987 §2.2, and RFC 3986 §3: a
/// URI is an IRI): the grammars an [`Iri`](crate::Iri) or an [`IriRef`](crate::IriRef) can be parsed
/// with ([`Iri::parse_with`](crate::Iri::parse_with)). [`Grammar::Leiri`] is not one: a LEIRI is not
/// an IRI (3987bis §5.1), and [`leiri_to_iri`](crate::convert::leiri_to_iri) maps it to one.
///
/// ```
/// use iri_abnf::{Grammar, IriGrammar};
///
/// assert_eq!(Grammar::from(IriGrammar::Rfc3987), Grammar::Rfc3987);
/// assert_eq!(IriGrammar::try_from(Grammar::Uri), Ok(IriGrammar::Uri));
/// assert_eq!(IriGrammar::try_from(Grammar::Leiri), Err(Grammar::Leiri));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum IriGrammar {
    /// RFC 3986 Appendix A: its `URI` and `URI-reference` rules.
    Uri,
    /// RFC 3987 §2.2: IRIs as published in 2005.
    Rfc3987,
    /// draft-ietf-iri-3987bis §2.2: IRIs, the default grammar.
    #[default]
    Iri,
}

impl IriGrammar {
    /// The three grammars, from the narrowest language to the widest.
    pub const ALL: [IriGrammar; 3] = [IriGrammar::Uri, IriGrammar::Rfc3987, IriGrammar::Iri];

    /// The grammar among the main ones.
    pub const fn grammar(self) -> Grammar {
        match self {
            IriGrammar::Uri => Grammar::Uri,
            IriGrammar::Rfc3987 => Grammar::Rfc3987,
            IriGrammar::Iri => Grammar::Iri,
        }
    }
}

impl From<IriGrammar> for Grammar {
    fn from(g: IriGrammar) -> Grammar {
        g.grammar()
    }
}

impl From<IriGrammar> for AnyGrammar {
    fn from(g: IriGrammar) -> AnyGrammar {
        g.grammar().into()
    }
}

impl TryFrom<Grammar> for IriGrammar {
    /// The grammar itself, [`Grammar::Leiri`]: its language is not one of IRIs.
    type Error = Grammar;
    fn try_from(g: Grammar) -> Result<IriGrammar, Grammar> {
        match g {
            Grammar::Uri => Ok(IriGrammar::Uri),
            Grammar::Rfc3987 => Ok(IriGrammar::Rfc3987),
            Grammar::Iri => Ok(IriGrammar::Iri),
            Grammar::Leiri => Err(g),
        }
    }
}

impl PartialEq<Grammar> for IriGrammar {
    fn eq(&self, other: &Grammar) -> bool {
        self.grammar() == *other
    }
}

impl PartialEq<IriGrammar> for Grammar {
    fn eq(&self, other: &IriGrammar) -> bool {
        *self == other.grammar()
    }
}

impl fmt::Display for IriGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.grammar().name())
    }
}

impl From<Grammar> for AnyGrammar {
    fn from(g: Grammar) -> AnyGrammar {
        match g {
            Grammar::Uri => AnyGrammar::Uri,
            Grammar::Rfc3987 => AnyGrammar::Rfc3987,
            Grammar::Iri => AnyGrammar::Iri,
            Grammar::Leiri => AnyGrammar::Leiri,
        }
    }
}

impl PartialEq<Grammar> for AnyGrammar {
    fn eq(&self, other: &Grammar) -> bool {
        self.main() == Some(*other)
    }
}

impl PartialEq<AnyGrammar> for Grammar {
    fn eq(&self, other: &AnyGrammar) -> bool {
        other.main() == Some(*self)
    }
}

impl fmt::Display for AnyGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AnyGrammar {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        AnyGrammar::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownName::new(NameKind::Grammar, s))
    }
}

impl fmt::Display for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grammar {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grammar::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownName::new(NameKind::Grammar, s))
    }
}

/// The error of every lookup by name: a grammar (`Grammar::from_str`), a rule (`Rule::from_str`, or
/// a start rule of one grammar), a normalization level (`Level::from_str`), a charset label
/// (`Charset::for_label`) or a lint code or family (`LintOptions::set`). Its message names the
/// closest names where there are some (a rule's), or lists the ones there are.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownName {
    /// What was looked up.
    pub kind: NameKind,
    /// The name as given.
    pub name: String,
}

/// What an [`UnknownName`] was looked up as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// A grammar ([`AnyGrammar::name`]).
    Grammar,
    /// A rule: of one grammar (the start rule of a check), or of any (`None`: [`Rule::from_str`]).
    Rule(Option<AnyGrammar>),
    /// A normalization level (RFC 3986 §6.2, the ladder of `Level`).
    Level,
    /// A charset label of the WHATWG Encoding Standard (3987bis §3.5).
    Charset,
    /// A lint code or family.
    LintCode,
}

impl UnknownName {
    /// The error for `name`, looked up as `kind`.
    pub fn new(kind: NameKind, name: impl Into<String>) -> UnknownName {
        UnknownName {
            kind,
            name: name.into(),
        }
    }

    /// The error for a start rule `name` that `grammar` does not have.
    pub fn rule(grammar: impl Into<AnyGrammar>, name: impl Into<String>) -> UnknownName {
        UnknownName::new(NameKind::Rule(Some(grammar.into())), name)
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.name;
        match self.kind {
            NameKind::Grammar => {
                write!(f, "unknown grammar {name:?}")?;
                let names = AnyGrammar::ALL.map(AnyGrammar::name);
                crate::grammar::rule::write_name_suggestions(
                    f,
                    &crate::grammar::rule::close_names(name, &names),
                )?;
                f.write_str(
                    ": expected one of uri, rfc3987, iri, leiri (or, where a language is all that \
                     is needed, rfc2396, rfc2732, masinter07, duerst01, iri-printed)",
                )
            }
            NameKind::Rule(None) => {
                write!(f, "no grammar has a rule {name:?}")?;
                crate::grammar::rule::write_suggestions(
                    f,
                    Rule::name,
                    &crate::grammar::rule::close_matches(name, &Rule::ALL),
                )
            }
            NameKind::Rule(Some(grammar)) => {
                write!(f, "the grammar `{grammar}` has no rule {name:?}")?;
                crate::grammar::rule::write_suggestions(
                    f,
                    |r| grammar.rule_name(r),
                    &crate::grammar::rule::close_matches(name, grammar.rules()),
                )?;
                f.write_str("; its rules are: ")?;
                for (i, r) in grammar.rules().iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(grammar.rule_name(*r))?;
                }
                Ok(())
            }
            NameKind::Level => {
                write!(f, "unknown normalization level {name:?}")?;
                crate::grammar::rule::write_name_suggestions(
                    f,
                    &crate::grammar::rule::close_names(name, &LEVEL_NAMES),
                )?;
                f.write_str(": expected one of simple, case, percent, path, scheme, nfc")
            }
            NameKind::Charset => {
                write!(f, "unknown charset label {name:?}")?;
                crate::grammar::rule::write_name_suggestions(
                    f,
                    &crate::grammar::rule::close_names(name, &ENCODING_NAMES),
                )?;
                f.write_str(
                    ": expected a label of the WHATWG Encoding Standard (utf-8, windows-1252, \
                     iso-8859-1, shift_jis, euc-jp, gbk, macintosh, ...)",
                )
            }
            NameKind::LintCode => write!(
                f,
                "{name:?} is neither a lint code nor a family (`iri lint --list` lists them)"
            ),
        }
    }
}

impl std::error::Error for UnknownName {}

/// The names of the levels of normalization (`Level::name`), the suggestions for an unknown one.
pub(crate) const LEVEL_NAMES: [&str; 6] = ["simple", "case", "percent", "path", "scheme", "nfc"];

/// The names of the encodings of the WHATWG Encoding Standard (§4.2, in lower case; not
/// "replacement", which no label of a query charset names), and `us-ascii`: the suggestions for an
/// unknown charset label (3987bis §3.5).
pub(crate) const ENCODING_NAMES: [&str; 40] = [
    "utf-8",
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-8-i",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "gbk",
    "gb18030",
    "big5",
    "euc-jp",
    "iso-2022-jp",
    "shift_jis",
    "euc-kr",
    "utf-16be",
    "utf-16le",
    "x-user-defined",
    "us-ascii",
];
