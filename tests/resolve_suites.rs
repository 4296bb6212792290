//! Third-party reference resolution and relativization cases from the corpora (see each folder's
//! README.txt), run against `resolve` and `relativize`. A case where a peer's expectation differs from
//! ours must be listed in `tests/resolve_deviations.txt` with the reason; a listed case that agrees, or
//! that is no longer run, fails the test. Per-suite counts are printed (run/passed/deviations).
//!
//! Run with the corpora in place: `IRI_ABNF_CORPORA=/path/to/corpora cargo test --test resolve_suites`.

mod reference_suites;

use reference_suites::{jsonl, jsonl_array, key, s, Deviations, Runner};
use iri_abnf::normalize::normalize;
use iri_abnf::{relativize, resolve, resolve_with, Grammar, Level, Mode};
use serde_json::Value;

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

impl Resolution {
    fn new(
        suite: &'static str,
        grammar: Grammar,
        base: &str,
        reference: &str,
        expected: &str,
    ) -> Self {
        Resolution {
            suite,
            grammar,
            mode: Mode::Strict,
            base: base.to_string(),
            reference: reference.to_string(),
            expect: Expect::Target(expected.to_string()),
            normalize_base: false,
        }
    }
}

struct Relativization {
    suite: &'static str,
    grammar: Grammar,
    base: String,
    target: String,
    /// `Some(reference)`, or `None` when the peer gives no relative reference (an error, or null).
    expected: Option<String>,
}

fn field(v: &Value, k: &str) -> String {
    s(v, k)
        .unwrap_or_else(|| panic!("record without string field {k:?}: {v}"))
        .to_string()
}

