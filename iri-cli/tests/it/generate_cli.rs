//! `iri generate`: deterministic strings of a language, near misses, and strings that separate two
//! grammars, with every verdict checked again.

use crate::common;

use common::cli::{iri, json_lines};

fn generate(args: &[&str]) -> Vec<serde_json::Value> {
    let mut argv = vec!["generate", "--format", "json"];
    argv.extend(args);
    let (code, out, err) = iri(&argv, None);
    assert_eq!(code, 0, "{err}");
    json_lines(&out)
}

#[test]
fn the_same_seed_gives_the_same_strings() {
    let a = generate(&["--count", "50", "--seed", "9"]);
    let b = generate(&["--count", "50", "--seed", "9"]);
    let c = generate(&["--count", "50", "--seed", "10"]);
    assert_eq!(a.len(), 50);
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Strings of the language: every one is valid in iri, and so in leiri.
    for r in &a {
        assert_eq!(r["valid"]["iri"], true, "{r}");
        assert_eq!(r["valid"]["leiri"], true, "{r}");
    }
}

/// A historical grammar's strings, with every grammar's verdict in the record.
#[test]
fn strings_of_a_historical_grammar() {
    let records = generate(&["--grammar", "masinter07", "--count", "40", "--seed", "4"]);
    assert_eq!(records.len(), 40);
    let mut lines = String::new();
    for r in &records {
        assert_eq!(r["valid"].as_object().unwrap().len(), 9, "{r}");
        assert_eq!(r["valid"]["masinter07"], true, "{r}");
        // draft-masinter-url-i18n-07 ⊂ draft-duerst-iri-01.
        assert_eq!(r["valid"]["duerst01"], true, "{r}");
        let text = r["text"].as_str().unwrap();
        if !text.contains(['\n', '\r']) {
            lines.push_str(text);
            lines.push('\n');
        }
    }
    let n = lines.lines().count();
    let (code, out, _) = iri(
        &["check", "--grammar", "masinter07", "--count"],
        Some(lines.as_bytes()),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("valid: {n}, invalid: 0")), "{out}");
}

#[test]
fn rules_and_mutations() {
    for r in generate(&["--grammar", "uri", "--rule", "IPv6address", "--count", "30"]) {
        let text = r["text"].as_str().unwrap();
        let (code, _, _) = iri(
            &["check", "--grammar", "uri", "--rule", "IPv6address", text],
            None,
        );
        assert_eq!(code, 0, "{text:?}");
        assert_eq!(r["valid"]["uri"], true);
    }
    let mutated = generate(&[
        "--grammar",
        "uri",
        "--mutate",
        "--count",
        "200",
        "--seed",
        "3",
    ]);
    let invalid = mutated
        .iter()
        .filter(|r| r["valid"]["uri"] == false)
        .count();
    assert!(
        invalid > 20 && invalid < 200,
        "{invalid} of 200 near misses are not URIs"
    );
}

/// Strings in one grammar and not the other, re-checked through `iri check` on standard input.
#[test]
fn strings_that_separate_two_grammars() {
    for (a, b) in [
        ("iri", "rfc3987"),
        ("leiri", "iri"),
        ("rfc3987", "uri"),
        ("rfc2396", "uri"),
        ("uri", "rfc2396"),
        ("duerst01", "leiri"),
        ("uri", "iri-printed"),
    ] {
        let records = generate(&["--in", a, "--not-in", b, "--count", "40", "--seed", "5"]);
        assert_eq!(records.len(), 40);
        let mut distinct = std::collections::HashSet::new();
        let mut lines = String::new();
        for r in &records {
            assert_eq!(r["valid"][a], true, "{r}");
            assert_eq!(r["valid"][b], false, "{r}");
            let text = r["text"].as_str().unwrap();
            assert!(text.chars().count() <= 40, "{text:?}");
            if !text.contains(['\n', '\r']) {
                lines.push_str(text);
                lines.push('\n');
            }
            distinct.insert(text.to_string());
        }
        assert!(distinct.len() > 30, "{a} {b}: {} distinct", distinct.len());
        let n = lines.lines().count();
        let (code, out, _) = iri(
            &["check", "--grammar", a, "--count"],
            Some(lines.as_bytes()),
        );
        assert_eq!(code, 0, "{out}");
        assert!(out.contains(&format!("valid: {n}, invalid: 0")), "{out}");
        let (code, out, _) = iri(
            &["check", "--grammar", b, "--count"],
            Some(lines.as_bytes()),
        );
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(&format!("valid: 0, invalid: {n}")), "{out}");
    }
    let (code, _, err) = iri(&["generate", "--in", "uri", "--not-in", "iri"], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("no string is in uri URI-reference and not in iri"),
        "{err}"
    );
}
