//! The pest parsers and the grammar-neutral syntax tree they produce.
//!
//! Each grammar is one `#[derive(Parser)]` over several `.pest` files (pest concatenates them), so rules
//! shared by several grammars are written once: `core.pest` (RFC 5234 B.1), `rfc3986-common.pest` (the
//! rules 3987 and 3987bis take over from RFC 3986), then the grammar's own files and its start rules.
//! A parse always goes through the start wrapper `start_R = { SOI ~ R ~ EOI }`, so every rule is matched
//! against the whole input.

use std::collections::HashMap;
use std::sync::OnceLock;

use pest::iterators::Pair;
use pest::{Parser, RuleType};

use crate::error::{ErrorKind, ParseError};
use crate::grammar::{Grammar, UnknownRule};
use crate::Span;

macro_rules! grammar_parser {
    ($module:ident, $parser:ident, $($file:literal),+) => {
        #[doc = concat!("The pest parser of one grammar; files: ", $($file, " "),+)]
        pub mod $module {
            #![allow(missing_docs, non_camel_case_types)]
            #[derive(pest_derive::Parser)]
            $(#[grammar = $file])+
            pub struct $parser;
        }
    };
}

grammar_parser!(
    uri,
    UriParser,
    "../grammar/core.pest",
    "../grammar/rfc3986-common.pest",
    "../grammar/uri.pest",
    "../grammar/start-uri.pest"
);
grammar_parser!(
    rfc3987,
    Rfc3987Parser,
    "../grammar/core.pest",
    "../grammar/rfc3986-common.pest",
    "../grammar/rfc3987.pest",
    "../grammar/iunreserved.pest",
    "../grammar/start-rfc3987.pest"
);
grammar_parser!(
    iri,
    IriParser,
    "../grammar/core.pest",
    "../grammar/rfc3986-common.pest",
    "../grammar/3987bis.pest",
    "../grammar/iunreserved.pest",
    "../grammar/start-iri.pest"
);
grammar_parser!(
    leiri,
    LeiriParser,
    "../grammar/core.pest",
    "../grammar/rfc3986-common.pest",
    "../grammar/3987bis.pest",
    "../grammar/leiri.pest",
    "../grammar/start-leiri.pest"
);

/// One node of a parse tree: a rule (in spec spelling) that matched `span` of the input.
///
/// Only rules that carry structure produce nodes; character-level rules (`ALPHA`, `ipchar`,
/// `pct-encoded`, `ucschar`, …) are silent in the pest grammars and leave none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SyntaxNode {
    /// The rule, spelled as in the spec (`ireg-name`).
    pub rule: &'static str,
    /// The bytes of the input the rule matched.
    pub span: Span,
    /// The nodes of the rules matched inside this one, in input order.
    pub children: Vec<SyntaxNode>,
}

impl SyntaxNode {
    /// The first child node of the given rule.
    pub fn child(&self, rule: &str) -> Option<&SyntaxNode> {
        self.children.iter().find(|c| c.rule == rule)
    }

    /// Writes the tree indented, one node per line: rule name, span, and the matched text (escaped).
    pub fn write_tree(&self, input: &str, out: &mut String) {
        self.write_indented(input, 0, out);
    }

    fn write_indented(&self, input: &str, depth: usize, out: &mut String) {
        use std::fmt::Write;
        let text = input.get(self.span.start..self.span.end).unwrap_or("");
        let _ = writeln!(
            out,
            // Not `{:indent$}`: a format width above u16::MAX panics.
            "{}{} {}..{} {}",
            "  ".repeat(depth),
            self.rule,
            self.span.start,
            self.span.end,
            crate::error::quote(text),
        );
        for c in &self.children {
            c.write_indented(input, depth + 1, out);
        }
    }
}

/// The spec-spelled rule names of a grammar, in `.abnf` order (from the start wrappers, which the test
/// `start_rules_cover_the_abnf` keeps equal to the `.abnf` rule list).
pub(crate) fn rule_names(grammar: Grammar) -> &'static [&'static str] {
    match grammar {
        Grammar::Uri => table::<uri::Rule>(&URI_TABLE).names.as_slice(),
        Grammar::Rfc3987 => table::<rfc3987::Rule>(&RFC3987_TABLE).names.as_slice(),
        Grammar::Iri => table::<iri::Rule>(&IRI_TABLE).names.as_slice(),
        Grammar::Leiri => table::<leiri::Rule>(&LEIRI_TABLE).names.as_slice(),
    }
}

/// Per-grammar lookup tables built once from `Rule::all_rules()`.
struct Table<R> {
    /// Spec names in `.abnf` order.
    names: Vec<&'static str>,
    /// Spec name → its start wrapper.
    start: HashMap<&'static str, R>,
    /// Rule → spec name (for the tree and for errors); start wrappers map to their rule's name.
    spec: HashMap<R, &'static str>,
}

static URI_TABLE: OnceLock<Table<uri::Rule>> = OnceLock::new();
static RFC3987_TABLE: OnceLock<Table<rfc3987::Rule>> = OnceLock::new();
static IRI_TABLE: OnceLock<Table<iri::Rule>> = OnceLock::new();
static LEIRI_TABLE: OnceLock<Table<leiri::Rule>> = OnceLock::new();

