//! `cargo xtask testdata [--check]`: the portable test data of `testdata/` (described by
//! `testdata/schema.json` and `testdata/README.md`), generated from the grammars, the spec examples
//! and the library's answers.
//!
//! - `testdata/cases.json`: inputs with, for each of the four grammars, the verdict of the reference
//!   rule, the error offset in UTF-8 bytes and in UTF-16 code units, the components and the
//!   normalization ladder; and the conversions IRI → URI (percent-encoding and IDNA) and URI → IRI.
//! - `testdata/resolution.json`: base, reference and target, strict and non-strict (RFC 3986 §5.2).
//! - `testdata/json-schema-test-suite/*.json`: the same inputs as tests of the JSON Schema Test
//!   Suite's formats `uri`, `uri-reference`, `iri` and `iri-reference`.
//!
//! The inputs are chosen, not drawn in bulk: the spec examples (`tests/fixtures/`) and the examples of
//! RFC 3986 §5.4; for every rule of every grammar, the shortest string found that uses it, and a near
//! miss of it; for every character range of every rule, both ends and the code points one inside and
//! one outside each end, put where the rule matches a character of that range; and the shortest
//! strings that separate each pair of grammars, as wholes and rule by rule (`iri_abnf::compare`). The
//! strings the rules are found in are generated from the reference rule of each grammar with fixed
//! seeds, so the output depends only on the repository's sources.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use iri_abnf::abnf::{self, Generator, Node};
use iri_abnf::abnf::{case_seed, nth_seed};
use iri_abnf::compare::{compare_rules, rule_by_rule};
use iri_abnf::convert::{self, ConvertErrorKind, HostMapping, ToIriOptions, ToUriOptions};
use iri_abnf::normalize::{normalize, Level};
use iri_abnf::syntax::{parse_tree, SyntaxNode};
use iri_abnf::{resolve_with, Grammar, HostKind, Mode, ResolveError, Rule};
use iri_test::decode_notation;
use serde_json::{json, Value};

use crate::generate::File;

/// The command that writes the files.
pub const COMMAND: &str = "cargo xtask testdata";
/// The folder of the JSON Schema Test Suite files.
const SUITE: &str = "testdata/json-schema-test-suite";
/// The seed of the generated strings.
const SEED: u64 = 3986;
/// Strings generated from each grammar's reference rule, for each length bound of [`LENGTHS`].
const PER_LENGTH: u64 = 400;
/// The length bounds (in characters) of the generated strings: short ones first, so that the
/// shortest string that uses a rule is short.
const LENGTHS: [usize; 4] = [4, 8, 16, 32];
/// Witnesses of each difference between two grammars' reference rules.
const WITNESSES: usize = 8;
/// Witnesses of each difference between two rules, rule by rule.
const RULE_WITNESSES: usize = 3;

/// The bases of the generated resolution cases; RFC 3986 §5.4's first.
const BASES: [&str; 8] = [
    "http://a/b/c/d;p?q",
    "http://例え.jp/a/b;p?q#f",
    "s://u@[::1]:8/a/./b/../c?q#f",
    "foo:a/b",
    "urn:x",
    "file:///",
    "http://a",
    "x:/a/",
];

