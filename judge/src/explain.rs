//! The explanation of a disagreement: the offset, the deciding character and its class, the rule and
//! the ABNF line.

use std::collections::BTreeMap;

use iri_abnf::abnf::definition;
use iri_abnf::{AnyGrammar, Expected, Grammar, Rule};

use crate::cases::Case;
use crate::characters::character_class;
use crate::classes::Explained;
use crate::deciding::{deciding, Decided};
use crate::peer::{Broken, Peer};
use crate::reference::{differing, Disagreement, Mode, Reference, Verdict};
use iri_abnf::report::escape;

/// Explains every disagreement as it is, in `order`, asking the adapter about all their probes in
/// batches.
pub(crate) fn explain_all(
    peer: &mut Peer,
    reference: &Reference,
    disagreements: &[Disagreement],
    order: &[usize],
) -> Result<Vec<Explained>, Broken> {
    let probed: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| disagreements[i].2 && disagreements[i].1 == "verdict")
        .collect();
    let cases: Vec<&Case> = probed.iter().map(|&i| &disagreements[i].0).collect();
    let found = deciding(peer, reference, &cases)?;
    let decided: BTreeMap<usize, Decided> = probed
        .iter()
        .zip(found)
        .filter_map(|(&i, d)| d.map(|d| (i, d)))
        .collect();
    Ok(order
        .iter()
        .map(|&i| {
            let (case, kind, accepted) = &disagreements[i];
            explain_with(
                reference,
                case,
                case,
                kind,
                *accepted,
                decided.get(&i).cloned(),
                None,
            )
        })
        .collect())
}

/// Explains a shrunk disagreement: the deciding character, the rule and the ABNF line.
pub(crate) fn explain(
    peer: &mut Peer,
    reference: &Reference,
    original: &Case,
    shrunk: &Case,
    kind: &str,
    accepted: bool,
) -> Result<Explained, Broken> {
    let decided = if accepted && kind == "verdict" {
        deciding(peer, reference, &[shrunk])?.swap_remove(0)
    } else {
        None
    };
    // A component difference names the values of both sides.
    let theirs = if kind.starts_with("component") && peer.can_send(shrunk) {
        peer.ask(std::slice::from_ref(shrunk))?.pop()
    } else {
        None
    };
    Ok(explain_with(
        reference,
        original,
        shrunk,
        kind,
        accepted,
        decided,
        theirs.as_ref(),
    ))
}

/// The character class of a disagreement that no single character decides: the reference accepts
/// the input, and no replacement of one character that the reference still accepts makes
/// the implementation accept it.
pub(crate) const NO_SINGLE_CHARACTER: &str = "no single character";

/// The character class of a component difference: the whole value of a component differs.
pub(crate) const COMPONENT_VALUE: &str = "component value";

/// A component's value for messages.
pub(crate) fn value_of(v: Option<&Option<String>>) -> String {
    match v {
        Some(Some(s)) => format!("`{}`", escape(s)),
        Some(None) => "absent".to_string(),
        None => "not reported".to_string(),
    }
}

