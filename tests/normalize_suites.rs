//! Third-party normalization and equivalence cases from the corpora (iri-string, uriparser,
//! jena-iri3986; see each folder's README.txt). A case where a peer's expectation differs from ours must
//! be listed in `tests/normalize_deviations.txt` with the reason; a listed case that agrees, or that is
//! no longer run, fails the test. Per-suite counts are printed (run/passed/deviations).
//!
//! Which level a peer's "normalize" is: iri-string, uriparser — RFC 3986 §6.2.2 syntax-based
//! normalization (`path`); Jena — syntax-based plus default ports and empty paths (`scheme`).

mod reference_suites;

use reference_suites::{jsonl, key, s, Deviations, Runner};
use iri_abnf::normalize::{equivalent, normalize};
use iri_abnf::{Grammar, Level};
use serde_json::Value;

fn outcome(got: &Result<String, iri_abnf::ParseError>, expected: &str) -> Result<(), String> {
    match got {
        Ok(n) if n == expected => Ok(()),
        Ok(n) => Err(format!("we give {n:?}, the peer expects {expected:?}")),
        Err(e) => Err(format!(
            "we give an error ({}), the peer expects {expected:?}",
            e.message()
        )),
    }
}

/// Our own invariants, checked on every input of every suite: idempotence, validity of the output
/// under the same grammar, and agreement of the ladder (a higher level of a lower level's result is
/// the higher level's result).
fn invariants(runner: &mut Runner, suite: &str, grammar: Grammar, input: &str) {
    let mut previous: Option<String> = None;
    for level in Level::ALL {
        let Ok(n) = normalize(grammar, input, level) else {
            return;
        };
        let k = key(&[input]);
        if normalize(grammar, &n, level).as_ref() != Ok(&n) {
            runner.invariant(suite, &k, format!("{level} is not idempotent on {n:?}"));
        }
        if let Err(e) = iri_abnf::validate(grammar, grammar.reference_rule(), &n) {
            runner.invariant(suite, &k, format!("{level} gives {n:?}, invalid: {e}"));
        }
        if let Some(p) = &previous {
            if normalize(grammar, p, level).as_ref() != Ok(&n) {
                runner.invariant(
                    suite,
                    &k,
                    format!("{level} of the level below differs from {n:?}"),
                );
            }
        }
        previous = Some(n);
    }
}

#[test]
fn third_party_normalization() {
    let mut runner = Runner::new(Deviations::load("tests/normalize_deviations.txt"));

    for r in jsonl("iri-string/cases.jsonl") {
        match s(&r, "op") {
            Some("components") => {
                let input = s(&r, "input").unwrap_or_default();
                invariants(&mut runner, "iri-string", Grammar::Iri, input);
                let normalized_iri = s(&r, "normalized_iri").unwrap_or_default();
                let got = normalize(Grammar::Iri, input, Level::Path);
                runner.case(
                    "iri-string/iri",
                    &key(&[input]),
                    outcome(&got, normalized_iri),
                );
                // The URI form is the IRI mapped to a URI first (3987bis §3.6); for ASCII input that
                // mapping changes nothing.
                if input.is_ascii() {
                    invariants(&mut runner, "iri-string", Grammar::Uri, input);
                    let normalized_uri = s(&r, "normalized_uri").unwrap_or_default();
                    let got = normalize(Grammar::Uri, input, Level::Path);
                    runner.case(
                        "iri-string/uri",
                        &key(&[input]),
                        outcome(&got, normalized_uri),
                    );
                }
                for other in r["different_iris"].as_array().into_iter().flatten() {
                    let other = other.as_str().unwrap_or_default();
                    let got = equivalent(Grammar::Iri, input, other, Level::Path);
                    let o = match got {
                        Ok(false) => Ok(()),
                        Ok(true) => Err("we find them equivalent, the peer does not".to_string()),
                        Err(e) => Err(format!("error: {}", e.message())),
                    };
                    runner.case("iri-string/different", &key(&[input, other]), o);
                }
            }
            Some("resolve") => {
                if let (Some(expected), Some(normalized)) =
                    (s(&r, "expected"), s(&r, "expected_normalized"))
                {
                    let got = normalize(Grammar::Iri, expected, Level::Path);
                    runner.case(
                        "iri-string/resolved",
                        &key(&[expected]),
                        outcome(&got, normalized),
                    );
                }
            }
            Some("is_normalized") => {
                let input = s(&r, "input").unwrap_or_default();
                let expected = r["is_normalized_default"].as_bool().unwrap_or(false);
                let o = match normalize(Grammar::Iri, input, Level::Path) {
                    Ok(n) if (n == input) == expected => Ok(()),
                    Ok(n) => Err(format!(
                        "normal form {n:?}; the peer says normalized: {expected}"
                    )),
                    Err(e) => Err(format!("error: {}", e.message())),
                };
                runner.case("iri-string/is-normalized", &key(&[input]), o);
            }
            _ => {}
        }
    }

    for r in jsonl("uriparser/cases.jsonl") {
        let op = s(&r, "op").unwrap_or("");
        if op == "normalize (syntax-based)" {
            let input = s(&r, "input").unwrap_or_default();
            let expected = s(&r, "expected").unwrap_or_default();
            invariants(&mut runner, "uriparser", Grammar::Uri, input);
            let mut k = key(&[input]);
            if let Some(mask) = r
                .get("mask")
                .and_then(|m| m.get("expr"))
                .and_then(Value::as_str)
            {
                k.push_str(&format!(" ({mask})"));
            }
            let got = normalize(Grammar::Uri, input, Level::Path);
            runner.case("uriparser", &k, outcome(&got, expected));
        } else if op == "normalize-and-compare" {
            let (a, b) = (
                s(&r, "input").unwrap_or_default(),
                s(&r, "other").unwrap_or_default(),
            );
            let o = match equivalent(Grammar::Uri, a, b, Level::Path) {
                Ok(true) => Ok(()),
                Ok(false) => Err(format!(
                    "not equivalent: {:?} vs {:?}",
                    normalize(Grammar::Uri, a, Level::Path).unwrap_or_default(),
                    normalize(Grammar::Uri, b, Level::Path).unwrap_or_default()
                )),
                Err(e) => Err(format!("error: {}", e.message())),
            };
            runner.case("uriparser/equivalent", &key(&[a, b]), o);
        }
    }

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
        runner.case("jena-iri3986", &key(&[input]), outcome(&got, expected));
    }

    runner.finish("normalization and equivalence");
}