/// Every file of `testdata/`.
pub fn all() -> Result<Vec<File>, String> {
    let root = crate::root();
    let mut cases: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    fn add_to(cases: &mut BTreeMap<String, BTreeSet<String>>, input: String, source: String) {
        cases.entry(input).or_default().insert(source);
    }

    // The spec examples (their notation decoded; the one whose octets are not UTF-8 left out) and
    // the other URLs of the spec documents.
    let fixtures = root.join("tests/fixtures");
    for v in jsonl(&fixtures.join("spec-examples.jsonl"))? {
        let (Some(id), Some(input)) = (v["id"].as_str(), v["input"].as_str()) else {
            return Err("spec-examples.jsonl: a record without id or input".into());
        };
        // Octets in the notation `<hh>` are kept when they are UTF-8: text, as the file holds.
        let text = String::from_utf8(decode_notation(input)).ok();
        if let Some(s) = text.filter(|t| !t.contains("&#x")) {
            add_to(&mut cases, s, format!("spec:{id}"));
        }
    }
    for v in jsonl(&fixtures.join("seed-urls.jsonl"))? {
        if let Some(url) = v["url"].as_str() {
            add_to(
                &mut cases,
                url.to_string(),
                format!(
                    "seed-url:{}:{}",
                    v["doc"].as_str().unwrap_or("?"),
                    v["line"]
                ),
            );
        }
    }
    // RFC 3986 §5.4.
    let rfc = root.join("tests/corpora/rfc3986-sec5.4/resolution.json");
    let rfc: Vec<Value> = serde_json::from_str(&read(&rfc)?).map_err(|e| e.to_string())?;
    for v in &rfc {
        for key in ["base", "reference", "expected"] {
            if let Some(s) = v[key].as_str() {
                add_to(&mut cases, s.to_string(), "rfc3986-5.4".into());
            }
        }
    }
    let examples: Vec<String> = cases.keys().cloned().collect();

    // Rules and character ranges, grammar by grammar.
    let mut coverage = Vec::new();
    for g in Grammar::ALL {
        let found = Found::new(g, &examples)?;
        let rules = abnf::rules(g).map_err(|e| e.to_string())?;
        let (mut in_context, mut alone, mut ranges, mut reached, mut places) = (0, 0, 0, 0, 0);
        for (k, &rule) in g.rules().iter().enumerate() {
            let sample = match found.rule_sample(rule) {
                Some((s, _, _)) => {
                    in_context += 1;
                    s.to_string()
                }
                // Not in the language of the reference rule (`absolute-URI`, `gen-delims`): a string
                // of the rule on its own.
                None => {
                    alone += 1;
                    Generator::new(rules, rule)
                        .map_err(|e| e.to_string())?
                        .generate(case_seed(SEED, g, k as u64), 8)
                }
            };
            let miss = abnf::mutate(nth_seed(SEED, k as u64), &sample);
            add_to(&mut cases, sample, format!("rule:{g}:{rule}"));
            add_to(&mut cases, miss, format!("near-miss:{g}:{rule}"));
            let Some(node) = rules.rule(rule.name()) else {
                continue;
            };
            for (lo, hi) in own_ranges(node) {
                ranges += 1;
                let found_places = found.range_samples(rule, lo, hi);
                reached += usize::from(!found_places.is_empty());
                for (context, s, at) in found_places {
                    places += 1;
                    let c = s[at..].chars().next().map_or(0, char::len_utf8);
                    let points = [
                        (lo.wrapping_sub(1), "lo-1"),
                        (lo, "lo"),
                        (lo + 1, "lo+1"),
                        (hi - 1, "hi-1"),
                        (hi, "hi"),
                        (hi + 1, "hi+1"),
                    ];
                    for (v, end) in points {
                        if let Some(ch) = char::from_u32(v) {
                            let input = format!("{}{ch}{}", &s[..at], &s[at + c..]);
                            let source = format!("range:{g}:{rule}:{lo:X}-{hi:X}:{end}:{context}");
                            add_to(&mut cases, input, source);
                        }
                    }
                }
            }
        }
        coverage.push(format!(
            "{g}: {} rules: {in_context} in a reference, {alone} on their own; {reached} of {ranges} \
             character ranges in {places} places",
            g.rules().len()
        ));
        // The strings that separate this grammar from each later one: as wholes, then rule by rule,
        // each rule's witness put where that rule stands in the shortest string that uses it.
        for h in Grammar::ALL.into_iter().skip_while(|&h| h != g).skip(1) {
            let c = compare_rules((g, g.reference_rule()), (h, h.reference_rule()), WITNESSES)
                .map_err(|e| e.to_string())?;
            for w in c.only_a.iter().chain(&c.only_b) {
                add_to(&mut cases, w.text.clone(), format!("compare:{g}/{h}"));
            }
            let other = Found::new(h, &examples)?;
            for rc in rule_by_rule(g, h, RULE_WITNESSES, &[]).map_err(|e| e.to_string())? {
                let sides = [
                    (&found, rc.a, &rc.comparison.only_a),
                    (&other, rc.b, &rc.comparison.only_b),
                ];
                for (f, rule, witnesses) in sides {
                    let Some((s, start, end)) = f.rule_sample(rule) else {
                        continue;
                    };
                    for w in witnesses {
                        let input = format!("{}{}{}", &s[..start], w.text, &s[end..]);
                        add_to(&mut cases, input, format!("compare:{g}/{h}:{}", rc.a));
                    }
                }
            }
        }
    }

    let mut per_source: BTreeMap<&str, usize> = BTreeMap::new();
    for sources in cases.values() {
        let kinds: BTreeSet<&str> = sources.iter().filter_map(|s| s.split(':').next()).collect();
        for k in kinds {
            *per_source.entry(k).or_default() += 1;
        }
    }
    let counts: Vec<String> = per_source.iter().map(|(k, n)| format!("{k} {n}")).collect();
    coverage.push(format!("{} inputs: {}", cases.len(), counts.join(", ")));

    let mut files = Vec::new();
    let mut lines = Vec::with_capacity(cases.len());
    for (input, sources) in &cases {
        lines.push(case_line(input, sources));
    }
    let header = J::O(vec![("description", json!("Inputs with the verdict of each grammar's reference rule (RFC 3986 URI-reference, \
                        RFC 3987 and 3987bis IRI-reference, 3987bis §5.1 LEIRI), the error offset, the \
                        components, the normalization ladder and the conversions. See README.md and \
                        schema.json.").into()),
        ("generated_by", json!(COMMAND).into()),
        ("coverage", json!(coverage).into()),
    ]);
    files.push(file_of("testdata/cases.json", &header, "cases", &lines));

    // Resolution: RFC 3986 §5.4, and each base with the relative references among the cases that
    // come from the spec examples and the rules.
    let mut pairs: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for v in &rfc {
        if let (Some(b), Some(r)) = (v["base"].as_str(), v["reference"].as_str()) {
            let section = v["section"].as_str().unwrap_or("");
            pairs
                .entry((b.into(), r.into()))
                .or_default()
                .insert(format!("rfc3986-5.4:{section}"));
        }
    }
    let references: BTreeSet<&str> = cases
        .iter()
        .filter(|(s, sources)| {
            s.chars().count() <= 24
                && !s.contains(':')
                && sources.iter().any(|t| {
                    t.starts_with("rule:") || t.starts_with("spec:") || t.starts_with("rfc")
                })
        })
        .map(|(s, _)| s.as_str())
        .collect();
    for base in BASES {
        for &r in &references {
            pairs
                .entry((base.into(), r.into()))
                .or_default()
                .insert("base-reference".into());
        }
    }
    // References with the base's scheme, which the strict and the non-strict algorithms resolve
    // differently (RFC 3986 §5.2.2).
    for base in BASES {
        let scheme = &base[..base.find(':').unwrap_or(0)];
        for rest in ["g", "/g", "./g", "../g", "?y", "#s", "", "//g/h"] {
            for s in [scheme.to_string(), scheme.to_ascii_uppercase()] {
                pairs
                    .entry((base.into(), format!("{s}:{rest}")))
                    .or_default()
                    .insert("same-scheme".into());
            }
        }
    }
    // Bases that are no base (relative, invalid) and references that are none.
    for base in ["a/b", "//a/b", "http://a/b c", ""] {
        pairs
            .entry((base.into(), "g".into()))
            .or_default()
            .insert("invalid-base".into());
    }
    for reference in ["a b", "%", "[", "http://[::1", "#\u{7F}"] {
        pairs
            .entry((BASES[0].into(), reference.into()))
            .or_default()
            .insert("invalid-reference".into());
    }
    let lines: Vec<String> = pairs
        .iter()
        .map(|((b, r), sources)| resolution_line(b, r, sources))
        .collect();
    let header = J::O(vec![("description", json!("Reference resolution (RFC 3986 §5.2, which applies to IRIs unchanged, 3987bis \
                        §4.5): base, reference, the target with the strict and the non-strict algorithm. \
                        See README.md and schema.json.").into()),
        ("generated_by", json!(COMMAND).into()),
    ]);
    files.push(file_of(
        "testdata/resolution.json",
        &header,
        "cases",
        &lines,
    ));

    for (format, grammar, rule) in [
        ("uri", Grammar::Uri, Rule::Uri),
        ("uri-reference", Grammar::Uri, Rule::UriReference),
        ("iri", Grammar::Rfc3987, Rule::Iri),
        ("iri-reference", Grammar::Rfc3987, Rule::IriReference),
    ] {
        files.push(json_schema_suite(format, grammar, rule, &cases)?);
    }
    Ok(files)
}