fn resolutions() -> Vec<Resolution> {
    let mut out = Vec::new();

    // RFC 3986 §5.4, extracted from the RFC text.
    for r in jsonl_array("rfc3986-sec5.4/resolution.json") {
        let mut c = Resolution::new(
            "rfc3986-sec5.4",
            Grammar::Uri,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        );
        if s(&r, "note").unwrap_or("").contains("backward") {
            c.mode = Mode::NonStrict;
        }
        out.push(c);
    }

    // oxiri: strict IRI resolution, its lenient (unchecked) mode, relative bases, error cases.
    for r in jsonl("oxiri/cases.jsonl") {
        if s(&r, "op") != Some("resolve") {
            continue;
        }
        let (suite, grammar) = match s(&r, "test").unwrap_or("") {
            "test_resolve_relative_iri" => ("oxiri", Grammar::Iri),
            // Inputs with spaces, tabs, backslashes: checked under the LEIRI grammar, which admits them.
            "test_resolve_relative_iri_unchecked" => ("oxiri/unchecked", Grammar::Leiri),
            "test_resolve_relative_iri_relative_base" => ("oxiri/relative-base", Grammar::Iri),
            "test_wrong_relative_parsing_with_specific_bases" => ("oxiri/errors", Grammar::Iri),
            other => panic!("oxiri: unknown resolve group {other}"),
        };
        let mut c = Resolution::new(
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
        out.push(c);
    }

    // iri-string: strict resolution (and its percent_encoded_dots group).
    for r in jsonl("iri-string/cases.jsonl") {
        if s(&r, "op") == Some("resolve") {
            out.push(Resolution::new(
                "iri-string",
                Grammar::Iri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            ));
        }
    }

    // fluent-uri: results, errors, and the path-underflow option (allowed: any result).
    for r in jsonl("fluent-uri/cases.jsonl") {
        if s(&r, "op") != Some("resolve") {
            continue;
        }
        let mut c = Resolution::new(
            "fluent-uri",
            Grammar::Iri,
            &field(&r, "base"),
            &field(&r, "reference"),
            "",
        );
        c.expect = if let Some(e) = s(&r, "expected") {
            Expect::Target(e.to_string())
        } else if s(&r, "expected_error").is_some() {
            Expect::Error
        } else if s(&r, "expect_when_underflow_allowed").is_some() {
            Expect::AnyOk
        } else {
            panic!("fluent-uri: no expectation in {r}");
        };
        c.normalize_base = s(&r, "base_note") == Some("base normalized first");
        out.push(c);
    }

    // uriparser (RFC 3986 URIs only); backward_compatibility marks its non-strict calls.
    for r in jsonl("uriparser/cases.jsonl") {
        if !s(&r, "op").unwrap_or("").starts_with("resolve") {
            continue;
        }
        let mut c = Resolution::new(
            "uriparser",
            Grammar::Uri,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        );
        if r.get("backward_compatibility").and_then(Value::as_bool) == Some(true) {
            c.mode = Mode::NonStrict;
        }
        out.push(c);
    }

    // network-uri (RFC 3986 URIs only): testRelJoin and the resolving half of testRelative.
    for r in jsonl("network-uri/cases.jsonl") {
        if matches!(s(&r, "op"), Some("resolve") | Some("resolve+relativize")) {
            out.push(Resolution::new(
                "network-uri",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "relative"),
                &field(&r, "absolute"),
            ));
        }
    }

    // jena-iri (the old Jena IRI library). It accepts, with violation warnings, characters that only
    // the LEIRI grammar admits (spaces, controls, backslashes), and it resolves a reference with the
    // base's scheme non-strictly (`file:foo.n3` against a `file:` base is merged).
    for r in jsonl("jena-iri/test_resolve.jsonl") {
        let base = r["base"]["iri"].as_str().unwrap_or_default();
        let relative = r["relative"]["iri"].as_str().unwrap_or_default();
        let Some(result) = r["result"]["toString"].as_str() else {
            panic!("jena-iri: no result in {r}");
        };
        let mut c = Resolution::new("jena-iri", Grammar::Leiri, base, relative, result);
        c.mode = Mode::NonStrict;
        out.push(c);
    }

    // jena-iri3986 (current Jena, strict RFC 3986/3987) and Jena IRIx.
    for r in jsonl("jena-iri3986/calls.jsonl") {
        let call = s(&r, "call").unwrap_or("");
        if !matches!(call, "testResolve" | "resolve" | "testResolveNormalise") {
            continue;
        }
        let args: Vec<&str> = r["args"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let [base, reference, expected] = args[..] else {
            panic!("jena-iri3986: unexpected arguments in {r}");
        };
        out.push(Resolution::new(
            "jena-iri3986",
            Grammar::Iri,
            base,
            reference,
            expected,
        ));
    }

    // sophia-iri: RFC 3986 §5.4 examples.
    for r in jsonl("sophia-iri/cases.jsonl") {
        if s(&r, "op") == Some("resolve") {
            out.push(Resolution::new(
                "sophia-iri",
                Grammar::Iri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            ));
        }
    }

    // python-rfc3987: its resolve test table and the resolve doctests (RFC 3987 grammar).
    for r in jsonl("python-rfc3987/resolve_test_cases.jsonl") {
        out.push(Resolution::new(
            "python-rfc3987",
            Grammar::Rfc3987,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        ));
    }
    for r in jsonl("python-rfc3987/doctests.jsonl") {
        if let Some(c) = doctest_resolution(&field(&r, "source")) {
            out.push(c);
        }
    }

    // Go net/url TestResolveReference (lenient parser; URIs only).
    for r in jsonl("go-net-url/cases.jsonl") {
        if s(&r, "op") == Some("resolve") {
            out.push(Resolution::new(
                "go-net-url",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "reference"),
                &field(&r, "expected"),
            ));
        }
    }

    // W3C RDF 1.1 IRI-resolution tests (Turtle and TriG carry the same cases).
    for r in jsonl("w3c-rdf-tests/iri_resolution.jsonl") {
        out.push(Resolution::new(
            "w3c-rdf-tests",
            Grammar::Iri,
            &field(&r, "base"),
            &field(&r, "reference"),
            &field(&r, "expected"),
        ));
    }
    out
}

/// `assert resolve('B', 'R'[, strict=False]) == 'T'` from the python-rfc3987 doctests.
fn doctest_resolution(source: &str) -> Option<Resolution> {
    let rest = source.strip_prefix("assert resolve('")?;
    let (base, rest) = rest.split_once("', '")?;
    let (reference, rest) = rest.split_once('\'')?;
    let (non_strict, rest) = match rest.strip_prefix(", strict=False") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let expected = rest.strip_prefix(") == '")?.strip_suffix('\'')?;
    let mut c = Resolution::new(
        "python-rfc3987",
        Grammar::Rfc3987,
        base,
        reference,
        expected,
    );
    if non_strict {
        c.mode = Mode::NonStrict;
    }
    Some(c)
}

