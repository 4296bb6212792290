//! Rule → `Hir` → Thompson NFA → dense DFA.

use std::collections::HashMap;

use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};
use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, Hir, Repetition};

use crate::dfa::Dfa;
use crate::rules::{AbnfError, AbnfRules, Node};
use crate::table::Tuning;

/// Deepest nesting of expressions in a start rule with all rule references inlined.
pub(crate) const MAX_DEPTH: usize = 250;
/// Size limits of the NFA, of determinization and of the DFA, in bytes.
const NFA_SIZE_LIMIT: usize = 64 << 20;
const DFA_SIZE_LIMIT: usize = 256 << 20;

/// The rules that `start` uses, directly or not, and `start` itself, each once, every rule after the
/// rules it uses (indices into `rules.defs`).
///
/// Fails if one of them uses an undefined rule, if they are recursive, or if they nest deeper than
/// [`MAX_DEPTH`] with rule references inlined.
pub(crate) fn dependency_order(rules: &AbnfRules, start: &str) -> Result<Vec<usize>, AbnfError> {
    let Some(&root) = rules.index.get(&crate::rules::key(start)) else {
        return Err(AbnfError::UndefinedRule {
            rule: start.to_string(),
            used_by: None,
        });
    };
    // Iterative depth-first search (a long chain of rules must not exhaust the stack).
    enum Mark {
        Active,
        Done(usize),
    }
    let mut marks: HashMap<usize, Mark> = HashMap::new();
    let mut order = Vec::new();
    // (rule, its references, how many of them have been visited)
    let mut stack: Vec<(usize, Vec<usize>, usize)> = Vec::new();
    let resolve = |i: usize| -> Result<Vec<usize>, AbnfError> {
        let def = &rules.defs[i];
        let mut out = Vec::new();
        for name in rules.references(&def.origin.rule) {
            match rules.index.get(&crate::rules::key(name)) {
                Some(&j) => out.push(j),
                None => {
                    return Err(AbnfError::UndefinedRule {
                        rule: name.to_string(),
                        used_by: Some(def.origin.clone()),
                    })
                }
            }
        }
        Ok(out)
    };
    marks.insert(root, Mark::Active);
    stack.push((root, resolve(root)?, 0));
    while let Some((i, refs, next)) = stack.last_mut() {
        let i = *i;
        if let Some(&j) = refs.get(*next) {
            *next += 1;
            match marks.get(&j) {
                Some(Mark::Done(_)) => {}
                Some(Mark::Active) => {
                    let from = stack.iter().position(|(k, _, _)| *k == j).unwrap_or(0);
                    let mut cycle: Vec<String> = stack[from..]
                        .iter()
                        .map(|(k, _, _)| rules.defs[*k].origin.rule.clone())
                        .collect();
                    cycle.push(rules.defs[j].origin.rule.clone());
                    return Err(AbnfError::Recursion { cycle });
                }
                None => {
                    marks.insert(j, Mark::Active);
                    let refs = resolve(j)?;
                    stack.push((j, refs, 0));
                }
            }
        } else {
            stack.pop();
            let depth = node_depth(&rules.defs[i].node, &|name| {
                rules
                    .index
                    .get(&crate::rules::key(name))
                    .and_then(|j| match marks.get(j) {
                        Some(Mark::Done(d)) => Some(*d),
                        _ => None,
                    })
                    .unwrap_or(0)
            });
            if depth > MAX_DEPTH {
                return Err(AbnfError::Limit {
                    rule: start.to_string(),
                    message: format!(
                        "rule `{}` nests deeper than {MAX_DEPTH} levels with its rules inlined",
                        rules.defs[i].origin.rule
                    ),
                });
            }
            marks.insert(i, Mark::Done(depth));
            order.push(i);
        }
    }
    Ok(order)
}

/// Nesting depth of `node`, where a rule reference counts as deep as the rule.
fn node_depth(node: &Node, rule_depth: &dyn Fn(&str) -> usize) -> usize {
    match node {
        Node::Alternation(items) | Node::Concatenation(items) => {
            1 + items
                .iter()
                .map(|n| node_depth(n, rule_depth))
                .max()
                .unwrap_or(0)
        }
        Node::Repetition { node, .. } => 1 + node_depth(node, rule_depth),
        Node::Rule(name) => rule_depth(name),
        Node::Range { .. } | Node::String { .. } => 1,
    }
}

/// The code points of `first..=last` as `char` ranges, without the surrogates.
pub(crate) fn char_ranges(first: u32, last: u32) -> Vec<(char, char)> {
    let mut out = Vec::with_capacity(2);
    let mut push = |a: u32, b: u32| {
        if a <= b {
            if let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) {
                out.push((a, b));
            }
        }
    };
    if first < 0xD800 {
        push(first, last.min(0xD7FF));
    }
    if last > 0xDFFF {
        push(first.max(0xE000), last);
    }
    out
}

