//! One case-list builder per suite. Each maps the suite's parser function (or test helper) to a grammar
//! and start rule, as described in the corpus folder's README.txt, and keeps only validity assertions.

use iri_abnf::Grammar::Uri;
use serde_json::Value;

use super::{external_jsonl, field, jsonl, read, Cases};

fn src(file: &str, line: usize, what: &str) -> String {
    format!("{file}:{line} {what}")
}

/// oxiri (RFC 3987): `Iri::parse` is `IRI`, `IriRef::parse` is `IRI-reference`.
pub fn oxiri() -> Cases {
    const FILE: &str = "oxiri/cases.jsonl";
    let mut c = Cases::new("oxiri");
    for (line, r) in jsonl(FILE) {
        let test = field(&r, "test");
        let s = src(FILE, line, test);
        match test {
            "test_parsing" => c.add_iri("IRI", field(&r, "input"), true, &s),
            "test_relative_parsing" => c.add_iri("IRI-reference", field(&r, "input"), true, &s),
            "test_wrong_relative_parsing" => {
                c.add_iri("IRI-reference", field(&r, "input"), false, &s)
            }
            // Strict resolution: the base parses with Iri::parse, the reference with IriRef::parse and the
            // result is an IRI.
            "test_resolve_relative_iri" => {
                c.add_iri("IRI", field(&r, "base"), true, &s);
                c.add_iri("IRI-reference", field(&r, "reference"), true, &s);
                c.add_iri("IRI", field(&r, "expected"), true, &s);
            }
            "test_resolve_relative_iri_unchecked" => c.skip(
                "oxiri lenient group (parse_unchecked / resolve_unchecked), no validity claim",
            ),
            "test_resolve_relative_iri_relative_base"
            | "test_wrong_relative_parsing_with_specific_bases" => {
                c.skip("oxiri extension group (relative base IRIs, not defined by RFC 3986)")
            }
            // Relativization: not a validity assertion.
            _ => {}
        }
    }
    c
}

/// iri-string's string types, by name: `Iri*` follow RFC 3987, `Uri*` RFC 3986.
fn iri_string_type(t: &str) -> (bool, &'static str) {
    match t {
        "IriReferenceStr" => (true, "IRI-reference"),
        "IriStr" => (true, "IRI"),
        "IriAbsoluteStr" => (true, "absolute-IRI"),
        "IriRelativeStr" => (true, "irelative-ref"),
        "IriFragmentStr" => (true, "ifragment"),
        "UriReferenceStr" => (false, "URI-reference"),
        "UriStr" => (false, "URI"),
        "UriAbsoluteStr" => (false, "absolute-URI"),
        "UriRelativeStr" => (false, "relative-ref"),
        "UriFragmentStr" => (false, "fragment"),
        _ => panic!("iri-string: unknown string type {t:?}"),
    }
}

fn add_typed(c: &mut Cases, t: &str, input: &str, valid: bool, s: &str) {
    match iri_string_type(t) {
        (true, rule) => c.add_iri(rule, input, valid, s),
        (false, rule) => c.add(Uri, rule, input, valid, s),
    }
}

/// iri-string: the component tests (valid IRI reference; valid URI reference iff ASCII) and the parse
/// tests with their string types.
pub fn iri_string() -> Cases {
    const FILE: &str = "iri-string/cases.jsonl";
    let mut c = Cases::new("iri-string");
    for (line, r) in jsonl(FILE) {
        let op = field(&r, "op");
        let input = r.get("input").and_then(Value::as_str).unwrap_or_default();
        match op {
            "components" => {
                let s = src(FILE, line, field(&r, "name"));
                c.add_iri("IRI-reference", input, true, &s);
                c.add(Uri, "URI-reference", input, input.is_ascii(), &s);
            }
            "parse" => {
                let s = src(
                    FILE,
                    line,
                    r.get("test")
                        .and_then(Value::as_str)
                        .unwrap_or(field(&r, "file")),
                );
                if let Some(t) = r.get("type").and_then(Value::as_str) {
                    add_typed(&mut c, t, input, field(&r, "expect") == "valid", &s);
                }
                for (key, valid) in [("valid_as", true), ("invalid_as", false)] {
                    for t in r.get(key).and_then(Value::as_array).into_iter().flatten() {
                        let t = t.as_str().expect("string type name");
                        add_typed(&mut c, t, input, valid, &s);
                    }
                }
            }
            // Resolution, normalization and IRI-to-URI mapping: not validity assertions.
            _ => {}
        }
    }
    c
}

