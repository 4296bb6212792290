//! The deciding character of a disagreement where the reference accepts: the probes (one character
//! replaced, or a node of the parse tree replaced) and the adapter's answers to them.

use std::collections::{BTreeMap, HashSet};

use iri_abnf::abnf::{rules, Generator};
use iri_abnf::Rule;

use crate::cases::Case;
use crate::peer::{Broken, Peer};
use crate::reference::Reference;

/// The longest input explained before shrinking, in characters.
pub(crate) const MAX_PROBED: usize = 512;

/// How many rounds of probes [`deciding`] tries: `a`, then other characters. (Not removals: taking
/// a character out joins its neighbours, e.g. two percent-encodings into one UTF-8 sequence, and
/// turns the verdict for reasons that are not the character's.)
pub(crate) const ROUNDS: usize = 2;

/// The replacements of round 1 (after `a` in round 0): the other case of a letter, a digit, the
/// other unreserved characters, a sub-delim, the delimiters of components, a `ucschar`.
pub(crate) const REPLACEMENTS: &[char] = &[
    '0', '-', '.', '_', '~', '!', ':', '@', '/', '?', '#', '%', '\u{A0}',
];

/// The probes of an input the reference accepts, in round `round` of [`deciding`]: each character
/// replaced by `a` (`b` for an `a`) in round 0; by each of [`REPLACEMENTS`] and the other case of a
/// letter in round 1. Only the probes that the reference still accepts, each with the position and
/// the replacement.
pub(crate) fn probes_of(
    reference: &Reference,
    case: &Case,
    round: usize,
) -> Vec<(usize, char, Case)> {
    let chars: Vec<char> = case.input.chars().collect();
    let mut out = Vec::new();
    if chars.len() > MAX_PROBED {
        // A long input is explained once shrunk.
        return out;
    }
    for (i, &c) in chars.iter().enumerate() {
        let mut edits = Vec::new();
        if round == 0 {
            edits.push(if c == 'a' { 'b' } else { 'a' });
        } else {
            if c.is_ascii_alphabetic() {
                edits.push(if c.is_ascii_lowercase() {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                });
            }
            let digit = if c == '0' { '1' } else { '0' };
            edits.extend(
                std::iter::once(digit)
                    .chain(REPLACEMENTS.iter().copied().skip(1))
                    .filter(|&r| r != c && r != 'a' && r != 'b'),
            );
        }
        for r in edits {
            let mut v = chars.clone();
            v[i] = r;
            let probe = case.with_input(&v);
            if reference.accepts(&reference.verdict(&probe)) {
                out.push((i, r, probe));
            }
        }
    }
    out
}

/// The deciding character of each case (disagreements where the reference accepts and the
/// implementation rejects): a position where one replacement makes the implementation accept while
/// the reference still accepts, by the earliest round of [`probes_of`] that has one, with the
/// replacement; `None` when no single replacement does. Replacing a delimiter so that both sides reject ends a disagreement too, but
/// decides nothing: only the implementation's verdict turning counts. Of several such, the
/// first (from the left) that leaves every other character in the same rule of the reference's
/// parse, else the last (where a parser reading from the left gives up, as the reference's offset
/// where it rejects): the `:` of `A://:` and of `a://:8` (a port after an empty host), not the `/`
/// whose replacement turns the input into a path.
pub(crate) fn deciding(
    peer: &mut Peer,
    reference: &Reference,
    cases: &[&Case],
) -> Result<Vec<Option<Decided>>, Broken> {
    let mut found: Vec<Option<Decided>> = vec![None; cases.len()];
    for round in 0..ROUNDS {
        let mut probes = Vec::new();
        let mut owners = Vec::new();
        for (n, case) in cases.iter().enumerate() {
            if found[n].is_some() {
                continue;
            }
            for (at, edit, probe) in probes_of(reference, case, round) {
                if peer.can_send(&probe) {
                    owners.push((n, at, edit));
                    probes.push(probe);
                }
            }
        }
        if probes.is_empty() {
            continue;
        }
        let answers = peer.ask(&probes)?;
        // The edits that turn the implementation's verdict, per case, in order of position.
        let mut flips: Vec<Vec<(usize, char, usize)>> = vec![Vec::new(); cases.len()];
        for (k, ((n, at, edit), theirs)) in owners.into_iter().zip(answers).enumerate() {
            if reference.accepts(&theirs) {
                flips[n].push((at, edit, k));
            }
        }
        for (n, list) in flips.iter().enumerate() {
            if list.is_empty() || found[n].is_some() {
                continue;
            }
            let before = char_rules(reference, &cases[n].input);
            // Every other character in the same rule before and after the replacement.
            let keeps = |&&(at, _, k): &&(usize, char, usize)| match (
                &before,
                char_rules(reference, &probes[k].input),
            ) {
                (Some(b), Some(a)) => (0..b.len()).all(|i| i == at || a[i] == b[i]),
                _ => false,
            };
            let pick = list.iter().find(keeps).unwrap_or(&list[list.len() - 1]);
            found[n] = Some(Decided::Char(pick.0, pick.1));
        }
    }
    // No single character: the innermost node of the reference's parse whose text, replaced by
    // another string of its rule, makes the implementation accept.
    let mut generators = BTreeMap::new();
    let mut probes = Vec::new();
    let mut owners = Vec::new();
    for (n, case) in cases.iter().enumerate() {
        if found[n].is_some() || case.input.chars().count() > MAX_PROBED {
            continue;
        }
        for (node, start, end, with, probe) in node_probes(reference, case, &mut generators) {
            if peer.can_send(&probe) {
                owners.push((n, node, start, end, with));
                probes.push(probe);
            }
        }
    }
    if !probes.is_empty() {
        let answers = peer.ask(&probes)?;
        for ((n, rule, start, end, with), theirs) in owners.into_iter().zip(answers) {
            // The probes of a case come innermost first: the first that turns the verdict.
            if found[n].is_none() && reference.accepts(&theirs) {
                found[n] = Some(Decided::Node {
                    rule,
                    start,
                    end,
                    with,
                });
            }
        }
    }
    Ok(found)
}

