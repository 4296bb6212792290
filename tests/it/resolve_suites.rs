//! The reference resolution and relativization cases of third-party suites, checked against
//! `resolve` and `relativize`.
//!
//! Each corpus folder's cases are read from its corpus (vendored in `tests/corpora/`, or, for the suites
//! that cannot ship with the crate, the external corpora, skipped with a loud notice when absent; see
//! `tests/common/corpora.rs` and each folder's README.txt). A case
//! where the peer expects something else must be listed, with its reason, in
//! `tests/resolve_deviations.txt`; a listed case that agrees again, or an unlisted one that differs,
//! fails the folder's test. Whatever the peer says, two invariants of ours hold on every case: a
//! resolution result is an IRI of the grammar, and a relativization result resolves to the target.
//!
//! Per-suite counts are printed as `suite S: run N, passed P, deviations D`.

use crate::reference_suites;

use iri_abnf::normalize::normalize;
use iri_abnf::normalize::Level;
use iri_abnf::{relativize, resolve, resolve_with, Grammar, Mode};
use reference_suites::{external_jsonl, field, json_array, jsonl, s, Runner};
use serde_json::Value;

const DEVIATIONS: &str = "tests/resolve_deviations.txt";

/// What a peer expects from a resolution.
#[derive(Clone, Debug)]
enum Expect {
    /// This target IRI.
    Target(String),
    /// An error (the peer refuses the base or the reference).
    Error,
    /// Some result; the peer does not say which.
    AnyOk,
}

struct Resolution {
    suite: &'static str,
    grammar: Grammar,
    mode: Mode,
    base: String,
    reference: String,
    expect: Expect,
    /// Normalize the base (`path` level) before resolving, as the peer's test does.
    normalize_base: bool,
}

struct Relativization {
    suite: &'static str,
    grammar: Grammar,
    base: String,
    target: String,
    /// `Some(reference)`, or `None` when the peer gives no relative reference (an error, or null).
    expected: Option<String>,
}

#[derive(Default)]
struct Cases {
    resolutions: Vec<Resolution>,
    relativizations: Vec<Relativization>,
}

impl Cases {
    fn resolve(
        &mut self,
        suite: &'static str,
        grammar: Grammar,
        base: &str,
        reference: &str,
        expected: &str,
    ) -> &mut Resolution {
        self.resolutions.push(Resolution {
            suite,
            grammar,
            mode: Mode::Strict,
            base: base.to_string(),
            reference: reference.to_string(),
            expect: Expect::Target(expected.to_string()),
            normalize_base: false,
        });
        self.resolutions.last_mut().expect("just pushed")
    }

    fn relativize(
        &mut self,
        suite: &'static str,
        grammar: Grammar,
        base: &str,
        target: &str,
        expected: Option<&str>,
    ) {
        self.relativizations.push(Relativization {
            suite,
            grammar,
            base: base.to_string(),
            target: target.to_string(),
            expected: expected.map(str::to_string),
        });
    }
}

fn show<S: AsRef<str>, E: std::fmt::Display>(r: &Result<S, E>) -> String {
    match r {
        Ok(s) => format!("{:?}", s.as_ref()),
        Err(e) => format!("an error ({e})"),
    }
}

fn iri_rule(g: Grammar) -> iri_abnf::Rule {
    if g == Grammar::Uri {
        iri_abnf::Rule::Uri
    } else {
        iri_abnf::Rule::Iri
    }
}

