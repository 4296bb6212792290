//! The pest parsers and the grammar-neutral syntax tree they produce.
//!
//! Each grammar is one `#[derive(Parser)]` over several `.pest` files (pest concatenates them), so rules
//! shared by several grammars are written once: `core.pest` (RFC 5234 B.1), `rfc3986-common.pest` (the
//! rules 3987 and 3987bis take over from RFC 3986), then the grammar's own files and its start rules.
//! A parse always goes through the start wrapper `start_R = { SOI ~ R ~ EOI }`, so every rule is matched
//! against the whole input.
//!
//! The pest parsers and their generated `Rule` enums stay inside the crate: a parse gives out the
//! crate's own tree, [`SyntaxNode`], whose nodes name their rule by the crate's [`Rule`].
//!
//! ```
//! use iri_abnf::syntax::parse_tree;
//! use iri_abnf::{Grammar, Rule};
//!
//! let tree = parse_tree(Grammar::Iri, Rule::Iauthority, "u@h:1").unwrap();
//! assert_eq!(tree.rule, Rule::Iauthority);
//! assert!(tree.child(Rule::Ihost).is_some());
//! ```
//!
//! None of pest's types can be named from outside:
//!
//! ```compile_fail,E0603
//! let _ = iri_abnf::syntax::iri::IriParser;
//! ```
//!
//! ```compile_fail,E0603
//! let _: Option<iri_abnf::syntax::uri::Rule> = None;
//! ```

use std::sync::OnceLock;

use pest::iterators::Pairs;
use pest::{Parser, RuleType, Token};

use crate::grammar::rule::{Rule, RuleName};
use crate::grammar::{AnyGrammar, Grammar};
use crate::parsing::components::Span;
use crate::parsing::error::ParseError;

