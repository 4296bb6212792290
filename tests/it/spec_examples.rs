//! Every URI/IRI example of the spec documents (`tests/fixtures/spec-examples.jsonl`) has a snapshot in
//! `snapshots/` showing, for each of the four grammars, the verdict and the components or the error, and
//! then every conversion of 3987bis §3 and §5.1 that applies to it (`common::conversions`);
//! every other URL of the seed texts (`seed-urls.jsonl`) validates as its record says.

use crate::common;

use std::fmt::Write as _;

use iri_abnf::report::describe;
use iri_abnf::{Components, Grammar};
use iri_test::check_invariants;

/// The snapshot text of one example.
fn report(example: &common::Example) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "example: {}", example.id);
    let _ = writeln!(
        s,
        "source: {} §{} ({})",
        example.doc, example.section, example.role
    );
    let _ = writeln!(s, "printed: {}", example.input);
    let _ = writeln!(s, "note: {}", example.note);
    let bytes = example.bytes();
    let input = match std::str::from_utf8(&bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = e.valid_up_to();
            let _ = writeln!(
                s,
                "input: not text: the octets are not UTF-8 (byte offset {at}, byte 0x{:02X}); no \
                 grammar applies (3987bis §2.2: terminals are characters)",
                bytes[at]
            );
            conversions(example, &mut s);
            return s;
        }
    };
    let _ = writeln!(
        s,
        "input: {} ({} bytes)",
        iri_abnf::report::quote(input),
        input.len()
    );
    let mut previous: Option<(Grammar, String)> = None;
    for g in Grammar::ALL {
        let rule = g.reference_rule();
        match iri_abnf::tree::parse(g, rule, input) {
            Ok(p) => {
                if let Components::Reference(r) = &p.components {
                    check_invariants(r).unwrap_or_else(|e| panic!("{}: {g}: {e}", example.id));
                }
                // Rule names differ between `uri` and the IRI grammars; compare what they describe.
                let text = describe(g, rule, &p.components);
                let body: String = text.lines().skip(2).map(|l| format!("  {l}\n")).collect();
                match &previous {
                    Some((pg, pbody)) if *pbody == body => {
                        let _ = writeln!(s, "\n{g}: valid {rule} (components as {pg})");
                    }
                    _ => {
                        let _ = write!(s, "\n{g}: valid {rule}\n{body}");
                        previous = Some((g, body));
                    }
                }
            }
            Err(e) => {
                let _ = writeln!(s, "\n{g}: invalid {rule}\n  {}", e.message());
                for l in e.render_caret().lines() {
                    let _ = writeln!(s, "  | {l}");
                }
            }
        }
    }
    conversions(example, &mut s);
    s
}

/// Appends the conversions of 3987bis §3 and §5.1 that apply to the example.
fn conversions(example: &common::Example, s: &mut String) {
    if common::conversions::relevant(&example.id) {
        let _ = write!(
            s,
            "\nconversions:\n{}",
            common::conversions::report(example)
        );
    }
}

#[test]
fn spec_examples_snapshots() {
    // The errors name the rules pest was inside at the error, as the `iri` command's do.
    let examples = common::spec_examples();
    assert!(examples.len() >= 80, "{} examples", examples.len());
    let mut ids = std::collections::BTreeSet::new();
    for example in &examples {
        assert!(
            ids.insert(example.id.clone()),
            "duplicate id {}",
            example.id
        );
        insta::with_settings!({
            snapshot_path => "../../snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("spec-example__{}", example.id), report(example));
        });
    }
}

fn valid(g: Grammar, s: &str) -> bool {
    iri_abnf::validate(g, g.reference_rule(), s).is_ok()
}

/// Verdicts the seed texts state outright, asserted (the snapshots record; these check).
#[test]
fn spec_examples_stated_verdicts() {
    let examples = common::spec_examples();
    let text = |id: &str| -> String {
        let e = examples
            .iter()
            .find(|e| e.id == id)
            .unwrap_or_else(|| panic!("no example {id}"));
        String::from_utf8(e.bytes()).unwrap_or_else(|_| panic!("{id} is not text"))
    };
    // 000 §3.4.1: the IRI is not a URI; its mapping is a URI, and (note 1) also an iri.
    let iri = text("000-3.4.1-resume-iri");
    assert!(
        !valid(Grammar::Uri, &iri) && valid(Grammar::Iri, &iri) && valid(Grammar::Rfc3987, &iri)
    );
    let uri = text("000-3.4.1-resume-uri");
    assert!(Grammar::ALL.iter().all(|&g| valid(g, &uri)));
    // Every URI the seeds print (roles naming a URI, the RFC 3986 examples) is valid under every grammar.
    for e in &examples {
        if e.role.starts_with("URI") || e.doc == "rfc3986" {
            let s = String::from_utf8(e.bytes()).expect("URIs are ASCII");
            for g in Grammar::ALL {
                assert!(valid(g, &s), "{}: {g} rejects {s:?}", e.id);
            }
        }
    }
    // Every IRI the seeds print (in XML notation decoded) is a 3987bis IRI.
    for e in &examples {
        if e.role.starts_with("IRI") {
            if let Ok(s) = String::from_utf8(e.bytes()) {
                assert!(valid(Grammar::Iri, &s), "{}: iri rejects {s:?}", e.id);
            }
        }
    }
    // §3.7.1 example 3, step 5 holds U+202E only as %E2%80%AE: the raw octets of step 2 are U+202E,
    // which 3987bis §2.2's ucschar does include (the exclusion is §4.1 advice, note 8).
    let step2 = text("000-3.7.1-ex3-step2");
    assert!(step2.contains('\u{202E}') && valid(Grammar::Iri, &step2));
    // §3.7.1 example 2, step 2 is not text at all.
    let ex2 = examples
        .iter()
        .find(|e| e.id == "000-3.7.1-ex2-step2")
        .unwrap();
    assert!(std::str::from_utf8(&ex2.bytes()).is_err());
}

#[test]
fn seed_urls_validate_as_recorded() {
    let urls = common::seed_urls();
    assert!(urls.len() >= 50, "{} urls", urls.len());
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for u in &urls {
        let bytes = common::decode_notation(&u.url);
        let s = std::str::from_utf8(&bytes).expect("seed URLs are text");
        let verdicts: Vec<bool> = Grammar::ALL.iter().map(|&g| valid(g, s)).collect();
        let ok = match u.expect.as_str() {
            "uri" => verdicts.iter().all(|&v| v),
            "iri" => !verdicts[0] && verdicts[2],
            "invalid" => !verdicts[0] && !verdicts[1] && !verdicts[2],
            other => panic!("{}: unknown expect {other:?}", u.url),
        };
        assert!(
            ok,
            "doc {} line {}: {:?} expected {} ({}); verdicts uri/rfc3987/iri/leiri = {verdicts:?}",
            u.doc, u.line, u.url, u.expect, u.reason
        );
        *counts.entry(u.expect.as_str()).or_default() += 1;
    }
    println!("seed URLs: {counts:?}");
    assert!(counts.get("uri").copied().unwrap_or(0) > 40);
    assert!(counts.contains_key("invalid"));
}
