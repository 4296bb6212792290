//! The `.abnf` files, the `.pest` transcriptions and the start rules describe the same rule sets, and
//! every pest rule carries its ABNF text as a `///` doc comment.

use std::collections::{BTreeMap, BTreeSet};

use iri_abnf::Grammar;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/");

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{file}")).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Collapses whitespace and drops the ABNF comment of a definition, so that texts can be compared.
fn normalize(def: &str) -> String {
    let mut out = Vec::new();
    for line in def.lines() {
        // A ";" outside quotes starts a comment (RFC 5234 §4).
        let mut in_quote = false;
        let mut cut = line.len();
        for (i, c) in line.char_indices() {
            match c {
                '"' => in_quote = !in_quote,
                ';' if !in_quote => {
                    cut = i;
                    break;
                }
                _ => {}
            }
        }
        out.extend(line[..cut].split_whitespace().map(str::to_string));
    }
    out.join(" ")
}

/// Rule definitions of ABNF text: live rules, and the printed rules kept as `; name = …` comments.
fn abnf_rules(text: &str) -> (Vec<(String, String)>, BTreeMap<String, String>) {
    let mut live: Vec<(String, String)> = Vec::new();
    let mut printed: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<(bool, String, String)> = None;
    let flush = |cur: &mut Option<(bool, String, String)>,
                 live: &mut Vec<(String, String)>,
                 printed: &mut BTreeMap<String, String>| {
        if let Some((is_live, name, def)) = cur.take() {
            if is_live {
                live.push((name, normalize(&def)));
            } else {
                printed.insert(name, normalize(&def));
            }
        }
    };
    for line in text.lines() {
        let (is_comment, body) = match line.strip_prefix(';') {
            Some(rest) => (true, rest.trim_start()),
            None => (false, line),
        };
        let starts_rule = body
            .split_once('=')
            .map(|(lhs, _)| {
                let lhs = lhs.trim_end();
                !lhs.is_empty()
                    && lhs.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && lhs.starts_with(|c: char| c.is_ascii_alphabetic())
                    && (is_comment || !line.starts_with(' '))
            })
            .unwrap_or(false);
        if starts_rule {
            flush(&mut current, &mut live, &mut printed);
            let (lhs, rhs) = body.split_once('=').unwrap_or_default();
            current = Some((!is_comment, lhs.trim().to_string(), rhs.to_string()));
        } else if let Some((is_live, _, def)) = current.as_mut() {
            let continues = if *is_live {
                !is_comment && line.starts_with(' ') && !line.trim().is_empty()
            } else {
                is_comment && body.starts_with('/')
            };
            if continues {
                def.push('\n');
                def.push_str(body);
            } else {
                flush(&mut current, &mut live, &mut printed);
            }
        }
    }
    flush(&mut current, &mut live, &mut printed);
    (live, printed)
}

fn abnf_files(g: Grammar) -> &'static [&'static str] {
    match g {
        Grammar::Uri => &["core.abnf", "uri.abnf"],
        Grammar::Rfc3987 => &["core.abnf", "rfc3987.abnf"],
        Grammar::Iri => &["core.abnf", "iri.abnf"],
        Grammar::Leiri => &["core.abnf", "iri.abnf", "leiri.abnf"],
    }
}

fn pest_files(g: Grammar) -> &'static [&'static str] {
    match g {
        Grammar::Uri => &["core.pest", "rfc3986-common.pest", "uri.pest"],
        Grammar::Rfc3987 => &[
            "core.pest",
            "rfc3986-common.pest",
            "rfc3987.pest",
            "iunreserved.pest",
        ],
        Grammar::Iri => &[
            "core.pest",
            "rfc3986-common.pest",
            "3987bis.pest",
            "iunreserved.pest",
        ],
        Grammar::Leiri => &[
            "core.pest",
            "rfc3986-common.pest",
            "3987bis.pest",
            "leiri.pest",
        ],
    }
}

/// Live rules of a grammar in order (later files replace earlier rules) and all printed forms.
fn grammar_abnf(g: Grammar) -> (Vec<(String, String)>, BTreeMap<String, String>) {
    let mut live: Vec<(String, String)> = Vec::new();
    let mut printed = BTreeMap::new();
    for f in abnf_files(g) {
        let (l, p) = abnf_rules(&read(f));
        for (name, def) in l {
            match live.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = def,
                None => live.push((name, def)),
            }
        }
        printed.extend(p);
    }
    if g == Grammar::Leiri {
        // 3987bis §5.1: ucschar is replaced by leiri-ucschar (note 4).
        live.retain(|(n, _)| n != "ucschar");
    }
    (live, printed)
}