/// fluent-uri: `Uri::parse` is `URI`, `UriRef::parse` `URI-reference` (both `uri`), `Iri::parse` and
/// `IriRef::parse` the RFC 3987 rules; `parse_v4` / `parse_v6` say whether a host is an IP address.
pub fn fluent_uri() -> Cases {
    const FILE: &str = "fluent-uri/cases.jsonl";
    let mut c = Cases::new("fluent-uri");
    for (line, r) in jsonl(FILE) {
        let op = field(&r, "op");
        let s = src(
            FILE,
            line,
            r.get("fn").and_then(Value::as_str).unwrap_or(op),
        );
        match op {
            "parse" => {
                let input = field(&r, "input");
                let valid = field(&r, "expect") == "valid";
                // The README: parse_error_uri calls Uri::parse; its records carry fn "fail", and their
                // error indices (e.g. 3 for "foo", at the end) are those of a parser that requires a scheme.
                let parser = match r.get("fn").and_then(Value::as_str) {
                    Some("fail" | "parse_error_uri") => "Uri::parse",
                    _ => field(&r, "parser"),
                };
                match parser {
                    "Uri::parse" => c.add(Uri, "URI", input, valid, &s),
                    "UriRef::parse" => c.add(Uri, "URI-reference", input, valid, &s),
                    "Iri::parse" => c.add_iri("IRI", input, valid, &s),
                    "IriRef::parse" => c.add_iri("IRI-reference", input, valid, &s),
                    p => panic!("fluent-uri: unknown parser {p:?}"),
                }
            }
            "parse_v4" | "parse_v6" => {
                let rule = if op == "parse_v4" {
                    "IPv4address"
                } else {
                    "IPv6address"
                };
                c.add(
                    Uri,
                    rule,
                    field(&r, "host"),
                    r.get("expected").is_some(),
                    &s,
                );
            }
            // Resolution: not validity assertions.
            _ => {}
        }
    }
    c
}

/// uriparser (RFC 3986 only): whole-reference parses, the helpers that fail unless their argument parses
/// (testDistinctionHelper, testEqualsHelper, testToStringHelper), and the IPv6 / IPv4 parsers. An
/// external suite: `None` when the external corpora are absent.
pub fn uriparser() -> Option<Cases> {
    const FILE: &str = "uriparser/cases.jsonl";
    let mut c = Cases::new("uriparser");
    for (line, r) in external_jsonl(FILE)? {
        let op = field(&r, "op");
        let s = src(FILE, line, field(&r, "test"));
        if op == "parse components" || op == "equals-self after parse" {
            c.add(Uri, "URI-reference", field(&r, "input"), true, &s);
            continue;
        }
        if op.starts_with("other helper: testToStringHelper ") {
            let text = r["args"][0].as_str().expect("string argument");
            c.add(Uri, "URI-reference", text, true, &s);
            continue;
        }
        let rule = if op.starts_with("parse (RFC 3986 URI-reference)") {
            "URI-reference"
        } else if op.starts_with("IPv6 inside IP-literal") {
            "IPv6address"
        } else if op == "IPv4address" {
            "IPv4address"
        } else {
            continue;
        };
        match field(&r, "expect") {
            "valid" => c.add(Uri, rule, field(&r, "input"), true, &s),
            "invalid" => c.add(Uri, rule, field(&r, "input"), false, &s),
            _ => c.skip("uriparser parse whose result the test does not assert"),
        }
    }
    Some(c)
}

/// network-uri (RFC 3986 only): `testURIRef` asserts isURIReference, isRelativeReference and
/// isAbsoluteURI.
pub fn network_uri() -> Cases {
    const FILE: &str = "network-uri/cases.jsonl";
    let mut c = Cases::new("network-uri");
    for (line, r) in jsonl(FILE) {
        if field(&r, "op") != "classify" {
            continue;
        }
        if r.get("active_in_test_list") != Some(&Value::Bool(true)) {
            c.skip("network-uri case commented out of its test list");
            continue;
        }
        let s = src(FILE, line, field(&r, "name"));
        let input = field(&r, "input");
        for (key, rule) in [
            ("isURIReference", "URI-reference"),
            ("isRelativeReference", "relative-ref"),
            ("isAbsoluteURI", "absolute-URI"),
        ] {
            let valid = r.get(key).and_then(Value::as_bool).expect("boolean");
            c.add(Uri, rule, input, valid, &s);
        }
    }
    c
}