/// Explains a disagreement on `shrunk`. `decided` is its deciding character or rule ([`deciding`]) where the
/// reference accepts; `theirs` the adapter's answer, for a component difference.
pub(crate) fn explain_with(
    reference: &Reference,
    original: &Case,
    shrunk: &Case,
    kind: &str,
    accepted: bool,
    decided: Option<Decided>,
    theirs: Option<&Verdict>,
) -> Explained {
    let grammar = reference.grammar;
    let input = &shrunk.input;
    let start_rule = grammar.rule_name(reference.rule).to_string();
    let mut rule = start_rule.clone();
    let offset;
    let explanation;
    // The class of what differs, when it is not a character's.
    let mut class: Option<&str> = None;
    if let Some(name) = kind.strip_prefix("component ") {
        // The class is the component that differs (the kind), not a character's.
        offset = 0;
        class = Some(COMPONENT_VALUE);
        rule = component_rule(grammar, name).unwrap_or(rule);
        let ours = reference.verdict(shrunk);
        explanation = match (&ours, theirs) {
            (Verdict::Components(Some(a)), Some(Verdict::Components(Some(b)))) => differing(a, b)
                .iter()
                .map(|n| {
                    format!(
                        "the {n} differs: the implementation reports {}, the ABNF {}",
                        value_of(b.get(n)),
                        value_of(a.get(n))
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => format!("the {name} differs from the ABNF's"),
        };
    } else if kind == "target" {
        offset = 0;
        explanation = match reference.verdict(shrunk) {
            Verdict::Target(Some(t)) => format!(
                "the target differs from RFC 3986 Section 5.2's, `{}`",
                escape(&t)
            ),
            _ => "the target differs from RFC 3986 Section 5.2's".to_string(),
        };
        rule = "RFC 3986 Section 5.2".to_string();
    } else if !accepted {
        // The reference rejects: the offset, the character and the rules from `explain`.
        match iri_abnf::validate(grammar, reference.rule, input) {
            Err(e) => {
                let p = e.explain();
                offset = p.offset;
                if let Some(Expected::Rule(r)) = p.expected().first() {
                    rule = grammar.rule_name(*r).to_string();
                }
                explanation = p.message();
            }
            Ok(()) => {
                // Resolve mode: the base or the reference is invalid. (In the other modes the
                // reference rejects what the rule rejects: shrinking keeps the direction.)
                offset = 0;
                explanation = if reference.mode == Mode::Resolve {
                    "the reference does not resolve against the base".to_string()
                } else {
                    "the ABNF rejects the input".to_string()
                };
            }
        }
    } else if let Some(Decided::Node {
        rule: node,
        start,
        end,
        with,
    }) = &decided
    {
        // No single character decides; the innermost rule whose text, replaced, does.
        offset = *start;
        class = Some(NO_SINGLE_CHARACTER);
        rule = grammar.rule_name(*node).to_string();
        explanation = format!(
            "the ABNF admits the input as {start_rule}; the implementation rejects it, and no single character replaced (by one the ABNF still admits there) makes it accept; with the {rule} `{}` replaced by `{}` it does",
            escape(&input[*start..*end]),
            escape(with)
        );
    } else if let Some(Decided::Char(at, replacement)) = decided {
        // The reference accepts: the deciding character is one whose replacement makes the implementation accept while the reference still accepts.
        offset = input.char_indices().nth(at).map_or(input.len(), |(b, _)| b);
        if let Some(g) = grammar.main() {
            if let Ok(tree) = iri_abnf::syntax::parse_tree(g, reference.rule, input) {
                rule = deepest(&tree, offset, input.len())
                    .map_or(rule, |r| grammar.rule_name(r).to_string());
            }
        }
        let ch = input[offset..].chars().next();
        let fix = format!(
            "it accepts the input with {} there",
            iri_abnf::report::quote(&replacement.to_string())
        );
        explanation = match ch {
            Some(c) => format!(
                "the ABNF admits {} (U+{:04X}) at byte offset {offset} in {rule}; the implementation rejects it ({fix})",
                iri_abnf::report::quote(&c.to_string()),
                c as u32
            ),
            None => format!("the ABNF admits the input as {rule}; the implementation rejects it"),
        };
    } else if input.is_empty() {
        offset = 0;
        explanation =
            format!("the ABNF admits the empty input as {rule}; the implementation rejects it");
    } else {
        // No single character decides: the input as a whole.
        offset = 0;
        class = Some(NO_SINGLE_CHARACTER);
        explanation = format!(
            "the ABNF admits the input as {rule}; the implementation rejects it, and no single character replaced (by one the ABNF still admits there) makes it accept"
        );
    }
    let ch = input
        .get(offset..)
        .and_then(|s| s.chars().next())
        .filter(|_| class.is_none());
    let (section, abnf) = match definition(grammar, rule.as_str()) {
        Some(d) => (d.spec.to_string(), format!("{}:{}", d.file, d.line)),
        None => (grammar.spec().to_string(), String::new()),
    };
    Explained {
        witness: input.clone(),
        base: shrunk.base.clone(),
        original: original.input.clone(),
        kind: kind.to_string(),
        reference_valid: accepted,
        offset,
        character: ch.map(|c| c.to_string()),
        character_class: match class {
            Some(c) => c.to_string(),
            None => ch.map_or_else(|| "end of input".to_string(), character_class),
        },
        seen_in: rule.clone(),
        rule,
        section,
        abnf,
        explanation,
    }
}

/// The rule of a component in a grammar.
pub(crate) fn component_rule(grammar: AnyGrammar, name: &str) -> Option<String> {
    let i = grammar.main() != Some(Grammar::Uri);
    let rule = match (name, i) {
        ("scheme", _) => "scheme",
        ("authority", true) => "iauthority",
        ("authority", false) => "authority",
        ("userinfo", true) => "iuserinfo",
        ("userinfo", false) => "userinfo",
        ("host", true) => "ihost",
        ("host", false) => "host",
        ("port", _) => "port",
        ("path", true) => "ipath",
        ("path", false) => "path",
        ("query", true) => "iquery",
        ("query", false) => "query",
        ("fragment", true) => "ifragment",
        ("fragment", false) => "fragment",
        _ => return None,
    };
    grammar.rule(rule).map(|r| grammar.rule_name(r).to_string())
}

/// The innermost node of the tree whose span holds the byte at `offset`.
pub(crate) fn deepest(
    node: &iri_abnf::syntax::SyntaxNode,
    offset: usize,
    len: usize,
) -> Option<Rule> {
    let inside = |s: iri_abnf::Span| {
        (s.start <= offset && offset < s.end)
            || (offset == len && s.end == len && s.start <= offset)
    };
    if !inside(node.span) {
        return None;
    }
    for child in &node.children {
        if let Some(r) = deepest(child, offset, len) {
            return Some(r);
        }
    }
    Some(node.rule)
}