trait AllRules: RuleType {
    fn all() -> &'static [Self];
}
macro_rules! all_rules {
    ($($m:ident),*) => {$(
        impl AllRules for $m::Rule {
            fn all() -> &'static [Self] {
                $m::Rule::all_rules()
            }
        }
    )*};
}
all_rules!(uri, rfc3987, iri, leiri);

fn table<R: AllRules>(cell: &'static OnceLock<Table<R>>) -> &'static Table<R> {
    cell.get_or_init(|| {
        let mut names = Vec::new();
        let mut start = HashMap::new();
        let mut spec = HashMap::new();
        // The spec name of every rule: pest names are the ABNF names with "-" replaced by "_", and no
        // ABNF rule name contains "_" (RFC 5234 §2.1), so the mapping back is exact. Names are leaked
        // once per grammar to get `&'static str` (a few dozen short strings).
        let mut by_pest_name: HashMap<String, &'static str> = HashMap::new();
        for &rule in R::all() {
            let pest_name = format!("{rule:?}");
            if pest_name.starts_with("start_") || pest_name == "EOI" {
                continue;
            }
            let name: &'static str = Box::leak(pest_name.replace('_', "-").into_boxed_str());
            by_pest_name.insert(pest_name, name);
            spec.insert(rule, name);
        }
        for &rule in R::all() {
            let pest_name = format!("{rule:?}");
            if let Some(inner) = pest_name.strip_prefix("start_") {
                if let Some(&name) = by_pest_name.get(inner) {
                    names.push(name);
                    start.insert(name, rule);
                    spec.insert(rule, name);
                }
            }
        }
        Table { names, start, spec }
    })
}

/// Parses `input` with `rule` of `grammar` as the start rule, matched to the end of the input, and
/// returns the syntax tree rooted at that rule.
pub fn parse_tree(
    grammar: Grammar,
    rule: &str,
    input: &str,
) -> Result<SyntaxNode, ParseOrRuleError> {
    let rule = grammar.rule(rule).ok_or_else(|| unknown(grammar, rule))?;
    pest_parse(grammar, rule, input).map_err(|pest| {
        // The offset and the characters come from the DFA, as for `explain`.
        let error = match crate::abnf::dfa(grammar, rule) {
            Some(Ok(dfa)) => match dfa.check(input) {
                Err(failure) => explain_failure(grammar, rule, input, dfa, failure, Some(pest)),
                Ok(()) => crate::error::pest_only_error(grammar, rule, input, pest),
            },
            _ => crate::error::pest_only_error(grammar, rule, input, pest),
        };
        ParseOrRuleError::Parse(error)
    })
}

/// Either the start rule is unknown or the input does not match it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseOrRuleError {
    /// The grammar has no such rule.
    Rule(UnknownRule),
    /// The input does not match the rule.
    Parse(ParseError),
}

impl std::fmt::Display for ParseOrRuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseOrRuleError::Rule(e) => e.fmt(f),
            ParseOrRuleError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseOrRuleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseOrRuleError::Rule(e) => Some(e),
            ParseOrRuleError::Parse(e) => Some(e),
        }
    }
}

impl ParseOrRuleError {
    /// [`ErrorKind::UnknownRule`], or the kind of the parse error.
    pub fn kind(&self) -> ErrorKind {
        match self {
            ParseOrRuleError::Rule(_) => ErrorKind::UnknownRule,
            ParseOrRuleError::Parse(e) => e.kind(),
        }
    }
}

/// Runs the pest parser of `grammar` with the start rule `rule` (spec spelling, from the grammar's
/// table): the tree, or pest's error position and the rules it names there.
fn run<R: AllRules, P: Parser<R>>(
    cell: &'static OnceLock<Table<R>>,
    rule: &'static str,
    input: &str,
) -> Result<SyntaxNode, (usize, Vec<&'static str>)> {
    let table = table(cell);
    // `rule` comes from this table (`Grammar::rule`), so its wrapper is there.
    let Some(&start) = table.start.get(rule) else {
        return Err((0, Vec::new()));
    };
    match P::parse(start, input) {
        Ok(mut pairs) => {
            // The start wrapper always yields its pair; an empty tree would be right for a rule with none.
            let mut root = match pairs.next() {
                Some(pair) => convert(pair, &table.spec),
                None => SyntaxNode {
                    rule,
                    span: Span {
                        start: 0,
                        end: input.len(),
                    },
                    children: Vec::new(),
                },
            };
            root.rule = rule;
            // The wrapper's only child is the rule itself when that rule is not silent: hoist it.
            if root.children.len() == 1 && root.children[0].rule == rule {
                let only = root.children.pop();
                if let Some(node) = only {
                    root = node;
                }
            }
            Ok(root)
        }
        Err(e) => Err(crate::error::pest_rules(rule, &e, &table.spec)),
    }
}

