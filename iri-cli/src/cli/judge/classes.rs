//! Explained disagreements, their classes, and the known classes of `--known`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::characters::normalized_class;
use super::explain::{explain, explain_all};
use super::peer::{Broken, Peer};
use super::pipeline::Disagreement;
use super::reference::Reference;
use super::shrink::shrink;
use super::Progress;

/// One disagreement, shrunk and explained.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Explained {
    pub(super) witness: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) base: Option<String>,
    pub(super) original: String,
    pub(super) kind: String,
    pub(super) reference_valid: bool,
    pub(super) offset: usize,
    pub(super) character: Option<String>,
    pub(super) character_class: String,
    pub(super) rule: String,
    /// The rule of the disagreement as it was found, before shrinking (the deciding character's, or
    /// the one where the reference rejects).
    pub(super) seen_in: String,
    pub(super) section: String,
    pub(super) abnf: String,
    pub(super) explanation: String,
}

/// A class of disagreements: the same kind, direction and character class (the class of the deciding
/// character where the reference accepts, of the character where it rejects), whatever the rule
/// the character is in; where no character decides (`no single character`, `end of input`, a
/// component's or a target's value), the same rule too.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Class {
    pub(super) kind: String,
    pub(super) reference_valid: bool,
    /// The rule of the shortest witness.
    pub(super) rule: String,
    /// Every rule the class was seen in (its disagreements' as they were found, before shrinking),
    /// the most frequent first (then by name).
    pub(super) rules: Vec<String>,
    pub(super) character_class: String,
    pub(super) section: String,
    pub(super) abnf: String,
    pub(super) count: usize,
    pub(super) witness: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) base: Option<String>,
    pub(super) offset: usize,
    pub(super) character: Option<String>,
    pub(super) explanation: String,
    pub(super) examples: Vec<String>,
    pub(super) known: bool,
}

/// A known class of `--known`. `rule` is compared only for a class whose rule is part of its key
/// (no deciding character); files of earlier versions, which name a rule for every class and each
/// range of `ucschar` apart, are read alike ([`normalized_class`]).
#[derive(serde::Deserialize)]
pub(super) struct KnownClass {
    pub(super) reference_valid: bool,
    #[serde(default)]
    pub(super) rule: Option<String>,
    pub(super) character_class: String,
    #[serde(default)]
    pub(super) kind: Option<String>,
}

impl KnownClass {
    /// Whether this known class is `class`.
    fn matches(&self, class: &Class) -> bool {
        self.reference_valid == class.reference_valid
            && normalized_class(&self.character_class) == class.character_class
            && self.kind.as_deref().is_none_or(|kind| kind == class.kind)
            && (class.character.is_some()
                || self.rule.as_deref().is_none_or(|rule| rule == class.rule))
    }
}

/// How many disagreements of one group (the same explanation before shrinking) are shrunk.
pub(super) const SHRINK_PER_GROUP: usize = 3;

/// The key of a class ([`Class`]): kind, direction, character class, and the rule where no
/// character decides.
type Key = (String, bool, String, String);

/// The class of an explained disagreement.
pub(super) fn key_of(e: &Explained) -> Key {
    (
        e.kind.clone(),
        e.reference_valid,
        e.character_class.clone(),
        if e.character.is_some() {
            String::new()
        } else {
            e.rule.clone()
        },
    )
}