/// The parse trees of some strings of a grammar: the rules at each byte, and the first string (in
/// length, text order) that uses each rule.
struct Found {
    grammar: Grammar,
    /// For each rule, the first string that uses it, and the rule's span in it.
    rules: BTreeMap<Rule, (String, usize, usize)>,
    /// The strings, shortest first, with the innermost rule of the parse tree at each byte (the
    /// character-level rules make no node of their own).
    samples: Vec<(String, Vec<Rule>)>,
    /// The rules each rule's definition uses, directly or not.
    uses: BTreeMap<Rule, BTreeSet<Rule>>,
}

/// The longest span, in characters, looked at for a rule that makes no node of the parse tree.
const CHARACTER_RULE: usize = 6;

impl Found {
    /// The parse trees of `examples` and of strings generated from `g`'s reference rule, those `g`
    /// accepts.
    fn new(g: Grammar, examples: &[String]) -> Result<Found, String> {
        let rules = abnf::rules(g).map_err(|e| e.to_string())?;
        let generator = Generator::new(rules, g.reference_rule()).map_err(|e| e.to_string())?;
        let mut strings: BTreeSet<(usize, String)> = examples
            .iter()
            .map(|s| (s.chars().count(), s.clone()))
            .collect();
        for (k, &len) in LENGTHS.iter().enumerate() {
            for i in 0..PER_LENGTH {
                let s = generator.generate(case_seed(SEED, g, k as u64 * PER_LENGTH + i), len);
                strings.insert((s.chars().count(), s));
            }
        }
        let mut uses: BTreeMap<Rule, BTreeSet<Rule>> = BTreeMap::new();
        for &r in g.rules() {
            let mut seen = BTreeSet::new();
            let mut todo = vec![r];
            while let Some(x) = todo.pop() {
                for name in rules.references(x.name()) {
                    if let Some(y) = g.rule(name) {
                        if seen.insert(y) {
                            todo.push(y);
                        }
                    }
                }
            }
            uses.insert(r, seen);
        }
        let mut found = Found {
            grammar: g,
            rules: BTreeMap::new(),
            samples: Vec::new(),
            uses,
        };
        for (_, s) in strings {
            let Ok(tree) = parse_tree(g, g.reference_rule(), &s) else {
                continue;
            };
            let mut innermost = vec![tree.rule; s.len()];
            fill(&tree, &mut innermost, &s, &mut found.rules);
            found.samples.push((s, innermost));
        }
        // The character-level rules: the first place where a rule that uses one has a few characters of
        // its language.
        for &r in g.rules() {
            if found.rules.contains_key(&r) {
                continue;
            }
            let place = found.samples.iter().find_map(|(s, innermost)| {
                s.char_indices().find_map(|(at, _)| {
                    if !found.may_use(innermost[at], r) {
                        return None;
                    }
                    let ends = s[at..].char_indices().skip(1).map(|(e, _)| at + e);
                    ends.chain([s.len()])
                        .take(CHARACTER_RULE)
                        .find(|&end| iri_abnf::is_valid(g, r, &s[at..end]))
                        .map(|end| (s.clone(), at, end))
                })
            });
            if let Some(place) = place {
                found.rules.insert(r, place);
            }
        }
        Ok(found)
    }