fn relativizations() -> Vec<Relativization> {
    let mut out = Vec::new();
    let mut push = |suite, grammar, base: &str, target: &str, expected: Option<&str>| {
        out.push(Relativization {
            suite,
            grammar,
            base: base.to_string(),
            target: target.to_string(),
            expected: expected.map(str::to_string),
        })
    };
    for r in jsonl("oxiri/cases.jsonl") {
        if s(&r, "op") == Some("relativize") {
            push(
                "oxiri/relativize",
                Grammar::Iri,
                &field(&r, "base"),
                &field(&r, "target"),
                s(&r, "expected"),
            );
        }
    }
    for r in jsonl("uriparser/cases.jsonl") {
        if s(&r, "op").unwrap_or("").starts_with("relativize") {
            push(
                "uriparser/relativize",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "target"),
                Some(&field(&r, "expected")),
            );
        }
    }
    for r in jsonl("network-uri/cases.jsonl") {
        if matches!(s(&r, "op"), Some("relativize") | Some("resolve+relativize")) {
            push(
                "network-uri/relativize",
                Grammar::Uri,
                &field(&r, "base"),
                &field(&r, "absolute"),
                Some(&field(&r, "relative")),
            );
        }
    }
    for r in jsonl("jena-iri/test_resolve.jsonl") {
        // `{}`: the test asserts no relativization for this pair.
        if let Some(rel) = r["relativize"]["toString"].as_str() {
            let base = r["base"]["iri"].as_str().unwrap_or_default();
            let target = r["result"]["toString"].as_str().unwrap_or_default();
            push(
                "jena-iri/relativize",
                Grammar::Leiri,
                base,
                target,
                Some(rel),
            );
        }
    }
    for r in jsonl("jena-iri3986/calls.jsonl") {
        let call = s(&r, "call").unwrap_or("");
        let args = r["args"].as_array().cloned().unwrap_or_default();
        let arg = |i: usize| args.get(i).and_then(Value::as_str);
        match call {
            "testRelative" | "testRelativize" | "relative" => {
                let (Some(base), Some(target)) = (arg(0), arg(1)) else {
                    panic!("jena-iri3986: unexpected arguments in {r}");
                };
                push(
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
                push(
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
    out
}

#[test]
fn third_party_resolution_and_relativization() {
    let mut runner = Runner::new(Deviations::load("tests/resolve_deviations.txt"));

    for c in resolutions() {
        let base = if c.normalize_base {
            normalize(c.grammar, &c.base, Level::Path).unwrap_or_else(|_| c.base.clone())
        } else {
            c.base.clone()
        };
        let got = resolve_with(c.grammar, &base, &c.reference, c.mode);
        let mut k = key(&[&c.base, &c.reference]);
        if c.normalize_base {
            k.push_str(" (base normalized first)");
        }
        if let Ok(t) = &got {
            // Our own invariant: the result is an IRI of the same grammar.
            let rule = if c.grammar == Grammar::Uri {
                "URI"
            } else {
                "IRI"
            };
            if let Err(e) = iri_abnf::validate(c.grammar, rule, t) {
                runner.invariant(c.suite, &k, format!("result {t:?} is not an IRI: {e}"));
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
        runner.case(c.suite, &k, outcome);
    }

    for c in relativizations() {
        let got = relativize(c.grammar, &c.base, &c.target);
        let k = key(&[&c.base, &c.target]);
        if let Ok(r) = &got {
            // Our own invariant: never a reference that resolves elsewhere.
            match resolve(c.grammar, &c.base, r) {
                Ok(t) if t == c.target => {}
                other => {
                    runner.invariant(c.suite, &k, format!("{r:?} resolves to {}", show(&other)))
                }
            }
        }
        let outcome = match (&c.expected, &got) {
            (Some(e), Ok(r)) if e == r => Ok(()),
            (None, Err(_)) => Ok(()),
            // A peer that declines to relativize and our answer that is the target itself agree.
            (None, Ok(r)) if *r == c.target => Ok(()),
            (e, g) => Err(format!("we give {}, the peer expects {e:?}", show(g))),
        };
        runner.case(c.suite, &k, outcome);
    }

    runner.finish("resolution and relativization");
}

fn show<E: std::fmt::Display>(r: &Result<String, E>) -> String {
    match r {
        Ok(s) => format!("{s:?}"),
        Err(e) => format!("error ({e})"),
    }
}