/// sophia_iri (RFC 3987): POSITIVE_IRIS are IRI references (IRIs when `is_absolute`), NEGATIVE_IRIS are
/// not IRI references.
pub fn sophia_iri() -> Cases {
    const FILE: &str = "sophia-iri/cases.jsonl";
    let mut c = Cases::new("sophia-iri");
    for (line, r) in jsonl(FILE) {
        let list = field(&r, "list");
        let s = src(FILE, line, list);
        match list {
            "POSITIVE_IRIS" => {
                let input = field(&r, "input");
                c.add_iri("IRI-reference", input, true, &s);
                let absolute = r
                    .get("is_absolute")
                    .and_then(Value::as_bool)
                    .expect("boolean");
                c.add_iri("IRI", input, absolute, &s);
            }
            "NEGATIVE_IRIS" => c.add_iri("IRI-reference", field(&r, "input"), false, &s),
            // RELATIVE_IRIS: resolution.
            _ => {}
        }
    }
    c
}

/// python-hyper/rfc3986 (RFC 3986): the `is_valid()` runs of tests/test_uri.py, the port values that
/// parsing rejects, and the host list of tests/conftest.py.
pub fn python_rfc3986() -> Cases {
    const FILE: &str = "python-rfc3986/validity_related.jsonl";
    const HOSTS: &str = "python-rfc3986/conftest_hosts.tsv";
    let mut c = Cases::new("python-rfc3986");
    for (line, r) in jsonl(FILE) {
        let test = field(&r, "test");
        let name = test.split('[').next().unwrap_or(test);
        let (rule, valid) = if name.ends_with("_is_valid") {
            ("URI-reference", true)
        } else if name == "test_invalid_uri_is_not_valid" {
            ("URI-reference", false)
        } else if name == "test_raises_invalid_port_non_strict_parse" {
            ("port", false)
        } else {
            continue;
        };
        let s = src(FILE, line, test);
        for v in r["args"].as_object().expect("args object").values() {
            c.add(Uri, rule, v.as_str().expect("string argument"), valid, &s);
        }
    }
    for (i, l) in read(HOSTS).lines().enumerate().skip(1) {
        let (host, expect) = l
            .split_once('\t')
            .unwrap_or_else(|| panic!("{HOSTS}:{}: not host<TAB>verdict", i + 1));
        c.add(
            Uri,
            "host",
            host,
            expect == "valid",
            &src(HOSTS, i + 1, "conftest hosts"),
        );
    }
    c
}

/// jena-iri3986 (RFC 3986/3987): `LibTestURI.badSyntax` (syntax error) and `goodSyntax` / `good`, the
/// component tests of TestRFC3986Syntax (parse succeeds), and the IPv4 / IP-literal parsers. Jena's
/// DNS, URN, DID and OID checks are scheme rules, not RFC syntax, and are left out.
pub fn jena_iri3986() -> Cases {
    const FILE: &str = "jena-iri3986/calls.jsonl";
    let mut c = Cases::new("jena-iri3986");
    for (line, r) in jsonl(FILE) {
        let file = field(&r, "file");
        if !file.starts_with("jena-iri3986/") {
            continue;
        }
        let call = field(&r, "call");
        let (rule, valid) = match call {
            "badSyntax" => ("IRI-reference", false),
            "goodSyntax" | "good" | "goodAll" => ("IRI-reference", true),
            "good4" => ("IPv4address", true),
            "bad4" => ("IPv4address", false),
            "good6" => ("IP-literal", true),
            "bad6" => ("IP-literal", false),
            _ => continue,
        };
        let input = r["args"][0].as_str().expect("string first argument");
        let class = file.rsplit('/').next().unwrap_or(file);
        let s = src(FILE, line, &format!("{class} {} {call}", field(&r, "test")));
        c.add_iri(rule, input, valid, &s);
    }
    c
}

