//! The fast component parser agrees with the pest tree walker: for every grammar, `parse` and
//! `parse_components` (the input split at its delimiters once the automaton accepts it) give exactly the
//! components of `tree::parse` (the walker over the pest tree) — the same verdict and error, and for a
//! valid input the same kind, every span and text, host kind, port value, path kind and segments —
//! on strings generated from every rule's ABNF and mutations of them, the spec examples, hand-picked
//! edge cases and a sample of real-world IRIs (DBpedia links, an external corpus).

use crate::common;

use common::corpora;
use iri_abnf::abnf::{self, Generator};
use iri_abnf::abnf::{case_input, case_seed};
use iri_abnf::{parse, Components, Grammar};
use iri_test::check_invariants;
use iri_test::compare_components;

/// Cases per grammar (half generated, half mutated): 40,000 in release builds, 4,000 in debug builds;
/// overridable (`IRI_ABNF_COMPONENTS_CASES=200000`).
fn cases() -> u64 {
    let default = if cfg!(debug_assertions) {
        4_000
    } else {
        40_000
    };
    std::env::var("IRI_ABNF_COMPONENTS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Checks one input against the reference rule of every grammar; returns how many accepted it.
fn check_reference(input: &str, what: &str) -> usize {
    let mut accepted = 0;
    for g in Grammar::ALL {
        let rule = g.reference_rule();
        match compare_components(g, rule, input) {
            Ok(valid) => accepted += usize::from(valid),
            Err(e) => panic!("{what}: {g} {rule} {input:?}: {e}"),
        }
        if let Ok(r) = parse(g, input) {
            check_invariants(&r).unwrap_or_else(|e| panic!("{what}: {g} {input:?}: {e}"));
            assert_eq!(r.to_string(), input, "{what}: {g}: Display");
            let walker = iri_abnf::tree::parse(g, rule, input).expect("the walker accepts it too");
            let Components::Reference(w) = walker.components else {
                panic!("{what}: {g}: the walker gives no reference");
            };
            // Spelled out, although equality of the references covers it.
            assert_eq!(r.kind(), w.kind());
            assert_eq!(r.path().kind(), w.path().kind());
            assert_eq!(
                r.path().segments().collect::<Vec<_>>(),
                w.path().segments().collect::<Vec<_>>()
            );
            match (r.authority(), w.authority()) {
                (Some(a), Some(b)) => {
                    assert_eq!(a.host(), b.host());
                    assert_eq!(a.port().map(|p| p.value()), b.port().map(|p| p.value()));
                    assert_eq!(a.to_string(), b.to_string());
                }
                (None, None) => {}
                (a, b) => panic!("{what}: {g} {input:?}: authority {a:?} vs {b:?}"),
            }
        }
    }
    accepted
}

#[test]
fn generated_and_mutated_strings_of_every_rule() {
    let n = cases();
    for (campaign, g) in (0xC0_4E47_u64..).zip(Grammar::ALL) {
        let rules = abnf::rules(g).expect("rules");
        let names = g.rules();
        let generators: Vec<Generator<'_>> = names
            .iter()
            .map(|r| Generator::new(rules, r).expect("generator"))
            .collect();
        let reference = g.reference_rule();
        let (mut accepted, mut rule_accepted) = (0u64, 0u64);
        for i in 0..n {
            let seed = case_seed(campaign, g, i);
            let k = (i % names.len() as u64) as usize;
            // Even seeds give the generated string, odd ones a mutation of it.
            let input = case_input(&generators[k], seed, 48);
            for rule in [names[k], reference] {
                match compare_components(g, rule, &input) {
                    Ok(v) if rule == reference => accepted += u64::from(v),
                    Ok(v) => rule_accepted += u64::from(v),
                    Err(e) => panic!("{g} {rule} {input:?} (case seed {seed}): {e}"),
                }
            }
        }
        println!(
            "{g}: {n} cases, {rule_accepted} accepted by their rule, {accepted} by {reference}"
        );
        // Not vacuous: both verdicts occur for the reference rule and for the other rules.
        assert!(accepted > n / 10 && accepted < n, "{g}: {accepted} of {n}");
        assert!(
            rule_accepted > n / 4 && rule_accepted < n,
            "{g}: {rule_accepted}"
        );
    }
}

#[test]
fn edge_cases() {
    let inputs = [
        "",
        ":",
        "a:",
        "A:",
        "a:b",
        "//",
        "///",
        "////",
        "//@",
        "//:",
        "//@:",
        "//u:p@h:",
        "//u:p:q@h:080",
        "//h:99999999999999999999",
        "//h:0000000000000000000080",
        "http:",
        "http://",
        "http:///",
        "http:////a",
        "http://:/",
        "http://@/",
        "http://user@host:8080/p/a/t/h?query=1#frag",
        "http://[::1]",
        "http://[::1]:",
        "http://u@[2001:db8::7]:80/",
        "http://[::ffff:1.2.3.4]/",
        "http://[v7.a:b]:8042/r%C3%A9/s?q#f",
        "http://[V1F.x]/",
        "http://[vA.b.c]",
        "//1.2.3.4",
        "//1.2.3.4:80",
        "//1.2.3.256/",
        "//1.2.3.04/",
        "//01.2.3.4/",
        "//1.2.3.4.5/",
        "//1.2.3/",
        "//255.255.255.255",
        "//1.2.3.4x",
        "//1.2.3.4%41",
        "//h%41st",
        "a/b:c",
        "./a:b",
        "/a:b",
        "a/",
        "/",
        "a//b",
        "?",
        "#",
        "?#",
        "#?#",
        "##",
        "??",
        "?a?b/c#d?e/f",
        "#f#",
        "http://h/p?q?r#f/?",
        "http://h?q",
        "http://h#f",
        "mailto:user@example.org?subject=hi",
        "urn:isbn:0451450523",
        "%41:b",
        "1a:b",
        "a+b-c.d:e",
        "http://résumé.example.org/dé?ç#ü",
        "//ü:ü@ü:1/ü?ü#ü",
        "http://example.org/\u{E000}?\u{E000}",
        "a b",
        "http://a b/",
        "<>",
        "http://h/\u{7F}",
        "http://[::1",
        "http://::1]/",
        "http://h:8a/",
        "http://u@v@h/",
        "\u{FEFF}http://h/",
    ];
    for input in inputs {
        check_reference(input, "edge case");
        for g in Grammar::ALL {
            for &rule in g.rules() {
                compare_components(g, rule, input)
                    .unwrap_or_else(|e| panic!("{g} {rule} {input:?}: {e}"));
            }
        }
    }
}

#[test]
fn spec_examples() {
    let mut checked = 0;
    for example in common::spec_examples() {
        let bytes = example.bytes();
        let Ok(input) = std::str::from_utf8(&bytes) else {
            continue;
        };
        check_reference(input, &example.id);
        checked += 1;
    }
    assert!(checked > 50, "{checked} spec examples");
}

/// The first 20,000 lines of the DBpedia sample (IRIs with non-ASCII characters), when the external
/// corpora are there.
#[test]
fn dbpedia_links() {
    let rel = "realworld-dbpedia-links/iris_nonascii.txt";
    let path = corpora::external_dir().join(rel);
    // Through `corpora::external`'s rule: skipped with a notice when the corpora are absent, a failure
    // when they are required or present without the file.
    if corpora::external("realworld-dbpedia-links/README.txt").is_none() {
        return;
    }
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("the corpora are present, {} is not: {e}", path.display()));
    // Some lines are not UTF-8 (legacy-encoded links): no grammar applies to them (note 7).
    let (mut lines, mut not_text, mut accepted) = (0, 0, 0);
    for line in bytes.split(|&b| b == b'\n').take(20_000) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match std::str::from_utf8(line) {
            Ok(line) => {
                accepted += check_reference(line, "dbpedia");
                lines += 1;
            }
            Err(_) => not_text += 1,
        }
    }
    println!("dbpedia: {lines} lines ({not_text} more not UTF-8), {accepted} valid verdicts");
    assert!(
        lines > 1_000 && accepted > lines,
        "{lines} lines, {accepted} valid"
    );
}
