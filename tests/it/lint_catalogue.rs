//! The lint catalogue's own examples: every input of a code's `fires` list is a valid LEIRI reference
//! on which the code fires, and every input of its `quiet` list one on which it does not; all their
//! diagnostics are a snapshot.

use crate::common;

use std::fmt::Write as _;

use iri_abnf::lint::{lint, LintOptions, CATALOGUE};
use iri_abnf::{parse, Grammar};

#[test]
fn every_code_fires_on_its_examples_and_not_on_the_close_ones() {
    let defaults = LintOptions::default();
    let mut report = String::new();
    for info in CATALOGUE {
        // A code that is off by default is turned on at its severity, and stays silent without that.
        let mut options = LintOptions::default();
        if !info.enabled {
            options.set(info.name, Some(info.severity)).unwrap();
            for input in info.fires {
                let r = parse(Grammar::Leiri, input).unwrap();
                assert!(
                    lint(&r, &defaults).iter().all(|d| d.code != info.code),
                    "{} is off by default but fired on {input:?}",
                    info.name
                );
            }
        }
        let _ = writeln!(
            report,
            "== {} ({}, {}{})",
            info.name,
            info.family,
            info.severity,
            if info.enabled { "" } else { ", off by default" }
        );
        for (inputs, fires) in [(info.fires, true), (info.quiet, false)] {
            for input in inputs {
                let r = parse(Grammar::Leiri, input)
                    .unwrap_or_else(|e| panic!("{}: {input:?} is not a LEIRI: {e}", info.name));
                let found = lint(&r, &options);
                let here: Vec<_> = found.iter().filter(|d| d.code == info.code).collect();
                assert_eq!(
                    !here.is_empty(),
                    fires,
                    "{} on {input:?}: {found:#?}",
                    info.name
                );
                for d in &here {
                    assert_eq!(d.severity, info.severity, "{}", info.name);
                    assert!(d.span.start <= d.span.end && d.span.end <= input.len());
                    assert!(
                        input.is_char_boundary(d.span.start) && input.is_char_boundary(d.span.end)
                    );
                    assert_eq!(d.column, input[..d.span.start].chars().count() + 1);
                }
                let _ = writeln!(
                    report,
                    "{} {:?}",
                    if fires { "fires" } else { "quiet" },
                    input
                );
                for d in &found {
                    let _ = writeln!(
                        report,
                        "  {} {} {}..{} col {} {}: {}{}",
                        d.severity,
                        d.code,
                        d.span.start,
                        d.span.end,
                        d.column,
                        d.component,
                        d.message,
                        d.suggestion
                            .as_ref()
                            .map_or(String::new(), |s| format!(" => {s:?}"))
                    );
                }
            }
        }
    }
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("lint_catalogue", report);
    });
}

/// Turning codes and families off and up.
#[test]
fn levels_by_code_and_family() {
    let r = parse(Grammar::Iri, "HTTP://Example.org:80/a/../b").unwrap();
    let names =
        |o: &LintOptions| -> Vec<&str> { lint(&r, o).iter().map(|d| d.code.name()).collect() };
    let mut o = LintOptions::default();
    assert_eq!(
        names(&o),
        [
            "uppercase-scheme",
            "uppercase-host",
            "default-port",
            "dot-segments"
        ]
    );
    o.set("generic", None).unwrap();
    assert_eq!(names(&o), ["uppercase-host"]);
    o.set("dot-segments", Some(iri_abnf::lint::Severity::Error))
        .unwrap();
    let found = lint(&r, &o);
    assert_eq!(found.len(), 2);
    assert_eq!(found[1].severity, iri_abnf::lint::Severity::Error);
}

/// Every Jena code is listed once, maps only to codes of the catalogue, and (when the jena-iri corpus
/// is there) the list is Jena's own.
#[test]
fn the_jena_mapping() {
    use iri_abnf::lint::{Code, JENA};
    let mut seen = std::collections::HashSet::new();
    for j in JENA {
        assert!(seen.insert(j.jena), "{} twice", j.jena);
        for c in j.codes {
            assert!(Code::from_name(c).is_some(), "{}: {c}", j.jena);
        }
        assert!(
            !j.codes.is_empty() || !j.note.is_empty(),
            "{}: why none",
            j.jena
        );
    }
    assert_eq!(JENA.len(), 63);
    // The list is Jena's own (the vendored `violation_codes.tsv`).
    let text = common::corpora::read("jena-iri/violation_codes.tsv");
    let names: Vec<&str> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .collect();
    let ours: Vec<&str> = JENA.iter().map(|j| j.jena).collect();
    assert_eq!(ours, names);
}

/// `src/lint/CATALOGUE.md` is what the catalogue generates (`IRI_ABNF_BLESS=1` writes it).
#[test]
fn the_catalogue_page_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/lint/CATALOGUE.md");
    let generated = iri_abnf::lint::catalogue_markdown();
    if std::env::var_os("IRI_ABNF_BLESS").is_some() {
        std::fs::write(path, &generated).expect("writes");
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "src/lint/CATALOGUE.md is stale: run IRI_ABNF_BLESS=1 cargo test --test lint_catalogue"
    );
}
