//! Rule lists: the rules read from ABNF files ([`AbnfRules`]), their expressions ([`Node`]), where
//! each is defined ([`Origin`]), and what goes wrong reading or compiling them ([`AbnfError`]).

use std::collections::HashMap;
use std::fmt;

/// An ABNF expression (RFC 5234 §3, §4), as read from a grammar file.
///
/// Groups `( ... )` (§3.5) leave no node of their own; an option `[ ... ]` (§3.8) is the repetition
/// `*1( ... )`; a numeric concatenation `%x41.42` (§3.4) is a [`Node::Concatenation`] of single-value
/// [`Node::Range`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `a / b / ...`: the union of the alternatives' languages (RFC 5234 §3.2).
    Alternation(Vec<Node>),
    /// `a b ...`: one after the other (RFC 5234 §3.1).
    Concatenation(Vec<Node>),
    /// `min*max element` (RFC 5234 §3.6, §3.7); `max` is `None` for no upper bound.
    Repetition {
        /// Fewest occurrences.
        min: u32,
        /// Most occurrences, `None` for any number.
        max: Option<u32>,
        /// What is repeated.
        node: Box<Node>,
    },
    /// A reference to a rule by name; rule names are case-insensitive (RFC 5234 §2.1).
    Rule(String),
    /// One code point from `first` to `last` inclusive (RFC 5234 §2.3, §3.4); a single value has
    /// `first == last`. Surrogate code points in the range are never matched.
    Range {
        /// Lowest code point.
        first: u32,
        /// Highest code point.
        last: u32,
    },
    /// A literal text string (RFC 5234 §2.3): case-insensitive for ASCII letters unless written
    /// `%s"..."` (RFC 7405).
    String {
        /// The characters between the quotes.
        text: String,
        /// `%s"..."`.
        case_sensitive: bool,
    },
}