    /// Whether a character whose innermost node is `outer` may be matched by `rule`.
    fn may_use(&self, outer: Rule, rule: Rule) -> bool {
        outer == rule || self.uses.get(&outer).is_some_and(|u| u.contains(&rule))
    }

    fn rule_sample(&self, rule: Rule) -> Option<(&str, usize, usize)> {
        self.rules
            .get(&rule)
            .map(|(s, start, end)| (s.as_str(), *start, *end))
    }

    /// For each rule of the parse tree in which `rule` may match a character of `lo..=hi`, the first
    /// string with such a character there, and its offset: a place where the grammar accepts both
    /// ends of the range (not, say, a hexadecimal digit of a percent-encoding for `ALPHA`).
    fn range_samples(&self, rule: Rule, lo: u32, hi: u32) -> Vec<(Rule, &str, usize)> {
        let g = self.grammar;
        let accepts = |s: &str, at: usize, len: usize, v: u32| {
            char::from_u32(v).is_some_and(|c| {
                let t = format!("{}{c}{}", &s[..at], &s[at + len..]);
                iri_abnf::is_valid(g, g.reference_rule(), &t)
            })
        };
        let mut out: BTreeMap<Rule, (&str, usize)> = BTreeMap::new();
        for (s, innermost) in &self.samples {
            for (at, c) in s.char_indices() {
                let outer = innermost[at];
                if out.contains_key(&outer)
                    || !(lo..=hi).contains(&(c as u32))
                    || !self.may_use(outer, rule)
                {
                    continue;
                }
                let len = c.len_utf8();
                if accepts(s, at, len, lo) && accepts(s, at, len, hi) {
                    out.insert(outer, (s.as_str(), at));
                }
            }
        }
        out.into_iter().map(|(r, (s, at))| (r, s, at)).collect()
    }
}