fn run(folder: &'static str, cases: Cases) {
    let mut runner = Runner::new(DEVIATIONS, folder);
    for c in &cases.resolutions {
        let base = if c.normalize_base {
            normalize(c.grammar, &c.base, Level::Path)
                .map(String::from)
                .unwrap_or_else(|_| c.base.clone())
        } else {
            c.base.clone()
        };
        let got = resolve_with(c.grammar, &base, &c.reference, c.mode);
        let parts = [c.base.as_str(), c.reference.as_str()];
        if let Ok(t) = &got {
            if let Err(e) = iri_abnf::validate(c.grammar, iri_rule(c.grammar), t) {
                runner.invariant(
                    c.suite,
                    &parts,
                    format!("result {t:?} is not an {}: {e}", iri_rule(c.grammar)),
                );
            }
        }
        let outcome = match (&c.expect, &got) {
            (Expect::Target(e), Ok(t)) if e == t => Ok(()),
            (Expect::Error, Err(_)) | (Expect::AnyOk, Ok(_)) => Ok(()),
            (e, g) => Err(format!(
                "{} {:?}: we give {}, the peer expects {e:?}",
                c.grammar,
                c.mode,
                show(g)
            )),
        };
        runner.case(c.suite, &parts, outcome);
    }
    for c in &cases.relativizations {
        let got = relativize(c.grammar, &c.base, &c.target);
        let parts = [c.base.as_str(), c.target.as_str()];
        if let Ok(r) = &got {
            match resolve(c.grammar, &c.base, r) {
                Ok(t) if t == c.target => {}
                other => runner.invariant(
                    c.suite,
                    &parts,
                    format!("{r:?} resolves to {}", show(&other)),
                ),
            }
        }
        let outcome = match (&c.expected, &got) {
            (Some(e), Ok(r)) if e == r => Ok(()),
            (None, Err(_)) => Ok(()),
            // A peer that declines to relativize agrees with an answer that is the target itself.
            (None, Ok(r)) if *r == c.target => Ok(()),
            (e, g) => Err(format!(
                "{}: we give {}, the peer expects {e:?}",
                c.grammar,
                show(g)
            )),
        };
        runner.case(c.suite, &parts, outcome);
    }
    runner.finish();
}

/// RFC 3986 §5.4, extracted from the RFC text; the "backward compatibility" row is non-strict.
#[test]
fn rfc3986_sec5_4() {
    let mut cases = Cases::default();
    for r in json_array("rfc3986-sec5.4/resolution.json") {
        let c = cases.resolve(
            "rfc3986-sec5.4",
            Grammar::Uri,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        );
        if s(&r, "note").unwrap_or("").contains("backward") {
            c.mode = Mode::NonStrict;
        }
    }
    run("rfc3986-sec5.4", cases);
}

/// oxiri: strict IRI resolution; its lenient (unchecked) mode, whose inputs (spaces, tabs,
/// backslashes) are checked under the LEIRI grammar, which admits them; relative bases (an oxiri
/// extension); error cases; relativization.
#[test]
fn oxiri() {
    let mut cases = Cases::default();
    for r in jsonl("oxiri/cases.jsonl") {
        match s(&r, "op") {
            Some("resolve") => {
                let (suite, grammar) = match s(&r, "test").unwrap_or("") {
                    "test_resolve_relative_iri" => ("oxiri", Grammar::Iri),
                    "test_resolve_relative_iri_unchecked" => ("oxiri/unchecked", Grammar::Leiri),
                    "test_resolve_relative_iri_relative_base" => {
                        ("oxiri/relative-base", Grammar::Iri)
                    }
                    "test_wrong_relative_parsing_with_specific_bases" => {
                        ("oxiri/errors", Grammar::Iri)
                    }
                    other => panic!("oxiri: unknown resolve group {other}"),
                };
                let c = cases.resolve(
                    suite,
                    grammar,
                    &field(&r, "base"),
                    &field(&r, "reference"),
                    "",
                );
                c.expect = match s(&r, "expected") {
                    Some(e) => Expect::Target(e.to_string()),
                    None => Expect::Error,
                };
            }
            Some("relativize") => {
                cases.relativize(
                    "oxiri/relativize",
                    Grammar::Iri,
                    &field(&r, "base"),
                    &field(&r, "target"),
                    s(&r, "expected"),
                );
            }
            _ => {}
        }
    }
    run("oxiri", cases);
}

/// iri-string: strict resolution, including its percent_encoded_dots group.
#[test]
fn iri_string() {
    let mut cases = Cases::default();
    for r in jsonl("iri-string/cases.jsonl") {
        if s(&r, "op") == Some("resolve") {
            cases.resolve(
                "iri-string",
                Grammar::Iri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            );
        }
    }
    run("iri-string", cases);
}

