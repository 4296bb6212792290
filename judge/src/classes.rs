//! Explained disagreements, their classes, and the known classes of `--known`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::characters::normalized_class;

/// One disagreement, shrunk and explained.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Explained {
    pub(crate) witness: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) base: Option<String>,
    pub(crate) original: String,
    pub(crate) kind: String,
    pub(crate) reference_valid: bool,
    pub(crate) offset: usize,
    pub(crate) character: Option<String>,
    pub(crate) character_class: String,
    pub(crate) rule: String,
    /// The rule of the disagreement as it was found, before shrinking (the deciding character's, or
    /// the one where the reference rejects).
    pub(crate) seen_in: String,
    pub(crate) section: String,
    pub(crate) abnf: String,
    pub(crate) explanation: String,
}

/// A class of disagreements: the same kind, direction and character class (the class of the deciding
/// character where the reference accepts, of the character where it rejects), whatever the rule
/// the character is in; where no character decides (`no single character`, `end of input`, a
/// component's or a target's value), the same rule too.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Class {
    pub(crate) kind: String,
    pub(crate) reference_valid: bool,
    /// The rule of the shortest witness.
    pub(crate) rule: String,
    /// Every rule the class was seen in (its disagreements' as they were found, before shrinking),
    /// the most frequent first (then by name).
    pub(crate) rules: Vec<String>,
    pub(crate) character_class: String,
    pub(crate) section: String,
    pub(crate) abnf: String,
    pub(crate) count: usize,
    pub(crate) witness: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) base: Option<String>,
    pub(crate) offset: usize,
    pub(crate) character: Option<String>,
    pub(crate) explanation: String,
    pub(crate) examples: Vec<String>,
    pub(crate) known: bool,
}

/// A known class of `--known`. `rule` is compared only for a class whose rule is part of its key
/// (no deciding character); files of earlier versions, which name a rule for every class and each
/// range of `ucschar` apart, are read alike ([`normalized_class`]).
#[derive(serde::Deserialize)]
pub(crate) struct KnownClass {
    pub(crate) reference_valid: bool,
    #[serde(default)]
    pub(crate) rule: Option<String>,
    pub(crate) character_class: String,
    #[serde(default)]
    pub(crate) kind: Option<String>,
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

/// The key of a class ([`Class`]): kind, direction, character class, and the rule where no
/// character decides.
pub(crate) type Key = (String, bool, String, String);

/// The class of an explained disagreement.
pub(crate) fn key_of(e: &Explained) -> Key {
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

/// The classes of the explained disagreements, each marked known when a class of `known` matches.
pub(crate) fn classes_of(explained: &[Explained], known: &[KnownClass]) -> Vec<Class> {
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
pub(crate) fn read_known(path: &Path) -> Result<Vec<KnownClass>, String> {
    std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
}

/// Writes the classes to `path` in the format of `--known` (with their kind outside verdict mode),
/// sorted.
pub(crate) fn write_known(path: &Path, classes: &[Class], verdict: bool) -> Result<(), String> {
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