/// Explains every disagreement as it is (the adapter's answers to all probes in one batch), groups
/// them by that explanation, and shrinks the shortest of each group, and the next few of each group
/// while `budget` lasts (a budget for each kind); the others go to the class of their group's first
/// shrunk member. So every class has a shrunk witness. The explained disagreements, in the order of
/// their length.
pub(super) fn classify(
    peer: &mut Peer,
    reference: &Reference,
    disagreements: &[Disagreement],
    budget: usize,
    progress: &Progress,
) -> Result<Vec<Explained>, String> {
    let mut order: Vec<usize> = (0..disagreements.len()).collect();
    order.sort_by_key(|&i| (disagreements[i].0.input.chars().count(), i));
    let prekeys = explain_all(peer, reference, disagreements, &order)
        .map_err(|Broken(why)| format!("while explaining: {why}"))?;
    let mut groups: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for (k, e) in prekeys.iter().enumerate() {
        groups.entry(key_of(e)).or_default().push(k);
    }
    let mut explained: Vec<Explained> = Vec::with_capacity(disagreements.len());
    // Verdict differences and component (or target) differences have a budget each, so that
    // components mode shrinks the verdict differences as verdict mode does: the same classes.
    let mut budgets = [budget, budget];
    for (g, members) in groups.values().enumerate() {
        progress.tick(|| format!("shrinking: group {} of {}", g + 1, groups.len()));
        let mut shrunk_keys: Vec<Explained> = Vec::new();
        for (m, &k) in members.iter().enumerate() {
            let (case, kind, accepted) = &disagreements[order[k]];
            let budget = &mut budgets[usize::from(kind != "verdict")];
            if m == 0 || (m < SHRINK_PER_GROUP && *budget > 0) {
                if m > 0 {
                    *budget -= 1;
                }
                let mut e = shrink(peer, reference, case, kind, *accepted)
                    .and_then(|small| explain(peer, reference, case, &small, kind, *accepted))
                    .map_err(|Broken(why)| format!("while shrinking: {why}"))?;
                e.seen_in.clone_from(&prekeys[k].rule);
                shrunk_keys.push(e.clone());
                explained.push(e);
            } else {
                // Counted in the class of the group's first shrunk member (there is one: the first
                // member of every group is shrunk), as an example of it.
                let first = shrunk_keys
                    .first()
                    .expect("the group's first member is shrunk");
                explained.push(Explained {
                    original: prekeys[k].original.clone(),
                    seen_in: prekeys[k].rule.clone(),
                    ..first.clone()
                });
            }
        }
    }
    Ok(explained)
}

/// The classes of the explained disagreements, each marked known when a class of `known` matches.
pub(super) fn classes_of(explained: &[Explained], known: &[KnownClass]) -> Vec<Class> {
    let mut classes: BTreeMap<Key, (Class, BTreeMap<&str, usize>)> = BTreeMap::new();
    for e in explained {
        let (class, rules) = classes.entry(key_of(e)).or_insert_with(|| {
            let class = Class {
                kind: e.kind.clone(),
                reference_valid: e.reference_valid,
                rule: e.rule.clone(),
                rules: Vec::new(),
                character_class: e.character_class.clone(),
                section: e.section.clone(),
                abnf: e.abnf.clone(),
                count: 0,
                witness: e.witness.clone(),
                base: e.base.clone(),
                offset: e.offset,
                character: e.character.clone(),
                explanation: e.explanation.clone(),
                examples: Vec::new(),
                known: false,
            };
            (class, BTreeMap::new())
        });
        class.count += 1;
        *rules.entry(e.seen_in.as_str()).or_default() += 1;
        let shorter = (e.witness.chars().count(), &e.witness)
            < (class.witness.chars().count(), &class.witness);
        if shorter {
            class.witness = e.witness.clone();
            class.base = e.base.clone();
            class.offset = e.offset;
            class.character = e.character.clone();
            class.explanation = e.explanation.clone();
            class.rule = e.rule.clone();
            class.section = e.section.clone();
            class.abnf = e.abnf.clone();
        }
        if class.examples.len() < 5 && !class.examples.contains(&e.original) {
            class.examples.push(e.original.clone());
        }
    }
    classes
        .into_values()
        .map(|(mut class, rules)| {
            let mut rules: Vec<(&str, usize)> = rules.into_iter().collect();
            rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            class.rules = rules.into_iter().map(|(r, _)| r.to_string()).collect();
            class.known = known.iter().any(|k| k.matches(&class));
            class
        })
        .collect()
}

/// Reads the known classes of `--known`.
pub(super) fn read_known(path: &Path) -> Result<Vec<KnownClass>, String> {
    std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
}

/// Writes the classes to `path` in the format of `--known` (with their kind outside verdict mode),
/// sorted.
pub(super) fn write_known(path: &Path, classes: &[Class], verdict: bool) -> Result<(), String> {
    /// A class of --known, in the order of the files' keys: the rule only where it is part of the
    /// class's key (no deciding character).
    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct Known<'a> {
        reference_valid: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        rule: Option<&'a str>,
        character_class: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        kind: Option<&'a str>,
    }
    let mut list: Vec<Known> = classes
        .iter()
        .map(|c| Known {
            reference_valid: c.reference_valid,
            rule: c.character.is_none().then_some(c.rule.as_str()),
            character_class: c.character_class.as_str(),
            kind: (!verdict).then_some(c.kind.as_str()),
        })
        .collect();
    list.sort();
    list.dedup();
    // One space of indentation, as the files in judge/known/ have.
    let mut text = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(
        &mut text,
        serde_json::ser::PrettyFormatter::with_indent(b" "),
    );
    list.serialize(&mut ser).map_err(|e| e.to_string())?;
    text.push(b'\n');
    std::fs::write(path, text).map_err(|e| e.to_string())
}