/// fluent-uri: results, errors, the path-underflow option (allowed: some result), and cases whose
/// base the test normalizes first.
#[test]
fn fluent_uri() {
    let mut cases = Cases::default();
    for r in jsonl("fluent-uri/cases.jsonl") {
        if s(&r, "op") != Some("resolve") {
            continue;
        }
        let normalized = s(&r, "base_note") == Some("base normalized first");
        let suite = if normalized {
            "fluent-uri/normalized-base"
        } else {
            "fluent-uri"
        };
        let c = cases.resolve(
            suite,
            Grammar::Iri,
            &field(&r, "base"),
            &field(&r, "reference"),
            "",
        );
        c.normalize_base = normalized;
        c.expect = if let Some(e) = s(&r, "expected") {
            Expect::Target(e.to_string())
        } else if s(&r, "expected_error").is_some() {
            Expect::Error
        } else if s(&r, "expect_when_underflow_allowed").is_some() {
            Expect::AnyOk
        } else {
            panic!("fluent-uri: no expectation in {r}");
        };
    }
    run("fluent-uri", cases);
}

/// uriparser (RFC 3986 URIs only): uriAddBaseUri (backward_compatibility marks its non-strict calls)
/// and uriRemoveBaseUri.
#[test]
fn uriparser() {
    let Some(records) = external_jsonl("uriparser/cases.jsonl") else {
        return Runner::new(DEVIATIONS, "uriparser").skipped();
    };
    let mut cases = Cases::default();
    for r in records {
        let op = s(&r, "op").unwrap_or("");
        if op.starts_with("resolve") {
            let c = cases.resolve(
                "uriparser",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            );
            if r.get("backward_compatibility").and_then(Value::as_bool) == Some(true) {
                c.mode = Mode::NonStrict;
            }
        } else if op.starts_with("relativize") {
            cases.relativize(
                "uriparser/relativize",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "target"),
                Some(&field(&r, "expected")),
            );
        }
    }
    run("uriparser", cases);
}

/// network-uri (RFC 3986 URIs only): testRelJoin, and both halves of testRelative.
#[test]
fn network_uri() {
    let mut cases = Cases::default();
    for r in jsonl("network-uri/cases.jsonl") {
        let op = s(&r, "op").unwrap_or("");
        if matches!(op, "resolve" | "resolve+relativize") {
            cases.resolve(
                "network-uri",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "relative"),
                &field(&r, "absolute"),
            );
        }
        if matches!(op, "relativize" | "resolve+relativize") {
            cases.relativize(
                "network-uri/relativize",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "absolute"),
                Some(&field(&r, "relative")),
            );
        }
    }
    run("network-uri", cases);
}

/// jena-iri (the old Jena IRI library). It accepts, with violation warnings, characters that only the
/// LEIRI grammar admits (spaces, controls, backslashes), and it resolves a reference with the base's
/// scheme non-strictly (`file:foo.n3` against a `file:` base is merged).
#[test]
fn jena_iri() {
    let mut cases = Cases::default();
    for r in jsonl("jena-iri/test_resolve.jsonl") {
        let base = r["base"]["iri"].as_str().unwrap_or_default();
        let relative = r["relative"]["iri"].as_str().unwrap_or_default();
        let Some(result) = r["result"]["toString"].as_str() else {
            panic!("jena-iri: no result in {r}");
        };
        cases
            .resolve("jena-iri", Grammar::Leiri, base, relative, result)
            .mode = Mode::NonStrict;
        // `{}`: the test asserts no relativization for this pair.
        if let Some(rel) = r["relativize"]["toString"].as_str() {
            cases.relativize(
                "jena-iri/relativize",
                Grammar::Leiri,
                base,
                result,
                Some(rel),
            );
        }
    }
    run("jena-iri", cases);
}