/// What decides a disagreement where the reference accepts ([`deciding`]).
#[derive(Clone, Debug)]
pub(crate) enum Decided {
    /// The character at a position (in characters), with the replacement that turns the verdict.
    Char(usize, char),
    /// No single character does; the innermost rule of the reference's parse (its bytes
    /// `start..end`) whose text replaced by `with` turns the verdict.
    Node {
        rule: Rule,
        start: usize,
        end: usize,
        with: String,
    },
}

/// How many strings of a rule replace a node's text in [`node_probes`].
pub(crate) const NODE_REPLACEMENTS: u64 = 6;

/// The probes of the last round of [`deciding`]: the text of each node of the reference's parse
/// tree (but the root, innermost first: by length, then deepest, then leftmost) replaced by a few
/// short strings of its rule, where the reference still accepts.
#[allow(clippy::type_complexity)]
pub(crate) fn node_probes<'g>(
    reference: &Reference,
    case: &Case,
    generators: &mut BTreeMap<Rule, Option<Generator<'g>>>,
) -> Vec<(Rule, usize, usize, String, Case)> {
    let mut out = Vec::new();
    let Some(g) = reference.grammar.main() else {
        return out;
    };
    let Ok(tree) = iri_abnf::syntax::parse_tree(g, reference.rule, &case.input) else {
        return out;
    };
    let Ok(all) = rules(reference.grammar) else {
        return out;
    };
    let mut nodes: Vec<(usize, usize, usize, usize, Rule)> = Vec::new();
    fn walk(
        node: &iri_abnf::syntax::SyntaxNode,
        depth: usize,
        out: &mut Vec<(usize, usize, usize, usize, Rule)>,
    ) {
        if depth > 0 && node.span.end > node.span.start {
            let len = node.span.end - node.span.start;
            out.push((
                len,
                usize::MAX - depth,
                node.span.start,
                node.span.end,
                node.rule,
            ));
        }
        for child in &node.children {
            walk(child, depth + 1, out);
        }
    }
    walk(&tree, 0, &mut nodes);
    nodes.sort();
    let mut seen_spans = HashSet::new();
    for (_, _, start, end, rule) in nodes {
        if !seen_spans.insert((start, end)) {
            // The same text as a deeper node: that one was tried.
            continue;
        }
        let generator = generators
            .entry(rule)
            .or_insert_with(|| Generator::new(all, reference.grammar.rule_name(rule)).ok());
        let Some(generator) = generator.as_ref() else {
            continue;
        };
        let text = &case.input[start..end];
        let mut tried = HashSet::new();
        for seed in 0..NODE_REPLACEMENTS {
            let with = generator.generate(seed, 8);
            if with == text || !tried.insert(with.clone()) {
                continue;
            }
            let input = format!("{}{with}{}", &case.input[..start], &case.input[end..]);
            let probe = Case {
                base: case.base.clone(),
                input,
            };
            if reference.accepts(&reference.verdict(&probe)) {
                out.push((rule, start, end, with, probe));
            }
        }
    }
    out
}

/// The innermost rule of the reference's parse tree at each character of `input`, or `None` when
/// the reference rejects it.
pub(crate) fn char_rules(reference: &Reference, input: &str) -> Option<Vec<Rule>> {
    let g = reference.grammar.main()?;
    let tree = iri_abnf::syntax::parse_tree(g, reference.rule, input).ok()?;
    let mut by_byte = vec![tree.rule; input.len()];
    fn fill(node: &iri_abnf::syntax::SyntaxNode, out: &mut [Rule]) {
        for b in node.span.start..node.span.end.min(out.len()) {
            out[b] = node.rule;
        }
        for child in &node.children {
            fill(child, out);
        }
    }
    fill(&tree, &mut by_byte);
    Some(input.char_indices().map(|(b, _)| by_byte[b]).collect())
}
