//! The portable test data of `testdata/` (testdata/README.md), run whole against the library: every
//! verdict, both error offsets, the components, the normalization ladder and the conversions of
//! `cases.json`, every target of `resolution.json`, every test of the JSON Schema Test Suite files;
//! and the shape of each file as `testdata/schema.json` describes it.

use std::collections::BTreeSet;

use iri_abnf::convert::{self, ConvertErrorKind, HostMapping, ToIriOptions, ToUriOptions};
use iri_abnf::normalize::{normalize, Level};
use iri_abnf::{parse, resolve_with, validate, Grammar, HostKind, Mode, ResolveError, Rule};
use serde_json::{Map, Value};

fn load(name: &str) -> Value {
    let path = format!("{}/testdata/{name}", crate::ROOT);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The cases of a file, after checking the members of its top-level object.
fn cases(file: &Value, name: &str) -> Vec<Map<String, Value>> {
    let top = file
        .as_object()
        .unwrap_or_else(|| panic!("{name}: not an object"));
    for key in top.keys() {
        assert!(
            ["description", "generated_by", "coverage", "cases"].contains(&key.as_str()),
            "{name}: unknown member {key}"
        );
    }
    assert_eq!(top["generated_by"], "cargo xtask testdata", "{name}");
    let cases: Vec<_> = top["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("{name}: no cases"))
        .iter()
        .map(|c| {
            c.as_object()
                .unwrap_or_else(|| panic!("{name}: {c}"))
                .clone()
        })
        .collect();
    assert!(!cases.is_empty(), "{name}: no cases");
    cases
}

fn keys(o: &Map<String, Value>) -> BTreeSet<&str> {
    o.keys().map(String::as_str).collect()
}

fn sources(case: &Map<String, Value>, what: &str) {
    let s = case["sources"]
        .as_array()
        .unwrap_or_else(|| panic!("{what}: sources"));
    assert!(!s.is_empty(), "{what}: no source");
    assert!(s.iter().all(Value::is_string), "{what}: sources");
    let strings: Vec<&str> = s.iter().filter_map(Value::as_str).collect();
    assert!(
        strings.windows(2).all(|w| w[0] < w[1]),
        "{what}: sources not sorted or repeated"
    );
}

fn convert_code(kind: &ConvertErrorKind) -> &'static str {
    match kind {
        ConvertErrorKind::Syntax(_) => "syntax",
        ConvertErrorKind::Idna(_) => "idna",
        ConvertErrorKind::Unmappable(_) => "unmappable",
        ConvertErrorKind::Unencodable { .. } => "unencodable",
        _ => "other",
    }
}

fn error(code: &str) -> Value {
    serde_json::json!({ "error": code })
}

/// The components of a valid input, as `cases.json` writes them.
fn components(g: Grammar, input: &str) -> Value {
    let r = parse(g, input).unwrap_or_else(|e| panic!("{g} {input:?}: {e}"));
    let mut c = Map::new();
    let mut put = |k: &str, v: &str| {
        c.insert(k.to_string(), Value::from(v));
    };
    if let Some(s) = r.scheme() {
        put("scheme", s.as_str());
    }
    if let Some(a) = r.authority() {
        if let Some(u) = a.userinfo() {
            put("userinfo", u.as_str());
        }
        put("host", a.host().as_str());
        put(
            "host_kind",
            match a.host().kind() {
                HostKind::Ipv4 { .. } => "ipv4",
                HostKind::Ipv6 { .. } => "ipv6",
                HostKind::IpvFuture { .. } => "ipv-future",
                HostKind::RegName => "reg-name",
                _ => "other",
            },
        );
        if let Some(p) = a.port() {
            put("port", p.as_str());
        }
    }
    put("path", r.path().as_str());
    if let Some(q) = r.query() {
        put("query", q.as_str());
    }
    if let Some(f) = r.fragment() {
        put("fragment", f.as_str());
    }
    Value::Object(c)
}

#[test]
fn cases_agree_with_the_library() {
    let file = load("cases.json");
    let cases = cases(&file, "cases.json");
    let mut inputs = BTreeSet::new();
    let (mut verdicts, mut invalid, mut valid) = (0, 0, 0);
    for case in &cases {
        let input = case["input"].as_str().expect("input is a string");
        let what = format!("cases.json {input:?}");
        assert!(inputs.insert(input), "{what}: listed twice");
        assert_eq!(
            keys(case),
            BTreeSet::from([
                "input", "sources", "uri", "rfc3987", "iri", "leiri", "to_uri", "to_iri"
            ]),
            "{what}"
        );
        sources(case, &what);
        for g in Grammar::ALL {
            let v = case[g.name()]
                .as_object()
                .unwrap_or_else(|| panic!("{what}: {g}"));
            let what = format!("{what} {g}");
            verdicts += 1;
            match validate(g, g.reference_rule(), input) {
                Err(e) => {
                    invalid += 1;
                    assert_eq!(
                        keys(v),
                        BTreeSet::from(["valid", "offset", "offset_utf16"]),
                        "{what}"
                    );
                    assert_eq!(v["valid"], false, "{what}");
                    assert_eq!(v["offset"], e.offset, "{what}: UTF-8 offset");
                    let utf16 = input[..e.offset].encode_utf16().count();
                    assert_eq!(v["offset_utf16"], utf16, "{what}: UTF-16 offset");
                    // The typed parse fails at the same place.
                    assert_eq!(parse(g, input).unwrap_err().offset, e.offset, "{what}");
                }
                Ok(()) => {
                    valid += 1;
                    assert_eq!(
                        keys(v),
                        BTreeSet::from(["valid", "components", "normalized"]),
                        "{what}"
                    );
                    assert_eq!(v["valid"], true, "{what}");
                    assert_eq!(v["components"], components(g, input), "{what}: components");
                    let n = v["normalized"].as_object().expect("normalized");
                    assert_eq!(n.len(), Level::ALL.len(), "{what}: levels");
                    for level in Level::ALL {
                        let got = normalize(g, input, level).expect("a valid input normalizes");
                        assert_eq!(
                            n[level.name()],
                            got.as_str(),
                            "{what}: normalized {}",
                            level.name()
                        );
                    }
                }
            }
        }
        let to_uri = case["to_uri"].as_object().expect("to_uri");
        assert_eq!(keys(to_uri), BTreeSet::from(["percent", "idna"]), "{what}");
        for (key, host) in [
            ("percent", HostMapping::Percent),
            ("idna", HostMapping::Idna),
        ] {
            let expected = match convert::to_uri(input, &ToUriOptions::default().with_host(host)) {
                Ok(c) => {
                    // What the conversion gives is a URI reference.
                    assert!(
                        iri_abnf::is_valid(Grammar::Uri, Rule::UriReference, &c.uri),
                        "{what}"
                    );
                    Value::from(c.uri)
                }
                Err(e) => error(convert_code(&e.kind)),
            };
            assert_eq!(to_uri[key], expected, "{what}: to_uri {key}");
        }
        let expected = match convert::to_iri(input, &ToIriOptions::default()) {
            Ok(c) => Value::from(c.iri),
            Err(e) => error(convert_code(&e.kind)),
        };
        assert_eq!(case["to_iri"], expected, "{what}: to_iri");
    }
    // The file is sorted by input (its lines are diffed).
    let list: Vec<&str> = cases.iter().filter_map(|c| c["input"].as_str()).collect();
    assert!(
        list.windows(2).all(|w| w[0] < w[1]),
        "cases.json: not sorted by input"
    );
    assert!(
        valid > 0 && invalid > 0,
        "{verdicts} verdicts: {valid} valid, {invalid} invalid"
    );
}

fn resolve_code(e: &ResolveError) -> &'static str {
    match e {
        ResolveError::InvalidBase(_) => "invalid-base",
        ResolveError::BaseNoScheme { .. } => "relative-base",
        ResolveError::Reference(_) => "invalid-reference",
        _ => "other",
    }
}