/// The pest parse of `input` by `rule` (spec spelling) of `grammar`.
fn pest_parse(
    grammar: Grammar,
    rule: &'static str,
    input: &str,
) -> Result<SyntaxNode, (usize, Vec<&'static str>)> {
    match grammar {
        Grammar::Uri => run::<uri::Rule, uri::UriParser>(&URI_TABLE, rule, input),
        Grammar::Rfc3987 => {
            run::<rfc3987::Rule, rfc3987::Rfc3987Parser>(&RFC3987_TABLE, rule, input)
        }
        Grammar::Iri => run::<iri::Rule, iri::IriParser>(&IRI_TABLE, rule, input),
        Grammar::Leiri => run::<leiri::Rule, leiri::LeiriParser>(&LEIRI_TABLE, rule, input),
    }
}

/// Where the pest parser of `grammar` fails on `input` with the start rule `rule`, and the rules (spec
/// spelling) it names there; `None` if it accepts the input or the grammar has no such rule. This is
/// pest's own position (see [`crate::explain`] for how it relates to the error offset, which comes
/// from the rule's DFA); with `pest::set_error_detail(true)` it is the furthest position its attempts
/// reached.
pub fn pest_failure(
    grammar: Grammar,
    rule: &str,
    input: &str,
) -> Option<(usize, Vec<&'static str>)> {
    let rule = grammar.rule(rule)?;
    pest_parse(grammar, rule, input).err()
}

/// The longest input for which [`crate::explain`] names rules from the pest parser: pest records its
/// attempts per input position, and this bound keeps it within 64 bytes of memory per input byte.
pub const PEST_EXPLAIN_LIMIT: usize = 64 << 10;

/// The error for an input that the DFA of `rule` rejects, with the rules the pest parser names: `pest`
/// is what the pest parser reported, if it ran (it is run here for inputs up to
/// [`PEST_EXPLAIN_LIMIT`] bytes otherwise).
fn explain_failure(
    grammar: Grammar,
    rule: &'static str,
    input: &str,
    dfa: &crate::abnf::Dfa,
    failure: crate::abnf::Failure,
    pest: Option<(usize, Vec<&'static str>)>,
) -> ParseError {
    let pest = pest.or_else(|| {
        if input.len() <= PEST_EXPLAIN_LIMIT {
            pest_parse(grammar, rule, input).err()
        } else {
            None
        }
    });
    crate::error::syntax_error(grammar, rule, input, dfa, failure, pest)
}

/// [`crate::validate`]: the verdict and, for an invalid input, the error, from the rule's DFA alone.
#[inline]
pub(crate) fn validate(grammar: Grammar, rule: &str, input: &str) -> Result<(), ParseOrRuleError> {
    match crate::abnf::engine::loaded(grammar, rule) {
        Some(Ok(dfa)) if dfa.is_match(input) => Ok(()),
        _ => rejected(grammar, rule, input, false),
    }
}

/// [`crate::explain`]: [`validate`]'s verdict and error, with the rules the pest parser names.
pub(crate) fn explain(grammar: Grammar, rule: &str, input: &str) -> Result<(), ParseOrRuleError> {
    match crate::abnf::engine::loaded(grammar, rule) {
        Some(Ok(dfa)) if dfa.is_match(input) => Ok(()),
        _ => rejected(grammar, rule, input, true),
    }
}

/// The error of [`validate`] (or, with `names`, of [`explain`]) when the rule's DFA does not accept
/// `input`: the rule is unknown, or the input does not match it.
#[cold]
#[inline(never)]
fn rejected(
    grammar: Grammar,
    rule: &str,
    input: &str,
    names: bool,
) -> Result<(), ParseOrRuleError> {
    let name = grammar.rule(rule).ok_or_else(|| unknown(grammar, rule))?;
    match crate::abnf::dfa(grammar, name) {
        Some(Ok(dfa)) => match dfa.check(input) {
            Ok(()) => Ok(()),
            Err(failure) if names => Err(ParseOrRuleError::Parse(explain_failure(
                grammar, name, input, dfa, failure, None,
            ))),
            Err(failure) => Err(ParseOrRuleError::Parse(crate::error::syntax_error(
                grammar, name, input, dfa, failure, None,
            ))),
        },
        // Every rule of the four grammars compiles (tested); pest decides if one ever does not.
        _ => parse_tree(grammar, name, input).map(|_| ()),
    }
}

fn unknown(grammar: Grammar, rule: &str) -> ParseOrRuleError {
    ParseOrRuleError::Rule(UnknownRule {
        grammar,
        name: rule.to_string(),
    })
}

fn convert<R: RuleType>(pair: Pair<'_, R>, spec: &HashMap<R, &'static str>) -> SyntaxNode {
    let span = pair.as_span();
    let rule = spec.get(&pair.as_rule()).copied().unwrap_or("EOI");
    let children = pair
        .into_inner()
        .filter(|p| spec.contains_key(&p.as_rule()))
        .map(|p| convert(p, spec))
        .collect();
    SyntaxNode {
        rule,
        span: Span {
            start: span.start(),
            end: span.end(),
        },
        children,
    }
}
