//! The reference oracle: what the ABNF says about a case (a verdict, components or a target), and how
//! two answers differ.

use std::collections::BTreeMap;

use iri_abnf::compare::compare_rules;
use iri_abnf::{is_valid, AnyGrammar, Grammar, Rule};

use crate::cases::Case;

/// What the judged implementation answers about a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Whether the input is a string of the rule.
    Verdict,
    /// The verdict and, for a valid input, its components (RFC 3986 §3, 3987bis §2.2).
    Components,
    /// The target of the reference resolved against the base (RFC 3986 §5.2).
    Resolve,
}

impl Mode {
    /// The mode's name, as reports give it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Verdict => "verdict",
            Mode::Components => "components",
            Mode::Resolve => "resolve",
        }
    }
}

/// What one side says about a case: the verdict, and the components or the target.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Verdict mode: whether the input is valid.
    Valid(bool),
    /// Components mode: the components by name ([`COMPONENTS`]; `None` for one that is absent), or
    /// `None` for an invalid input.
    Components(Option<BTreeMap<&'static str, Option<String>>>),
    /// Resolve mode: the target, or `None` when the base or the reference is invalid.
    Target(Option<String>),
}

/// The components that components mode compares, in the order of RFC 3986 §3.
pub const COMPONENTS: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// A disagreement: the case, what differs (its kind: `verdict`, `component NAME`, `target`) and
/// whether the reference accepts the case.
pub(crate) type Disagreement = (Case, String, bool);

/// The reference: what the ABNF says about a case.
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// The grammar judged against.
    pub grammar: AnyGrammar,
    /// The rule judged against (components mode: one whose strings are all references; resolve
    /// mode: the grammar's reference rule).
    pub rule: Rule,
    /// What is compared.
    pub mode: Mode,
}

impl Reference {
    /// The reference's answer about `case`: the rule's verdict (verdict mode); the components of
    /// the grammar's reference rule, where the rule accepts the input (components mode); the target
    /// of RFC 3986 §5.2 (resolve mode).
    pub fn verdict(&self, case: &Case) -> Verdict {
        match self.mode {
            Mode::Verdict => Verdict::Valid(is_valid(self.grammar, self.rule, &case.input)),
            Mode::Components => {
                let Some(g) = self.grammar.main() else {
                    return Verdict::Components(None);
                };
                // The verdict is the judged rule's; the components are those of the grammar's
                // reference rule, which holds the judged rule's language ([`components_rule`]).
                if self.rule != self.grammar.reference_rule()
                    && !is_valid(self.grammar, self.rule, &case.input)
                {
                    return Verdict::Components(None);
                }
                Verdict::Components(iri_abnf::parse(g, &case.input).ok().map(|r| {
                    let auth = r.authority();
                    let mut m = BTreeMap::new();
                    m.insert("scheme", r.scheme().map(|c| c.as_str().to_string()));
                    m.insert("authority", auth.as_ref().map(|a| a.as_str().to_string()));
                    m.insert(
                        "userinfo",
                        auth.as_ref()
                            .and_then(|a| a.userinfo())
                            .map(|c| c.as_str().to_string()),
                    );
                    m.insert("host", auth.as_ref().map(|a| a.host().as_str().to_string()));
                    m.insert(
                        "port",
                        auth.as_ref()
                            .and_then(|a| a.port())
                            .map(|p| p.as_str().to_string()),
                    );
                    m.insert("path", Some(r.path().as_str().to_string()));
                    m.insert("query", r.query().map(|c| c.as_str().to_string()));
                    m.insert("fragment", r.fragment().map(|c| c.as_str().to_string()));
                    m
                }))
            }
            Mode::Resolve => {
                let Some(g) = self.grammar.main() else {
                    return Verdict::Target(None);
                };
                let base = case.base.as_deref().unwrap_or("");
                Verdict::Target(
                    iri_abnf::resolve(g, base, &case.input)
                        .ok()
                        .map(|t| t.as_str().to_string()),
                )
            }
        }
    }

    /// Whether the answer `v` accepts its case (in resolve mode: whether it resolves it).
    pub fn accepts(&self, v: &Verdict) -> bool {
        match v {
            Verdict::Valid(b) => *b,
            Verdict::Components(c) => c.is_some(),
            Verdict::Target(t) => t.is_some(),
        }
    }
}

/// How the two sides differ on a case: `None` when they agree. The kind is what shrinking keeps.
pub(crate) fn difference(ours: &Verdict, theirs: &Verdict) -> Option<String> {
    match (ours, theirs) {
        (Verdict::Valid(a), Verdict::Valid(b)) => (a != b).then(|| "verdict".to_string()),
        (Verdict::Components(a), Verdict::Components(b)) => match (a, b) {
            (None, None) => None,
            (Some(_), None) | (None, Some(_)) => Some("verdict".to_string()),
            // The kind names the first component that differs: shrinking keeps it differing, and
            // the class is that component's.
            (Some(a), Some(b)) => differing(a, b).first().map(|k| format!("component {k}")),
        },
        (Verdict::Target(a), Verdict::Target(b)) => match (a, b) {
            (None, None) => None,
            (Some(_), None) | (None, Some(_)) => Some("verdict".to_string()),
            (Some(a), Some(b)) => (a != b).then(|| "target".to_string()),
        },
        _ => Some("verdict".to_string()),
    }
}

/// The components that differ (those the adapter reports), in the order of [`COMPONENTS`].
pub(crate) fn differing(
    ours: &BTreeMap<&'static str, Option<String>>,
    theirs: &BTreeMap<&'static str, Option<String>>,
) -> Vec<&'static str> {
    COMPONENTS
        .iter()
        .copied()
        .filter(|k| theirs.get(*k).is_some_and(|v| ours.get(*k) != Some(v)))
        .collect()
}

/// Whether components mode can judge `rule`: when every string of its language is one of the
/// grammar's reference rule (`URI-reference`, `IRI-reference`, `LEIRI-reference`), decided by
/// comparing the two rules' automata ([`compare_rules`]); `iri_abnf::parse` splits those strings.
pub(crate) fn components_rule(grammar: AnyGrammar, rule: Rule) -> bool {
    rule == grammar.reference_rule()
        || compare_rules((grammar, rule), (grammar, grammar.reference_rule()), 1)
            .is_ok_and(|c| c.only_a.is_empty())
}

/// The start rules of references that components mode can judge (for messages).
pub(crate) fn components_rules(grammar: AnyGrammar) -> Vec<&'static str> {
    let names = if grammar.main() == Some(Grammar::Uri) {
        ["URI", "absolute-URI", "relative-ref", "URI-reference"]
    } else {
        ["IRI", "absolute-IRI", "irelative-ref", "IRI-reference"]
    };
    names
        .into_iter()
        .filter(|n| grammar.rule(n).is_some_and(|r| components_rule(grammar, r)))
        .collect()
}