/// jena-iri3986 (current Jena, RFC 3986/3987) and Jena IRIx: resolution, relativization (null: Jena
/// gives no relative form) and relative paths between two paths.
#[test]
fn jena_iri3986() {
    let mut cases = Cases::default();
    for r in jsonl("jena-iri3986/calls.jsonl") {
        let args = r["args"].as_array().cloned().unwrap_or_default();
        let arg = |i: usize| args.get(i).and_then(Value::as_str);
        match s(&r, "call").unwrap_or("") {
            "testResolve" | "resolve" | "testResolveNormalise" => {
                let (Some(base), Some(reference), Some(expected)) = (arg(0), arg(1), arg(2)) else {
                    panic!("jena-iri3986: unexpected arguments in {r}");
                };
                cases.resolve("jena-iri3986", Grammar::Iri, base, reference, expected);
            }
            "testRelative" | "testRelativize" | "relative" => {
                let (Some(base), Some(target)) = (arg(0), arg(1)) else {
                    panic!("jena-iri3986: unexpected arguments in {r}");
                };
                cases.relativize(
                    "jena-iri3986/relativize",
                    Grammar::Iri,
                    base,
                    target,
                    arg(2),
                );
            }
            "test_relative_path" => {
                // Paths only: put them under one authority.
                let (Some(base), Some(target), Some(expected)) = (arg(0), arg(1), arg(2)) else {
                    panic!("jena-iri3986: unexpected arguments in {r}");
                };
                cases.relativize(
                    "jena-iri3986/relative-path",
                    Grammar::Iri,
                    &format!("http://host{base}"),
                    &format!("http://host{target}"),
                    Some(expected),
                );
            }
            _ => {}
        }
    }
    run("jena-iri3986", cases);
}

/// sophia-iri: RFC 3986 §5.4 examples.
#[test]
fn sophia_iri() {
    let mut cases = Cases::default();
    for r in jsonl("sophia-iri/cases.jsonl") {
        if s(&r, "op") == Some("resolve") {
            cases.resolve(
                "sophia-iri",
                Grammar::Iri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            );
        }
    }
    run("sophia-iri", cases);
}

/// python-rfc3987: its resolve test table and the resolve doctests (RFC 3987 grammar).
#[test]
fn python_rfc3987() {
    let (Some(table), Some(doctest_records)) = (
        external_jsonl("python-rfc3987/resolve_test_cases.jsonl"),
        external_jsonl("python-rfc3987/doctests.jsonl"),
    ) else {
        return Runner::new(DEVIATIONS, "python-rfc3987").skipped();
    };
    let mut cases = Cases::default();
    for r in table {
        cases.resolve(
            "python-rfc3987",
            Grammar::Rfc3987,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        );
    }
    let mut doctests = 0;
    for r in doctest_records {
        // assert resolve('B', 'R'[, strict=False]) == 'T'
        let source = field(&r, "source");
        let Some(rest) = source.strip_prefix("assert resolve('") else {
            continue;
        };
        let parsed = rest.split_once("', '").and_then(|(base, rest)| {
            let (reference, rest) = rest.split_once('\'')?;
            let (non_strict, rest) = match rest.strip_prefix(", strict=False") {
                Some(r) => (true, r),
                None => (false, rest),
            };
            let expected = rest.strip_prefix(") == '")?.strip_suffix('\'')?;
            Some((base, reference, non_strict, expected))
        });
        let Some((base, reference, non_strict, expected)) = parsed else {
            panic!("python-rfc3987: cannot read the doctest {source:?}");
        };
        let c = cases.resolve(
            "python-rfc3987/doctests",
            Grammar::Rfc3987,
            base,
            reference,
            expected,
        );
        if non_strict {
            c.mode = Mode::NonStrict;
        }
        doctests += 1;
    }
    assert_eq!(doctests, 4, "python-rfc3987: the resolve doctests");
    run("python-rfc3987", cases);
}

/// Go net/url TestResolveReference (a lenient parser; URIs only).
#[test]
fn go_net_url() {
    let mut cases = Cases::default();
    for r in jsonl("go-net-url/cases.jsonl") {
        if s(&r, "op") == Some("resolve") {
            cases.resolve(
                "go-net-url",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            );
        }
    }
    run("go-net-url", cases);
}

/// W3C RDF 1.1 IRI-resolution tests (Turtle and TriG carry the same cases).
#[test]
fn w3c_rdf_tests() {
    let mut cases = Cases::default();
    for r in jsonl("w3c-rdf-tests/iri_resolution.jsonl") {
        cases.resolve(
            "w3c-rdf-tests",
            Grammar::Iri,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        );
    }
    run("w3c-rdf-tests", cases);
}
