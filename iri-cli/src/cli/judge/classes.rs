//! Explained disagreements, their classes, and the known classes of `--known`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::explain::{explain, explain_all};
use super::peer::{Broken, Peer};
use super::pipeline::Disagreement;
use super::reference::Reference;
use super::shrink::shrink;

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
    pub(super) section: String,
    pub(super) abnf: String,
    pub(super) explanation: String,
}

/// A class of disagreements.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Class {
    pub(super) kind: String,
    pub(super) reference_valid: bool,
    pub(super) rule: String,
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

/// The known classes of `--known`.
#[derive(serde::Deserialize)]
pub(super) struct KnownClass {
    pub(super) reference_valid: bool,
    pub(super) rule: String,
    pub(super) character_class: String,
    #[serde(default)]
    pub(super) kind: Option<String>,
}

/// How many disagreements of one group (the same explanation before shrinking) are shrunk.
pub(super) const SHRINK_PER_GROUP: usize = 3;

/// The class of an explained disagreement.
pub(super) fn key_of(e: &Explained) -> (String, bool, String, String) {
    (
        e.kind.clone(),
        e.reference_valid,
        e.rule.clone(),
        e.character_class.clone(),
    )
}

/// Explains every disagreement as it is (the adapter's answers to all probes in one batch), groups
/// them by that explanation, and shrinks the shortest few of each group (at most `budget` in all of
/// each kind); the others go to the class of their group's first shrunk member. The explained
/// disagreements, in the order of their length.
pub(super) fn classify(
    peer: &mut Peer,
    reference: &Reference,
    disagreements: &[Disagreement],
    budget: usize,
) -> Result<Vec<Explained>, String> {
    let mut order: Vec<usize> = (0..disagreements.len()).collect();
    order.sort_by_key(|&i| (disagreements[i].0.input.chars().count(), i));
    let prekeys = explain_all(peer, reference, disagreements, &order)
        .map_err(|Broken(why)| format!("while explaining: {why}"))?;
    let mut groups: BTreeMap<(String, bool, String, String), Vec<usize>> = BTreeMap::new();
    for (k, e) in prekeys.iter().enumerate() {
        groups.entry(key_of(e)).or_default().push(k);
    }
    let mut explained: Vec<Explained> = Vec::with_capacity(disagreements.len());
    // Verdict differences and component (or target) differences have a budget each, so that
    // components mode shrinks the verdict differences as verdict mode does: the same classes.
    let mut budgets = [budget, budget];
    for members in groups.values() {
        let mut shrunk_keys: Vec<Explained> = Vec::new();
        for (m, &k) in members.iter().enumerate() {
            let (case, kind, accepted) = &disagreements[order[k]];
            let budget = &mut budgets[usize::from(kind != "verdict")];
            if m < SHRINK_PER_GROUP && *budget > 0 {
                *budget -= 1;
                let e = shrink(peer, reference, case, kind)
                    .and_then(|small| explain(peer, reference, case, &small, kind, *accepted))
                    .map_err(|Broken(why)| format!("while shrinking: {why}"))?;
                shrunk_keys.push(e.clone());
                explained.push(e);
            } else {
                // Counted in the class of the group's first shrunk member, as an example of it.
                let mut e = prekeys[k].clone();
                if let Some(first) = shrunk_keys.first() {
                    e = Explained {
                        original: e.original,
                        ..first.clone()
                    };
                }
                explained.push(e);
            }
        }
    }
    Ok(explained)
}

/// The classes of the explained disagreements, each marked known when a class of `known` matches.
pub(super) fn classes_of(explained: &[Explained], known: &[KnownClass]) -> Vec<Class> {
    let mut classes: BTreeMap<(String, bool, String, String), Class> = BTreeMap::new();
    for e in explained {
        let key = (
            e.kind.clone(),
            e.reference_valid,
            e.rule.clone(),
            e.character_class.clone(),
        );
        let class = classes.entry(key).or_insert_with(|| Class {
            kind: e.kind.clone(),
            reference_valid: e.reference_valid,
            rule: e.rule.clone(),
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
        });
        class.count += 1;
        let shorter = (e.witness.chars().count(), &e.witness)
            < (class.witness.chars().count(), &class.witness);
        if shorter {
            class.witness = e.witness.clone();
            class.base = e.base.clone();
            class.offset = e.offset;
            class.character = e.character.clone();
            class.explanation = e.explanation.clone();
            class.section = e.section.clone();
            class.abnf = e.abnf.clone();
        }
        if class.examples.len() < 5 && !class.examples.contains(&e.original) {
            class.examples.push(e.original.clone());
        }
    }
    let mut classes: Vec<Class> = classes.into_values().collect();
    for c in &mut classes {
        c.known = known.iter().any(|k| {
            k.reference_valid == c.reference_valid
                && k.rule == c.rule
                && k.character_class == c.character_class
                && k.kind.as_deref().is_none_or(|kind| kind == c.kind)
        });
    }
    classes
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
    let mut list: Vec<(bool, &str, &str, &str)> = classes
        .iter()
        .map(|c| {
            (
                c.reference_valid,
                c.rule.as_str(),
                c.character_class.as_str(),
                c.kind.as_str(),
            )
        })
        .collect();
    list.sort();
    /// A class of --known, in the order of the files' keys.
    #[derive(Serialize)]
    struct Known<'a> {
        reference_valid: bool,
        rule: &'a str,
        character_class: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        kind: Option<&'a str>,
    }
    let list: Vec<Known> = list
        .into_iter()
        .map(|(reference_valid, rule, character_class, kind)| Known {
            reference_valid,
            rule,
            character_class,
            kind: (!verdict).then_some(kind),
        })
        .collect();
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
