//! RFC 3986 §5.4: every reference resolution example, normal (§5.4.1) and abnormal (§5.4.2), with the
//! non-strict alternative for `http:g`, as a data table; resolved under every grammar, pinned as a
//! snapshot, and cross-checked against the mechanically extracted copy in the corpora.

use crate::reference_suites;

use iri_abnf::{relativize, resolve, resolve_with, Base, Grammar, Mode};

pub(crate) const BASE: &str = "http://a/b/c/d;p?q";

/// (section, mode, reference, target), in the order of the RFC.
pub(crate) const EXAMPLES: &[(&str, Mode, &str, &str)] = &[
    ("5.4.1", Mode::Strict, "g:h", "g:h"),
    ("5.4.1", Mode::Strict, "g", "http://a/b/c/g"),
    ("5.4.1", Mode::Strict, "./g", "http://a/b/c/g"),
    ("5.4.1", Mode::Strict, "g/", "http://a/b/c/g/"),
    ("5.4.1", Mode::Strict, "/g", "http://a/g"),
    ("5.4.1", Mode::Strict, "//g", "http://g"),
    ("5.4.1", Mode::Strict, "?y", "http://a/b/c/d;p?y"),
    ("5.4.1", Mode::Strict, "g?y", "http://a/b/c/g?y"),
    ("5.4.1", Mode::Strict, "#s", "http://a/b/c/d;p?q#s"),
    ("5.4.1", Mode::Strict, "g#s", "http://a/b/c/g#s"),
    ("5.4.1", Mode::Strict, "g?y#s", "http://a/b/c/g?y#s"),
    ("5.4.1", Mode::Strict, ";x", "http://a/b/c/;x"),
    ("5.4.1", Mode::Strict, "g;x", "http://a/b/c/g;x"),
    ("5.4.1", Mode::Strict, "g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("5.4.1", Mode::Strict, "", "http://a/b/c/d;p?q"),
    ("5.4.1", Mode::Strict, ".", "http://a/b/c/"),
    ("5.4.1", Mode::Strict, "./", "http://a/b/c/"),
    ("5.4.1", Mode::Strict, "..", "http://a/b/"),
    ("5.4.1", Mode::Strict, "../", "http://a/b/"),
    ("5.4.1", Mode::Strict, "../g", "http://a/b/g"),
    ("5.4.1", Mode::Strict, "../..", "http://a/"),
    ("5.4.1", Mode::Strict, "../../", "http://a/"),
    ("5.4.1", Mode::Strict, "../../g", "http://a/g"),
    ("5.4.2", Mode::Strict, "../../../g", "http://a/g"),
    ("5.4.2", Mode::Strict, "../../../../g", "http://a/g"),
    ("5.4.2", Mode::Strict, "/./g", "http://a/g"),
    ("5.4.2", Mode::Strict, "/../g", "http://a/g"),
    ("5.4.2", Mode::Strict, "g.", "http://a/b/c/g."),
    ("5.4.2", Mode::Strict, ".g", "http://a/b/c/.g"),
    ("5.4.2", Mode::Strict, "g..", "http://a/b/c/g.."),
    ("5.4.2", Mode::Strict, "..g", "http://a/b/c/..g"),
    ("5.4.2", Mode::Strict, "./../g", "http://a/b/g"),
    ("5.4.2", Mode::Strict, "./g/.", "http://a/b/c/g/"),
    ("5.4.2", Mode::Strict, "g/./h", "http://a/b/c/g/h"),
    ("5.4.2", Mode::Strict, "g/../h", "http://a/b/c/h"),
    ("5.4.2", Mode::Strict, "g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("5.4.2", Mode::Strict, "g;x=1/../y", "http://a/b/c/y"),
    ("5.4.2", Mode::Strict, "g?y/./x", "http://a/b/c/g?y/./x"),
    ("5.4.2", Mode::Strict, "g?y/../x", "http://a/b/c/g?y/../x"),
    ("5.4.2", Mode::Strict, "g#s/./x", "http://a/b/c/g#s/./x"),
    ("5.4.2", Mode::Strict, "g#s/../x", "http://a/b/c/g#s/../x"),
    ("5.4.2", Mode::Strict, "http:g", "http:g"),
    ("5.4.2", Mode::NonStrict, "http:g", "http://a/b/c/g"),
];

#[test]
fn table_has_23_normal_19_abnormal_and_one_alternative() {
    let count = |s: &str, m: Mode| {
        EXAMPLES
            .iter()
            .filter(|(sec, mode, _, _)| *sec == s && *mode == m)
            .count()
    };
    assert_eq!(count("5.4.1", Mode::Strict), 23);
    assert_eq!(count("5.4.2", Mode::Strict), 19);
    assert_eq!(count("5.4.2", Mode::NonStrict), 1);
}

#[test]
fn every_example_resolves_under_every_grammar() {
    for grammar in Grammar::ALL {
        let base = Base::new(grammar, BASE).unwrap();
        for &(section, mode, reference, target) in EXAMPLES {
            let got = base.resolve_with(reference, mode).unwrap();
            assert_eq!(got, target, "{grammar} §{section} {mode:?} {reference:?}");
            assert_eq!(
                resolve_with(grammar, BASE, reference, mode).unwrap(),
                target
            );
        }
    }
}

#[test]
fn strict_mode_is_the_default() {
    assert_eq!(resolve(Grammar::Iri, BASE, "http:g").unwrap(), "http:g");
    assert_eq!(Mode::default(), Mode::Strict);
}

/// Non-strict mode only drops a scheme equal to the base's (schemes compare without regard to case).
#[test]
fn non_strict_mode_only_touches_the_same_scheme() {
    let r = |reference| resolve_with(Grammar::Iri, BASE, reference, Mode::NonStrict).unwrap();
    assert_eq!(r("HTTP:g"), "http://a/b/c/g");
    assert_eq!(r("http:g?q#f"), "http://a/b/c/g?q#f");
    assert_eq!(r("https:g"), "https:g");
    assert_eq!(r("g:h"), "g:h");
    assert_eq!(r("http://x/y"), "http://x/y");
}

/// Every example's target relativizes back to a reference that resolves to it.
#[test]
fn every_target_relativizes_back() {
    for &(_, _, reference, target) in EXAMPLES {
        let r = relativize(Grammar::Iri, BASE, target).unwrap();
        assert_eq!(
            resolve(Grammar::Iri, BASE, &r).unwrap(),
            target,
            "relativize({target:?}) = {r:?} (from {reference:?})"
        );
        assert!(
            r.len() <= reference.len().max(target.len()),
            "{r:?} longer than {reference:?}"
        );
    }
}

#[test]
fn snapshot() {
    let mut out = format!("base: {BASE}\n");
    for &(section, mode, reference, _) in EXAMPLES {
        let got = resolve_with(Grammar::Iri, BASE, reference, mode).unwrap();
        let mode = match mode {
            Mode::Strict => "strict",
            Mode::NonStrict => "non-strict",
            other => panic!("{other:?}"),
        };
        let quoted = format!("{reference:?}");
        out.push_str(&format!("§{section} {mode:<10} {quoted:<16} -> {got}\n"));
    }
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("resolve_rfc3986_5_4", out);
    });
}

/// The corpora hold a copy of the same 43 rows, extracted from the RFC's text by a script; both must
/// agree row for row.
#[test]
fn table_agrees_with_the_extracted_copy() {
    let rows = reference_suites::json_array("rfc3986-sec5.4/resolution.json");
    assert_eq!(rows.len(), EXAMPLES.len());
    for (row, &(section, mode, reference, target)) in rows.iter().zip(EXAMPLES) {
        assert_eq!(reference_suites::s(row, "base"), Some(BASE));
        assert_eq!(reference_suites::s(row, "reference"), Some(reference));
        assert_eq!(reference_suites::s(row, "expected"), Some(target));
        assert!(
            reference_suites::s(row, "section")
                .unwrap_or("")
                .starts_with(section),
            "{row}"
        );
        let backward = reference_suites::s(row, "note")
            .unwrap_or("")
            .contains("backward");
        assert_eq!(backward, mode == Mode::NonStrict, "{row}");
    }
}