fn class(ranges: impl IntoIterator<Item = (char, char)>) -> Hir {
    Hir::class(Class::Unicode(ClassUnicode::new(
        ranges
            .into_iter()
            .map(|(a, b)| ClassUnicodeRange::new(a, b)),
    )))
}

/// The `Hir` of `node`, with the rules it uses already lowered in `done`.
fn lower(node: &Node, rules: &AbnfRules, done: &HashMap<usize, Hir>) -> Hir {
    match node {
        Node::Alternation(items) => {
            Hir::alternation(items.iter().map(|n| lower(n, rules, done)).collect())
        }
        Node::Concatenation(items) => {
            Hir::concat(items.iter().map(|n| lower(n, rules, done)).collect())
        }
        Node::Repetition { min, max, node } => {
            if *max == Some(0) {
                // `0element` matches the empty string only (RFC 5234 §3.7).
                Hir::empty()
            } else {
                Hir::repetition(Repetition {
                    min: *min,
                    max: *max,
                    greedy: true,
                    sub: Box::new(lower(node, rules, done)),
                })
            }
        }
        // `dependency_order` has lowered every rule this one uses; a missing one (impossible) matches
        // nothing rather than panicking.
        Node::Rule(name) => rules
            .index
            .get(&crate::rules::key(name))
            .and_then(|i| done.get(i))
            .cloned()
            .unwrap_or_else(Hir::fail),
        Node::Range { first, last } => class(char_ranges(*first, *last)),
        Node::String {
            text,
            case_sensitive,
        } => {
            if *case_sensitive || !text.chars().any(|c| c.is_ascii_alphabetic()) {
                Hir::literal(text.as_bytes())
            } else {
                // RFC 5234 §2.3: quoted strings are case-insensitive (US-ASCII letters).
                Hir::concat(
                    text.chars()
                        .map(|c| {
                            if c.is_ascii_alphabetic() {
                                let (l, u) = (c.to_ascii_lowercase(), c.to_ascii_uppercase());
                                class([(u, u), (l, l)])
                            } else {
                                let mut buf = [0; 4];
                                Hir::literal(c.encode_utf8(&mut buf).as_bytes())
                            }
                        })
                        .collect(),
                )
            }
        }
    }
}

/// The `Hir` of the rule `start` with every rule it uses inlined.
pub(crate) fn hir(rules: &AbnfRules, start: &str) -> Result<Hir, AbnfError> {
    let order = dependency_order(rules, start)?;
    let mut done: HashMap<usize, Hir> = HashMap::new();
    let mut last = Hir::fail();
    for i in order {
        let h = lower(&rules.defs[i].node, rules, &done);
        last = h.clone();
        done.insert(i, h);
    }
    Ok(last)
}

fn limit(start: &str, what: &str, e: impl std::fmt::Display) -> AbnfError {
    AbnfError::Limit {
        rule: start.to_string(),
        message: format!("{what}: {e}"),
    }
}

/// The minimized dense DFA of the rule `start`, anchored, and its anchored start state.
pub(crate) fn compile(
    rules: &AbnfRules,
    start: &str,
) -> Result<(dense::DFA<Vec<u32>>, StateID), AbnfError> {
    let hir = hir(rules, start)?;
    let nfa = thompson::Compiler::new()
        .configure(
            thompson::Config::new()
                .which_captures(WhichCaptures::None)
                .nfa_size_limit(Some(NFA_SIZE_LIMIT))
                .shrink(true),
        )
        .build_from_hir(&hir)
        .map_err(|e| limit(start, "building the NFA failed", e))?;
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                // Every thread survives a match: the DFA accepts the union of all alternatives.
                .match_kind(MatchKind::All)
                .start_kind(StartKind::Anchored)
                .minimize(true)
                .determinize_size_limit(Some(DFA_SIZE_LIMIT))
                .dfa_size_limit(Some(DFA_SIZE_LIMIT)),
        )
        .build_from_nfa(&nfa)
        .map_err(|e| limit(start, "building the DFA failed", e))?;
    let start_state = match dfa.universal_start_state(Anchored::Yes) {
        Some(s) => s,
        None => dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .map_err(|e| limit(start, "the DFA has no anchored start state", e))?,
    };
    Ok((dfa, start_state))
}

impl AbnfRules {
    /// Compiles the rule `start` (a name in any case) into a [`Dfa`] that accepts exactly the strings
    /// of its language, built now and owned by the caller, with the walk's table tuned by
    /// [`Tuning::default`].
    ///
    /// Fails if `start` or a rule it uses is not defined, if the rules it uses are recursive, or if the
    /// automaton would exceed the size limits.
    pub fn compile(&self, start: impl AsRef<str>) -> Result<Dfa, AbnfError> {
        self.compile_with(start, &Tuning::default())
    }