/// Pest rules (name with "_") and their `///` doc text, per file.
fn pest_rules(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut doc = String::new();
    for line in text.lines() {
        if let Some(d) = line.strip_prefix("///") {
            doc.push_str(d);
            doc.push('\n');
        } else if line.starts_with("//") || line.trim().is_empty() {
            continue;
        } else if let Some((name, _)) = line.split_once(" = ") {
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push((name.to_string(), std::mem::take(&mut doc)));
            }
        }
    }
    out
}

/// The start wrappers of `start-G.pest`, in file order, with their pest names (`IP_literal`).
fn start_rules(g: Grammar) -> Vec<String> {
    read(&format!("start-{g}.pest"))
        .lines()
        .filter_map(|l| l.strip_prefix("start_"))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn start_rules_cover_the_abnf() {
    for g in Grammar::ALL {
        let (live, _) = grammar_abnf(g);
        let abnf: Vec<String> = live.iter().map(|(n, _)| n.replace('-', "_")).collect();
        assert_eq!(
            start_rules(g),
            abnf,
            "{g}: the start rules differ from the .abnf rules, or are in another order"
        );
    }
}

#[test]
fn grammar_rules_are_the_abnf_rules_in_order() {
    for g in Grammar::ALL {
        let (live, _) = grammar_abnf(g);
        let abnf: Vec<&str> = live.iter().map(|(n, _)| n.as_str()).collect();
        let rules: Vec<&str> = g.rules().iter().map(|r| r.name()).collect();
        assert_eq!(
            rules, abnf,
            "{g}: Grammar::rules differs from the .abnf rules"
        );
        for (name, _) in &live {
            let rule = g
                .rule(name.as_str())
                .unwrap_or_else(|| panic!("{g}: {name}"));
            assert!(g.has(rule), "{g}: {name}");
        }
    }
}

#[test]
fn pest_rules_are_the_abnf_rules_with_their_text() {
    for g in Grammar::ALL {
        let (live, printed) = grammar_abnf(g);
        let abnf: BTreeSet<String> = live.iter().map(|(n, _)| n.replace('-', "_")).collect();
        let mut pest: BTreeMap<String, String> = BTreeMap::new();
        for f in pest_files(g) {
            for (name, doc) in pest_rules(&read(f)) {
                assert!(
                    pest.insert(name.clone(), doc).is_none(),
                    "{g}: {name} defined twice"
                );
            }
        }
        let pest_names: BTreeSet<String> = pest.keys().cloned().collect();
        assert_eq!(
            pest_names, abnf,
            "{g}: pest rules differ from the .abnf rules"
        );
        for (name, def) in &live {
            let doc = &pest[&name.replace('-', "_")];
            let (doc_name, doc_def) = doc
                .split_once('=')
                .unwrap_or_else(|| panic!("{g}: {name} has no `/// {name} = …` doc"));
            assert_eq!(
                doc_name.trim(),
                name,
                "{g}: doc of {name} names another rule"
            );
            let doc_def = normalize(doc_def);
            let printed_def = printed.get(name);
            assert!(
                doc_def == *def || Some(&doc_def) == printed_def,
                "{g}: doc of {name} is {doc_def:?}; the .abnf has {def:?} (printed: {printed_def:?})"
            );
        }
    }
}

#[test]
fn amended_rules_are_marked_with_their_note() {
    // Every live rule that differs from a printed one carries "[note N]" on its line.
    for f in ["uri.abnf", "rfc3987.abnf", "iri.abnf", "leiri.abnf"] {
        let text = read(f);
        let (live, printed) = abnf_rules(&text);
        for (name, def) in &live {
            if let Some(p) = printed.get(name) {
                assert_ne!(p, def, "{f}: {name} printed and live are the same");
                let marked = text.lines().any(|l| {
                    !l.starts_with(';')
                        && l.trim_start().starts_with(name.as_str())
                        && l.contains("[note ")
                }) || text.contains("[note 4]") && name == "iunreserved"
                    || text.contains("[note 5]") && name == "leiri-ucschar";
                assert!(marked, "{f}: amended rule {name} has no [note N] mark");
            }
        }
    }
}

#[test]
fn the_grammar_guide_carries_the_interpretation_notes() {
    let notes = read("NOTES.md");
    let body = notes
        .split_once('\n')
        .map(|(_, b)| b.trim())
        .unwrap_or_default();
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/grammars.md"))
        .expect("docs/grammars.md");
    assert!(!body.is_empty());
    assert!(
        guide.contains(body),
        "docs/grammars.md's interpretation notes differ from grammar/NOTES.md"
    );
    for n in 1..=32 {
        assert!(
            body.contains(&format!("\n{n}. ")) || body.starts_with(&format!("{n}. ")),
            "note {n}"
        );
    }
}