/// Where something was written: a rule of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The rule's name, as spelled at its definition.
    pub rule: String,
    /// The file that defines it.
    pub file: String,
    /// The 1-based line of its definition.
    pub line: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` ({}:{})", self.rule, self.file, self.line)
    }
}

/// What went wrong reading or compiling ABNF.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AbnfError {
    /// The text is not ABNF this reader accepts (RFC 5234 §4), or defines a rule twice.
    Syntax {
        /// The file name given to [`AbnfRules::parse`].
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A rule is used or asked for that no file defines.
    UndefinedRule {
        /// The missing rule.
        rule: String,
        /// The rule whose definition refers to it; `None` when it was asked for directly.
        used_by: Option<Origin>,
    },
    /// A rule refers to itself, directly or through other rules; the automata need a grammar without
    /// recursion.
    Recursion {
        /// The rules of the cycle, first and last the same.
        cycle: Vec<String>,
    },
    /// Two rule names cannot be told apart where a caller turns them into identifiers (two spellings
    /// of one name, or two names with one identifier).
    Naming {
        /// The second of the two names.
        rule: String,
        /// What it clashes with.
        message: String,
    },
    /// Compiling the rule would exceed a size or nesting limit.
    Limit {
        /// The start rule.
        rule: String,
        /// Which limit.
        message: String,
    },
}

impl fmt::Display for AbnfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbnfError::Syntax {
                file,
                line,
                column,
                message,
            } => write!(f, "{file}:{line}:{column}: {message}"),
            AbnfError::UndefinedRule { rule, used_by } => match used_by {
                Some(origin) => write!(f, "rule `{rule}`, used by {origin}, is not defined"),
                None => write!(f, "rule `{rule}` is not defined"),
            },
            AbnfError::Recursion { cycle } => {
                write!(
                    f,
                    "recursive rules cannot be compiled: {}",
                    cycle.join(" -> ")
                )
            }
            AbnfError::Naming { rule, message } | AbnfError::Limit { rule, message } => {
                write!(f, "rule `{rule}`: {message}")
            }
        }
    }
}

impl std::error::Error for AbnfError {}

/// One rule of a rule set.
#[derive(Clone, Debug)]
pub(crate) struct RuleDef {
    pub(crate) origin: Origin,
    pub(crate) node: Node,
}

/// A set of ABNF rules read from one or more files (RFC 5234 §4 `rulelist`).
#[derive(Clone, Debug)]
pub struct AbnfRules {
    /// In definition order.
    pub(crate) defs: Vec<RuleDef>,
    /// Lower-cased name → index in `defs` (rule names are case-insensitive, RFC 5234 §2.1).
    pub(crate) index: HashMap<String, usize>,
}

pub(crate) fn key(name: &str) -> String {
    name.to_ascii_lowercase()
}

impl AbnfRules {
    /// The rule names in definition order, spelled as at their (last) definition.
    pub fn rule_names(&self) -> Vec<&str> {
        self.defs.iter().map(|d| d.origin.rule.as_str()).collect()
    }

    /// Removes the rule `name` (any case), if there is one.
    pub fn remove(&mut self, name: &str) {
        if let Some(i) = self.index.remove(&key(name)) {
            self.defs.remove(i);
            for v in self.index.values_mut() {
                if *v > i {
                    *v -= 1;
                }
            }
        }
    }

    /// The definition of the rule `name` (any case).
    pub fn rule(&self, name: &str) -> Option<&Node> {
        self.def(name).map(|d| &d.node)
    }

    /// Where the rule `name` (any case) is defined.
    pub fn origin(&self, name: &str) -> Option<&Origin> {
        self.def(name).map(|d| &d.origin)
    }

    fn def(&self, name: &str) -> Option<&RuleDef> {
        self.index.get(&key(name)).and_then(|&i| self.defs.get(i))
    }

    /// The names of the rules that the definition of `name` refers to, each once, in order of first use.
    pub fn references(&self, name: &str) -> Vec<&str> {
        fn walk<'n>(node: &'n Node, out: &mut Vec<&'n str>) {
            match node {
                Node::Alternation(items) | Node::Concatenation(items) => {
                    items.iter().for_each(|n| walk(n, out))
                }
                Node::Repetition { node, .. } => walk(node, out),
                Node::Rule(r) => {
                    if !out.iter().any(|o| o.eq_ignore_ascii_case(r)) {
                        out.push(r)
                    }
                }
                Node::Range { .. } | Node::String { .. } => {}
            }
        }
        let mut out = Vec::new();
        if let Some(node) = self.rule(name) {
            walk(node, &mut out);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_wrap_no_other_error() {
        use std::error::Error as _;
        let rules = AbnfRules::parse(&[("t.abnf", "a = b\n")]).unwrap();
        let e = rules.compile("a").unwrap_err();
        assert!(matches!(e, AbnfError::UndefinedRule { .. }), "{e}");
        assert!(e.source().is_none());
    }

    #[test]
    fn later_files_replace_rules_in_place() {
        let rules = AbnfRules::parse(&[
            ("a.abnf", "one = \"1\"\ntwo = \"2\"\nthree = two\n"),
            ("b.abnf", "TWO = \"22\"\nfour = \"4\"\none =/ \"11\"\n"),
        ])
        .expect("parses");
        assert_eq!(rules.rule_names(), ["one", "TWO", "three", "four"]);
        assert_eq!(
            rules.origin("two"),
            Some(&Origin {
                rule: "TWO".into(),
                file: "b.abnf".into(),
                line: 1
            })
        );
        let a = rules.compile("three").expect("compiles");
        assert!(a.is_match("22") && !a.is_match("2"));
        let a = rules.compile("ONE").expect("compiles");
        assert!(a.is_match("1") && a.is_match("11") && !a.is_match("111"));
    }

    #[test]
    fn definition_errors() {
        let e = AbnfRules::parse(&[("a.abnf", "x = \"1\"\ny = \"2\"\nX = \"3\"\n")]).unwrap_err();
        assert!(
            matches!(&e, AbnfError::Syntax { file, line: 3, message, .. }
                if file == "a.abnf" && message.contains("line 1")),
            "{e}"
        );
        let e = AbnfRules::parse(&[("a.abnf", "x = \"1\"\n"), ("b.abnf", "\ny =/ \"2\"\n")])
            .unwrap_err();
        assert!(
            matches!(&e, AbnfError::Syntax { file, line: 2, .. } if file == "b.abnf"),
            "{e}"
        );
        assert_eq!(
            e.to_string().split(':').take(2).collect::<Vec<_>>(),
            ["b.abnf", "2"]
        );
    }

    #[test]
    fn remove_keeps_the_order() {
        let mut rules =
            AbnfRules::parse(&[("a", "a = \"1\"\nb = \"2\"\nc = \"3\"\n")]).expect("parses");
        rules.remove("B");
        rules.remove("nope");
        assert_eq!(rules.rule_names(), ["a", "c"]);
        assert!(rules.rule("c").is_some() && rules.rule("b").is_none());
    }
}