    /// [`AbnfRules::compile`] with the walk's table tuned by `tuning`: the language is the same
    /// whatever the tuning, only the speed of the walks differs.
    pub fn compile_with(&self, start: impl AsRef<str>, tuning: &Tuning) -> Result<Dfa, AbnfError> {
        let (dfa, start) = compile(self, start.as_ref())?;
        Ok(Dfa::built(dfa, start, tuning))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Origin;

    fn rules(text: &str) -> AbnfRules {
        AbnfRules::parse(&[("t.abnf", text)]).unwrap_or_else(|e| panic!("{e}"))
    }

    fn accepts(text: &str, start: &str, yes: &[&str], no: &[&str]) {
        let a = rules(text).compile(start).unwrap_or_else(|e| panic!("{e}"));
        for s in yes {
            assert!(a.is_match(s), "{start} should accept {s:?}");
        }
        for s in no {
            assert!(!a.is_match(s), "{start} should reject {s:?}");
        }
    }

    #[test]
    fn alternation_is_a_union_not_an_ordered_choice() {
        // Ordered choice would commit to "a" and fail on "ab"; ABNF accepts both.
        accepts(
            "r = ( \"a\" / \"ab\" ) [ \"c\" ]",
            "r",
            &["a", "ab", "ac", "abc"],
            &["", "b", "abcc"],
        );
        // Greedy repetition would eat the last "a" that the concatenation needs.
        accepts("r = *\"a\" \"a\"", "r", &["a", "aaaa"], &["", "b", "ab"]);
        accepts(
            "r = 1*2\"x\" 2\"x\"",
            "r",
            &["xxx", "xxxx"],
            &["xx", "xxxxx"],
        );
    }

    #[test]
    fn strings_are_case_insensitive_unless_marked() {
        accepts(
            "r = \"vA-\"",
            "r",
            &["va-", "VA-", "Va-", "vA-"],
            &["va", "vb-"],
        );
        accepts("r = %s\"vA\"", "r", &["vA"], &["va", "VA"]);
        accepts("r = %i\"vA\"", "r", &["va", "VA"], &["vb"]);
        accepts("r = %x76", "r", &["v"], &["V"]);
    }

    #[test]
    fn repetition_bounds() {
        accepts("r = 2*3%x61", "r", &["aa", "aaa"], &["", "a", "aaaa"]);
        accepts("r = 0%x61", "r", &[""], &["a"]);
        accepts("r = 2%x61", "r", &["aa"], &["a", "aaa"]);
        accepts("r = *1%x61 %x62", "r", &["b", "ab"], &["aab"]);
        accepts("r = [%x61]", "r", &["", "a"], &["aa"]);
    }

    #[test]
    fn code_points_not_bytes() {
        accepts(
            "r = %xE9 / %x10000-10FFFF / %xD000-E000",
            "r",
            &["é", "\u{10000}", "\u{10FFFF}", "\u{D7FF}", "\u{E000}"],
            &["\u{E9}\u{E9}", "\u{FFFF}", "\u{E001}", "\u{C3}", "e"],
        );
        accepts(
            "r = %x0-10FFFF",
            "r",
            &["\0", "\u{D7FF}", "\u{E000}", "\u{10FFFF}"],
            &["", "ab"],
        );
        accepts("r = %x41.42", "r", &["AB"], &["ab", "A"]);
    }

    #[test]
    fn undefined_and_recursive_rules() {
        let r = rules("a = b\nb = \"x\" c\n");
        let e = r.compile("a").unwrap_err();
        assert_eq!(
            e,
            AbnfError::UndefinedRule {
                rule: "c".into(),
                used_by: Some(Origin {
                    rule: "b".into(),
                    file: "t.abnf".into(),
                    line: 2
                })
            }
        );
        let r = rules("a = \"x\" b\nb = [ c ]\nc = \"y\" / a\n");
        assert_eq!(
            r.compile("a").unwrap_err(),
            AbnfError::Recursion {
                cycle: vec!["a".into(), "b".into(), "c".into(), "a".into()]
            }
        );
        assert_eq!(
            r.compile("c").unwrap_err(),
            AbnfError::Recursion {
                cycle: vec!["c".into(), "a".into(), "b".into(), "c".into()]
            }
        );
        let r = rules("a = \"x\" / a\n");
        assert!(matches!(r.compile("a"), Err(AbnfError::Recursion { .. })));
        // An unused broken rule does not matter.
        let r = rules("a = \"x\"\nb = nope\n");
        assert!(r.compile("a").is_ok());
    }

    #[test]
    fn limits_are_errors() {
        let r = rules("a = 60000( 60000\"x\" )\n");
        assert!(matches!(r.compile("a"), Err(AbnfError::Limit { .. })));
        let mut text = String::from("r0 = \"x\"\n");
        for i in 1..300 {
            text.push_str(&format!("r{i} = [ r{} ]\n", i - 1));
        }
        let r = rules(&text);
        // r_i nests i + 1 deep: the deepest allowed compiles without exhausting the stack.
        let a = r.compile("r249").expect("compiles");
        assert!(a.is_match("") && a.is_match("x") && !a.is_match("xx"));
        assert!(matches!(r.compile("r250"), Err(AbnfError::Limit { .. })));
    }
}
