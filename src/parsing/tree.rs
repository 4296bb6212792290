//! The pest parse tree of an input with any rule as the start rule, and the typed components a tree
//! walker reads off it (one function per rule that carries meaning): the reference path, for those who
//! want the tree. [`crate::parse`] and [`crate::parse_components`] give the same components from the
//! automaton and the split, without the tree.

use crate::grammar::rule::Rule;
use crate::grammar::Grammar;
use crate::parsing::components::{Component, Components, Span};
use crate::parsing::error::ParseError;
use crate::syntax::SyntaxNode;

/// The result of [`parse`]: the syntax tree and the typed components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// The input.
    pub input: &'a str,
    /// The grammar.
    pub grammar: Grammar,
    /// The start rule (it displays and serializes in spec spelling).
    pub rule: Rule,
    /// The parse tree (rules that carry structure only).
    pub tree: SyntaxNode,
    /// The typed components of what the start rule describes.
    pub components: Components<'a>,
}

/// Parses `input` with any rule of `grammar` as the start rule and returns the tree and typed components.
///
/// This is the reference path: the pest parser gives the tree, and a tree walker (one function per
/// rule) reads the components off it. [`crate::parse`] and [`crate::parse_components`] give the same
/// components faster, without the tree (the tests compare both).
///
/// ```
/// use iri_abnf::{tree, Components, Grammar, Rule};
///
/// let parsed = tree::parse(Grammar::Iri, Rule::Ihost, "[::1]").unwrap();
/// assert_eq!(parsed.tree.rule, Rule::Ihost);
/// assert!(matches!(parsed.components, Components::Host(_)));
/// ```
pub fn parse(grammar: Grammar, rule: Rule, input: &str) -> Result<Parsed<'_>, ParseError> {
    let tree = crate::syntax::parse_tree(grammar, rule, input)?;
    let components = match super::walk::components(grammar, rule, input, &tree) {
        Ok(c) => c,
        // The tree of a successful parse always has the shape the grammar gives it (the walker's own
        // tests check every rule of every grammar on generated strings); were it not so, the split of
        // the valid input gives the same components.
        Err(shape) => {
            debug_assert!(false, "tree walker: {}", shape.0);
            super::split::components(grammar, rule, input).unwrap_or(Components::Text(
                Component::new(
                    input,
                    Span {
                        start: 0,
                        end: input.len(),
                    },
                ),
            ))
        }
    };
    Ok(Parsed {
        input,
        grammar,
        rule,
        tree,
        components,
    })
}