#[test]
fn resolution_agrees_with_the_library_and_rfc_3986() {
    let file = load("resolution.json");
    let cases = cases(&file, "resolution.json");
    let mut seen = BTreeSet::new();
    for case in &cases {
        let (base, reference) = (
            case["base"].as_str().unwrap(),
            case["reference"].as_str().unwrap(),
        );
        let what = format!("resolution.json {base:?} {reference:?}");
        assert!(seen.insert((base, reference)), "{what}: listed twice");
        assert_eq!(
            keys(case),
            BTreeSet::from([
                "base",
                "reference",
                "grammar",
                "strict",
                "non_strict",
                "sources"
            ]),
            "{what}"
        );
        sources(case, &what);
        let g: Grammar = case["grammar"]
            .as_str()
            .unwrap()
            .parse()
            .expect("a grammar");
        for (key, mode) in [("strict", Mode::Strict), ("non_strict", Mode::NonStrict)] {
            let expected = match resolve_with(g, base, reference, mode) {
                Ok(t) => Value::from(t.as_str()),
                Err(e) => error(resolve_code(&e)),
            };
            assert_eq!(case[key], expected, "{what}: {key}");
        }
    }
    // RFC 3986 §5.4 as printed (tests/corpora/rfc3986-sec5.4): every example is a case, with the
    // RFC's target (strict; the RFC's non-strict alternative for "http:g" too).
    let path = format!(
        "{}/tests/corpora/rfc3986-sec5.4/resolution.json",
        crate::ROOT
    );
    let rfc: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut checked = 0;
    for r in &rfc {
        let (b, x, expected) = (
            r["base"].as_str().unwrap(),
            r["reference"].as_str().unwrap(),
            r["expected"].as_str().unwrap(),
        );
        let case = cases
            .iter()
            .find(|c| c["base"] == b && c["reference"] == x)
            .unwrap_or_else(|| panic!("RFC 3986 §5.4 {x:?} is not in resolution.json"));
        // The RFC's note on the second "http:g": "for backward compatibility" (non-strict).
        let key = if r["note"].as_str().unwrap_or("").contains("backward") {
            "non_strict"
        } else {
            "strict"
        };
        assert_eq!(case[key], expected, "RFC 3986 §5.4 {x:?} ({key})");
        checked += 1;
    }
    assert!(checked >= 42, "{checked} examples of RFC 3986 §5.4");
}

#[test]
fn json_schema_test_suite_files_agree_with_the_library() {
    for (format, grammar, rule) in [
        ("uri", Grammar::Uri, Rule::Uri),
        ("uri-reference", Grammar::Uri, Rule::UriReference),
        ("iri", Grammar::Rfc3987, Rule::Iri),
        ("iri-reference", Grammar::Rfc3987, Rule::IriReference),
    ] {
        let file = load(&format!("json-schema-test-suite/{format}.json"));
        let groups = file.as_array().expect("an array of groups");
        let mut tests = 0;
        for group in groups {
            assert_eq!(group["schema"]["format"], format);
            assert_eq!(
                group["schema"]["$schema"],
                "https://json-schema.org/draft/2020-12/schema"
            );
            assert!(group["description"].is_string());
            for t in group["tests"].as_array().expect("tests") {
                let data = t["data"].as_str().expect("data is a string");
                let valid = iri_abnf::is_valid(grammar, rule, data);
                assert_eq!(t["valid"], valid, "{format} {data:?}");
                assert!(t["description"].is_string());
                tests += 1;
            }
        }
        assert!(tests > 0, "{format}: no tests");
    }
}