/// The IRIREF tokens (`<...>`) of an N-Triples, N-Quads, Turtle or TriG document, in order, skipping
/// comments and string literals. UCHAR escapes are decoded; a token whose escapes do not decode to
/// Unicode scalar values is `None`.
fn iri_refs(doc: &str) -> Vec<Option<String>> {
    let c: Vec<char> = doc.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '#' => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            q @ ('"' | '\'') => {
                let long = c.get(i + 1) == Some(&q) && c.get(i + 2) == Some(&q);
                i += if long { 3 } else { 1 };
                while i < c.len() {
                    if c[i] == '\\' {
                        i += 2;
                    } else if c[i] == q
                        && (!long || c.get(i + 1) == Some(&q) && c.get(i + 2) == Some(&q))
                    {
                        i += if long { 3 } else { 1 };
                        break;
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            '<' => {
                let end = (i + 1..c.len()).find(|&j| c[j] == '>').unwrap_or(c.len());
                out.push(decode_uchar(&c[i + 1..end]));
                i = end + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn decode_uchar(t: &[char]) -> Option<String> {
    let mut out = String::new();
    let mut i = 0;
    while i < t.len() {
        if t[i] == '\\' {
            let n = match t.get(i + 1) {
                Some('u') => 4,
                Some('U') => 8,
                _ => return None,
            };
            let hex: String = t.get(i + 2..i + 2 + n)?.iter().collect();
            out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            i += 2 + n;
        } else {
            out.push(t[i]);
            i += 1;
        }
    }
    Some(out)
}

/// W3C RDF 1.1 negative syntax tests whose stated reason is the IRI itself (a character RFC 3987 does
/// not allow, or a relative IRI where N-Triples / N-Quads need an absolute one), by test-name suffix.
/// The other negative tests are about RDF's escape, prefix or directive syntax.
const W3C_BAD_IRI_TESTS: &[&str] = &[
    "-syntax-bad-uri-01",
    "nt-syntax-bad-uri-06",
    "nt-syntax-bad-uri-07",
    "nt-syntax-bad-uri-08",
    "nt-syntax-bad-uri-09",
    "-syntax-bad-uri-escape-01",
    "-syntax-bad-uri-escape-02",
    "-syntax-bad-uri-escape-03",
    "-syntax-bad-uri-escape-04",
];

/// W3C RDF 1.1 syntax tests (RDF IRIs are RFC 3987 IRIs). Every IRIREF of a positive syntax or
/// evaluation test, and of its expected N-Triples / N-Quads result, is valid: an `IRI` in N-Triples and
/// N-Quads (which allow only absolute IRIs), an `IRI-reference` in Turtle and TriG (resolved against the
/// base). In a negative test of [`W3C_BAD_IRI_TESTS`], the IRIREFs that no positive test of the same
/// manifest has are the ones the test declares bad.
pub fn w3c_rdf_tests() -> Cases {
    const FILE: &str = "w3c-rdf-tests/syntax_tests_iri.jsonl";
    let mut c = Cases::new("w3c-rdf-tests");
    let records = jsonl(FILE);
    let absolute_only =
        |manifest: &str| manifest.contains("n-triples") || manifest.contains("n-quads");
    let mut good: std::collections::HashSet<(String, String)> = Default::default();
    for (line, r) in &records {
        let manifest = field(r, "manifest");
        let ty = field(r, "type");
        if ty.contains("Negative") {
            continue;
        }
        let s = src(FILE, *line, field(r, "test"));
        let action_rule = if absolute_only(manifest) {
            "IRI"
        } else {
            "IRI-reference"
        };
        let mut docs = vec![(field(r, "action_content"), action_rule)];
        if let Some(result) = r.get("result_content").and_then(Value::as_str) {
            docs.push((result, "IRI"));
        }
        for (doc, rule) in docs {
            for iri in iri_refs(doc) {
                let iri = iri.expect("positive test IRIREF escapes decode");
                c.add_iri(rule, &iri, true, &s);
                good.insert((manifest.to_string(), iri));
            }
        }
    }
    for (line, r) in &records {
        let manifest = field(r, "manifest");
        let test = field(r, "test");
        if !field(r, "type").contains("Negative") {
            continue;
        }
        if !W3C_BAD_IRI_TESTS.iter().any(|t| test.ends_with(t)) {
            c.skip("W3C negative test about RDF escape, prefix or directive syntax, not the IRI");
            continue;
        }
        let rule = if absolute_only(manifest) {
            "IRI"
        } else {
            "IRI-reference"
        };
        let s = src(FILE, *line, test);
        let bad: Vec<String> = iri_refs(field(r, "action_content"))
            .into_iter()
            .map(|t| t.expect("IRIREF escapes decode"))
            .filter(|t| !good.contains(&(manifest.to_string(), t.clone())))
            .collect();
        assert!(
            !bad.is_empty(),
            "{s}: no IRIREF that the positive tests lack"
        );
        for iri in bad {
            c.add_iri(rule, &iri, false, &s);
        }
    }
    c
}