/// Records the innermost rule of each byte of `s` under `node` in `out`, and the first string that
/// uses each rule in `rules`.
fn fill(
    node: &SyntaxNode,
    out: &mut [Rule],
    s: &str,
    rules: &mut BTreeMap<Rule, (String, usize, usize)>,
) {
    rules
        .entry(node.rule)
        .or_insert_with(|| (s.to_string(), node.span.start, node.span.end));
    let end = node.span.end.min(out.len());
    out[node.span.start.min(end)..end].fill(node.rule);
    for child in &node.children {
        fill(child, out, s, rules);
    }
}

/// The character ranges written in a rule's own definition (not those of the rules it names).
fn own_ranges(node: &Node) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    fn walk(node: &Node, out: &mut Vec<(u32, u32)>) {
        match node {
            Node::Alternation(items) | Node::Concatenation(items) => {
                items.iter().for_each(|n| walk(n, out));
            }
            Node::Repetition { node, .. } => walk(node, out),
            Node::Range { first, last } if first < last => out.push((*first, *last)),
            _ => {}
        }
    }
    walk(node, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

/// One line of `cases.json`.
fn case_line(input: &str, sources: &BTreeSet<String>) -> String {
    let mut fields: Vec<(&'static str, J)> = vec![
        ("input", json!(input).into()),
        ("sources", json!(sources).into()),
    ];
    for g in Grammar::ALL {
        fields.push((g.name(), verdict(g, input)));
    }
    let to_uri = |host| -> J {
        match convert::to_uri(input, &ToUriOptions::default().with_host(host)) {
            Ok(c) => json!(c.uri).into(),
            Err(e) => json!({ "error": convert_code(&e.kind) }).into(),
        }
    };
    fields.push((
        "to_uri",
        J::O(vec![
            ("percent", to_uri(HostMapping::Percent)),
            ("idna", to_uri(HostMapping::Idna)),
        ]),
    ));
    let to_iri = match convert::to_iri(input, &ToIriOptions::default()) {
        Ok(c) => json!(c.iri),
        Err(e) => json!({ "error": convert_code(&e.kind) }),
    };
    fields.push(("to_iri", to_iri.into()));
    J::O(fields).to_string()
}

/// The verdict of `g`'s reference rule on `input`, with the components and the normalization ladder
/// of a valid input, or the offset of the error.
fn verdict(g: Grammar, input: &str) -> J {
    let e = match iri_abnf::validate(g, g.reference_rule(), input) {
        Err(e) => e,
        Ok(()) => return valid(g, input),
    };
    J::O(vec![
        ("valid", json!(false).into()),
        ("offset", json!(e.offset).into()),
        (
            "offset_utf16",
            json!(input[..e.offset].encode_utf16().count()).into(),
        ),
    ])
}

fn valid(g: Grammar, input: &str) -> J {
    let r = iri_abnf::parse(g, input).expect("a valid reference parses");
    let mut c: Vec<(&'static str, J)> = Vec::new();
    let mut push = |k, v: &str| c.push((k, json!(v).into()));
    if let Some(s) = r.scheme() {
        push("scheme", s.as_str());
    }
    if let Some(a) = r.authority() {
        if let Some(u) = a.userinfo() {
            push("userinfo", u.as_str());
        }
        push("host", a.host().as_str());
        push("host_kind", host_kind(a.host().kind()));
        if let Some(p) = a.port() {
            push("port", p.as_str());
        }
    }
    push("path", r.path().as_str());
    if let Some(q) = r.query() {
        push("query", q.as_str());
    }
    if let Some(f) = r.fragment() {
        push("fragment", f.as_str());
    }
    let levels = Level::ALL
        .iter()
        .map(|&l| {
            let n = normalize(g, input, l).expect("a valid reference normalizes");
            (l.name(), json!(n.as_str()).into())
        })
        .collect();
    J::O(vec![
        ("valid", json!(true).into()),
        ("components", J::O(c)),
        ("normalized", J::O(levels)),
    ])
}

fn host_kind(kind: HostKind<'_>) -> &'static str {
    match kind {
        HostKind::Ipv4 { .. } => "ipv4",
        HostKind::Ipv6 { .. } => "ipv6",
        HostKind::IpvFuture { .. } => "ipv-future",
        HostKind::RegName => "reg-name",
        _ => "other",
    }
}

/// The short, stable code of a conversion error.
fn convert_code(kind: &ConvertErrorKind) -> &'static str {
    match kind {
        ConvertErrorKind::Syntax(_) => "syntax",
        ConvertErrorKind::Idna(_) => "idna",
        ConvertErrorKind::Unmappable(_) => "unmappable",
        ConvertErrorKind::Unencodable { .. } => "unencodable",
        _ => "other",
    }
}

/// The short, stable code of a resolution error.
fn resolve_code(e: &ResolveError) -> &'static str {
    match e {
        ResolveError::InvalidBase(_) => "invalid-base",
        ResolveError::BaseNoScheme { .. } => "relative-base",
        ResolveError::Reference(_) => "invalid-reference",
        _ => "other",
    }
}

/// One line of `resolution.json`: under `iri`, or `leiri` when the base or the reference is a LEIRI
/// and not an IRI (except for the pairs chosen for an invalid base or reference).
fn resolution_line(base: &str, reference: &str, sources: &BTreeSet<String>) -> String {
    let ok = |g: Grammar, s: &str| iri_abnf::is_valid(g, g.reference_rule(), s);
    let chosen = sources.iter().any(|s| s.starts_with("invalid-"));
    let g = if !chosen
        && (!ok(Grammar::Iri, base) || !ok(Grammar::Iri, reference))
        && ok(Grammar::Leiri, base)
        && ok(Grammar::Leiri, reference)
    {
        Grammar::Leiri
    } else {
        Grammar::Iri
    };
    let target = |mode| -> J {
        match resolve_with(g, base, reference, mode) {
            Ok(t) => json!(t.as_str()).into(),
            Err(e) => json!({ "error": resolve_code(&e) }).into(),
        }
    };
    let line = J::O(vec![
        ("base", json!(base).into()),
        ("reference", json!(reference).into()),
        ("grammar", json!(g.name()).into()),
        ("strict", target(Mode::Strict)),
        ("non_strict", target(Mode::NonStrict)),
        ("sources", json!(sources).into()),
    ]);
    line.to_string()
}

/// A JSON value whose objects keep their members in the order given (`Value`'s maps sort them).
enum J {
    V(Value),
    O(Vec<(&'static str, J)>),
}

impl From<Value> for J {
    fn from(v: Value) -> J {
        J::V(v)
    }
}

impl std::fmt::Display for J {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            J::V(v) => write!(f, "{v}"),
            J::O(members) => {
                f.write_str("{")?;
                for (i, (k, v)) in members.iter().enumerate() {
                    write!(f, "{}{}:{v}", if i > 0 { "," } else { "" }, json!(k))?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A file of a header object whose last member, `key`, is an array of one element a line.
fn file_of(path: &str, header: &J, key: &str, lines: &[String]) -> File {
    let mut out = String::from("{\n");
    if let J::O(members) = header {
        for (k, v) in members {
            let _ = writeln!(out, "  {}: {v},", json!(k));
        }
    }
    let _ = writeln!(out, "  {}: [", json!(key));
    for (i, l) in lines.iter().enumerate() {
        let comma = if i + 1 < lines.len() { "," } else { "" };
        let _ = writeln!(out, "    {l}{comma}");
    }
    out.push_str("  ]\n}\n");
    File {
        path: path.into(),
        bytes: out.into_bytes(),
    }
}

/// A file of the JSON Schema Test Suite's format for `format`: the inputs that come from the spec
/// examples, the character ranges and the grammar differences, grouped by where they come from.
fn json_schema_suite(
    format: &str,
    grammar: Grammar,
    rule: Rule,
    cases: &BTreeMap<String, BTreeSet<String>>,
) -> Result<File, String> {
    let spec = match format {
        "uri" => "RFC 3986 URI",
        "uri-reference" => "RFC 3986 URI-reference",
        "iri" => "RFC 3987 IRI",
        _ => "RFC 3987 IRI-reference",
    };
    // The format's own grammar: its ranges at both ends and one past each, and the strings that tell it
    // from the other grammars.
    let g = grammar.name();
    let groups: [(&str, &str); 3] = [
        ("spec", "the examples of the URI and IRI specifications"),
        (
            "range",
            "both ends, and one past each end, of the character ranges of the ABNF",
        ),
        (
            "compare",
            "the shortest strings that tell the URI, IRI and LEIRI grammars apart",
        ),
    ];
    let chosen = |prefix: &str, source: &str| -> bool {
        let parts: Vec<&str> = source.split(':').collect();
        match prefix {
            "spec" => matches!(parts[0], "spec" | "rfc3986-5.4" | "seed-url"),
            "range" => {
                parts[0] == "range"
                    && parts.get(1) == Some(&g)
                    && matches!(parts.get(4), Some(&("lo-1" | "lo" | "hi" | "hi+1")))
            }
            _ => {
                parts[0] == "compare" && parts.get(1).is_some_and(|p| p.split('/').any(|x| x == g))
            }
        }
    };
    let mut out = Vec::new();
    for (prefix, what) in groups {
        let mut tests = Vec::new();
        for (input, sources) in cases {
            let Some(source) = sources.iter().find(|s| chosen(prefix, s)) else {
                continue;
            };
            let valid = iri_abnf::is_valid(grammar, rule, input);
            tests.push(json!({
                "description": format!("{} ({source})", if valid { "valid" } else { "invalid" }),
                "data": input,
                "valid": valid,
            }));
        }
        out.push(json!({
            "description": format!("{format} ({spec}): {what}"),
            "schema": {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "format": format,
            },
            "tests": tests,
        }));
    }
    let mut bytes = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut ser = serde_json::Serializer::with_formatter(&mut bytes, formatter);
    serde::Serialize::serialize(&Value::Array(out), &mut ser).map_err(|e| e.to_string())?;
    bytes.push(b'\n');
    Ok(File {
        path: format!("{SUITE}/{format}.json").into(),
        bytes,
    })
}

fn read(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn jsonl(path: &std::path::Path) -> Result<Vec<Value>, String> {
    read(path)?
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|e| format!("{}: {e}", path.display())))
        .collect()
}

/// Writes the files, or (`check`) compares them with what is committed: the first differing line of
/// each file that differs is shown. Returns whether everything was current.
pub fn run(check: bool) -> Result<bool, String> {
    let files = all()?;
    let root = crate::root();
    let mut current = true;
    for f in &files {
        let path = root.join(&f.path);
        let old = std::fs::read(&path).unwrap_or_default();
        if old == f.bytes {
            continue;
        }
        current = false;
        if check {
            let old = String::from_utf8_lossy(&old);
            let new = String::from_utf8_lossy(&f.bytes);
            let (mut a, mut b) = (old.lines(), new.lines());
            let mut line = 1;
            loop {
                match (a.next(), b.next()) {
                    (x, y) if x == y && x.is_some() => line += 1,
                    (x, y) => {
                        let show = |s: Option<&str>| {
                            s.map_or("(nothing)".to_string(), |s| s.chars().take(400).collect())
                        };
                        eprintln!(
                            "{}:{line}: differs from what `{COMMAND}` generates\n  committed: {}\n  generated: {}",
                            f.path.display(),
                            show(x),
                            show(y)
                        );
                        break;
                    }
                }
            }
        } else {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            }
            std::fs::write(&path, &f.bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {}", f.path.display());
        }
    }
    // Files of the JSON Schema Test Suite's folder that are not generated any more.
    if let Ok(entries) = std::fs::read_dir(root.join(SUITE)) {
        let mut extra: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| !files.iter().any(|f| root.join(&f.path) == *p))
            .collect();
        extra.sort();
        for p in extra {
            current = false;
            let p = p
                .strip_prefix(root)
                .map_or(p.clone(), std::path::Path::to_path_buf);
            if check {
                eprintln!("{}: not generated by `{COMMAND}`", p.display());
            } else {
                std::fs::remove_file(root.join(&p)).map_err(|e| format!("{}: {e}", p.display()))?;
                println!("removed {}", p.display());
            }
        }
    }
    if check && !current {
        eprintln!("testdata: stale; run `{COMMAND}`");
    } else if check {
        println!("testdata: {} files current", files.len());
    }
    Ok(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed files are what the sources generate now (CI runs `cargo xtask testdata --check`
    /// too).
    #[test]
    fn testdata_is_current() {
        let stale = crate::generate::stale(&all().expect("the test data generates"));
        assert!(
            stale.is_empty(),
            "stale: {}; run `{COMMAND}`",
            stale.join(", ")
        );
    }

    #[test]
    fn generation_is_deterministic() {
        let a: Vec<Vec<u8>> = all().unwrap().into_iter().map(|f| f.bytes).collect();
        let b: Vec<Vec<u8>> = all().unwrap().into_iter().map(|f| f.bytes).collect();
        assert!(a == b, "two runs differ");
    }

    /// Every character range of every grammar is reached in a reference.
    #[test]
    fn every_range_is_reached() {
        for g in Grammar::ALL {
            let examples: Vec<String> = Vec::new();
            let found = Found::new(g, &examples).unwrap();
            let rules = abnf::rules(g).unwrap();
            for &rule in g.rules() {
                for (lo, hi) in rules.rule(rule.name()).map(own_ranges).unwrap_or_default() {
                    assert!(
                        !found.range_samples(rule, lo, hi).is_empty(),
                        "{g} {rule} %x{lo:X}-{hi:X}"
                    );
                }
            }
        }
    }
}
