//! The options that several subcommands share: the grammar (`--grammar`), and the start rule
//! (`--rule`, `--absolute`) resolved in a grammar.

use clap::ValueEnum;
use iri_abnf::{AnyGrammar, Grammar, Rule};

use super::output::EXIT_ERROR;

/// The grammar option shared by the subcommands.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GrammarArg {
    /// RFC 3986 Appendix A
    Uri,
    /// RFC 3987 Section 2.2
    Rfc3987,
    /// draft-ietf-iri-3987bis Section 2.2
    Iri,
    /// draft-ietf-iri-3987bis Section 5.1 (Legacy Extended IRIs)
    Leiri,
}

impl From<GrammarArg> for Grammar {
    fn from(g: GrammarArg) -> Grammar {
        match g {
            GrammarArg::Uri => Grammar::Uri,
            GrammarArg::Rfc3987 => Grammar::Rfc3987,
            GrammarArg::Iri => Grammar::Iri,
            GrammarArg::Leiri => Grammar::Leiri,
        }
    }
}

/// The grammar option of the subcommands that need a language only (check, compare, generate, rules):
/// the four grammars and the five without a parse tree or components.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AnyGrammarArg {
    /// RFC 3986 Appendix A
    Uri,
    /// RFC 3987 Section 2.2
    Rfc3987,
    /// draft-ietf-iri-3987bis Section 2.2
    Iri,
    /// draft-ietf-iri-3987bis Section 5.1 (Legacy Extended IRIs)
    Leiri,
    /// RFC 2396 Appendix A (1998)
    Rfc2396,
    /// RFC 2396 as amended by RFC 2732 Section 3 (IPv6 literals, 1999)
    Rfc2732,
    /// draft-masinter-url-i18n-07 Section 2.2 (2001)
    Masinter07,
    /// draft-duerst-iri-01 Section 2.2 (2002)
    Duerst01,
    /// draft-ietf-iri-3987bis Section 2.2 as printed (without interpretation note 1)
    IriPrinted,
}

impl From<AnyGrammarArg> for AnyGrammar {
    fn from(g: AnyGrammarArg) -> AnyGrammar {
        match g {
            AnyGrammarArg::Uri => AnyGrammar::Uri,
            AnyGrammarArg::Rfc3987 => AnyGrammar::Rfc3987,
            AnyGrammarArg::Iri => AnyGrammar::Iri,
            AnyGrammarArg::Leiri => AnyGrammar::Leiri,
            AnyGrammarArg::Rfc2396 => AnyGrammar::Rfc2396,
            AnyGrammarArg::Rfc2732 => AnyGrammar::Rfc2732,
            AnyGrammarArg::Masinter07 => AnyGrammar::Masinter07,
            AnyGrammarArg::Duerst01 => AnyGrammar::Duerst01,
            AnyGrammarArg::IriPrinted => AnyGrammar::IriPrinted,
        }
    }
}

/// The help of `--absolute`.
pub const ABSOLUTE_HELP: &str =
    "Check against the grammar's absolute reference rule instead of the \
reference rule: URI (RFC 3986 §4.3 with a fragment) for uri, IRI for rfc3987, iri and leiri, \
absoluteURI or absoluteIRI (no fragment) for the grammars that have no such rule. The same as \
--rule URI or --rule IRI. Under the default rule a relative reference is valid: the empty string \
and `hello` are valid IRI-references";

/// The rule that `--absolute` stands for in `grammar`: the absolute reference with an optional
/// fragment (`URI`, RFC 3986 §3; `IRI`, RFC 3987 §2.2 and 3987bis §2.2), or for the grammars without
/// one, `absoluteURI` (RFC 2396 §3) or `absoluteIRI`, which have no fragment.
pub fn absolute_rule(grammar: impl Into<AnyGrammar>) -> &'static str {
    let grammar = grammar.into();
    ["URI", "IRI", "absoluteURI", "absoluteIRI"]
        .into_iter()
        .find(|name| grammar.rule(name).is_some())
        .unwrap_or("absolute-IRI")
}

/// The rule name of `--rule` or `--absolute` (clap keeps the two exclusive), or `None` for the
/// reference rule.
pub fn rule_arg(
    grammar: impl Into<AnyGrammar>,
    rule: Option<&str>,
    absolute: bool,
) -> Option<&str> {
    if absolute {
        Some(absolute_rule(grammar))
    } else {
        rule
    }
}

/// Resolves `--rule` (default: the grammar's reference rule), or prints the error that names the
/// closest rules and lists the grammar's rules.
pub fn resolve_rule(grammar: impl Into<AnyGrammar>, rule: Option<&str>) -> Result<Rule, i32> {
    rule_of(grammar, rule).map_err(|e| {
        eprintln!("iri: {e}");
        EXIT_ERROR
    })
}

/// The rule `--rule` names (default: the grammar's reference rule), or the error that names the
/// closest rules and lists the grammar's rules.
pub fn rule_of(
    grammar: impl Into<AnyGrammar>,
    rule: Option<&str>,
) -> Result<Rule, iri_abnf::UnknownName> {
    let grammar = grammar.into();
    let Some(name) = rule else {
        return Ok(grammar.reference_rule());
    };
    grammar.lookup_rule(name)
}