macro_rules! grammar_parser {
    ($module:ident, $parser:ident, $($file:literal),+) => {
        // The pest parser of one grammar. Crate-private: the crate's own tree (`SyntaxNode`, `Rule`)
        // is what the parses give out, so pest's generated types are no part of the API.
        pub(crate) mod $module {
            #![allow(missing_docs, non_camel_case_types)]
            #[derive(pest_derive::Parser)]
            $(#[grammar = $file])+
            pub(crate) struct $parser;
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

/// One node of a parse tree: a rule that matched `span` of the input.
///
/// Only rules that carry structure produce nodes; character-level rules (`ALPHA`, `ipchar`,
/// `pct-encoded`, `ucschar`, …) are silent in the pest grammars and leave none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SyntaxNode {
    /// The rule; it displays, serializes and compares with strings in spec spelling (`ireg-name`).
    pub rule: Rule,
    /// The bytes of the input the rule matched.
    pub span: Span,
    /// The nodes of the rules matched inside this one, in input order.
    pub children: Vec<SyntaxNode>,
}

impl SyntaxNode {
    /// The first child node of the given rule (a [`Rule`] or a rule name, see [`RuleName`]).
    pub fn child(&self, rule: impl RuleName) -> Option<&SyntaxNode> {
        let rule = rule.to_rule()?;
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
            crate::parsing::error::quote(text),
        );
        for c in &self.children {
            c.write_indented(input, depth + 1, out);
        }
    }
}

/// The two directions between a grammar's pest rules and [`Rule`], built once from `Rule::all_rules()`.
///
/// pest names a rule as the ABNF does with `_` for `-` (no ABNF rule name contains `_`, RFC 5234 §2.1,
/// and the test `pest_rules_are_the_abnf_rules_with_their_text` keeps the two rule sets equal), and
/// the start wrapper of rule `R` is `start_R`; the names are read once, here, and a lookup is then one
/// index into a table.
struct Table<R> {
    /// pest rule (`R as usize`) → the ABNF rule; a start wrapper maps to its rule, `EOI` to `None`.
    rule: Vec<Option<Rule>>,
    /// ABNF rule (`Rule as usize`) → its start wrapper, for the rules of the grammar.
    start: Vec<Option<R>>,
}

static URI_TABLE: OnceLock<Table<uri::Rule>> = OnceLock::new();
static RFC3987_TABLE: OnceLock<Table<rfc3987::Rule>> = OnceLock::new();
static IRI_TABLE: OnceLock<Table<iri::Rule>> = OnceLock::new();
static LEIRI_TABLE: OnceLock<Table<leiri::Rule>> = OnceLock::new();

trait PestRule: RuleType {
    fn all() -> &'static [Self];
    fn index(self) -> usize;
}
macro_rules! pest_rule {
    ($($m:ident),*) => {$(
        impl PestRule for $m::Rule {
            fn all() -> &'static [Self] {
                $m::Rule::all_rules()
            }
            fn index(self) -> usize {
                self as usize
            }
        }
    )*};
}
pest_rule!(uri, rfc3987, iri, leiri);

impl<R: PestRule> Table<R> {
    /// The ABNF rule of a pest rule (the rule itself for a start wrapper); `None` for `EOI`.
    fn rule(&self, pest: R) -> Option<Rule> {
        self.rule.get(pest.index()).copied().flatten()
    }
}

fn table<R: PestRule>(cell: &'static OnceLock<Table<R>>) -> &'static Table<R> {
    cell.get_or_init(|| {
        let len = R::all().iter().map(|r| r.index() + 1).max().unwrap_or(0);
        let mut rule = vec![None; len];
        let mut start = vec![None; Rule::COUNT];
        for &pest in R::all() {
            let pest_name = format!("{pest:?}");
            let (name, is_start) = match pest_name.strip_prefix("start_") {
                Some(inner) => (inner, true),
                None => (pest_name.as_str(), false),
            };
            if let Some(r) = Rule::from_name(name) {
                rule[pest.index()] = Some(r);
                if is_start {
                    start[r as usize] = Some(pest);
                }
            }
        }
        Table { rule, start }
    })
}

/// Parses `input` with `rule` of `grammar` as the start rule, matched to the end of the input, and
/// returns the syntax tree rooted at that rule. A rule the grammar does not have is an error of kind
/// [`ErrorKind::UnknownRule`](crate::ErrorKind::UnknownRule).
pub fn parse_tree(grammar: Grammar, rule: Rule, input: &str) -> Result<SyntaxNode, ParseError> {
    if !grammar.has(rule) {
        return Err(crate::parsing::error::no_such_rule(
            grammar.into(),
            rule,
            input,
        ));
    }
    pest_parse(grammar, rule, input).map_err(|pest| {
        // The offset and the characters come from the DFA, as for `explain`.
        match crate::abnf::dfa(grammar, rule) {
            Ok(dfa) => match dfa.check(input) {
                Err(failure) => explain_failure(grammar, rule, input, dfa, failure, Some(pest)),
                Ok(()) => crate::parsing::error::pest_only_error(grammar, rule, input, pest),
            },
            _ => crate::parsing::error::pest_only_error(grammar, rule, input, pest),
        }
    })
}

/// Runs the pest parser of `grammar` with the start rule `rule` (a rule of the grammar): the tree, or
/// pest's error position and the rules it names there.
fn run<R: PestRule, P: Parser<R>>(
    cell: &'static OnceLock<Table<R>>,
    rule: Rule,
    input: &str,
) -> Result<SyntaxNode, (usize, Vec<Rule>)> {
    let table = table(cell);
    // Every rule of the grammar has its start wrapper (`start_rules_cover_the_abnf`).
    let Some(start) = table.start[rule as usize] else {
        return Err((0, Vec::new()));
    };
    match P::parse(start, input) {
        Ok(pairs) => {
            // The start wrapper always yields its pair; an empty tree would be right for a rule with none.
            let mut root = match convert(pairs, table) {
                Some(node) => node,
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
            Ok(root)
        }
        Err(e) => Err(crate::parsing::error::pest_rules(rule, &e, |r| {
            table.rule(r)
        })),
    }
}

/// The pest parse of `input` by `rule` of `grammar`.
fn pest_parse(grammar: Grammar, rule: Rule, input: &str) -> Result<SyntaxNode, (usize, Vec<Rule>)> {
    error_detail();
    match grammar {
        Grammar::Uri => run::<uri::Rule, uri::UriParser>(&URI_TABLE, rule, input),
        Grammar::Rfc3987 => {
            run::<rfc3987::Rule, rfc3987::Rfc3987Parser>(&RFC3987_TABLE, rule, input)
        }
        Grammar::Iri => run::<iri::Rule, iri::IriParser>(&IRI_TABLE, rule, input),
        Grammar::Leiri => run::<leiri::Rule, leiri::LeiriParser>(&LEIRI_TABLE, rule, input),
    }
}

/// Where the pest parser of `grammar` fails on `input` with the start rule `rule` (a [`Rule`] or a rule
/// name), and the rules (spec spelling) it names there; `None` if it accepts the input or the grammar
/// has no such rule. This is
/// pest's own position (see [`ParseError::explain`](crate::ParseError::explain) for how it relates to the error offset, which comes
/// from the rule's DFA): with pest's error detail, which this crate turns on for its pest parses, it is
/// the furthest position its attempts reached.
pub fn pest_failure(
    grammar: Grammar,
    rule: impl RuleName,
    input: &str,
) -> Option<(usize, Vec<Rule>)> {
    let rule = grammar.rule(rule)?;
    pest_parse(grammar, rule, input).err()
}

/// Turns on pest's error detail ([`pest::set_error_detail`]) once, before the first pest parse of the
/// library: pest records the rules it attempted at the position where it failed only with it, and
/// [`ParseError::explain`](crate::ParseError::explain) names those rules. The setting is pest's,
/// process-wide; it only makes pest's errors fuller (for every pest grammar of the process).
fn error_detail() {
    static ON: std::sync::Once = std::sync::Once::new();
    ON.call_once(|| pest::set_error_detail(true));
}

/// The longest input for which [`ParseError::explain`](crate::ParseError::explain) names rules from the pest parser: pest records its
/// attempts per input position, and this bound keeps it within 64 bytes of memory per input byte.
pub const PEST_EXPLAIN_LIMIT: usize = 64 << 10;

/// The error for an input that the DFA of `rule` rejects, with the rules the pest parser names: `pest`
/// is what the pest parser reported, if it ran (it is run here for inputs up to
/// [`PEST_EXPLAIN_LIMIT`] bytes otherwise).
fn explain_failure(
    grammar: Grammar,
    rule: Rule,
    input: &str,
    dfa: &'static crate::abnf::Dfa,
    failure: crate::abnf::Failure,
    pest: Option<(usize, Vec<Rule>)>,
) -> ParseError {
    let pest = pest.or_else(|| {
        if input.len() <= PEST_EXPLAIN_LIMIT {
            pest_parse(grammar, rule, input).err()
        } else {
            None
        }
    });
    crate::parsing::error::syntax_error(grammar.into(), rule, input, dfa, failure, pest)
}

/// [`crate::validate`]: the verdict and, for an invalid input, the error, from the rule's DFA alone.
#[inline]
pub(crate) fn validate(
    grammar: impl Into<AnyGrammar>,
    r: Rule,
    input: &str,
) -> Result<(), ParseError> {
    let grammar = grammar.into();
    if !grammar.has(r) {
        return Err(crate::parsing::error::no_such_rule(grammar, r, input));
    }
    crate::abnf::registry::loaded(grammar, r)
        .check(input)
        .map_err(|failure| crate::parsing::error::rejected_at(grammar, r, input, failure.offset))
}

/// The tree of the first pair of `pairs` (the start wrapper), from the flat token stream: one node per
/// pair of a rule with a spec name (every rule but `EOI`), children in input order. The wrapper's only
/// child is the rule itself when that rule is not silent: then that child is the tree.
fn convert<R: PestRule>(pairs: Pairs<'_, R>, table: &Table<R>) -> Option<SyntaxNode> {
    let tokens = pairs.tokens();
    // The nodes in the order they start. The finished children of an unfinished node follow it, and move
    // into it (one allocation, at their number) when it ends; until then its `span.end` holds the index
    // of the unfinished node around it (`usize::MAX` for none).
    let mut nodes: Vec<SyntaxNode> = Vec::with_capacity(tokens.len() / 2);
    let mut open = usize::MAX;
    for token in tokens {
        match token {
            Token::Start { rule, pos } => {
                if let Some(r) = table.rule(rule) {
                    nodes.push(SyntaxNode {
                        rule: r,
                        span: Span {
                            start: pos.pos(),
                            end: open,
                        },
                        children: Vec::new(),
                    });
                    open = nodes.len() - 1;
                }
            }
            Token::End { rule, pos } => {
                if table.rule(rule).is_none() {
                    continue;
                }
                let index = open;
                let node = nodes.get_mut(index)?;
                open = node.span.end;
                node.span.end = pos.pos();
                if open != usize::MAX {
                    let children = nodes.split_off(index + 1);
                    nodes[index].children = children;
                    continue;
                }
                // The wrapper ends. Its children are `nodes[index + 1..]`.
                if nodes.len() == index + 2 && nodes[index + 1].rule == nodes[index].rule {
                    return nodes.pop();
                }
                let children = nodes.split_off(index + 1);
                let mut root = nodes.pop()?;
                root.children = children;
                return Some(root);
            }
        }
    }
    None
}

impl ParseError {
    /// The same error with, first in its [`expected`](ParseError::expected) list, the rules (in spec
    /// spelling) that the pest parser names where it fails, when it fails at the same offset. The
    /// grammars without a pest parser (the five of [`AnyGrammar`] that are not a [`Grammar`]) name no
    /// rules, and neither does an input of more than [`PEST_EXPLAIN_LIMIT`] bytes.
    ///
    /// Where a PEG parser gives up need not be the offset of the ABNF (its ordered choices can fail
    /// earlier or later). By default pest reports the start of the rule that failed furthest, which is
    /// seldom the offset; with its error detail (`pest::set_error_detail`, a process-wide setting of
    /// pest's that this crate turns on before its first pest parse), it reports the furthest position
    /// its attempts reached, nearly always the offset, and the rules inside which it failed there.
    ///
    /// ```
    /// use iri_abnf::{validate, Expected, Grammar, Rule};
    ///
    /// let plain = validate(Grammar::Uri, Rule::UriReference, "http://résumé.example.org").unwrap_err();
    /// let full = plain.clone().explain();
    /// assert_eq!((full.offset, full.column), (plain.offset, plain.column));
    /// assert!(full.expected().contains(&Expected::Rule(Rule::RegName)));
    /// // The rules come first, then what `validate` lists.
    /// assert!(full.expected().ends_with(plain.expected()));
    /// ```
    pub fn explain(mut self) -> ParseError {
        let Some(main) = self.grammar.main() else {
            return self;
        };
        if self.kind() == crate::parsing::error::ErrorKind::UnknownRule {
            return self;
        }
        if self.detail.has_rules() || self.input().len() > PEST_EXPLAIN_LIMIT {
            return self;
        }
        if let Err((offset, names)) = pest_parse(main, self.rule, self.input()) {
            if offset == self.offset && !names.is_empty() {
                self.detail = self.detail.with_rules(names, self.expected());
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_give_their_source() {
        use std::error::Error as _;
        let e = validate(AnyGrammar::Uri, Rule::Ihost, "x").unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::UnknownRule);
        assert!(e.source().is_none());
        assert!(e.to_string().starts_with(
            "the grammar `uri` has no rule \"ihost\" (did you mean `host`?); its rules are: "
        ));
        assert!(e.expected().is_empty());
        let e = validate(AnyGrammar::Iri, Rule::Ihost, "a b").unwrap_err();
        assert_eq!(
            (e.offset, e.kind()),
            (1, crate::ErrorKind::InvalidCharacter)
        );
    }

    /// Every rule of the grammar has its start wrapper, and every pest rule but `EOI` is a rule of the
    /// grammar or the start wrapper of one.
    fn tables_are_complete<R: PestRule>(grammar: Grammar, cell: &'static OnceLock<Table<R>>) {
        let table = table(cell);
        for &rule in grammar.rules() {
            let start = table.start[rule as usize]
                .unwrap_or_else(|| panic!("{grammar}: {rule} has no start wrapper"));
            assert_eq!(table.rule(start), Some(rule), "{grammar}: {rule}");
        }
        for &pest in R::all() {
            let name = format!("{pest:?}");
            match table.rule(pest) {
                Some(rule) => {
                    assert!(grammar.has(rule), "{grammar}: {name} is {rule}");
                    let pest_name = rule.name().replace('-', "_");
                    assert!(
                        name == pest_name || name == format!("start_{pest_name}"),
                        "{grammar}: {name} is {rule}"
                    );
                }
                None => assert_eq!(name, "EOI", "{grammar}: {name} is no rule"),
            }
        }
        let starts = table.start.iter().flatten().count();
        assert_eq!(starts, grammar.rules().len(), "{grammar}");
    }

    #[test]
    fn pest_rules_map_to_the_rules_of_their_grammar() {
        tables_are_complete(Grammar::Uri, &URI_TABLE);
        tables_are_complete(Grammar::Rfc3987, &RFC3987_TABLE);
        tables_are_complete(Grammar::Iri, &IRI_TABLE);
        tables_are_complete(Grammar::Leiri, &LEIRI_TABLE);
    }

    #[test]
    fn the_tree_names_its_rules() {
        let tree = parse_tree(Grammar::Iri, Rule::Iauthority, "u@h:1").expect("parses");
        assert_eq!(tree.rule, Rule::Iauthority);
        let names: Vec<Rule> = tree.children.iter().map(|c| c.rule).collect();
        assert_eq!(names, [Rule::Iuserinfo, Rule::Ihost, Rule::Port]);
        assert_eq!(tree.child("ihost").map(|n| n.span.start), Some(2));
        assert_eq!(tree.child(Rule::Port).map(|n| n.span.start), Some(4));
        assert!(tree.child("nope").is_none() && tree.child(Rule::Host).is_none());
    }

    #[test]
    fn the_pest_verdict_is_the_parse_tree_s() {
        for (g, rule, input, ok) in [
            (Grammar::Iri, Rule::Iauthority, "u@h:1", true),
            (Grammar::Iri, Rule::Iauthority, "u@h:x", false),
            (Grammar::Uri, Rule::DecOctet, "255", true),
            (Grammar::Uri, Rule::DecOctet, "256", false),
            (Grammar::Leiri, Rule::IriReference, "a b", true),
            (Grammar::Rfc3987, Rule::IriReference, "a b", false),
        ] {
            assert_eq!(
                pest_failure(g, rule, input).is_none(),
                ok,
                "{g} {rule} {input:?}"
            );
            assert_eq!(
                parse_tree(g, rule, input).is_ok(),
                ok,
                "{g} {rule} {input:?}"
            );
        }
        // A rule the grammar does not have: no failure, and no tree either.
        assert_eq!(pest_failure(Grammar::Uri, "iauthority", "h"), None);
        assert!(parse_tree(Grammar::Uri, Rule::Iauthority, "h").is_err());
    }
}
