//! The normalization and equivalence cases of third-party suites (iri-string, uriparser,
//! jena-iri3986; see each folder's README.txt), checked against `normalize` and `equivalent`. uriparser
//! is an external suite: skipped with a loud notice when the external corpora are absent (see
//! `tests/common/corpora.rs`).
//!
//! A case where the peer expects something else must be listed, with its reason, in
//! `tests/normalize_deviations.txt`; a listed case that agrees again, or an unlisted one that differs,
//! fails the folder's test. On every input, whatever the peer says, our own invariants hold: each level
//! is idempotent, its result is valid under the grammar, and a level applied to the result of the level
//! below gives the level's result.
//!
//! Which level a peer's "normalize" is: iri-string and uriparser do RFC 3986 §6.2.2 syntax-based
//! normalization (`path`); Jena adds default ports and empty paths (`scheme`).
//!
//! Per-suite counts are printed as `suite S: run N, passed P, deviations D`.

use crate::reference_suites;

use iri_abnf::normalize::Level;
use iri_abnf::normalize::{equivalent, normalize};
use iri_abnf::{Grammar, ParseError, ReferenceBuf};
use reference_suites::{external_jsonl, field, jsonl, s, Runner};
use serde_json::Value;

const DEVIATIONS: &str = "tests/normalize_deviations.txt";

fn outcome(got: &Result<ReferenceBuf, ParseError>, expected: &str) -> Result<(), String> {
    match got {
        Ok(n) if n == expected => Ok(()),
        Ok(n) => Err(format!(
            "we give {:?}, the peer expects {expected:?}",
            n.as_str()
        )),
        Err(e) => Err(format!(
            "we give an error ({}), the peer expects {expected:?}",
            e.message()
        )),
    }
}

fn equivalence(
    grammar: Grammar,
    a: &str,
    b: &str,
    level: Level,
    expected: bool,
) -> Result<(), String> {
    match equivalent(grammar, a, b, level) {
        Ok(eq) if eq == expected => Ok(()),
        Ok(eq) => Err(format!(
            "we find them {}equivalent at {level} ({:?} and {:?}), the peer does not",
            if eq { "" } else { "not " },
            normalize(grammar, a, level)
                .map(String::from)
                .unwrap_or_default(),
            normalize(grammar, b, level)
                .map(String::from)
                .unwrap_or_default()
        )),
        Err(e) => Err(format!("we give an error ({})", e.message())),
    }
}

/// Our own invariants on one input, at every level.
fn invariants(runner: &mut Runner, suite: &str, grammar: Grammar, input: &str) {
    let mut previous: Option<String> = None;
    for level in Level::ALL {
        let Ok(n) = normalize(grammar, input, level) else {
            return;
        };
        if normalize(grammar, &n, level).as_ref() != Ok(&n) {
            runner.invariant(
                suite,
                &[input],
                format!("{level} is not idempotent on {n:?}"),
            );
        }
        if let Err(e) = iri_abnf::validate(grammar, grammar.reference_rule(), &n) {
            runner.invariant(
                suite,
                &[input],
                format!("{level} gives {n:?}, invalid: {e}"),
            );
        }
        if let Some(p) = &previous {
            if normalize(grammar, p, level).as_ref() != Ok(&n) {
                runner.invariant(
                    suite,
                    &[input],
                    format!("{level} of the level below is not {n:?}"),
                );
            }
        }
        previous = Some(n.into_string());
    }
}

