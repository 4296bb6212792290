//! The modules of the command (`src/cli/`) import each other without circles, and a module reaches
//! what it shares with others through the module that holds it, never through the parent module
//! (`cli/mod.rs` only defines the command line and dispatches to the subcommands).
//!
//! An import is a `super::…` path in a module's code outside comments and its `#[cfg(test)]` items;
//! its first segment names the module imported.
//!
//! The judge (`iri judge`) is a crate of its own, `iri-judge` in `judge/`: `cargo xtask layers`
//! checks the order of its modules; that it stays below the command is the crate boundary, which the
//! last test here checks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The code of a module file without its line comments and without its `#[cfg(test)]` items (which
/// come last in every file here).
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|l| match l.find("//") {
            // A `//` inside a string (an address in a help text) is not a comment.
            Some(at) if l[..at].matches('"').count() % 2 == 0 => &l[..at],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segment of every `super::` path of `code`: `super::a::b` and `super::{a, b::c}` give `a`
/// (and `b`).
fn imports(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        rest = &rest[at + "super::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The group up to its matching brace, split at the commas of its top level.
            let (mut depth, mut start) = (0usize, 0usize);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        found.push(group[start..i].to_string());
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.push(group[start..i].to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            found.push(rest.to_string());
        }
    }
    found
        .iter()
        .map(|path| {
            path.trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|first| !first.is_empty())
        .collect()
}

#[test]
fn the_modules_import_each_other_without_circles_and_not_through_the_parent() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut sources = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(name) = path.file_stem().and_then(|n| n.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
            sources.insert(name.to_string(), std::fs::read_to_string(&path).unwrap());
        }
    }
    assert!(sources.len() > 10, "{sources:?}");
    let mut edges: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    let mut through_parent = Vec::new();
    for (name, text) in &sources {
        for first in imports(&code(text)) {
            if sources.contains_key(&first) {
                edges.entry(name).or_default().insert(first);
            } else {
                through_parent.push(format!("{name} uses super::{first}"));
            }
        }
    }
    assert!(through_parent.is_empty(), "{through_parent:?}");
    // The modules that import records, so that the check above saw the imports at all.
    let of_records: Vec<&str> = edges
        .iter()
        .filter(|(_, to)| to.contains("records"))
        .map(|(from, _)| *from)
        .collect();
    for user in ["check", "lint", "parse", "compare"] {
        assert!(of_records.contains(&user), "{user}: {of_records:?}");
    }
    // A circle: a module that reaches itself.
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&str> = edges[start].iter().map(String::as_str).collect();
        while let Some(m) = stack.pop() {
            assert_ne!(m, *start, "{start} reaches itself: {edges:?}");
            if seen.insert(m) {
                stack.extend(edges.get(m).into_iter().flatten().map(String::as_str));
            }
        }
    }
}

/// The judge's crate depends on the library and neither on the command nor on its command-line
/// crates; the command's `judge` is one file that turns its arguments into the judge's options.
#[test]
fn the_judge_is_a_crate_below_the_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let manifest: toml::Table = std::fs::read_to_string(root.join("judge/Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(manifest["package"]["name"].as_str(), Some("iri-judge"));
    let dependencies = manifest["dependencies"].as_table().unwrap();
    assert!(dependencies.contains_key("iri-abnf"), "{dependencies:?}");
    for cli in [
        "iri-cli",
        "clap",
        "clap_complete",
        "clap_mangen",
        "indicatif",
    ] {
        assert!(
            !dependencies.contains_key(cli),
            "iri-judge depends on {cli}"
        );
    }
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    assert!(cli.join("judge.rs").is_file());
    assert!(
        !cli.join("judge").exists(),
        "the judge's modules are in judge/src/"
    );
    let judge = std::fs::read_to_string(cli.join("judge.rs")).unwrap();
    assert!(judge.contains("iri_judge::run("));
}

#[test]
fn imports_are_read_from_paths_and_groups() {
    let text = "use super::input::{escape, Item};\nuse super::{a, b::{c, d}};\n\
                // use super::commented;\nlet x = super::output::null_records();\n\
                #[cfg(test)]\nmod tests { use super::*; }";
    assert_eq!(imports(&code(text)), ["input", "a", "b", "output"]);
}