/// iri-string: the normal forms of tests/components (`normalized_iri`; `normalized_uri` for ASCII
/// input, where mapping the IRI to a URI changes nothing), the IRIs it says differ, the normal forms of
/// its resolution results, and its normalizedness flags.
#[test]
fn iri_string() {
    let mut runner = Runner::new(DEVIATIONS, "iri-string");
    for r in jsonl("iri-string/cases.jsonl") {
        match s(&r, "op") {
            Some("components") => {
                let input = field(&r, "input");
                invariants(&mut runner, "iri-string", Grammar::Iri, &input);
                let got = normalize(Grammar::Iri, &input, Level::Path);
                runner.case(
                    "iri-string",
                    &[&input],
                    outcome(&got, &field(&r, "normalized_iri")),
                );
                if input.is_ascii() {
                    invariants(&mut runner, "iri-string/uri", Grammar::Uri, &input);
                    let got = normalize(Grammar::Uri, &input, Level::Path);
                    runner.case(
                        "iri-string/uri",
                        &[&input],
                        outcome(&got, &field(&r, "normalized_uri")),
                    );
                }
                for other in r["different_iris"].as_array().into_iter().flatten() {
                    let other = other.as_str().unwrap_or_default();
                    let o = equivalence(Grammar::Iri, &input, other, Level::Path, false);
                    runner.case("iri-string/different", &[&input, other], o);
                }
            }
            Some("resolve") => {
                if let Some(normalized) = s(&r, "expected_normalized") {
                    let expected = field(&r, "expected");
                    let got = normalize(Grammar::Iri, &expected, Level::Path);
                    runner.case(
                        "iri-string/resolved",
                        &[&expected],
                        outcome(&got, normalized),
                    );
                }
            }
            Some("is_normalized") => {
                let input = field(&r, "input");
                let expected = r["is_normalized_default"].as_bool().unwrap_or(false);
                let o = match normalize(Grammar::Iri, &input, Level::Path) {
                    Ok(n) if (n == input) == expected => Ok(()),
                    Ok(n) => Err(format!(
                        "normal form {n:?}; the peer says normalized: {expected}"
                    )),
                    Err(e) => Err(format!("we give an error ({})", e.message())),
                };
                runner.case("iri-string/is-normalized", &[&input], o);
            }
            _ => {}
        }
    }
    runner.finish();
}

/// uriparser (URIs only): uriNormalizeSyntax results, with a component mask where the test passes
/// one (the mask is the second part of the case), and normalize-and-compare equivalences.
#[test]
fn uriparser() {
    let mut runner = Runner::new(DEVIATIONS, "uriparser");
    let Some(records) = external_jsonl("uriparser/cases.jsonl") else {
        return runner.skipped();
    };
    for r in records {
        match s(&r, "op").unwrap_or("") {
            "normalize (syntax-based)" => {
                let input = field(&r, "input");
                invariants(&mut runner, "uriparser", Grammar::Uri, &input);
                let got = normalize(Grammar::Uri, &input, Level::Path);
                let o = outcome(&got, &field(&r, "expected"));
                match r
                    .get("mask")
                    .and_then(|m| m.get("expr"))
                    .and_then(Value::as_str)
                {
                    Some(mask) => runner.case("uriparser/mask", &[&input, mask], o),
                    None => runner.case("uriparser", &[&input], o),
                }
            }
            "normalize-and-compare" => {
                let (a, b) = (field(&r, "input"), field(&r, "other"));
                let o = equivalence(Grammar::Uri, &a, &b, Level::Path, true);
                runner.case("uriparser/equivalent", &[&a, &b], o);
            }
            _ => {}
        }
    }
    runner.finish();
}

/// jena-iri3986 and Jena IRIx: testNormalize.
#[test]
fn jena_iri3986() {
    let mut runner = Runner::new(DEVIATIONS, "jena-iri3986");
    for r in jsonl("jena-iri3986/calls.jsonl") {
        if s(&r, "call") != Some("testNormalize") {
            continue;
        }
        let args: Vec<&str> = r["args"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let [input, expected] = args[..] else {
            panic!("jena-iri3986: unexpected arguments in {r}");
        };
        invariants(&mut runner, "jena-iri3986", Grammar::Iri, input);
        let got = normalize(Grammar::Iri, input, Level::Scheme);
        runner.case("jena-iri3986", &[input], outcome(&got, expected));
    }
    runner.finish();
}
